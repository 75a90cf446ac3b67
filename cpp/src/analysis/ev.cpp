// The expected-value search of discards (issue 27; the model: ev.hpp, docs/analysis.md).
#include "analysis/ev.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <algorithm>
#include <cstdlib>
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "core/limits.hpp"
#include "core/suggest.hpp"
#include "tenbou/error.hpp"
#include "tenbou/notation.hpp"
#include "tenbou/payments.hpp"
#include "tenbou/riichi.hpp"
#include "tenbou/shanten.hpp"
#include "tenbou/tiles.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou {

namespace {

std::string type_phrase(const Json& v) { return std::string(Json::type_name(v.type())); }

std::int64_t int_in(const Json& v, const char* field, std::int64_t lo, std::int64_t hi, const char* why) {
  if (v.type() != Json::Type::Int)
    throw InputError("bad_type", field, "must be an integer, not " + type_phrase(v));
  const std::int64_t n = v.as_int();
  if (n < lo || n > hi)
    throw InputError("bad_value", field,
                     "must be between " + std::to_string(lo) + " and " + std::to_string(hi) + why + ", got " +
                         std::to_string(n));
  return n;
}

}  // namespace

EvOptions ev_options_from(const Json& ev) {
  EvOptions o;
  if (ev.type() != Json::Type::Object)
    throw InputError("bad_type", "ev", "must be an object such as {\"turns\": 17, \"objective\": \"score\"}, not " +
                                           type_phrase(ev));
  for (const auto& [key, value] : ev.members()) {
    if (key == "turns") {
      o.turns = static_cast<int>(int_in(value, "ev.turns", 1, kMaxEvTurns, " (draws)"));
    } else if (key == "objective") {
      if (value.type() != Json::Type::String)
        throw InputError("bad_type", "ev.objective", "must be a string, not " + type_phrase(value));
      if (value.as_string() == "win") o.objective_win = true;
      else if (value.as_string() == "score") o.objective_win = false;
      else
        throw InputError("bad_value", "ev.objective",
                         "must be \"score\" or \"win\", got \"" + echo(value.as_string()) + "\"");
    } else if (key == "max_states") {
      o.max_states = int_in(value, "ev.max_states", 1, kMaxEvStates, " (hand x turn states)");
    } else {
      throw InputError("unknown_key", "ev." + key,
                       "unknown ev key '" + echo(key) + "'" + did_you_mean(key, {"turns", "objective", "max_states"}));
    }
  }
  return o;
}

namespace {

void add_meld_tiles(TileCounts& counts, const Meld& m) {
  for (int k = 0; k < m.size(); ++k) ++counts[m.kind == MeldKind::Chi ? m.tile + k : m.tile];
}

// Red fives written in one tile field of the request (visible, own_discards, indicators).
void count_reds(const Json& request, const char* key, std::array<int, 3>& reds) {
  const Json* v = request.find(key);
  if (!v) return;
  TileTextRoom room;
  for (const ParsedTile& t : parse_tiles(tile_field(JsonView(*v), key, room, TileForm{true, false}), key))
    if (t.red) ++reds[static_cast<int>(suit_of(t.tile))];
}

struct Key {
  std::uint64_t a, b;
  bool operator==(const Key& o) const { return a == o.a && b == o.b; }
};
struct KeyHash {
  std::size_t operator()(const Key& k) const {
    std::uint64_t h = k.a * 0x9E3779B97F4A7C15ull ^ (k.b + 0x632BE59BD9B4E019ull + (k.a >> 29));
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
};
using Reds = std::array<std::uint8_t, 3>;

// Key -> 32-bit value, open addressing with linear probing (the search's hot lookups).
class FlatMap {
 public:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  std::uint32_t find(const Key& k) const {
    if (slots_.empty()) return kNone;
    for (std::size_t i = KeyHash()(k) & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (!s.used) return kNone;
      if (s.key == k) return s.value;
    }
  }
  // The value of k, to replace it in place; nullptr when k is absent.
  std::uint32_t* find_value(const Key& k) {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = KeyHash()(k) & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.key == k) return &s.value;
    }
  }
  void insert(const Key& k, std::uint32_t v) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    place(k, v);
    ++size_;
  }
  // Empty, the room kept.
  void clear() {
    std::fill(slots_.begin(), slots_.end(), Slot{});
    size_ = 0;
  }
  std::size_t bytes() const { return slots_.capacity() * sizeof(Slot); }

 private:
  struct Slot {
    Key key{0, 0};
    std::uint32_t value = 0;
    bool used = false;
  };
  void place(const Key& k, std::uint32_t v) {
    std::size_t i = KeyHash()(k) & mask_;
    while (slots_[i].used) i = (i + 1) & mask_;
    slots_[i] = {k, v, true};
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 64 : 2 * old.size(), Slot{});
    mask_ = slots_.size() - 1;
    for (const Slot& s : old)
      if (s.used) place(s.key, s.value);
  }
  std::vector<Slot> slots_;
  std::size_t mask_ = 0, size_ = 0;
};

Key key_of(const TileCounts& h, const Reds& reds) {
  Key k{0, 0};
  for (int t = 0; t < 21; ++t) k.a |= std::uint64_t{h[t]} << (3 * t);
  for (int t = 21; t < kTileKinds; ++t) k.b |= std::uint64_t{h[t]} << (3 * (t - 21));
  k.b |= std::uint64_t{reds[0]} << 40 | std::uint64_t{reds[1]} << 41 | std::uint64_t{reds[2]} << 42;
  return k;
}

// The key with one more (+1) or one fewer (-1) copy of t: counts stay within 3 bits.
inline Key key_plus(Key k, int t, int delta) {
  if (t < 21) k.a += static_cast<std::uint64_t>(static_cast<std::int64_t>(delta)) << (3 * t);
  else k.b += static_cast<std::uint64_t>(static_cast<std::int64_t>(delta)) << (3 * (t - 21));
  return k;
}
// Bit 3t of each 3-bit count t of a key word, and that bit set where the count is not 0.
constexpr std::uint64_t kCountBits = 0x1249249249249249ull;
inline std::uint64_t nonzero_counts(std::uint64_t v) { return (v | v >> 1 | v >> 2) & kCountBits; }
// The tiles whose 3-bit counts differ between two plain keys, as bits.
inline std::uint64_t tiles_differing(const Key& x, const Key& y) {
  std::uint64_t differ = 0;
  for (std::uint64_t m = nonzero_counts(x.a ^ y.a); m; m &= m - 1) differ |= std::uint64_t{1} << (lowest_bit(m) / 3);
  for (std::uint64_t m = nonzero_counts(x.b ^ y.b) & ((std::uint64_t{1} << 39) - 1); m; m &= m - 1)
    differ |= std::uint64_t{1} << (21 + lowest_bit(m) / 3);
  return differ;
}
inline Key with_reds(Key k, const Reds& reds) {
  k.b = (k.b & ((std::uint64_t{1} << 40) - 1)) | std::uint64_t{reds[0]} << 40 | std::uint64_t{reds[1]} << 41 |
        std::uint64_t{reds[2]} << 42;
  return k;
}

bool is_five(Tile t) { return t < 27 && t % 9 == 4; }

