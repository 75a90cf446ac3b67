// Tenhou's mjlog XML read as a stream (records/events.hpp): a push parser fed bytes in pieces
// of any size; events go to the sink as their tags complete, so memory is flat in the log's
// size (the last incomplete tag and the current hand's pending wins are all it keeps).
//
// A Tenhou log is flat: <mjloggm ...> holding empty-element tags <TAG attr="value" .../> and
// nothing else (shared/data/tenhou/README.md). The reader reads exactly that subset of XML (an
// XML declaration, a byte-order mark and whitespace between tags allowed; no comments, DTD, text
// or nested elements). Every attribute it uses is checked strictly and bounded before it is
// read, and a bad log gives one line naming the source, the event (its index among the log's
// events, from 0, and its tag) and the attribute, e.g. "game.mjlog: event 57 <AGARI> yaku:
// unknown Tenhou yaku id 99 (0-54)". The checks and messages are those the Python reader had
// (python/tenbou/mjlog.py before the core read logs; docs/records-mjlog.md).
//
// Format notes: tile ids 0-135, kind = id / 4, red fives 16, 52, 88 when the game has them;
// <GO type> bit 0x10 three players, 0x02 no red fives, 0x04 no open tanyao. Three-player logs
// keep a fourth seat at 0 in ten and sc, and the source of a call is (who + (m & 3)) % 4
// counting four seats.
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "core/limits.hpp"
#include "records/events.hpp"

namespace tenbou::records {
namespace {

constexpr std::size_t kMaxTagChars = 64 << 10;  // one tag, attributes included (<SHUFFLE> is ~3.4 KB)
constexpr std::size_t kMaxNumbersChars = 256;   // an attribute read as numbers (14 tile ids are 54)
constexpr std::size_t kMaxDigits = 9;           // one number: every number of a log fits

// Tenhou yaku ids -> tenbou keys (shared/data/tenhou/README.md).
constexpr const char* kTenhouYaku[55] = {
    "menzen_tsumo", "riichi", "ippatsu", "chankan", "rinshan", "haitei", "houtei", "pinfu", "tanyao", "iipeikou",
    "seat_wind", "seat_wind", "seat_wind", "seat_wind", "round_wind", "round_wind", "round_wind", "round_wind", "haku",
    "hatsu", "chun", "double_riichi", "chiitoitsu", "chanta", "ittsu", "sanshoku", "sanshoku_doukou", "sankantsu",
    "toitoi", "sanankou", "shousangen", "honroutou", "ryanpeikou", "junchan", "honitsu", "chinitsu", "renhou", "tenhou",
    "chiihou", "daisangen", "suuankou", "suuankou_tanki", "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren",
    "junsei_chuuren", "kokushi", "kokushi_13", "daisuushi", "shousuushi", "suukantsu", "dora", "ura_dora", "aka_dora"};
constexpr const char* kLimits[6] = {"", "mangan", "haneman", "baiman", "sanbaiman", "yakuman"};

// A bad attribute (or, with attr empty, a bad event): the reader adds the source and the event.
struct Bad {
  std::string attr, message;
};

bool ws(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }
bool name_start(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; }
bool name_char(char c) { return name_start(c) || (c >= '0' && c <= '9') || c == '.' || c == '-'; }
bool digit(char c) { return c >= '0' && c <= '9'; }

// Characters (not bytes) of valid UTF-8 text.
std::size_t chars_of(std::string_view s) {
  std::size_t n = 0;
  for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

// The first `n` characters of valid UTF-8 text.
std::string_view first_chars(std::string_view s, std::size_t n) {
  std::size_t i = 0;
  while (i < s.size()) {
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) {
      if (n == 0) break;
      --n;
    }
    ++i;
  }
  return s.substr(0, i);
}

struct Attr {
  std::string_view name, value;
};

// A comma-separated list of numbers, as a log writes them: ASCII digits, a minus sign where a
// score change is negative; at most kMaxNumbersChars characters (checked before any is read).
struct Numbers {
  std::array<std::int64_t, kMaxNumbersChars / 2 + 1> v;
  int n = 0;
};

std::string plural(int n) { return std::to_string(n) + (n == 1 ? " number" : " numbers"); }

std::string why_not_numbers(std::string_view text) {
  const std::size_t chars = chars_of(text);
  if (chars > kMaxNumbersChars)
    return std::to_string(chars) + " characters (at most " + std::to_string(kMaxNumbersChars) + ")";
  if (text.empty()) return "empty";
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    const std::string_view item = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    const std::size_t d = !item.empty() && item[0] == '-' ? 1 : 0;
    bool run = item.size() > d;
    for (std::size_t i = d; i < item.size(); ++i) run = run && digit(item[i]);
    if (!run) return item.empty() ? "an empty item in a list of numbers" : "'" + echo(item) + "' is not a number";
    if (item.size() - d > kMaxDigits) return "a number of more than " + std::to_string(kMaxDigits) + " digits";
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return "not a list of numbers";  // (not reached: called on text the reader refused)
}

// Parses `text` into `out`; false when it is not a list of numbers.
bool parse_numbers(std::string_view text, Numbers& out) {
  out.n = 0;
  if (text.empty() || text.size() > kMaxNumbersChars) return false;
  std::size_t i = 0;
  while (true) {
    bool neg = false;
    if (i < text.size() && text[i] == '-') {
      neg = true;
      ++i;
    }
    std::size_t digits = 0;
    std::int64_t v = 0;
    while (i < text.size() && digit(text[i])) {
      if (++digits > kMaxDigits) return false;  // refused before the product can overflow
      v = v * 10 + (text[i] - '0');
      ++i;
    }
    if (digits == 0) return false;
    out.v[static_cast<std::size_t>(out.n++)] = neg ? -v : v;
    if (i == text.size()) return true;
    if (text[i] != ',') return false;
    ++i;
  }
}

class Tag {
 public:
  std::string_view name;
  std::vector<Attr> attrs;
  const std::string_view* find(std::string_view key) const {
    for (const Attr& a : attrs)
      if (a.name == key) return &a.value;
    return nullptr;
  }
  bool has(std::string_view key) const { return find(key) != nullptr; }

