// Columnar scoring (score_table.hpp).
#include "core/score_table.hpp"

#include <cstring>
#include <exception>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <variant>
#if !defined(__EMSCRIPTEN__)
#include <thread>
#endif

#include "riichi/request_reader.hpp"
#include "tenbou/api.hpp"
#include "tenbou/riichi.hpp"
#include "tenbou/rules.hpp"
#include "tenbou/yaku_table.hpp"

namespace tenbou::tables {

namespace {

constexpr std::uint8_t kHouseLimit = static_cast<std::uint8_t>(Limit::Yakuman) + 1;  // Hong Kong-Taiwan's
constexpr int kErrorCodes = static_cast<int>(ErrorCode::NoYaku) + 1;                // (the enum's last)
static_assert(kYakuCount <= 127, "yaku ids index an int8 dictionary");

// The result columns' dictionaries: yaku keys in kYakuTable order (index = the Yaku value),
// limit names (index = Limit - 1, then house_limit), error codes (index = ErrorCode).
const Dictionary& yaku_keys() {
  static const Dictionary d = [] {
    auto v = std::make_shared<std::vector<std::string>>();
    for (const YakuInfo& y : kYakuTable) v->emplace_back(y.key);
    return v;
  }();
  return d;
}
const Dictionary& limit_names() {
  static const Dictionary d = [] {
    auto v = std::make_shared<std::vector<std::string>>();
    for (int l = 1; l < kHouseLimit; ++l) v->emplace_back(limit_name(static_cast<Limit>(l)));
    v->emplace_back("house_limit");
    return v;
  }();
  return d;
}
const Dictionary& error_codes() {
  static const Dictionary d = [] {
    auto v = std::make_shared<std::vector<std::string>>();
    for (int e = 0; e < kErrorCodes; ++e) v->emplace_back(error_code_name(static_cast<ErrorCode>(e)));
    return v;
  }();
  return d;
}

template <typename T>
inline void put(std::vector<std::uint8_t>& column, std::int64_t row, T value) {
  std::memcpy(column.data() + sizeof(T) * static_cast<std::size_t>(row), &value, sizeof(T));
}
inline void set_bit(std::vector<std::uint8_t>& bits, std::int64_t row) {
  bits[static_cast<std::size_t>(row >> 3)] = static_cast<std::uint8_t>(bits[static_cast<std::size_t>(row >> 3)] | (1u << (row & 7)));
}
inline void clear_bit(std::vector<std::uint8_t>& bits, std::int64_t row) {
  bits[static_cast<std::size_t>(row >> 3)] = static_cast<std::uint8_t>(bits[static_cast<std::size_t>(row >> 3)] & ~(1u << (row & 7)));
}
std::size_t bit_bytes(std::int64_t rows) { return static_cast<std::size_t>((rows + 7) / 8); }

// The result columns' buffers, a slot per row written in place by the thread that scores the
// row (threads' ranges start at multiples of 8 rows, so no two write one bitmap byte). The
// variable-length parts (yaku, messages) are each thread's own (Part) until joined.
struct Out {
  explicit Out(std::int64_t rows)
      : ok(bit_bytes(rows), 0), han(4 * static_cast<std::size_t>(rows)), fu(han.size()), yakuman(han.size()),
        total(8 * static_cast<std::size_t>(rows)), total_valid(bit_bytes(rows), 0xFF), limit(static_cast<std::size_t>(rows)),
        limit_valid(bit_bytes(rows), 0), error(static_cast<std::size_t>(rows)), error_valid(bit_bytes(rows), 0),
        yaku_offsets(static_cast<std::size_t>(rows) + 1, 0), message_offsets(static_cast<std::size_t>(rows) + 1, 0) {}
  std::vector<std::uint8_t> ok, han, fu, yakuman, total, total_valid, limit, limit_valid, error, error_valid;
  // Row i's yaku count and message size at [i + 1], made offsets once every thread is done.
  std::vector<std::int32_t> yaku_offsets, message_offsets;
};

// A thread's range of rows: its yaku and messages, in row order.
struct Part {
  std::vector<std::uint8_t> yaku;  // Yaku values (the yaku dictionary's indices)
  std::vector<std::int16_t> yaku_han;
  std::string messages;
  std::exception_ptr failure;  // only for what no row can hold (memory for the part itself)
};

// One row's result before it is stored.
struct RowOut {
  std::int64_t total = 0;
  std::int32_t han = 0, fu = 0, yakuman = 0;
  bool ok = false, total_null = false;
  std::uint8_t limit = 0;  // 0 none, then Limit's values, then kHouseLimit
  std::uint8_t error = 0;  // 0 scored, else 1 + ErrorCode
};

// How a column of a batch is read when every column is of the type its key plainly takes
// (the tables callers write: strings, bools, integers, list<string> melds, struct or JSON text
// options): one step per column, its key and type resolved once per batch, each cell read
// straight from its buffers. A value the Riichi reader would refuse (a bad wind letter, honba
// out of range, five melds, a null meld) sends the row to that reader instead, so every error
// is its own. Only the reader's own calls (method, options) can throw: they run last, in column
// order, and the reads before them cannot fail where the reader succeeds, so the first error
// is the reader's first error in member order. The flags, the most columns, run in a loop of
// their own.
enum class Op : std::uint8_t {
  Skip, Hand, WinTile, Dora, Ura, Melds, Tsumo, Flag, SeatWind, RoundWind, Honba, RiichiSticks, Players, Kita,
  Method, OptionsStruct, OptionsText
};
struct Step {
  Op op;
  bool utf8;                       // a utf8 column (the common string type): read inline
  const ArrowNode* node;
  const std::uint8_t* validity;    // null: no null cell
  std::int64_t offset;             // the array's own offset
  bool RiichiRequest::*flag;       // Op::Flag: the request's member
};

// Whether `row` (a logical index) of the step's column holds a value.
inline bool valid(const Step& s, std::int64_t row) {
  if (!s.validity) return true;
  const std::int64_t p = row + s.offset;
  return (s.validity[p >> 3] >> (p & 7)) & 1;
}
inline std::string_view text(const Step& s, std::int64_t row) {
  if (s.utf8) {
    const std::int32_t* o = s.node->offsets32 + s.offset + row;
    return {s.node->chars + o[0], static_cast<std::size_t>(o[1] - o[0])};
  }
  return s.node->string_at(row);
}

bool is_string(ArrowNode::Type t) {
  return t == ArrowNode::Type::Utf8 || t == ArrowNode::Type::LargeUtf8 || t == ArrowNode::Type::Utf8View;
}
bool is_integer(ArrowNode::Type t) { return t >= ArrowNode::Type::Int8 && t <= ArrowNode::Type::UInt64; }

// Whether every cell of a scalar column in [begin, end) (logical indices) holds the value of
// the first (nulls equal); false for lists, structs and floats, which never count as constant.
bool column_constant(const ArrowNode& c, std::int64_t begin, std::int64_t end) {
  using T = ArrowNode::Type;
  if (c.type == T::Null) return true;
  const bool first_valid = c.valid(begin);
  if (c.validity)
    for (std::int64_t i = begin + 1; i < end; ++i)
      if (c.valid(i) != first_valid) return false;
  if (!first_valid) return true;  // every cell null
  if (c.type == T::Bool) {
    const bool first = c.bit_at(begin);
    for (std::int64_t i = begin + 1; i < end; ++i)
      if (c.bit_at(i) != first) return false;
    return true;
  }
  if (c.type == T::Utf8) {  // every string as long as the first, the bytes the first repeated
    const std::int32_t* o = c.offsets32 + c.offset;
    const std::int64_t n = o[begin + 1] - o[begin];
    unsigned differ = 0;
    for (std::int64_t i = begin + 1; i < end; ++i) differ |= static_cast<unsigned>(o[i + 1] - o[i] != n);
    if (differ) return false;
    const std::int64_t bytes = o[end] - o[begin];
    return bytes <= n || std::memcmp(c.chars + o[begin] + n, c.chars + o[begin], static_cast<std::size_t>(bytes - n)) == 0;
  }
  if (is_string(c.type)) {
    const std::string_view first = c.string_at(begin);
    for (std::int64_t i = begin + 1; i < end; ++i)
      if (c.string_at(i) != first) return false;
    return true;
  }
  if (is_integer(c.type)) {
    const std::int64_t first = c.int_at(begin);
    for (std::int64_t i = begin + 1; i < end; ++i)
      if (c.int_at(i) != first) return false;
    return true;
  }
  return false;
}

// Whether the options cell is the same in every row of [begin, end) (logical indices): a
// struct of scalar fields or a JSON text, as tables repeat one options value on every row.
// Then its rules are read once for the range (the reader's own read, on its first row).
bool constant_over(const ArrowNode& options, std::int64_t begin, std::int64_t end) {
  if (begin >= end) return true;
  if (options.type != ArrowNode::Type::Struct) return is_string(options.type) && column_constant(options, begin, end);
  if (options.validity)
    for (std::int64_t i = begin + 1; i < end; ++i)
      if (options.valid(i) != options.valid(begin)) return false;
  const std::int64_t shift = options.offset;  // a struct's fields are indexed past its offset
  for (const ArrowNode& f : options.children)
    if (!column_constant(f, begin + shift, end + shift)) return false;
  return true;
}

// Whether a bool column holds true in some valid cell of physical bits [begin, end): a flag
// column that never does (most of them: ippatsu, rinshan, haitei, ...) leaves every row's
// flag at its default, so the plan reads it not at all.
bool any_true(const std::uint8_t* values, const std::uint8_t* validity, std::int64_t begin, std::int64_t end) {
  auto at = [](const std::uint8_t* bits, std::int64_t p) { return (bits[p >> 3] >> (p & 7)) & 1; };
  std::int64_t p = begin;
  for (; p < end && (p & 7); ++p)
    if (at(values, p) && (!validity || at(validity, p))) return true;
  for (; p + 8 <= end; p += 8)
    if (values[p >> 3] & (validity ? validity[p >> 3] : 0xFF)) return true;
  for (; p < end; ++p)
    if (at(values, p) && (!validity || at(validity, p))) return true;
  return false;
}

// The plan of `batch`, or false when some column needs the reader's generic walk.
bool plan_of(const ArrowNode& batch, std::vector<Step>& plan) {
  using K = riichi_reader::Key;
  using T = ArrowNode::Type;
  plan.clear();
  for (const ArrowNode& c : batch.children) {
    Step s{Op::Skip, c.type == T::Utf8, &c, c.validity, c.offset, nullptr};
    const T t = c.type;
    if (t == T::Null) continue;  // every cell null: every row lacks the key
    switch (c.key) {
      case K::Rules: continue;  // rows not "riichi" (or not a string) are read by score_view
      case K::Method: s.op = Op::Method; break;  // (parse_method itself: any type)
      case K::Hand: s.op = Op::Hand; break;
      case K::WinTile: s.op = Op::WinTile; break;
      case K::DoraIndicators: s.op = Op::Dora; break;
      case K::UraIndicators: s.op = Op::Ura; break;
      case K::SeatWind: s.op = Op::SeatWind; break;
      case K::RoundWind: s.op = Op::RoundWind; break;
      case K::Melds: s.op = Op::Melds; break;
      case K::Tsumo: s.op = Op::Tsumo; break;
      case K::Riichi: s.op = Op::Flag, s.flag = &RiichiRequest::riichi; break;
      case K::DoubleRiichi: s.op = Op::Flag, s.flag = &RiichiRequest::double_riichi; break;
      case K::Ippatsu: s.op = Op::Flag, s.flag = &RiichiRequest::ippatsu; break;
      case K::Rinshan: s.op = Op::Flag, s.flag = &RiichiRequest::rinshan; break;
      case K::Chankan: s.op = Op::Flag, s.flag = &RiichiRequest::chankan; break;
      case K::Haitei: s.op = Op::Flag, s.flag = &RiichiRequest::haitei; break;
      case K::Houtei: s.op = Op::Flag, s.flag = &RiichiRequest::houtei; break;
      case K::Tenhou: s.op = Op::Flag, s.flag = &RiichiRequest::tenhou; break;
      case K::Chiihou: s.op = Op::Flag, s.flag = &RiichiRequest::chiihou; break;
      case K::Renhou: s.op = Op::Flag, s.flag = &RiichiRequest::renhou; break;
      case K::Honba: s.op = Op::Honba; break;
      case K::RiichiSticks: s.op = Op::RiichiSticks; break;
      case K::Players: s.op = Op::Players; break;
      case K::Kita: s.op = Op::Kita; break;
      case K::Options: s.op = c.json ? Op::OptionsText : Op::OptionsStruct; break;
      default: return false;  // own_discards, visible, unknown keys: every row fails, as the reader says
    }
    bool plain = true;
    switch (s.op) {
      case Op::Hand: case Op::WinTile: case Op::Dora: case Op::Ura: case Op::SeatWind: case Op::RoundWind:
        plain = is_string(t);
        break;
      case Op::Melds:
        plain = (t == T::List || t == T::LargeList) && (is_string(c.children[0].type) || c.children[0].type == T::Null);
        break;
      case Op::Tsumo: case Op::Flag: plain = t == T::Bool; break;
      case Op::Honba: case Op::RiichiSticks: case Op::Players: case Op::Kita: plain = is_integer(t); break;
      case Op::OptionsStruct: plain = t == T::Struct; break;
      default: break;
    }
    if (!plain) return false;
    plan.push_back(s);
  }
  return true;
}

// An integer cell within [lo, hi] (a uint64 past int64's range is not).
inline bool int_in(const ArrowNode& c, std::int64_t row, std::int64_t lo, std::int64_t hi, std::int64_t& out) {
  const std::int64_t v = c.int_at(row);
  if (c.type == ArrowNode::Type::UInt64 && v < 0) return false;
  out = v;
  return v >= lo && v <= hi;
}

class RowScorer {
 public:
  RowScorer(const ArrowNode& batch, const Json* constant_options, std::int64_t begin, std::int64_t end, Out& out,
            Part& part)
      : batch_(batch), out_(out), part_(part), fields_(std::make_unique<riichi_reader::RiichiFields>()) {
    scratch_.constant_options = constant_options;
    for (const ArrowNode& c : batch.children)
      if (c.key == riichi_reader::Key::Rules) rules_ = &c;
    planned_ = plan_of(batch, plan_);
    if (planned_) {
      for (const Step& s : plan_) {
        if (s.op != Op::Flag) continue;
        const auto* values = static_cast<const std::uint8_t*>(s.node->values);
        const std::int64_t first = begin + batch.offset + s.offset, last = end + batch.offset + s.offset;
        // A null cell reads as false: its value bit ANDed with its validity bit (with no
        // validity, with itself).
        if (any_true(values, s.validity, first, last))
          flags_.push_back({s.validity ? s.validity : values, values, s.offset, s.flag});
      }
      using F = riichi_reader::RiichiFields;
      for (const Step& s : plan_) {
        if (!s.utf8) continue;
        const auto add = [&](std::string_view F::*text, bool F::*have) {
          texts_.push_back({s.validity, s.node->offsets32 + s.offset, s.node->chars, s.offset, text, have});
        };
        switch (s.op) {
          case Op::Hand: add(&F::hand, &F::have_hand); break;
          case Op::WinTile: add(&F::win, &F::have_win); break;
          case Op::Dora: add(&F::dora, &F::have_dora); break;
          case Op::Ura: add(&F::ura, &F::have_ura); break;
          default: break;
        }
      }
      auto throws = [](const Step& s) { return s.op == Op::Method || s.op == Op::OptionsStruct || s.op == Op::OptionsText; };
      auto in_texts = [](const Step& s) {
        return s.utf8 && (s.op == Op::Hand || s.op == Op::WinTile || s.op == Op::Dora || s.op == Op::Ura);
      };
      std::vector<Step> ordered;
      for (const Step& s : plan_)
        if (s.op != Op::Flag && !in_texts(s) && !throws(s)) ordered.push_back(s);
      for (const Step& s : plan_)
        if (throws(s)) ordered.push_back(s);
      plan_ = std::move(ordered);
      options_constant_ = constant_options != nullptr;
      for (const Step& s : plan_)
        if (s.op == Op::OptionsStruct || s.op == Op::OptionsText)
          options_constant_ = constant_over(*s.node, begin + batch.offset, end + batch.offset);
      for (const Step& s : plan_)
        if (s.op == Op::OptionsStruct && !options_constant_) struct_options_ = StructOptions(*s.node);
    }
  }