// The closed forms' shanten of a hand read off its plain key (3 bits a count; tiles 0-20 in
// a, 21-33 in b), the counts of ClosedFormsShanten without its pass over the 34 kinds: most
// hands of the search are far from both forms, and then nothing more is asked of them.
struct ClosedForms {
  int seven_pairs, thirteen_orphans;
};
inline ClosedForms closed_forms_of(const Key& plain) {
  constexpr std::uint64_t kB = (std::uint64_t{1} << 39) - 1;
  // Terminals and honours: 1m 9m 1p 9p 1s (a), 9s and the honours (b: tiles 26-33).
  constexpr std::uint64_t kOrphansA = 1ull << 0 | 1ull << 24 | 1ull << 27 | 1ull << 51 | 1ull << 54;
  constexpr std::uint64_t kOrphansB = 1ull << 15 | 1ull << 18 | 1ull << 21 | 1ull << 24 | 1ull << 27 | 1ull << 30 |
                                      1ull << 33 | 1ull << 36;
  const std::uint64_t a = plain.a, b = plain.b & kB;
  const std::uint64_t held_a = nonzero_counts(a), held_b = nonzero_counts(b);
  const std::uint64_t two_a = (a >> 1 | a >> 2) & kCountBits, two_b = (b >> 1 | b >> 2) & kCountBits;
  // (b's bits moved up one: the two words' bits 3t and 3t + 1 never meet, one count each.)
  const int kinds = bit_count(held_a | held_b << 1), pairs = bit_count(two_a | two_b << 1);
  const int orphan_kinds = bit_count((held_a & kOrphansA) | (held_b & kOrphansB) << 1);
  const bool orphan_pair = ((two_a & kOrphansA) | (two_b & kOrphansB)) != 0;
  // = seven_pairs_from (distinct pairs, Riichi) and thirteen_orphans_from (shanten.cpp).
  return {6 - pairs + std::max(0, 7 - kinds), 13 - orphan_kinds - (orphan_pair ? 1 : 0)};
}

// sum[k] += count * v[k] for three fields, k < T (separate arrays: the compiler may
// vectorise; each element gets the same operations as one at a time).
inline void add_scaled(double* __restrict sw, double* __restrict ss, double* __restrict st, const double* __restrict w,
                       const double* __restrict s, const double* __restrict t, double count, int T) {
  for (int k = 0; k < T; ++k) {
    sw[k] += count * w[k];
    ss[k] += count * s[k];
    st[k] += count * t[k];
  }
}

// The best so far (b*: win, score, tenpai, candidate index) against one more candidate (c*),
// at every k < T: taken when better for the objective (win then score, or score then win).
template <bool kWinFirst>
inline void take_better(double* __restrict bw, double* __restrict bs, double* __restrict bt, double* __restrict bc,
                        const double* __restrict cw, const double* __restrict cs, const double* __restrict ct,
                        double index, int T) {
  int k = 0;
#if defined(__SSE2__)
  // Two k at a time: the same comparisons, as masks (the scalar loop below is the definition).
  const __m128d at = _mm_set1_pd(index);
  for (; k + 2 <= T; k += 2) {
    const __m128d w = _mm_loadu_pd(bw + k), s = _mm_loadu_pd(bs + k);
    const __m128d w2 = _mm_loadu_pd(cw + k), s2 = _mm_loadu_pd(cs + k);
    const __m128d take = kWinFirst ? _mm_or_pd(_mm_cmpgt_pd(w2, w), _mm_and_pd(_mm_cmpeq_pd(w2, w), _mm_cmpgt_pd(s2, s)))
                                   : _mm_or_pd(_mm_cmpgt_pd(s2, s), _mm_and_pd(_mm_cmpeq_pd(s2, s), _mm_cmpgt_pd(w2, w)));
    const auto pick = [&](__m128d yes, __m128d no) { return _mm_or_pd(_mm_and_pd(take, yes), _mm_andnot_pd(take, no)); };
    _mm_storeu_pd(bw + k, pick(w2, w));
    _mm_storeu_pd(bs + k, pick(s2, s));
    _mm_storeu_pd(bt + k, pick(_mm_loadu_pd(ct + k), _mm_loadu_pd(bt + k)));
    _mm_storeu_pd(bc + k, pick(at, _mm_loadu_pd(bc + k)));
  }
#endif
  for (; k < T; ++k) {
    const bool take = kWinFirst ? (cw[k] > bw[k] || (cw[k] == bw[k] && cs[k] > bs[k]))
                                : (cs[k] > bs[k] || (cs[k] == bs[k] && cw[k] > bw[k]));
    if (take) bw[k] = cw[k], bs[k] = cs[k], bt[k] = ct[k], bc[k] = index;
  }
}

}  // namespace

namespace ev_detail {

// A hand state of the search: a 13-tile hand (with its red fives) and its values for every
// number of draws already made.
struct Node {
  TileCounts hand;
  Reds reds;
  int shanten = 0;
  std::uint32_t values = 0;                 // 3 x (T + 1): win, score, tenpai by draws made
  std::uint32_t out_begin = 0, out_end = 0;  // outcomes (free hands)
  std::uint32_t choices = 0;                // per outcome, per draws made k: the candidate taken at draw k + 1
  int w = 0;                                // ready: winning copies in the wall (with a yaku)
  double s_riichi = 0, s_ippatsu = 0;  // ready: sum over winning copies of points (riichi, ippatsu)
  // Sharing between the roots (discards) of one request: the root profile the node was
  // built under, the tiles whose wall count or held count at the root its subtree read
  // (bit t), and the next node of the same hand built under an incompatible profile.
  std::uint64_t depends = ~std::uint64_t{0};
  std::uint16_t profile = 0;
  std::uint32_t next = 0xFFFFFFFFu;
  Key plain{0, 0};  // key_of(hand, no reds)
};
struct Outcome {
  int count;  // copies in the wall that give this draw
  std::uint32_t cand_begin, cand_end;
  Tile tile;
  bool red;
};

// The nodes of the roots with one wall size and one count of red fives. The roots differ
// in their wall and hand counts only at their discarded tiles (a profile each); a node
// built under one profile serves another when its subtree never read a tile where the two
// differ, so the subtrees the discards have in common are built once.
struct Store {
  int W = 0;
  std::array<int, 3> qred{};
  struct Profile {
    TileCounts q, root;
    Key q_key, root_key;                 // key_of(q), key_of(root) (counts up to 4)
    std::vector<std::uint64_t> differs;  // by earlier profile: the tiles where the two differ
  };
  std::vector<Profile> profiles;
  std::vector<Node> nodes;
  std::vector<double> vals;
  std::vector<Outcome> outs;
  std::vector<std::uint32_t> cands;
  std::vector<std::uint8_t> choice;
  FlatMap memo;  // (hand, reds) -> the newest node of that hand (then Node::next)
  std::vector<double> mass, next_mass;  // scratch of forward()
  std::vector<std::uint32_t> active, next_active;
  // A ready node's win chances by draws made depend on its winning copies w alone (the
  // wall size is the store's): row w, T + 1 values, computed once (empty: not yet).
  std::vector<std::vector<double>> win_rows;
  bool used = false;  // false: emptied for another request (Shared::clear), its room kept