  // The numbers of an attribute; an optional one may be missing or empty.
  const Numbers& numbers(std::string_view key, bool required = true) {
    const std::string_view* text = find(key);
    nums_.n = 0;
    if (!text || (text->empty() && !required)) {
      if (required) throw Bad{std::string(key), "missing"};
      return nums_;
    }
    if (!parse_numbers(*text, nums_)) throw Bad{std::string(key), why_not_numbers(*text)};
    return nums_;
  }
  static void count(const Numbers& values, std::string_view key, int lo, int hi) {
    if (values.n < lo || values.n > hi)
      throw Bad{std::string(key), plural(values.n) + " (" +
                                      (lo == hi ? std::to_string(lo) : std::to_string(lo) + "-" + std::to_string(hi)) +
                                      " expected)"};
  }
  static std::int64_t in_range(std::int64_t value, std::int64_t lo, std::int64_t hi, std::string_view key,
                               std::string_view what = {}) {
    if (value < lo || value > hi)
      throw Bad{std::string(key), (what.empty() ? std::string() : std::string(what) + " ") + std::to_string(value) +
                                      " is out of range (" + std::to_string(lo) + "-" + std::to_string(hi) + ")"};
    return value;
  }
  std::int64_t number(std::string_view key, std::int64_t lo, std::int64_t hi) {
    const Numbers& v = numbers(key);
    count(v, key, 1, 1);
    return in_range(v.v[0], lo, hi, key);
  }
  int seat(std::string_view key, int players) { return static_cast<int>(number(key, 0, players - 1)); }
  // Tile ids (0-135), lo..hi of them (an optional attribute when lo is 0).
  const Numbers& tile_ids(std::string_view key, int lo, int hi) {
    const Numbers& v = numbers(key, lo > 0);
    count(v, key, lo, hi);
    for (int i = 0; i < v.n; ++i) in_range(v.v[static_cast<std::size_t>(i)], 0, 135, key, "tile id");
    return v;
  }

 private:
  Numbers nums_;
};

// A meld code decoded (the format: shared/data/tenhou/README.md).
struct Decoded {
  EventKind kind = EventKind::Pon;
  SmallList<TileId, 4> tiles;  // the meld's tiles (a kakan: all four)
  TileId called = kNoTile;     // the tile taken from another player (chi, pon, daiminkan; a kakan's pon)
  TileId added = kNoTile;      // kakan: the tile added
};

bool is_kita(int m) { return (m & 0x20) && !(m & 0x1C); }

Decoded decode_meld(int m) {
  Decoded d;
  const std::string code = "meld code " + std::to_string(m);
  if (m & 0x4) {  // chi
    const int t = m >> 10, r = t % 3, seq = t / 3;
    if (seq >= 21) throw Bad{"m", code + ": a chi of honours"};
    const int base = (seq / 7) * 9 + seq % 7;
    d.kind = EventKind::Chi;
    for (int i = 0; i < 3; ++i) d.tiles.push((base + i) * 4 + ((m >> (3 + 2 * i)) & 3));
    d.called = d.tiles[static_cast<std::size_t>(r)];
  } else if ((m & 0x18) == 0x08 || (m & 0x10)) {  // pon, or an added kan
    const int t = m >> 9, r = t % 3, kind = t / 3;
    if (kind >= 34) throw Bad{"m", code + ": no tile kind " + std::to_string(kind)};
    const int unused = (m >> 5) & 3;
    SmallList<TileId, 4> three;
    for (int i = 0; i < 4; ++i)
      if (i != unused) three.push(static_cast<TileId>(kind * 4 + i));
    d.called = three[static_cast<std::size_t>(r)];
    if (m & 0x10) {
      d.kind = EventKind::Kakan;
      for (int i = 0; i < 4; ++i) d.tiles.push(static_cast<TileId>(kind * 4 + i));
      d.added = static_cast<TileId>(kind * 4 + unused);
    } else {
      d.kind = EventKind::Pon;
      d.tiles = three;
    }
  } else if (m & 0x20) {
    throw Bad{"m", "kita (a three-player North set aside) is not a meld"};  // (callers test is_kita first)
  } else {  // called or closed kan
    const int id = m >> 8, kind = id / 4;
    if (kind >= 34) throw Bad{"m", code + ": no tile kind " + std::to_string(kind)};
    for (int i = 0; i < 4; ++i) d.tiles.push(static_cast<TileId>(kind * 4 + i));
    d.kind = (m & 3) == 0 ? EventKind::Ankan : EventKind::Daiminkan;
    if (d.kind == EventKind::Daiminkan) d.called = static_cast<TileId>(id);
  }
  return d;
}

constexpr int actor_of(char c) {
  return c >= 'T' && c <= 'W' ? c - 'T' : c >= 'D' && c <= 'G' ? c - 'D' : -1;
}

class MjlogReader final : public RecordReader {
 public:
  MjlogReader(const std::string& source, GameSink& sink) : source_(source), sink_(sink) {
    tag_.attrs.reserve(24);
    game_.source = source;
  }