  void run(std::int64_t begin, std::int64_t end) {
    for (std::int64_t i = begin; i < end; ++i) {
      RowOut out;
      const std::size_t yaku_before = part_.yaku.size(), messages_before = part_.messages.size();
      try {
        score_row(i, out);
      } catch (const InputError& e) {
        fail(out, yaku_before, ErrorCode::InvalidInput, e.what());
      } catch (const std::exception& e) {  // memory, say: still a result, never a crash
        fail(out, yaku_before, ErrorCode::InvalidInput, std::string("internal error: ") + e.what());
      }
      store(i, out, part_.yaku.size() - yaku_before, part_.messages.size() - messages_before);
    }
  }

 private:
  // Most tables are Riichi (no rules column, or "riichi" in it): read with the plan or the
  // concrete view and the reader's fast paths; other families through score_view, as score()
  // reads them.
  bool riichi_row(std::int64_t i) const {
    if (!rules_ || !rules_->valid(i + batch_.offset)) return true;
    return is_string(rules_->type) && rules_->string_at(i + batch_.offset) == "riichi";
  }

  void score_row(std::int64_t i, RowOut& out) {
    if (riichi_row(i)) {
      if (!planned_ || !read_planned(i, *fields_)) {
        const CellView row(&batch_, i, &scratch_);
        riichi_reader::read_riichi_fields(row, nullptr, *fields_);
      }
      score_riichi_into(riichi_reader::finish_riichi(*fields_, nullptr), result_);
      take(result_, out);
      return;
    }
    const ScoreResult r = score_view(CellView(&batch_, i, &scratch_));
    std::visit([&](const auto& x) { take(x, out); }, r);
  }