  void clear() {
    W = 0, qred = {}, used = false;
    profiles.clear(), nodes.clear(), vals.clear(), outs.clear(), cands.clear(), choice.clear();
    memo.clear();
    mass.clear(), next_mass.clear(), active.clear(), next_active.clear();
    win_rows.clear();
  }
  std::size_t bytes() const {
    return nodes.capacity() * sizeof(Node) + vals.capacity() * sizeof(double) + outs.capacity() * sizeof(Outcome) +
           cands.capacity() * sizeof(std::uint32_t) + choice.capacity() + memo.bytes() +
           (mass.capacity() + next_mass.capacity()) * sizeof(double) +
           (active.capacity() + next_active.capacity()) * sizeof(std::uint32_t);
  }
};

// What every root of one request shares: shanten of 13-tile hands and the shanten after
// each draw (counts only), the discards that keep a 14-tile hand's shanten, the scorer's
// answers on completed hands, and the nodes.
struct Shared {
  struct HandFacts {
    std::int8_t shanten;
    // The shanten of the 14 tiles with each kind drawn where it is below the hand's own
    // (else any value not below it: only `after < shanten` is ever asked).
    std::array<std::int8_t, kTileKinds> after;
  };
  struct Scored {
    bool ok = false;
    bool dama_known = false;      // a closed hand not declared: dama is scored only for the roots
    double dama = 0, riichi = 0;  // totals without and with riichi (the request's flags if declared)
    int han = 0, fu = 0, yakuman = 0;  // of the riichi (or declared) result
  };
  FlatMap shanten;  // -> shanten + 8
  FlatMap facts_at;
  std::vector<HandFacts> facts;
  FlatMap scored_at;
  std::vector<Scored> scored;
  FlatMap points_at;                 // (fu, yakuman) -> a row of points by han, in points
  std::vector<double> points;
  static constexpr int kPointsRow = 64;  // han 0..63 (more: computed each time)
  FlatMap wins_at;                   // ready 13-tile hand -> its winning tiles (bits), in wins
  std::vector<std::uint64_t> wins;
  FlatMap keep_at;                   // 14-tile hand -> its discards keeping the shanten, in keep
  std::vector<std::uint8_t> keep;    // tile kinds ascending, each list ended by kEnd
  static constexpr std::uint8_t kEnd = 0xFF;
  std::vector<std::unique_ptr<Store>> stores;
  // The request's tables (its players'), filled by the first root.
  bool tables = false;
  std::array<Tile, kTileKinds> dora_of{};                  // the dora each indicator names
  std::array<std::uint64_t, kTileKinds> indicators_of{};  // by dora: the indicators naming it
  std::uint64_t rules = 0;                                 // the tiles of the rules' set

  // Emptied for the next request on the thread (EvSearch), the room of its tables and of
  // one store kept: that search then grows into memory already touched.
  void clear() {
    shanten.clear(), facts_at.clear(), scored_at.clear(), points_at.clear(), wins_at.clear(), keep_at.clear();
    facts.clear(), scored.clear(), points.clear(), wins.clear(), keep.clear();
    if (stores.size() > 1) stores.resize(1);
    if (!stores.empty()) stores.front()->clear();
    tables = false;
    dora_of = {};
    indicators_of = {};
    rules = 0;
  }
  std::size_t bytes() const {
    std::size_t n = shanten.bytes() + facts_at.bytes() + scored_at.bytes() + points_at.bytes() + wins_at.bytes() +
                    keep_at.bytes() + facts.capacity() * sizeof(HandFacts) + scored.capacity() * sizeof(Scored) +
                    points.capacity() * sizeof(double) + wins.capacity() * sizeof(std::uint64_t) + keep.capacity();
    for (const auto& store : stores) n += store->bytes();
    return n;
  }
};

// One root: the hand after the discard under analysis. Nodes are 13-tile hands (with
// their red fives); each holds its values for every number of draws already made.
class RootSearch {
 public:
  RootSearch(const HandBeforeWin& b, const Json& after, const EvOptions& o, std::int64_t& states, Shared& shared)
      : o_(o), states_(states), shared_(shared), T_(o.turns) {
    const RiichiRequest& r = b.riichi;
    tmpl_ = r;
    tmpl_.ura_indicators = IndicatorList();
    tmpl_.ippatsu = tmpl_.haitei = tmpl_.houtei = tmpl_.rinshan = tmpl_.chankan = false;
    tmpl_.tenhou = tmpl_.chiihou = tmpl_.renhou = false;
    work_ = tmpl_;
    declared_ = r.riichi || r.double_riichi;
    closed_ = r.closed();
    three_ = r.players == 3;
    sets_ = 4 - b.melds;
    for (const Meld& m : r.melds) add_meld_tiles(meld_tiles_, m);
    if (!shared_.tables) {  // (the players, so these, are the request's: every root's)
      shared_.tables = true;
      for (int k = 0; k < kTileKinds; ++k) {
        shared_.dora_of[k] = dora_from_indicator(static_cast<Tile>(k), r.players);
        shared_.indicators_of[shared_.dora_of[k]] |= std::uint64_t{1} << k;
        if (!three_ || in_three_player_set(static_cast<Tile>(k))) shared_.rules |= std::uint64_t{1} << k;
      }
    }
    rules_ = shared_.rules;
    root_ = b.hand;
    root_reds_ = {r.hand_reds[0], r.hand_reds[1], r.hand_reds[2]};
    // Copies that exist and the player has not seen, plus the root hand's own: the wall
    // holds q_[x] - hand[x] copies of every tile that can still matter.
    W_ = 0;
    for (int t = 0; t < kTileKinds; ++t) {
      const int exist = three_ && !in_three_player_set(static_cast<Tile>(t)) ? 0 : 4;
      const int unseen = std::max(0, exist - b.seen[t]);
      W_ += unseen;
      q_[t] = static_cast<std::uint8_t>(unseen + root_[t]);
    }
    std::array<int, 3> seen_reds{};
    for (const char* key : {"visible", "own_discards", "dora_indicators", "ura_indicators"}) count_reds(after, key, seen_reds);
    for (const Meld& m : r.melds)
      if (m.reds) seen_reds[static_cast<int>(suit_of(m.tile))] += m.reds;
    for (int s = 0; s < 3; ++s) {
      const bool exists = r.rules.red_fives && !(three_ && s == 0);
      // Red fives not seen elsewhere: those in the wall plus those held (red wall = qred - held).
      qred_[s] = std::max(0, (exists ? 1 : 0) - seen_reds[s]);
    }
    if (T_ > W_)
      throw InputError("bad_value", "ev.turns",
                       std::to_string(T_) + " draws asked; the wall holds only " + std::to_string(W_) + " unseen tiles");
    for (const auto& store : shared_.stores)
      if (store->used && store->W == W_ && store->qred == qred_) st_ = store.get();
    if (!st_) {
      for (const auto& store : shared_.stores)
        if (!store->used) st_ = store.get();  // an emptied one (its room kept)
      if (!st_) {
        shared_.stores.push_back(std::make_unique<Store>());
        st_ = shared_.stores.back().get();
      }
      st_->used = true;
      st_->W = W_;
      st_->qred = qred_;
      // Room for a small search up front (a ready or 1-shanten hand's whole answer), so
      // the vectors do not grow from a few elements by reallocation and copy.
      constexpr std::size_t kFirstNodes = 256;
      if (st_->nodes.capacity() == 0) {
        st_->nodes.reserve(kFirstNodes);
        st_->vals.reserve(kFirstNodes * 3 * (T_ + 1));
        st_->outs.reserve(4 * kFirstNodes);
        st_->cands.reserve(8 * kFirstNodes);
        st_->choice.reserve(4 * kFirstNodes * T_);
      }
    }
    root_key_ = key_of(root_, Reds{});
    Store::Profile p{q_, root_, key_of(q_, Reds{}), root_key_, {}};
    p.differs.reserve(st_->profiles.size());
    for (const Store::Profile& other : st_->profiles) {
      // (The keys find the few tiles where the two differ: the roots' discards.)
      std::uint64_t differs = tiles_differing(other.q_key, p.q_key) | tiles_differing(other.root_key, p.root_key);
      for (std::uint64_t m = differs; m; m &= m - 1) {
        const int t = lowest_bit(m);
        // The ura dependence below (Store) assumes the unseen count q - root is common and
        // the held counts differ by at most one; otherwise nothing is shared.
        if (other.q[t] - other.root[t] != q_[t] - root_[t] || std::abs(other.root[t] - root_[t]) > 1) {
          differs = ~0ull;
          break;
        }
      }
      p.differs.push_back(differs);
    }
    if (st_->profiles.size() >= 0xFFFF) throw InputError("too_costly", "ev", "too many discards to search");
    profile_ = static_cast<std::uint16_t>(st_->profiles.size());
    st_->profiles.push_back(std::move(p));
    if (closed_) root_pool_ = ura_base_of(root_);
  }