  void feed(std::string_view bytes) override {
    total_ += bytes.size();
    if (total_ > kMaxMjlogBytes)
      throw RecordError{source_ + ": larger than " + std::to_string(kMaxMjlogBytes >> 20) + " MiB: not a Tenhou log", -1, "", ""};
    buf_.append(bytes.data(), bytes.size());
    validate(false);
    process(false);
  }

  void finish() override {
    validate(true);
    process(true);
    if (state_ != 2) {
      flush_then(bad(0, "the log ends before </mjloggm>"));
    }
    flush();
    if (game_started_) sink_.game_end(has_final_ ? &final_scores_ : nullptr);
    game_started_ = false;
  }

 private:
  // --- bytes: UTF-8 -------------------------------------------------------------------------
  // Checks buf_[valid_, ...) as UTF-8 (strict: no overlongs, surrogates or code points past
  // U+10FFFF); stops before an incomplete character at the end unless `final`.
  void validate(bool final) {
    const auto* s = reinterpret_cast<const unsigned char*>(buf_.data());
    const std::size_t n = buf_.size();
    std::size_t i = valid_;
    while (i < n) {
      // ASCII runs eight bytes at a time.
      while (i + 8 <= n) {
        std::uint64_t w;
        std::memcpy(&w, s + i, 8);
        if (w & 0x8080808080808080ull) break;
        i += 8;
      }
      if (i >= n) break;
      const unsigned char c = s[i];
      if (c < 0x80) {
        ++i;
        continue;
      }
      int len = 0;
      unsigned char lo = 0x80, hi = 0xBF;
      if (c >= 0xC2 && c <= 0xDF) len = 2;
      else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
      } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
      } else {
        not_utf8(i);
      }
      for (int k = 1; k < len; ++k) {
        if (i + static_cast<std::size_t>(k) >= n) {
          if (final) not_utf8(i);
          valid_ = i;
          return;
        }
        const unsigned char b = s[i + static_cast<std::size_t>(k)];
        if (b < (k == 1 ? lo : 0x80) || b > (k == 1 ? hi : 0xBF)) not_utf8(i);
      }
      i += static_cast<std::size_t>(len);
      continuation_ += static_cast<std::size_t>(len - 1);
    }
    valid_ = n;
  }
  [[noreturn]] void not_utf8(std::size_t at) {
    throw RecordError{source_ + ": not UTF-8 text (byte " + std::to_string(bytes_before_ + at + 1) + ")", -1, "", ""};
  }

  // --- XML ----------------------------------------------------------------------------------
  // A log that is not mjlog's XML at byte `at` of buf_: "not a Tenhou log: character N: what";
  // a tag that cannot be read is named when it starts like one.
  RecordError bad(std::size_t at, const std::string& what) {
    RecordError e{source_ + ": not a Tenhou log: character " + std::to_string(chars_before_ + chars_of(std::string_view(buf_).substr(0, at))) +
                      ": " + what,
                  -1, "", ""};
    if (state_ == 1 && at < buf_.size() && buf_[at] == '<' && at + 1 < buf_.size() && name_start(buf_[at + 1])) {
      std::size_t j = at + 1;
      while (j < buf_.size() && name_char(buf_[j])) ++j;
      e.event = index_;
      e.tag = buf_.substr(at + 1, j - at - 1);
    }
    return e;
  }

  // Attributes from `i` (after the tag's name) up to and including `close` ("/>" or ">" with an
  // optional "/" for the root); returns the position after it, or npos when they are not
  // well-formed within [i, end).
  std::size_t attributes(std::size_t i, std::size_t end, bool root, bool* self_closing) {
    const char* s = buf_.data();
    tag_.attrs.clear();
    while (true) {
      const std::size_t before = i;
      while (i < end && ws(s[i])) ++i;
      if (i < end && i > before && name_start(s[i])) {
        const std::size_t name_at = i;
        while (i < end && name_char(s[i])) ++i;
        const std::string_view name(s + name_at, i - name_at);
        while (i < end && ws(s[i])) ++i;
        if (i >= end || s[i] != '=') return std::string_view::npos;
        ++i;
        while (i < end && ws(s[i])) ++i;
        if (i >= end || (s[i] != '"' && s[i] != '\'')) return std::string_view::npos;
        const char quote = s[i++];
        const std::size_t value_at = i;
        const void* close = std::memchr(s + i, quote, end - i);
        if (!close) return std::string_view::npos;
        i = static_cast<std::size_t>(static_cast<const char*>(close) - s);
        if (std::memchr(s + value_at, '<', i - value_at)) return std::string_view::npos;
        tag_.attrs.push_back({name, std::string_view(s + value_at, i - value_at)});
        ++i;
        continue;
      }
      // no further attribute: the tag's end
      if (root) {
        if (i < end && s[i] == '/') {
          if (i + 1 < end && s[i + 1] == '>') {
            *self_closing = true;
            return i + 2;
          }
          return std::string_view::npos;
        }
        if (i < end && s[i] == '>') {
          *self_closing = false;
          return i + 1;
        }
        return std::string_view::npos;
      }
      if (i + 1 < end && s[i] == '/' && s[i + 1] == '>') return i + 2;
      return std::string_view::npos;
    }
  }