  // read_riichi_fields' work for a row of a planned batch (request_reader.hpp: the same fields
  // from the same values); false, with nothing thrown, for a value that reader would refuse.
  bool read_planned(std::int64_t i, riichi_reader::RiichiFields& f) {
    static const riichi_reader::RiichiFields kEmpty{};
    if (!batch_.valid(i)) return false;
    const std::int64_t row = i + batch_.offset;  // the columns' logical index
    f = kEmpty;
    RiichiRequest& r = f.request;
    for (const FlagStep& s : flags_) {
      const std::int64_t p = row + s.offset;
      r.*s.flag = ((s.values[p >> 3] & s.mask[p >> 3]) >> (p & 7)) & 1;
    }
    for (const TextStep& s : texts_) {  // (tile texts cannot fail here: finish_riichi parses them)
      const std::int64_t p = row + s.offset;
      if (s.validity && !((s.validity[p >> 3] >> (p & 7)) & 1)) continue;
      const std::int32_t* o = s.offsets + row;
      f.*s.text = std::string_view(s.chars + o[0], static_cast<std::size_t>(o[1] - o[0]));
      f.*s.have = true;
    }
    for (const Step& s : plan_) {
      if (!valid(s, row)) continue;  // the key absent from this row
      const ArrowNode& c = *s.node;
      switch (s.op) {
        case Op::Skip: break;
        case Op::Hand: f.hand = text(s, row), f.have_hand = true; break;
        case Op::WinTile: f.win = text(s, row), f.have_win = true; break;
        case Op::Dora: f.dora = text(s, row), f.have_dora = true; break;
        case Op::Ura: f.ura = text(s, row), f.have_ura = true; break;
        case Op::Melds: {
          const std::int64_t begin = c.list_begin(row), end = c.list_end(row);
          if (end - begin > 4) return false;
          const ArrowNode& item = c.children[0];
          for (std::int64_t k = begin; k < end; ++k) {
            if (!item.valid(k)) return false;
            f.meld_texts.push(item.string_at(k));
          }
          break;
        }
        case Op::Tsumo:
          r.tsumo = c.bit_at(row);
          f.tsumo_given_false = !r.tsumo;
          f.have_tsumo = true;
          break;
        case Op::Flag: break;  // (flags_)
        case Op::SeatWind: if (!wind_named(text(s, row), r.seat_wind)) return false; break;
        case Op::RoundWind: if (!wind_named(text(s, row), r.round_wind)) return false; break;
        case Op::Honba: if (!int_in(c, row, 0, 10000, r.honba)) return false; break;
        case Op::RiichiSticks: if (!int_in(c, row, 0, 10000, r.riichi_sticks)) return false; break;
        case Op::Players: {
          std::int64_t n;
          if (!int_in(c, row, 3, 4, n)) return false;
          r.players = static_cast<std::uint8_t>(n);
          break;
        }
        case Op::Kita: {
          std::int64_t n;
          if (!int_in(c, row, 0, 4, n)) return false;
          r.kita = static_cast<std::uint8_t>(n);
          break;
        }
        // The reader's own functions: their errors are its errors, at the same member.
        case Op::Method:
          // A text column's usual value without a view; anything else read (and refused) as before.
          if (!is_string(c.type) || !method_named(c.string_at(row), r.method))
            r.method = parse_method(CellView(&c, row, &scratch_), "method");
          break;
        case Op::OptionsStruct:
          if (have_constant_rules_) r.rules = constant_rules_;
          else if (struct_options_.read(row, scratch_, r.rules)) keep_rules(r.rules);
          else keep_rules(r.rules = read_riichi_options(CellView(&c, row, &scratch_)));
          break;
        case Op::OptionsText:
          if (have_constant_rules_) r.rules = constant_rules_;
          else keep_rules(r.rules = read_riichi_options(CellView(parsed_options(c, row, scratch_), &scratch_)));
          break;
      }
    }
    if (scratch_.constant_options) {
      if (have_constant_rules_) r.rules = constant_rules_;
      else keep_rules(r.rules = read_riichi_options(CellView(scratch_.constant_options, &scratch_)));
    }
    return true;
  }
  // Rules read from an options value every row of the range holds: every later row takes them
  // (a value that fails to read is read, and fails, in each row).
  void keep_rules(const RiichiRules& rules) {
    if (!options_constant_) return;
    constant_rules_ = rules;
    have_constant_rules_ = true;
  }