  EvValue run() {
    const std::uint32_t id = node_of(root_, root_reds_);
    EvValue v;
    const Node& n = st_->nodes[id];
    v.win = at(n, kWin, 0);
    v.score = at(n, kScore, 0);
    v.tenpai = at(n, kTenpai, 0);
    forward(id, v);
    if (n.shanten == 0 && closed_ && !declared_) {
      v.ready_closed = true;
      v.riichi_win = v.dama_win = v.win;
      v.riichi_score = v.score;
      // Dama: the same locked hand without riichi's han, ippatsu and ura (the hand's dama
      // points, scored for the roots only: a ready hand deeper in the search declares).
      double s_dama = 0;
      each_win(n.hand, n.reds, n.plain, [&](Tile x, bool red, int copies) {
        const Shared::Scored& sc = scored(n.hand, n.reds, n.plain, x, red, true);
        if (sc.ok) s_dama += copies * sc.dama;
      });
      double s = 0;
      for (int k = T_ - 1; k >= 0; --k) {
        const double Wk = W_ - k;
        s = (s_dama + (Wk - n.w) * s) / Wk;
      }
      v.dama_score = s;
    }
    return v;
  }

 private:
  enum Field { kWin = 0, kScore = 1, kTenpai = 2 };

 public:
  // The policy the values are those of (for the simulation test, tests/cpp/ev_sim.cpp):
  // with k draws made, `x` (red or not) is drawn into `h`; true when it is kept (h and reds
  // then hold the hand after the chosen discard), false when it is discarded or the hand is ready.
  bool play(TileCounts& h, Reds& reds, int k, Tile x, bool red) const {
    const std::uint32_t found = find_node(key_of(h, reds));
    if (found == FlatMap::kNone || k < 0 || k >= T_) return false;
    const Node& n = st_->nodes[found];
    for (std::uint32_t i = n.out_begin; i < n.out_end; ++i) {
      const Outcome& o = st_->outs[i];
      if (o.tile != x || o.red != red) continue;
      const std::uint32_t pick = st_->choice[n.choices + static_cast<std::size_t>(i - n.out_begin) * T_ + k];
      const Node& child = st_->nodes[st_->cands[o.cand_begin + pick]];
      h = child.hand;
      reds = child.reds;
      return true;
    }
    return false;
  }

 private:

  double at(const Node& n, Field f, int k) const { return st_->vals[n.values + f * (T_ + 1) + k]; }
  double& at(std::uint32_t id, Field f, int k) { return st_->vals[st_->nodes[id].values + f * (T_ + 1) + k]; }

  int shanten13(const TileCounts& h, const Key& key) {
    if (const std::uint32_t v = shared_.shanten.find(key); v != FlatMap::kNone) return static_cast<int>(v) - 8;
    int s = standard_draws_needed(h, sets_, three_) - 1;
    if (sets_ == 4) {
      s = std::min(s, shanten_seven_pairs(h, true));
      s = std::min(s, shanten_thirteen_orphans(h));
    }
    shared_.shanten.insert(key, static_cast<std::uint32_t>(s + 8));
    return s;
  }

  // Shanten of the hand and of the hand with each kind drawn (99: no such draw).
  // key: key_of(h, Reds{}); s: the hand's shanten (its node's).
  const Shared::HandFacts& facts(const TileCounts& h, const Key& key, int s) {
    if (const std::uint32_t v = shared_.facts_at.find(key); v != FlatMap::kNone) return shared_.facts[v];
    Shared::HandFacts f;
    f.shanten = static_cast<std::int8_t>(s);
    const StandardShanten standard(h, sets_, three_);
    const int standard_now = standard.draws_needed() - 1;
    // A drawn tile lowers a form's count by one at most: a form above the hand's shanten
    // cannot take it below (its lookups skipped; the value kept is then not below s).
    const bool standard_counts = standard_now == s;
    const ClosedForms forms = closed_forms_of(key);
    const bool pairs_count = sets_ == 4 && forms.seven_pairs == s;
    const bool orphans_count = sets_ == 4 && forms.thirteen_orphans == s;
    std::optional<ClosedFormsShanten> closed;
    if (pairs_count || orphans_count) closed.emplace(h, true);
    const std::uint64_t near = near_tiles(h);
    for (int x = 0; x < kTileKinds; ++x) {
      f.after[x] = 99;
      if (!in_rules(x) || h[x] >= 4) continue;
      // A tile with no copy or neighbour in the hand can only stand alone, where any tile of
      // the 13 already can: the standard form's count is unchanged (the lookup skipped).
      int after = standard_counts && (near >> x & 1) ? standard.draws_needed_with(static_cast<Tile>(x)) - 1 : s;
      if (pairs_count) after = std::min(after, closed->seven_pairs_with(static_cast<Tile>(x)));
      if (orphans_count) after = std::min(after, closed->thirteen_orphans_with(static_cast<Tile>(x)));
      f.after[x] = static_cast<std::int8_t>(after);
    }
    shared_.facts_at.insert(key, static_cast<std::uint32_t>(shared_.facts.size()));
    shared_.facts.push_back(f);
    return shared_.facts.back();
  }

  // The discards of the 14-tile hand `drawn` that leave shanten `target` (13 tiles), as an
  // index into shared_.keep: kinds ascending, ended by Shared::kEnd.
  std::size_t keep_of(const TileCounts& drawn, const Key& drawn_key, int target) {
    Key key = drawn_key;
    key.b |= std::uint64_t(target + 8) << 51;
    if (const std::uint32_t v = shared_.keep_at.find(key); v != FlatMap::kNone) return v;
    std::uint8_t list[kTileKinds + 1];
    int n = 0;
    // One table walk for the 14 tiles, then each discard at the price of one group (a
    // 13-tile hand never has a lower shanten than the 14 it came from: == target is the test).
    // A form whose count on the 14 tiles is above target stays above it without a tile.
    const StandardShanten standard(drawn, sets_, three_);
    const ClosedForms forms = closed_forms_of(drawn_key);
    const bool pairs_count = sets_ == 4 && forms.seven_pairs <= target;
    const bool orphans_count = sets_ == 4 && forms.thirteen_orphans <= target;
    std::optional<ClosedFormsShanten> closed;
    if (pairs_count || orphans_count) closed.emplace(drawn, true);
    for (int d = 0; d < kTileKinds; ++d) {
      if (!drawn[d]) continue;
      int after = standard.draws_needed_without(static_cast<Tile>(d)) - 1;
      if (pairs_count) after = std::min(after, closed->seven_pairs_without(static_cast<Tile>(d)));
      if (orphans_count) after = std::min(after, closed->thirteen_orphans_without(static_cast<Tile>(d)));
      if (after != target) continue;
      list[n++] = static_cast<std::uint8_t>(d);  // (its node is given its shanten, target: node_of)
    }
    list[n++] = Shared::kEnd;
    const auto at_keep = static_cast<std::uint32_t>(shared_.keep.size());
    shared_.keep.insert(shared_.keep.end(), list, list + n);
    shared_.keep_at.insert(key, at_keep);
    return at_keep;
  }

  // No copy of x in h, and (a suited tile making sequences) none within two of it.
  // The tiles with a copy or (suited tiles making sequences) a tile within two in h, as
  // bits; all of them when h holds four of a kind (a fourth copy cannot stand alone for a pair).
  std::uint64_t near_tiles(const TileCounts& h) const {
    std::uint64_t held = 0;
    for (int t = 0; t < kTileKinds; ++t) {
      if (h[t] >= 4) return ~std::uint64_t{0};
      held |= std::uint64_t{h[t] != 0} << t;
    }
    // Within each suit, the held tiles spread two either way (shifts masked to the suit);
    // honours (and 1m, 9m in three-player) only themselves.
    constexpr std::uint64_t kSuit = 0x1FF;
    std::uint64_t near = held & std::uint64_t{0x7F} << 27;
    for (int s = three_ ? 1 : 0; s < 3; ++s) {
      const std::uint64_t m = held >> (9 * s) & kSuit;
      near |= ((m | m << 1 | m << 2 | m >> 1 | m >> 2) & kSuit) << (9 * s);
    }
    if (three_) near |= held & kSuit;  // 1m, 9m (2m-8m are never held)
    return near;
  }