  // The prolog: a byte-order mark, whitespace, an XML declaration, <mjloggm ...> (or <mjloggm/>).
  std::size_t prolog(std::size_t end, bool* self_closing) {
    const char* s = buf_.data();
    std::size_t i = 0;
    if (end >= 3 && std::memcmp(s, "\xEF\xBB\xBF", 3) == 0) i = 3;
    while (i < end && ws(s[i])) ++i;
    if (end - i >= 5 && std::memcmp(s + i, "<?xml", 5) == 0) {
      i += 5;
      if (end - i >= 2 && s[i] == '?' && s[i + 1] == '>') {
        i += 2;
      } else {
        if (i >= end || !ws(s[i])) return std::string_view::npos;
        std::size_t j = i;
        while (j < end && s[j] != '<' && s[j] != '>') ++j;
        if (j >= end || s[j] != '>' || j - 1 < i + 1 || s[j - 1] != '?') return std::string_view::npos;
        i = j + 1;
      }
      while (i < end && ws(s[i])) ++i;
    }
    if (end - i < 8 || std::memcmp(s + i, "<mjloggm", 8) != 0) return std::string_view::npos;
    i += 8;
    if (i < end && name_char(s[i])) return std::string_view::npos;  // another name (<mjloggmx>)
    return attributes(i, end, true, self_closing);
  }

  void process(bool final) {
    const std::size_t limit = valid_;
    std::size_t end = limit;
    if (!final) {
      const std::size_t lt = std::string_view(buf_.data(), limit).rfind('<');
      end = lt == std::string_view::npos ? 0 : lt;
    }
    if (limit - end > kMaxTagChars && chars_of(std::string_view(buf_).substr(end, limit - end)) > kMaxTagChars)
      flush_then(bad(end, "more than " + std::to_string(kMaxTagChars >> 10) + " KiB without a tag's end"));
    std::size_t pos = 0;
    if (state_ == 0) {
      bool self_closing = false;
      const std::size_t at = prolog(limit, &self_closing);
      if (at == std::string_view::npos) {
        if (final || chars_of(std::string_view(buf_).substr(0, limit)) > kMaxTagChars)
          throw bad(0, "no <mjloggm> tag at the start");
        return;
      }
      pos = at;
      state_ = self_closing ? 2 : 1;
      if (end < pos) end = pos;
    }
    const char* s = buf_.data();
    if (state_ == 1) {
      while (true) {
        std::size_t i = pos;
        while (i < end && ws(s[i])) ++i;
        if (i >= end || s[i] != '<' || i + 1 >= end || !name_start(s[i + 1])) break;
        std::size_t j = i + 1;
        while (j < end && name_char(s[j])) ++j;
        const std::size_t after = attributes(j, end, false, nullptr);
        if (after == std::string_view::npos) break;
        tag_.name = std::string_view(s + i + 1, j - i - 1);
        pos = after;
        handle();
        ++index_;
      }
      // </mjloggm>
      std::size_t i = pos;
      while (i < end && ws(s[i])) ++i;
      if (end - i >= 9 && std::memcmp(s + i, "</mjloggm", 9) == 0) {
        i += 9;
        while (i < end && ws(s[i])) ++i;
        if (i < end && s[i] == '>') {
          pos = i + 1;
          state_ = 2;
        }
      }
    }
    std::size_t at = pos;
    while (at < end && ws(s[at])) ++at;
    if (at < end) {
      if (state_ == 2) flush_then(bad(at, "text after </mjloggm>"));
      if (final && std::string_view(buf_).find('>', at) == std::string_view::npos)
        flush_then(bad(at, "the log ends inside a tag"));
      // The message quotes 40 characters: wait for them, so that it does not depend on how the
      // bytes were cut into pieces.
      const std::string_view quote = first_chars(std::string_view(buf_.data(), limit).substr(at), 40);
      if (!final && chars_of(quote) < 40) return consume(pos);
      flush_then(bad(at, "'" + echo(quote) + "' is not an event tag"));
    }
    consume(end);
  }

  // Drops buf_[0, end): characters are counted from the continuation bytes validate() saw (the
  // text kept, at most a tag, is counted again), not by walking the text consumed.
  void consume(std::size_t end) {
    const std::string_view kept(buf_.data() + end, valid_ - end);
    const std::size_t kept_continuation = kept.size() - chars_of(kept);
    bytes_before_ += end;
    chars_before_ = bytes_before_ - (continuation_ - kept_continuation);
    buf_.erase(0, end);
    valid_ -= end;
  }

  // --- events -------------------------------------------------------------------------------
  // An error at a tag: the wins before it are passed on first (what was read stays valid),
  // except when the tag is an <AGARI>: it may share their discard, and they would settle wrong
  // without it.
  [[noreturn]] void flush_then(const RecordError& e) {
    if (e.tag != "AGARI") flush();
    throw e;
  }

  RecordError event_error(const std::string& attr, const std::string& message) const {
    std::string where = source_ + ": event " + std::to_string(index_) + " <" + echo(tag_.name) + ">";
    where += attr.empty() ? ": " + message : " " + attr + ": " + message;
    return RecordError{where, index_, std::string(tag_.name), attr};
  }