  void fail(RowOut& out, std::size_t yaku_before, ErrorCode code, std::string_view message) {
    out = RowOut{};
    out.error = static_cast<std::uint8_t>(1 + static_cast<int>(code));
    part_.yaku.resize(yaku_before);
    part_.yaku_han.resize(yaku_before);
    part_.messages += message;
  }
  bool failed(const ResultError* e, RowOut& out) {
    if (!e) return false;
    // e->text() without a string of its own: "field: message" appended in place (bulk scoring
    // fails many rows, most with one of two static errors: not_winning, no_yaku).
    if (!e->field.empty()) {
      part_.messages += e->field;
      part_.messages += ": ";
    }
    fail(out, part_.yaku.size(), e->code, e->message);
    return true;
  }

  void take(const RiichiResult& r, RowOut& out) {
    if (!r.ok) {
      if (!failed(r.error.get(), out)) fail(out, part_.yaku.size(), ErrorCode::InvalidInput, "");
      return;
    }
    out.ok = true;
    out.han = r.han;
    out.fu = r.fu;
    out.yakuman = r.yakuman;
    const auto& exact = r.payments.exact;
    if (!exact) out.total = r.payments.total;
    else if (exact->total.fits_int64()) out.total = exact->total.to_int64();
    else out.total_null = true;
    out.limit = static_cast<std::uint8_t>(r.payments.limit);
    for (const YakuEntry& y : r.yaku) {
      part_.yaku.push_back(static_cast<std::uint8_t>(y.yaku));
      part_.yaku_han.push_back(y.han);
    }
  }
  void take(const KoreanResult& r, RowOut& out) {
    if (failed(r.error.get(), out)) return;
    out.ok = true;
    out.han = r.han;
    out.total = r.has_points ? r.total : 0;
  }
  void take(const HktwResult& r, RowOut& out) {
    if (failed(r.error.get(), out)) return;
    out.ok = true;
    out.total = r.total;
    out.limit = r.limited ? kHouseLimit : 0;
  }