  bool in_rules(int t) const { return !three_ || in_three_player_set(static_cast<Tile>(t)); }

  std::uint32_t node_of(const TileCounts& h, const Reds& reds) { return node_of(h, reds, key_of(h, reds)); }
  // The node of (hand, reds) that holds under this root's profile, or kNone.
  std::uint32_t find_node(const Key& key) const {
    std::uint32_t id = st_->memo.find(key);
    const std::vector<std::uint64_t>& differs = st_->profiles[profile_].differs;
    while (id != FlatMap::kNone) {
      const Node& n = st_->nodes[id];
      if (n.profile == profile_ || (n.depends & differs[n.profile]) == 0) return id;
      id = n.next;
    }
    return FlatMap::kNone;
  }

  // shanten: the hand's when the caller knows it (a discard keep_of listed), else kUnknown.
  static constexpr int kUnknown = -99;
  std::uint32_t node_of(const TileCounts& h, const Reds& reds, const Key& key, int shanten = kUnknown) {
    // find_node with the memo probed once: its head is also where a new node goes.
    std::uint32_t* head = st_->memo.find_value(key);
    {
      const std::vector<std::uint64_t>& differs = st_->profiles[profile_].differs;
      for (std::uint32_t id = head ? *head : FlatMap::kNone; id != FlatMap::kNone; id = st_->nodes[id].next) {
        const Node& n = st_->nodes[id];
        if (n.profile == profile_ || (n.depends & differs[n.profile]) == 0) return id;
      }
    }
    states_ += T_ + 1;
    if (states_ > o_.max_states)
      throw InputError("too_costly", "ev.max_states",
                       "the search needs more than " + std::to_string(o_.max_states) +
                           " (hand, turn) states; raise ev.max_states (up to " + std::to_string(kMaxEvStates) +
                           ") or ask fewer turns");
    const auto id = static_cast<std::uint32_t>(st_->nodes.size());
    Node n;
    if (head) {
      n.next = *head;
      *head = id;
    } else {
      st_->memo.insert(key, id);
    }
    n.hand = h;
    n.reds = reds;
    n.profile = profile_;
    n.values = static_cast<std::uint32_t>(st_->vals.size());
    st_->vals.resize(st_->vals.size() + 3 * (T_ + 1), 0.0);
    n.plain = with_reds(key, Reds{});
    n.shanten = shanten == kUnknown ? shanten13(h, n.plain) : shanten;
    st_->nodes.push_back(n);
    if (n.shanten == 0) build_ready(id);
    else build_free(id);
    return id;
  }

  // The scorer's answer on h + x (x red or not), kept by the completed hand and x; the
  // request is built only when it is not. want_dama: also the total without riichi of a
  // closed hand not declared (else only the riichi result, all the search below the roots
  // uses: a closed self-drawn win always has menzen tsumo, so both are ok or neither).
  // plain: key_of(h, Reds{}).
  const Shared::Scored& scored(const TileCounts& h, const Reds& reds, const Key& plain, Tile x, bool red,
                               bool want_dama) {
    Reds full_reds = reds;
    if (red) ++full_reds[static_cast<int>(suit_of(x))];
    Key key = with_reds(key_plus(plain, x, 1), full_reds);  // = key_of(h + x, full_reds)
    key.b |= std::uint64_t{x} << 44 | std::uint64_t{red} << 50;
    std::uint32_t at_index = shared_.scored_at.find(key);
    const bool both = closed_ && !declared_;
    if (at_index != FlatMap::kNone) {
      Shared::Scored& sc = shared_.scored[at_index];
      if (want_dama && !sc.dama_known) {
        RiichiRequest req = request_on(h, reds, x, red);
        sc.dama = static_cast<double>(score_riichi(req).payments.total);
        sc.dama_known = true;
      }
      return sc;
    }
    RiichiRequest req = request_on(h, reds, x, red);
    Shared::Scored sc;
    if (!both || want_dama) {
      const RiichiResult dres = score_riichi(req);
      sc.ok = dres.ok;
      sc.dama_known = true;
      if (sc.ok) {
        sc.dama = static_cast<double>(dres.payments.total);
        sc.riichi = sc.dama, sc.han = dres.han, sc.fu = dres.fu, sc.yakuman = dres.yakuman;
      }
    }
    if (both && (sc.ok || !want_dama)) {
      req.riichi = true;
      const RiichiResult res = score_riichi(req);
      sc.ok = res.ok;
      if (sc.ok) sc.riichi = static_cast<double>(res.payments.total), sc.han = res.han, sc.fu = res.fu, sc.yakuman = res.yakuman;
    }
    shared_.scored_at.insert(key, static_cast<std::uint32_t>(shared_.scored.size()));
    shared_.scored.push_back(sc);
    return shared_.scored.back();
  }
  RiichiRequest request_on(const TileCounts& h, const Reds& reds, Tile x, bool red) {
    work_.hand = h;
    work_.hand_reds = reds;
    RiichiRequest req = riichi_request_on(work_, x, true);
    req.win_red = red;
    if (red) ++req.hand_reds[static_cast<int>(suit_of(x))];
    return req;
  }

  // The points of winning on `x` (red or not) with hand h: riichi without and with ippatsu
  // (ura as an expectation; an open or declared hand: its own points). false: no yaku (an
  // open hand), not a win.
  bool win_points(const TileCounts& h, const Reds& reds, const Key& plain, Tile x, bool red, double& riichi,
                  double& ippatsu) {
    const RiichiRequest& r = tmpl_;  // (the request's own fields below: method, seat, sticks, rules)
    const Shared::Scored sc = scored(h, reds, plain, x, red, false);
    TileCounts full = h;
    ++full[x];
    if (!sc.ok) return false;
    if (!closed_) {
      riichi = ippatsu = sc.riichi;  // (= its dama: one scoring)
      return true;
    }
    // Ura dora: the indicator is one of the tiles unseen at the start less those drawn and
    // kept (docs/analysis.md); each adds its dora's copies in the full hand as han.
    // The ready hand's pool (ura_base_, build_ready), changed where the winning tile changes
    // it: its own kind's weight and the han of the indicators naming it (integer weights, so
    // the sums are exact in any order).
    std::array<double, 24> by_ura = ura_base_.by;
    double total = ura_base_.total;
    int top = ura_base_.top;
    ura_depends_ |= ura_base_.depends;
    for (std::uint64_t m = indicators_of_[x] | std::uint64_t{1} << x; m; m &= m - 1) {
      const int k = lowest_bit(m);
      ura_term(h, k, by_ura, total, top, -1);
      ura_term(full, k, by_ura, total, top, +1);
      if (full[k] >= std::max<int>(1, root_[k])) ura_depends_ |= std::uint64_t{1} << k;
    }
    PointsQuery q;
    q.method = r.method;
    q.fu = sc.fu;
    q.yakuman = sc.yakuman;
    q.dealer = r.dealer();
    q.tsumo = true;
    q.honba = r.honba;
    q.riichi_sticks = r.riichi_sticks;
    q.players = r.players;
    // The payments of one (han, fu, yakuman): everything else is the request's, common to
    // every root, so they are kept across the search, a row by han per (fu, yakuman) (one
    // lookup here, not one per han).
    const Key row_key{static_cast<std::uint64_t>(q.fu) << 16 | static_cast<std::uint64_t>(q.yakuman) << 32, 0};
    std::uint32_t row = shared_.points_at.find(row_key);
    if (row == FlatMap::kNone) {
      row = static_cast<std::uint32_t>(shared_.points.size());
      shared_.points_at.insert(row_key, row);
      shared_.points.resize(shared_.points.size() + Shared::kPointsRow, -1.0);  // -1: not asked yet
    }
    auto points = [&](int extra) {
      q.han = sc.han + extra;
      double* slot = q.han >= 0 && q.han < Shared::kPointsRow ? &shared_.points[row + q.han] : nullptr;
      if (slot && *slot >= 0) return *slot;
      q.kazoe_han = r.kita && r.rules.kita_dora && !r.rules.kita_kazoe ? q.han - r.kita : -1;
      const auto total = static_cast<double>(compute_payments(q, r.rules).total);
      if (slot) *slot = total;
      return total;
    };
    riichi = ippatsu = 0;
    if (total <= 0) {
      riichi = sc.riichi;
      ippatsu = declared_ ? riichi : points(1);
      return true;
    }
    for (int u = 0; u <= top; ++u) {  // (none above top)
      if (by_ura[u] == 0) continue;
      const double p = by_ura[u] / total;
      riichi += p * points(u);
      ippatsu += p * (declared_ ? points(u) : points(u + 1));
    }
    return true;
  }