  void handle() {
    try {
      handle_tag();
    } catch (const Bad& b) {
      flush_then(event_error(b.attr, b.message));
    } catch (RecordError& e) {  // from the sink: an event that cannot happen
      if (e.event >= 0) throw;     // (a hand end's, already named)
      flush_then(event_error("", e.message));
    }
  }

  // An attribute given twice: the first one seen again, in the tag's order.
  void no_twice() const {
    const auto& a = tag_.attrs;
    if (a.size() <= 32) {
      for (std::size_t j = 1; j < a.size(); ++j)
        for (std::size_t i = 0; i < j; ++i)
          if (a[i].name == a[j].name) throw Bad{std::string(a[j].name), "given twice"};
      return;
    }
    std::unordered_set<std::string_view> seen;
    for (const Attr& x : a)
      if (!seen.insert(x.name).second) throw Bad{std::string(x.name), "given twice"};
  }

  void handle_tag() {
    no_twice();
    const std::string_view name = tag_.name;
    const int actor = actor_of(name[0]);
    if (actor >= 0 && name.size() >= 2) {
      bool digits = true;
      for (std::size_t i = 1; i < name.size(); ++i) digits = digits && digit(name[i]);
      if (digits) {
        if (!in_hand_) return;
        const std::string_view text = name.substr(1);
        if (text.size() > 3) throw Bad{"", "a tile id of more than 3 digits"};
        int id = 0;
        for (char c : text) id = id * 10 + (c - '0');
        if (id > 135) throw Bad{"", "tile id " + std::string(text) + " is out of range (0-135)"};
        if (actor >= players_)
          throw Bad{"", "player " + std::to_string(actor) + " is out of range (0-" + std::to_string(players_ - 1) + ")"};
        flush();
        Event e;
        e.kind = name[0] <= 'G' ? EventKind::Discard : EventKind::Draw;
        e.actor = static_cast<std::int8_t>(actor);
        e.tile = static_cast<TileId>(id);
        if (e.kind == EventKind::Discard) e.tsumogiri = id == last_draw_[static_cast<std::size_t>(actor)];
        else last_draw_[static_cast<std::size_t>(actor)] = id;
        sink_.event(e);
        return;
      }
    }
    if (name == "GO") return go();
    if (name == "UN") return players_named();
    if (name == "INIT") return init();
    if (!in_hand_) return;
    if (name == "REACH") return reach();
    if (name == "N") return call();
    if (name == "DORA") return dora();
    if (name == "AGARI") return agari();
    if (name == "RYUUKYOKU") return ryuukyoku();
  }

  void start_game() {
    if (game_started_) return;
    sink_.game_start(game_);
    game_started_ = true;
  }

  void go() {
    const std::int64_t type = tag_.has("type") ? tag_.number("type", 0, 0xFFFF) : 0;
    flush();
    if (game_started_) {
      sink_.game_end(has_final_ ? &final_scores_ : nullptr);
      game_started_ = false;
    }
    has_final_ = false;
    game_ = GameStart{};
    game_.format = Format::Mjlog;
    game_.source = source_;
    game_.players = type & 0x10 ? 3 : 4;
    game_.red_fives = !(type & 0x02);
    game_.open_tanyao = !(type & 0x04);
    game_.preset = "tenhou";
    // The room as Tenhou's tenhou.net/6 rule.disp names it (鳳南喰赤): the writers keep the rules.
    game_.rule_disp = std::string(type & 0x10 ? "三" : "") + ((type & 0xA0) == 0xA0 ? "鳳" : type & 0x20 ? "特" : type & 0x80 ? "上" : "般") +
                      (type & 0x08 ? "南" : "東") + (type & 0x04 ? "" : "喰") + (type & 0x02 ? "" : "赤") + (type & 0x40 ? "速" : "");
    players_ = game_.players;
  }

  // <UN n0.. n3>: the players' names, percent-encoded UTF-8, for the writers (tenhou.net/6
  // "name", mjai "names"). Read once, before the game's first hand (a reconnection repeats one
  // name later); a name that does not decode to UTF-8 of at most kMaxName bytes stays empty:
  // names are never scored, so a strange one is no reason to refuse the log.
  void players_named() {
    if (game_started_) return;
    static constexpr const char* kNames[4] = {"n0", "n1", "n2", "n3"};
    for (int p = 0; p < 4; ++p)
      if (const std::string_view* text = tag_.find(kNames[p])) game_.names[static_cast<std::size_t>(p)] = percent_decoded(*text);
  }

  static constexpr std::size_t kMaxName = 256;