  void store(std::int64_t i, const RowOut& r, std::size_t yaku, std::size_t message) {
    if (r.ok) set_bit(out_.ok, i);
    put<std::int32_t>(out_.han, i, r.han);
    put<std::int32_t>(out_.fu, i, r.fu);
    put<std::int32_t>(out_.yakuman, i, r.yakuman);
    put<std::int64_t>(out_.total, i, r.total);
    if (r.total_null) clear_bit(out_.total_valid, i);
    if (r.limit) {
      out_.limit[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(r.limit - 1);
      set_bit(out_.limit_valid, i);
    }
    if (r.error) {
      out_.error[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(r.error - 1);
      set_bit(out_.error_valid, i);
    }
    out_.yaku_offsets[static_cast<std::size_t>(i) + 1] = static_cast<std::int32_t>(yaku);
    out_.message_offsets[static_cast<std::size_t>(i) + 1] = static_cast<std::int32_t>(message);
  }

  const ArrowNode& batch_;
  Out& out_;
  Part& part_;
  const ArrowNode* rules_ = nullptr;
  // A bool flag column of the plan.
  struct FlagStep {
    const std::uint8_t* mask;  // the validity bits, or the values themselves when no cell is null
    const std::uint8_t* values;
    std::int64_t offset;
    bool RiichiRequest::*flag;
  };
  // A utf8 tile-text column of the plan (hand, win_tile, dora and ura indicators).
  struct TextStep {
    const std::uint8_t* validity;  // null: no null cell
    const std::int32_t* offsets;   // at the array's own offset
    const char* chars;
    std::int64_t offset;
    std::string_view riichi_reader::RiichiFields::*text;
    bool riichi_reader::RiichiFields::*have;
  };
  std::vector<Step> plan_;  // every column but the flags and utf8 tile texts, the reader's own calls last
  std::vector<FlagStep> flags_;
  std::vector<TextStep> texts_;
  bool planned_ = false;
  bool options_constant_ = false, have_constant_rules_ = false;
  StructOptions struct_options_;  // options varying row to row, as a struct column
  RiichiRules constant_rules_;
  RowScratch scratch_;
  std::unique_ptr<riichi_reader::RiichiFields> fields_;
  RiichiResult result_;
};

void score_part(const ArrowNode& batch, const Json* constant_options, std::int64_t begin, std::int64_t end, Out& out,
                Part& part) {
  try {
    RowScorer(batch, constant_options, begin, end, out, part).run(begin, end);
  } catch (...) {
    part.failure = std::current_exception();
  }
}

// Row sizes at [i + 1] made offsets, in place.
void prefix_sum(std::vector<std::int32_t>& v) {
  std::int64_t sum = 0;
  for (std::size_t i = 1; i < v.size(); ++i) {
    sum += v[i];
    if (sum > std::numeric_limits<std::int32_t>::max())
      throw std::length_error("a column of a batch holds over 2 GiB (int32 offsets): use smaller batches");
    v[i] = static_cast<std::int32_t>(sum);
  }
}

std::vector<Column> build_columns(std::int64_t rows, Out& o, std::vector<Part>& parts) {
  prefix_sum(o.yaku_offsets);
  prefix_sum(o.message_offsets);
  std::vector<std::uint8_t> yaku, yaku_han, messages;
  yaku.reserve(static_cast<std::size_t>(o.yaku_offsets.back()));
  yaku_han.reserve(2 * yaku.capacity());
  messages.reserve(static_cast<std::size_t>(o.message_offsets.back()));
  for (Part& p : parts) {
    yaku.insert(yaku.end(), p.yaku.begin(), p.yaku.end());
    const auto* han = reinterpret_cast<const std::uint8_t*>(p.yaku_han.data());
    yaku_han.insert(yaku_han.end(), han, han + 2 * p.yaku_han.size());
    messages.insert(messages.end(), p.messages.begin(), p.messages.end());
    p = Part{};
  }
  const std::int64_t items = o.yaku_offsets.back();
  using T = ColumnType;
  std::vector<Column> out;
  out.reserve(10);
  out.push_back(Column::from_buffers("ok", T::Bool, rows, std::move(o.ok)));
  out.push_back(Column::from_buffers("han", T::Int32, rows, std::move(o.han)));
  out.push_back(Column::from_buffers("fu", T::Int32, rows, std::move(o.fu)));
  out.push_back(Column::from_buffers("yakuman", T::Int32, rows, std::move(o.yakuman)));
  out.push_back(Column::from_buffers("total", T::Int64, rows, std::move(o.total), {}, std::move(o.total_valid)));
  out.push_back(Column::from_buffers("limit", T::Int8, rows, std::move(o.limit), {}, std::move(o.limit_valid)));
  out.back().set_dictionary(limit_names());
  std::vector<std::uint8_t> message_valid = o.error_valid;
  out.push_back(Column::from_buffers("error", T::Int8, rows, std::move(o.error), {}, std::move(o.error_valid)));
  out.back().set_dictionary(error_codes());
  out.push_back(Column::from_buffers("message", T::Utf8, rows, std::move(messages), std::move(o.message_offsets),
                                     std::move(message_valid)));
  Column yaku_item = Column::from_buffers("item", T::Int8, items, std::move(yaku));
  yaku_item.set_dictionary(yaku_keys());
  std::vector<std::int32_t> han_offsets = o.yaku_offsets;
  out.push_back(Column::from_buffers("yaku", T::List, rows, {}, std::move(o.yaku_offsets), {}, {std::move(yaku_item)}));
  out.push_back(Column::from_buffers("yaku_han", T::List, rows, {}, std::move(han_offsets), {},
                                     {Column::from_buffers("item", T::Int16, items, std::move(yaku_han))}));
  return out;
}

}  // namespace

std::vector<Column> score_batch(const ArrowNode& batch, const Json* constant_options, int threads) {
  const std::int64_t rows = batch.length;
  if (constant_options)
    for (const ArrowNode& c : batch.children)
      if (c.key == riichi_reader::Key::Options)
        throw ColumnError("options", "options are given for every row and as a column: give one of them");
  // Threads only pay for themselves past a few thousand rows.
  constexpr std::int64_t kRowsPerThread = 2048;
  std::int64_t n = threads < 1 ? 1 : threads;
  if (n > rows / kRowsPerThread) n = rows / kRowsPerThread > 0 ? rows / kRowsPerThread : 1;
#if defined(__EMSCRIPTEN__)
  n = 1;
#endif
  Out out(rows);
  std::vector<Part> parts(static_cast<std::size_t>(n));
  // Ranges start at multiples of 8 rows: each bitmap byte is one thread's.
  auto begin_of = [&](std::int64_t k) { return k == n ? rows : rows * k / n / 8 * 8; };
#if !defined(__EMSCRIPTEN__)
  std::vector<std::thread> workers;
  workers.reserve(static_cast<std::size_t>(n - 1));
  for (std::int64_t k = 1; k < n; ++k)
    workers.emplace_back(score_part, std::cref(batch), constant_options, begin_of(k), begin_of(k + 1), std::ref(out),
                         std::ref(parts[static_cast<std::size_t>(k)]));
  score_part(batch, constant_options, 0, begin_of(1), out, parts[0]);
  for (std::thread& t : workers) t.join();
#else
  score_part(batch, constant_options, 0, rows, out, parts[0]);
#endif
  for (const Part& p : parts)
    if (p.failure) std::rethrow_exception(p.failure);
  return build_columns(rows, out, parts);
}

Metadata score_table_metadata() { return {{"tenbou.table", "score"}, {"tenbou.version", version()}}; }

}  // namespace tenbou::tables