  // Ura dora: indicator k weighs wk = q - max(root, held) (the tiles unseen at the start less
  // those drawn and kept: docs/analysis.md) and adds its dora's copies in the hand as han.
  // top: the highest han count given a weight so far (the sums run up to it).
  void ura_term(const TileCounts& full, int k, std::array<double, 24>& by_ura, double& total, int& top, int sign) const {
    const int wk = q_[k] - std::max(root_[k], full[k]);
    if (wk <= 0) return;
    const Tile dora = dora_of_[k];
    const int u = std::min(full[dora] + meld_tiles_[dora] + (dora == kNorth ? tmpl_.kita : 0), 23);
    by_ura[u] += sign * wk;
    total += sign * wk;
    top = std::max(top, u);
  }
  struct UraBase {
    std::array<double, 24> by{};
    double total = 0;
    int top = 0;
    std::uint64_t depends = 0;
  };
  // The pool of a ready hand h before its winning tile.
  UraBase ura_base_of(const TileCounts& h) const {
    UraBase b;
    for (int k = 0; k < kTileKinds; ++k) {
      // wk = unseen - max(0, held - root): a root holding one copy more or less at k (its
      // discard or ours) gives the same unless held[k] exceeds the smaller of the two.
      if (h[k] >= std::max<int>(1, root_[k])) b.depends |= std::uint64_t{1} << k;
      ura_term(h, k, b.by, b.total, b.top, +1);
    }
    return b;
  }
  // The same pool from the root's (root_pool_): only the indicators whose weight or dora
  // count differ between h and the root change (integer weights: the same sums exactly).
  // plain: key_of(h, Reds{}).
  UraBase ura_base_near_root(const TileCounts& h, const Key& plain) const {
    // The tiles where h and the root differ: the keys' 3-bit counts that differ.
    const std::uint64_t differ = tiles_differing(plain, root_key_);
    UraBase b = root_pool_;
    b.depends &= ~differ;
    std::uint64_t terms = differ;
    for (std::uint64_t m = differ; m; m &= m - 1) {
      const int k = lowest_bit(m);
      terms |= indicators_of_[k];
      if (h[k] >= std::max<int>(1, root_[k])) b.depends |= std::uint64_t{1} << k;
    }
    for (std::uint64_t m = terms; m; m &= m - 1) {
      const int k = lowest_bit(m);
      ura_term(root_, k, b.by, b.total, b.top, -1);
      ura_term(h, k, b.by, b.total, b.top, +1);
    }
    return b;
  }

  // The winning tiles of a ready 13-tile hand (bits; key: key_of(h, Reds{})): those that
  // complete the standard form, seven pairs or thirteen orphans.
  std::uint64_t winning_tiles(const TileCounts& h, const Key& key) {
    if (const std::uint32_t v = shared_.wins_at.find(key); v != FlatMap::kNone) return shared_.wins[v];
    // (standard_winning_tiles leaves out fifth copies and tiles not in the set.)
    std::uint64_t wins = standard_winning_tiles(h, sets_, three_) & rules_;
    const ClosedForms forms = closed_forms_of(key);
    if (sets_ == 4 && (forms.seven_pairs == 0 || forms.thirteen_orphans == 0)) {
      const ClosedFormsShanten closed(h, true);
      const bool pairs = forms.seven_pairs == 0, orphans = forms.thirteen_orphans == 0;
      std::uint64_t rules = 0;  // the closed forms' candidates: not a fifth copy
      if (pairs || orphans)
        for (std::uint64_t m = rules_; m; m &= m - 1)
          if (h[lowest_bit(m)] < 4) rules |= std::uint64_t{1} << lowest_bit(m);
      if (pairs)
        for (std::uint64_t m = rules; m; m &= m - 1)
          if (closed.seven_pairs_with(static_cast<Tile>(lowest_bit(m))) == -1) wins |= std::uint64_t{1} << lowest_bit(m);
      if (orphans)
        for (std::uint64_t m = rules & (kTerminalBits | kHonorBits); m; m &= m - 1)
          if (closed.thirteen_orphans_with(static_cast<Tile>(lowest_bit(m))) == -1) wins |= std::uint64_t{1} << lowest_bit(m);
    }
    shared_.wins_at.insert(key, static_cast<std::uint32_t>(shared_.wins.size()));
    shared_.wins.push_back(wins);
    return wins;
  }

  // Each way a ready hand wins, tiles ascending, the plain copies of a five before the red:
  // f(x, red, copies in the wall).
  template <typename F>
  void each_win(const TileCounts& h, const Reds& reds, const Key& plain, F&& f) {
    each_win(h, reds, winning_tiles(h, plain), f);
  }
  template <typename F>
  void each_win(const TileCounts& h, const Reds& reds, std::uint64_t wins, F&& f) {
    for (std::uint64_t m = wins; m; m &= m - 1) {
      const int x = lowest_bit(m);
      const int c = q_[x] - h[x];
      if (c <= 0) continue;
      const int suit = x < 27 ? x / 9 : 0;
      const int red_wall = is_five(static_cast<Tile>(x)) ? std::max(0, qred_[suit] - reds[suit]) : 0;
      for (int variant = 0; variant < 2; ++variant) {
        const int copies = variant ? std::min(red_wall, c) : c - std::min(red_wall, c);
        if (copies > 0) f(static_cast<Tile>(x), variant == 1, copies);
      }
    }
  }

  // A ready hand, kept as it is: wins when a winning tile is drawn.
  void build_ready(std::uint32_t id) {
    const TileCounts h = st_->nodes[id].hand;
    const Reds reds = st_->nodes[id].reds;
    int w = 0;
    double s_riichi = 0, s_ipp = 0;
    ura_depends_ = 0;
    if (closed_) ura_base_ = ura_base_near_root(h, st_->nodes[id].plain);
    const Key plain = st_->nodes[id].plain;
    const std::uint64_t wins = winning_tiles(h, plain);
    each_win(h, reds, wins, [&](Tile x, bool red, int copies) {
      double r, i;
      if (!win_points(h, reds, plain, x, red, r, i)) return;
      w += copies;
      s_riichi += copies * r;
      s_ipp += copies * i;
    });
    Node& n = st_->nodes[id];
    n.depends = wins | ura_depends_;
    n.w = w;
    n.s_riichi = s_riichi;
    n.s_ippatsu = s_ipp;
    // Entered with k draws made (riichi declared then): the next draw is the ippatsu one.
    // (Locals and one row pointer: the stores through it cannot change them.)
    double* own = &st_->vals[n.values];
    const int stride = T_ + 1;
    if (st_->win_rows.size() <= static_cast<std::size_t>(w)) st_->win_rows.resize(w + 1);
    std::vector<double>& win_row = st_->win_rows[w];
    if (win_row.empty()) {
      win_row.assign(stride, 0.0);
      double win = 0;
      for (int k = T_ - 1; k >= 0; --k) {
        const double Wk = W_ - k;
        const double miss = (Wk - w) / Wk;
        win = w / Wk + miss * win;
        win_row[k] = win;
      }
    }
    std::copy(win_row.begin(), win_row.end(), own);
    double later = 0;
    own[2 * stride + T_] = 1;
    for (int k = T_ - 1; k >= 0; --k) {
      const double Wk = W_ - k;
      own[stride + k] = (s_ipp + (Wk - w) * later) / Wk;
      later = (s_riichi + (Wk - w) * later) / Wk;
      own[2 * stride + k] = 1;
    }
  }