  static std::string percent_decoded(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
      if (text[i] != '%') {
        out += text[i];
      } else {
        const auto hex = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1; };
        if (i + 2 >= text.size() || hex(text[i + 1]) < 0 || hex(text[i + 2]) < 0) return {};
        out += static_cast<char>(hex(text[i + 1]) * 16 + hex(text[i + 2]));
        i += 2;
      }
      if (out.size() > kMaxName) return {};
    }
    return valid_utf8(out) ? out : std::string();
  }

  static bool valid_utf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
      const auto b = static_cast<unsigned char>(s[i]);
      if (b < 0x80) {  // no control characters in a name
        if (b < 0x20 || b == 0x7F) return false;
        ++i;
        continue;
      }
      const int k = (b & 0xE0) == 0xC0 ? 1 : (b & 0xF0) == 0xE0 ? 2 : (b & 0xF8) == 0xF0 ? 3 : -1;
      if (k < 0 || s.size() - i <= static_cast<std::size_t>(k)) return false;
      std::uint32_t cp = b & (0x7Fu >> (k + 1));
      for (int j = 1; j <= k; ++j) {
        const auto c = static_cast<unsigned char>(s[i + static_cast<std::size_t>(j)]);
        if ((c & 0xC0) != 0x80) return false;
        cp = (cp << 6) | (c & 0x3Fu);
      }
      // Overlong forms, surrogates and code points past U+10FFFF are not UTF-8.
      if ((k == 1 && cp < 0x80) || (k == 2 && cp < 0x800) || (k == 3 && cp < 0x10000) || cp > 0x10FFFF ||
          (cp >= 0xD800 && cp <= 0xDFFF))
        return false;
      i += static_cast<std::size_t>(k) + 1;
    }
    return true;
  }

  void init() {
    const Numbers& seed = tag_.numbers("seed");  // round, honba, sticks, dice, dice, dora indicator
    Tag::count(seed, "seed", 6, 6);
    HandStart h;
    const std::int64_t round = Tag::in_range(seed.v[0], 0, 15, "seed", "round");
    h.round_wind = static_cast<int>(round / 4);
    h.round_number = static_cast<int>(round % 4);
    h.honba = Tag::in_range(seed.v[1], 0, 10000, "seed", "honba");
    h.deposits = Tag::in_range(seed.v[2], 0, 10000, "seed", "riichi sticks");
    h.dora_indicator = static_cast<TileId>(Tag::in_range(seed.v[5], 0, 135, "seed", "dora indicator tile id"));
    h.dealer = tag_.seat("oya", players_);
    if (tag_.has("ten")) {
      const Numbers& ten = tag_.numbers("ten");
      Tag::count(ten, "ten", players_, 4);
      for (int i = 0; i < ten.n; ++i) h.scores[static_cast<std::size_t>(i)] = 100 * ten.v[static_cast<std::size_t>(i)];
    }
    static constexpr const char* kHai[4] = {"hai0", "hai1", "hai2", "hai3"};
    h.dealt = false;
    for (int p = 0; p < players_; ++p) h.dealt = h.dealt || tag_.has(kHai[p]);
    if (h.dealt) {
      for (int p = 0; p < players_; ++p) {
        const Numbers& ids = tag_.tile_ids(kHai[p], 13, 13);
        for (int i = 0; i < ids.n; ++i) h.hands[static_cast<std::size_t>(p)].push(static_cast<TileId>(ids.v[static_cast<std::size_t>(i)]));
      }
      if (players_ == 3 && tag_.has("hai3")) tag_.tile_ids("hai3", 0, 0);
    }
    flush();
    start_game();
    in_hand_ = true;
    last_draw_.fill(-1);
    sink_.hand_start(h);
  }

  void reach() {
    const int who = tag_.seat("who", players_);
    const std::int64_t step = tag_.number("step", 1, 2);
    flush();
    Event e;
    e.kind = step == 1 ? EventKind::Reach : EventKind::ReachAccepted;
    e.actor = static_cast<std::int8_t>(who);
    sink_.event(e);
  }

  // The source of a call: Tenhou counts four seats, three-player games too.
  int called_from(int who, int m) {
    const int from = (who + (m & 3)) % 4;
    if ((m & 3) == 0) throw Bad{"m", "meld code " + std::to_string(m) + ": a call from its own player"};
    if (from >= players_)
      throw Bad{"m", "meld code " + std::to_string(m) + ": called from seat " + std::to_string(from) + ", which a " +
                         std::to_string(players_) + "-player game does not have"};
    return from;
  }

  void call() {
    const int m = static_cast<int>(tag_.number("m", 0, 0xFFFF));
    const int who = tag_.seat("who", players_);
    Event e;
    e.actor = static_cast<std::int8_t>(who);
    if (is_kita(m)) {
      if (players_ == 4)
        throw Bad{"m", "meld code " + std::to_string(m) + " is a kita (a North set aside), which only three-player games have"};
      const int id = m >> 8;
      if (id / 4 != 30) throw Bad{"m", "meld code " + std::to_string(m) + ": a kita of tile id " + std::to_string(id) + ", not a North"};
      e.kind = EventKind::Kita;
      e.tile = static_cast<TileId>(id);
    } else {
      const Decoded d = decode_meld(m);
      e.kind = d.kind;
      switch (d.kind) {
        case EventKind::Chi:
        case EventKind::Pon:
        case EventKind::Daiminkan:
          e.target = static_cast<std::int8_t>(called_from(who, m));
          e.tile = d.called;
          for (TileId t : d.tiles)
            if (t != d.called) e.consumed.push(t);
          break;
        case EventKind::Kakan:
          e.tile = d.added;
          for (TileId t : d.tiles)
            if (t != d.added) e.consumed.push(t);
          break;
        default:  // ankan
          e.consumed = d.tiles;
          break;
      }
    }
    flush();
    sink_.event(e);
  }

  void dora() {
    const Numbers& ids = tag_.tile_ids("hai", 1, 1);
    Event e;
    e.kind = EventKind::Dora;
    e.tile = static_cast<TileId>(ids.v[0]);
    sink_.event(e);
  }

  // owari="score,points,..." on the last hand end: the final scores (in hundreds) for the writers.
  // Tenhou writes the points with a decimal ("89.0"); read leniently (not a check): a value that
  // is not as expected leaves the final scores unknown.
  void owari() {
    const std::string_view* text = tag_.find("owari");
    if (!text || text->size() > kMaxNumbersChars) return;
    std::array<std::int64_t, 4> scores{};
    std::size_t start = 0;
    for (int item = 0; item < 2 * players_; ++item) {
      const std::size_t comma = text->find(',', start);
      const std::string_view v = text->substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
      if (item % 2 == 0) {
        Numbers n;
        if (!parse_numbers(v, n) || n.n != 1) return;
        scores[static_cast<std::size_t>(item / 2)] = 100 * n.v[0];
      }
      if (comma == std::string_view::npos) {
        if (item != 2 * players_ - 1) return;
        break;
      }
      start = comma + 1;
    }
    final_scores_ = scores;
    has_final_ = true;
  }

  // ba="honba,sticks" (checked; the replay counts them itself).
  void ba() {
    const Numbers& v = tag_.numbers("ba");
    Tag::count(v, "ba", 2, 2);
    Tag::in_range(v.v[0], 0, 10000, "ba", "honba");
    Tag::in_range(v.v[1], 0, 10000, "ba", "riichi sticks");
  }

  // Each seat's point change as sc (score, change, ... in hundreds) records it.
  void deltas(RecordedHandEnd& end, std::array<std::int64_t, 4>& out) {
    const Numbers& sc = tag_.numbers("sc");
    if (sc.n != 2 * players_ && sc.n != 8)
      throw Bad{"sc", plural(sc.n) + " (" + (players_ == 4 ? "" : "6 or ") + "8 expected)"};
    for (int i = 0; i < players_; ++i) {
      out[static_cast<std::size_t>(i)] = 100 * sc.v[static_cast<std::size_t>(2 * i + 1)];
      end.scores_after[static_cast<std::size_t>(i)] = 100 * (sc.v[static_cast<std::size_t>(2 * i)] + sc.v[static_cast<std::size_t>(2 * i + 1)]);
    }
    end.has_scores_after = true;
  }

  void agari() {
    ++run_;
    if (run_ >= players_)
      throw Bad{"", "win " + std::to_string(run_) + " on one discard (at most " + std::to_string(players_ - 1) + " with " +
                        std::to_string(players_) + " players)"};
    RecordedWin w;
    w.winner = tag_.seat("who", players_);
    w.from = tag_.seat("fromWho", players_);
    ba();
    RecordedHandEnd& end = pending_;
    deltas(end, w.deltas);
    w.has_deltas = true;
    const Numbers& hai = tag_.tile_ids("hai", 1, 14);
    for (int i = 0; i < hai.n; ++i) w.shown_hand.push(static_cast<TileId>(hai.v[static_cast<std::size_t>(i)]));
    w.has_shown_hand = true;
    w.win_tile = static_cast<TileId>(tag_.tile_ids("machi", 1, 1).v[0]);
    const Numbers& codes = tag_.numbers("m", false);
    Tag::count(codes, "m", 0, 8);
    const Numbers melds = codes;  // (the tag's buffer is reused below)
    for (int i = 0; i < melds.n; ++i) {
      const int m = static_cast<int>(Tag::in_range(melds.v[static_cast<std::size_t>(i)], 0, 0xFFFF, "m", "meld code"));
      if (is_kita(m)) {
        if (players_ == 4)
          throw Bad{"m", "meld code " + std::to_string(m) + " is a kita (a North set aside), which only three-player games have"};
        ++w.shown_kita;
        continue;
      }
      const Decoded d = decode_meld(m);
      ShownMeld s;
      s.kind = d.kind;
      s.tiles = d.tiles;
      w.shown_melds.push_back(s);
    }
    const Numbers& ten = tag_.numbers("ten");
    Tag::count(ten, "ten", 3, 3);
    w.fu = static_cast<int>(Tag::in_range(ten.v[0], 0, 1000000000, "ten", "fu"));
    w.points = Tag::in_range(ten.v[1], 0, 1000000000, "ten", "points");
    if (ten.v[2] < 0 || ten.v[2] > 5) throw Bad{"ten", "limit code " + std::to_string(ten.v[2]) + " is unknown (0-5)"};
    w.limit = kLimits[ten.v[2]];
    const Numbers& pairs = tag_.numbers("yaku", false);
    if (pairs.n % 2) throw Bad{"yaku", plural(pairs.n) + ": not (id, han) pairs"};
    int han = 0;
    auto add = [&](const char* key, int value) {
      for (auto& [k, v] : w.yaku)
        if (k == key) {
          v += value;
          return;
        }
      w.yaku.emplace_back(key, value);
    };
    for (int i = 0; i < pairs.n; i += 2) {
      const std::int64_t id = pairs.v[static_cast<std::size_t>(i)];
      if (id < 0 || id > 54) throw Bad{"yaku", "unknown Tenhou yaku id " + std::to_string(id) + " (0-54)"};
      const int h = static_cast<int>(Tag::in_range(pairs.v[static_cast<std::size_t>(i + 1)], 0, 1000000000, "yaku", "han"));
      if (h) {
        add(kTenhouYaku[id], h);
        han += h;
      }
    }
    const Numbers& yakuman = tag_.numbers("yakuman", false);
    for (int i = 0; i < yakuman.n; ++i) {
      const std::int64_t id = yakuman.v[static_cast<std::size_t>(i)];
      if (id < 0 || id > 54) throw Bad{"yakuman", "unknown Tenhou yaku id " + std::to_string(id) + " (0-54)"};
      add(kTenhouYaku[id], 13);
    }
    w.yakuman = yakuman.n;
    w.han = yakuman.n ? 13 * yakuman.n : han;
    w.has_score = true;
    const Numbers& dora = tag_.tile_ids("doraHai", 0, 5);
    for (int i = 0; i < dora.n; ++i) w.dora_indicators.push(static_cast<TileId>(dora.v[static_cast<std::size_t>(i)]));
    const Numbers& ura = tag_.tile_ids("doraHaiUra", 0, 5);
    for (int i = 0; i < ura.n; ++i) w.ura_indicators.push(static_cast<TileId>(ura.v[static_cast<std::size_t>(i)]));
    w.has_ura = ura.n > 0;
    if (tag_.has("paoWho")) {
      w.pao = tag_.seat("paoWho", players_);
      if (w.pao == w.winner) throw Bad{"paoWho", "the liable player cannot be the winner"};
    }
    w.event = index_;
    for (const Attr& a : tag_.attrs) {  // the tag's own text, for front ends that show it
      if (!w.raw.empty()) w.raw += ' ';
      w.raw.append(a.name.data(), a.name.size());
      const char quote = a.value.find('"') == std::string_view::npos ? '"' : '\'';
      w.raw += '=';
      w.raw += quote;
      w.raw.append(a.value.data(), a.value.size());
      w.raw += quote;
    }
    owari();
    if (end.wins.empty()) end.event = index_;
    for (int i = 0; i < players_; ++i) end.deltas[static_cast<std::size_t>(i)] += w.deltas[static_cast<std::size_t>(i)];
    end.has_deltas = true;
    end.wins.push_back(std::move(w));
  }

  void ryuukyoku() {
    flush();
    ba();
    RecordedHandEnd end;
    deltas(end, end.deltas);
    end.has_deltas = true;
    end.draw.has_deltas = true;
    end.draw.deltas = end.deltas;
    const std::string_view* type = tag_.find("type");
    DrawKind kind = DrawKind::Exhaustive;
    if (type) {
      if (*type == "yao9") kind = DrawKind::NineTerminals;
      else if (*type == "kaze4") kind = DrawKind::FourWinds;
      else if (*type == "reach4") kind = DrawKind::FourRiichi;
      else if (*type == "ron3") kind = DrawKind::TripleRon;
      else if (*type == "kan4") kind = DrawKind::FourKans;
      else if (*type == "nm") kind = DrawKind::NagashiMangan;
      else throw Bad{"type", "unknown draw type '" + echo(*type) + "' (yao9, kaze4, reach4, ron3, kan4, nm)"};
    }
    end.draw.kind = kind;
    static constexpr const char* kHai[4] = {"hai0", "hai1", "hai2", "hai3"};
    end.draw.has_tenpai = true;
    for (int p = 0; p < players_; ++p) end.draw.tenpai[static_cast<std::size_t>(p)] = tag_.has(kHai[p]);
    end.event = index_;
    owari();
    hand_end(end);
  }

  void hand_end(const RecordedHandEnd& end) {
    try {
      sink_.hand_end(end, nullptr);
    } catch (RecordError& e) {
      if (e.event < 0) e.event = end.event;
      if (e.tag.empty()) e.tag = end.wins.empty() ? "RYUUKYOKU" : "AGARI";
      e.message = source_ + ": event " + std::to_string(e.event) + " <" + e.tag + ">: " + e.message;
      throw;
    }
  }

  // The wins of one discard (a run of <AGARI>) go on as one hand end once the run is over.
  void flush() {
    run_ = 0;
    if (pending_.wins.empty()) return;
    RecordedHandEnd end = std::move(pending_);
    pending_ = RecordedHandEnd{};
    hand_end(end);
  }

  std::string source_;
  GameSink& sink_;
  std::string buf_;               // bytes not yet consumed (at most the last incomplete tag after a feed)
  std::size_t valid_ = 0;         // buf_[0, valid_) is checked UTF-8
  std::size_t total_ = 0;         // bytes fed
  std::size_t chars_before_ = 0;  // characters consumed before buf_
  std::size_t bytes_before_ = 0;
  std::size_t continuation_ = 0;  // UTF-8 continuation bytes in buf_[0, valid_) and before it
  int state_ = 0;                 // 0: before <mjloggm>, 1: its events, 2: after </mjloggm>
  long index_ = 0;                // the next event's index
  Tag tag_;
  GameStart game_ = [] {
    GameStart g;
    g.format = Format::Mjlog;
    return g;
  }();
  int players_ = 4;
  bool game_started_ = false;
  bool in_hand_ = false;
  int run_ = 0;  // <AGARI> tags in a row: the wins on one discard
  RecordedHandEnd pending_;
  std::array<int, 4> last_draw_{-1, -1, -1, -1};
  std::array<std::int64_t, 4> final_scores_{};  // from owari
  bool has_final_ = false;
};

}  // namespace

std::unique_ptr<RecordReader> make_mjlog_reader(const std::string& source, GameSink& sink) {
  return std::make_unique<MjlogReader>(source, sink);
}

}  // namespace tenbou::records