  bool better(std::uint32_t a, std::uint32_t b, int k) {
    const double wa = at(a, kWin, k), wb = at(b, kWin, k), sa = at(a, kScore, k), sb = at(b, kScore, k);
    if (o_.objective_win) return wa > wb || (wa == wb && sa > sb);
    return sa > sb || (sa == sb && wa > wb);
  }

  // A hand not yet ready: a draw that lowers the shanten is kept (the best discard
  // keeping the lower shanten), any other is discarded.
  void build_free(std::uint32_t id) {
    const TileCounts h = st_->nodes[id].hand;
    const Reds reds = st_->nodes[id].reds;
    const int s = st_->nodes[id].shanten;
    const Key plain_key = st_->nodes[id].plain;
    const std::array<std::int8_t, kTileKinds> after_of = facts(h, plain_key, s).after;
    // The outcomes and candidates go on the search's scratch stacks (the children built in
    // between push and pop their own above them): no allocation per node, and little of the
    // call stack (WebAssembly's may be small).
    const std::size_t out_base = out_stack_.size(), cand_base = cand_stack_.size();
    int useful = 0;
    std::uint64_t depends = 0;
    for (int x = 0; x < kTileKinds; ++x) {
      if (!in_rules(x) || h[x] >= 4) continue;
      if (after_of[x] < s) depends |= std::uint64_t{1} << x;
      const int c = q_[x] - h[x];
      if (c <= 0 || after_of[x] >= s) continue;
      useful += c;
      const Key drawn_key = key_plus(plain_key, x, 1);
      std::size_t keep_list = 0;
      {
        TileCounts drawn = h;
        ++drawn[x];
        keep_list = keep_of(drawn, drawn_key, s - 1);
      }
      const int suit = x < 27 ? x / 9 : 0;
      const int red_wall = is_five(static_cast<Tile>(x)) ? std::max(0, qred_[suit] - reds[suit]) : 0;
      for (int variant = 0; variant < 2; ++variant) {
        const int copies = variant ? std::min(red_wall, c) : c - std::min(red_wall, c);
        if (copies <= 0) continue;
        TileCounts drawn = h;
        ++drawn[x];
        Reds drawn_reds = reds;
        if (variant) ++drawn_reds[suit];
        Outcome o{copies, static_cast<std::uint32_t>(cand_stack_.size() - cand_base), 0, static_cast<Tile>(x),
                  variant == 1};
        for (std::size_t at_keep = keep_list;; ++at_keep) {
          const int d = shared_.keep[at_keep];  // (re-read: node_of below may grow keep)
          if (d == Shared::kEnd) break;
          if (d == x) continue;
          const Key next_key = key_plus(drawn_key, d, -1);
          TileCounts next = drawn;
          --next[d];
          Reds next_reds = drawn_reds;
          // A five goes plain first: a red one is worth a dora and nothing less.
          if (is_five(static_cast<Tile>(d)) && drawn_reds[d / 9] >= drawn[d]) --next_reds[d / 9];
          const std::uint32_t child = node_of(next, next_reds, with_reds(next_key, next_reds), s - 1);  // (may grow st_->nodes)
          cand_stack_.push_back(child);
        }
        o.cand_end = static_cast<std::uint32_t>(cand_stack_.size() - cand_base);
        if (o.cand_end > o.cand_begin) out_stack_.push_back(o);
      }
    }
    for (std::size_t c = cand_base; c < cand_stack_.size(); ++c) depends |= st_->nodes[cand_stack_[c]].depends;
    Node& n = st_->nodes[id];
    n.depends = depends;
    n.out_begin = static_cast<std::uint32_t>(st_->outs.size());
    for (std::size_t i = out_base; i < out_stack_.size(); ++i) {
      Outcome o = out_stack_[i];
      o.cand_begin += static_cast<std::uint32_t>(st_->cands.size());
      o.cand_end += static_cast<std::uint32_t>(st_->cands.size());
      st_->outs.push_back(o);
    }
    n.out_end = static_cast<std::uint32_t>(st_->outs.size());
    st_->cands.insert(st_->cands.end(), cand_stack_.begin() + static_cast<std::ptrdiff_t>(cand_base), cand_stack_.end());
    out_stack_.resize(out_base);
    cand_stack_.resize(cand_base);
    n.choices = static_cast<std::uint32_t>(st_->choice.size());
    const std::uint32_t out_begin = n.out_begin, out_end = n.out_end, choices = n.choices;
    st_->choice.resize(st_->choice.size() + static_cast<std::size_t>(out_end - out_begin) * T_, 0);
    // Useful draws that found no discard keeping the lower shanten cannot happen (a tile
    // lowering a 14-tile hand's shanten always leaves such a discard).
    (void)useful;
    int kept = 0;
    for (std::uint32_t i = out_begin; i < out_end; ++i) kept += st_->outs[i].count;
    // The kept draws' part of every value, for each number of draws made k (the draw is the
    // k+1-th: the child's values at k+1), then the hand's own values from the last draw back.
    const int stride = T_ + 1;
    sum_.assign(3 * static_cast<std::size_t>(stride), 0.0);
    double* sw = sum_.data();
    double* ss = sw + stride;
    double* st = ss + stride;
    const double* vals = st_->vals.data();
    best_.resize(4 * static_cast<std::size_t>(T_));
    double* bw = best_.data();
    double* bs = bw + T_;
    double* bt = bs + T_;
    double* bc = bt + T_;
    for (std::uint32_t i = out_begin; i < out_end; ++i) {
      const Outcome& o = st_->outs[i];
      std::uint8_t* pick = &st_->choice[choices + static_cast<std::size_t>(i - out_begin) * T_];
      const double count = o.count;
      const double* first = vals + st_->nodes[st_->cands[o.cand_begin]].values;
      if (o.cand_end - o.cand_begin == 1) {  // one way to keep the draw: nothing to choose (pick stays 0)
        add_scaled(sw, ss, st, first + 1, first + stride + 1, first + 2 * stride + 1, count, T_);
        continue;
      }
      // The best candidate at every k, the candidates one after another (loops over k
      // without branches); a candidate is taken only when strictly better, so the first
      // best is kept, as a scan of the candidates at each k would.
      std::copy(first + 1, first + 1 + T_, bw);
      std::copy(first + stride + 1, first + stride + 1 + T_, bs);
      std::copy(first + 2 * stride + 1, first + 2 * stride + 1 + T_, bt);
      std::fill(bc, bc + T_, 0.0);
      for (std::uint32_t c = o.cand_begin + 1; c < o.cand_end; ++c) {
        const double* v = vals + st_->nodes[st_->cands[c]].values;
        const double index = c - o.cand_begin;
        if (o_.objective_win) take_better<true>(bw, bs, bt, bc, v + 1, v + stride + 1, v + 2 * stride + 1, index, T_);
        else take_better<false>(bw, bs, bt, bc, v + 1, v + stride + 1, v + 2 * stride + 1, index, T_);
      }
      for (int k = 0; k < T_; ++k) pick[k] = static_cast<std::uint8_t>(bc[k]);
      add_scaled(sw, ss, st, bw, bs, bt, count, T_);
    }
    double* own = &st_->vals[st_->nodes[id].values];
    for (int k = T_ - 1; k >= 0; --k) {
      const double Wk = W_ - k;
      const double junk = Wk - kept;
      own[k] = (sw[k] + junk * own[k + 1]) / Wk;
      own[stride + k] = (ss[k] + junk * own[stride + k + 1]) / Wk;
      own[2 * stride + k] = (st[k] + junk * own[2 * stride + k + 1]) / Wk;
    }
  }

  // The chances by draw: the policy's hands forward from the root, draw by draw.
  void forward(std::uint32_t root, EvValue& v) {
    v.win_by.assign(T_, 0);
    v.tenpai_by.assign(T_, 0);
    if (st_->nodes[root].shanten == 0) {  // a ready root: the general walk below, one count in use
      const int w = st_->nodes[root].w;
      double locked = 1, won = 0;
      for (int k = 0; k < T_; ++k) {
        const double Wk = W_ - k;
        if (w != 0 && locked != 0) {
          const double now = locked * w / Wk;
          won += now;
          locked -= now;
        }
        v.win_by[k] = won;
        v.tenpai_by[k] = 1;
      }
      return;
    }
    std::vector<double>& locked = locked_;  // ready hands, by winning copies (all zero between calls)
    locked.assign(W_ + 1, 0.0);
    // The masses by node: the store's scratch, all zero between calls (cleared below).
    st_->mass.resize(st_->nodes.size(), 0.0);
    st_->next_mass.resize(st_->nodes.size(), 0.0);
    std::vector<double>& mass = st_->mass;
    std::vector<double>& next_mass = st_->next_mass;
    std::vector<std::uint32_t>& active = st_->active;
    std::vector<std::uint32_t>& next_active = st_->next_active;
    active.clear();
    next_active.clear();
    // The winning-copy counts in use, ascending (the sums below run in that order).
    std::vector<int>& ws = ws_;
    ws.clear();
    auto lock = [&](int w, double p) {
      if (locked[w] == 0 && std::find(ws.begin(), ws.end(), w) == ws.end()) ws.insert(std::upper_bound(ws.begin(), ws.end(), w), w);
      locked[w] += p;
    };
    double won = 0, ready = 0;
    if (st_->nodes[root].shanten == 0) {
      lock(st_->nodes[root].w, 1);
      ready = 1;
    } else {
      mass[root] = 1;
      active.push_back(root);
    }
    for (int k = 0; k < T_; ++k) {
      const double Wk = W_ - k;
      for (const int w : ws) {
        if (w == 0 || locked[w] == 0) continue;
        const double now = locked[w] * w / Wk;
        won += now;
        locked[w] -= now;
      }
      for (std::uint32_t id : active) {
        const double m = mass[id];
        mass[id] = 0;
        const Node& n = st_->nodes[id];
        int kept = 0;
        for (std::uint32_t i = n.out_begin; i < n.out_end; ++i) {
          const Outcome& o = st_->outs[i];
          kept += o.count;
          const std::uint32_t pick = st_->choice[n.choices + static_cast<std::size_t>(i - n.out_begin) * T_ + k];
          const std::uint32_t child = st_->cands[o.cand_begin + pick];
          const double p = m * o.count / Wk;
          if (st_->nodes[child].shanten == 0) {
            lock(st_->nodes[child].w, p);
            ready += p;
          } else {
            if (next_mass[child] == 0) next_active.push_back(child);
            next_mass[child] += p;
          }
        }
        const double stay = m * (Wk - kept) / Wk;
        if (stay > 0) {
          if (next_mass[id] == 0) next_active.push_back(id);
          next_mass[id] += stay;
        }
      }
      active.swap(next_active);
      next_active.clear();
      mass.swap(next_mass);
      v.win_by[k] = won;
      v.tenpai_by[k] = ready;
    }
    for (std::uint32_t id : active) mass[id] = 0;
  }

  const EvOptions& o_;
  std::int64_t& states_;
  Shared& shared_;
  int T_;
  int W_ = 0;
  int sets_ = 4;
  bool three_ = false, closed_ = true, declared_ = false;
  RiichiRequest tmpl_;
  TileCounts q_{}, root_{}, meld_tiles_{};
  const std::array<Tile, kTileKinds>& dora_of_ = shared_.dora_of;
  const std::array<std::uint64_t, kTileKinds>& indicators_of_ = shared_.indicators_of;
  Reds root_reds_{};
  std::array<int, 3> qred_{};
  Store* st_ = nullptr;
  std::uint16_t profile_ = 0;
  std::uint64_t ura_depends_ = 0;           // win_points: the tiles its ura pool read at the root
  UraBase ura_base_;                        // win_points: the pool of the ready hand being built
  UraBase root_pool_;                       // ura_base_of(root_)
  Key root_key_{0, 0};                      // key_of(root_, Reds{})
  std::uint64_t rules_ = 0;                 // the tiles of the rules' set (in_rules)
  RiichiRequest work_;                      // tmpl_ with the hand being scored (request_on)
  std::vector<double> sum_;                 // scratch of build_free
  std::vector<Outcome> out_stack_;          // build_free's outcomes and candidates, nested calls above
  std::vector<std::uint32_t> cand_stack_;
  std::vector<double> best_;               // build_free: the best candidate's values by k, and its index
  std::vector<double> locked_;              // scratch of forward()
  std::vector<int> ws_;
};

}  // namespace ev_detail

std::array<int, 2> ev_detail::closed_forms_by_key(const TileCounts& hand) {
  const ClosedForms f = closed_forms_of(key_of(hand, Reds{}));
  return {f.seven_pairs, f.thirteen_orphans};
}

namespace {
// The tables and store of the last search on this thread, emptied (up to kSpareBytes: a
// 2-shanten answer's, not a large 3-shanten one's).
constexpr std::size_t kSpareBytes = std::size_t{8} << 20;
thread_local std::unique_ptr<ev_detail::Shared> spare_shared;
}  // namespace

EvSearch::EvSearch(const EvOptions& options) : options_(options), shared_(std::move(spare_shared)) {
  if (!shared_) shared_ = std::make_unique<ev_detail::Shared>();
}
EvSearch::~EvSearch() {
  last_.reset();
  // (Measured before it is emptied: a search past the limit is freed as it is, not cleared.)
  if (shared_->bytes() > kSpareBytes) return;
  shared_->clear();
  spare_shared = std::move(shared_);
}

bool EvSearch::play(TileCounts& hand, std::array<std::uint8_t, 3>& reds, int k, Tile drawn, bool red) const {
  return last_ && last_->play(hand, reds, k, drawn, red);
}

EvValue EvSearch::value(const HandBeforeWin& hand, const Json& after) {
  if (hand.family != RulesFamily::Riichi)
    throw InputError("unsupported", "ev",
                     std::string("the expected-value search models Riichi rules (four- and three-player); ") +
                         rules_family_name(hand.family) + " is not modelled");
  if (hand.riichi.method == Method::Aotenjo)
    throw InputError("unsupported", "ev", "the expected-value search does not take the aotenjo method (points without limits)");
  if (hand.riichi.ura_indicators.count > 0)
    throw InputError("bad_value", "ura_indicators",
                     "the expected-value search counts ura dora as an expectation: leave ura_indicators out");
  last_ = std::make_unique<ev_detail::RootSearch>(hand, after, options_, states_, *shared_);
  return last_->run();
}

}  // namespace tenbou
