// Hong Kong-Taiwan scoring: readings x winning-tile placements -> the best value
// (hktw.md section 5), then payments (L14-15), instant payments (L27, L99-101)
// and the pool events of section 4.
#include <algorithm>

#include "core/json_fields.hpp"
#include "hktw/hktw_hand.hpp"
#include "tenbou/json.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou {
namespace {

using P = HktwPattern;

bool has_peko_tier(const HktwOutcome& o) { return o.has(P::PureTripleChow) || o.has(P::PureQuadrupleChow); }

// More points wins; B29 `prefer_peko_reading` puts a 삼페커/사페커 reading first.
bool better(const HktwOutcome& a, const HktwOutcome& b, const HktwRules& rules) {
  if (rules.prefer_peko_reading && has_peko_tier(a) != has_peko_tier(b)) return has_peko_tier(a);
  return a.points > b.points;
}

void show_reading(const HktwReading& r, HktwResult& res) {
  SmallList<ShownSet, 20> concealed;
  for (int i = 0; i < r.set_count; ++i)
    if (!r.sets[i].declared) concealed.push({r.sets[i].kind, r.sets[i].tile, false, false, MeldKind::Pon});
  for (Tile p : r.pairs) concealed.push({SetKind::Triplet, p, true, false, MeldKind::Pon});
  if (r.pair != kNoTile) concealed.push({SetKind::Triplet, r.pair, true, false, MeldKind::Pon});
  if (r.shape == HktwShape::OrphansPlusSet)
    for (Tile t : {0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33})
      if (t != r.pair) concealed.push({SetKind::Triplet, static_cast<Tile>(t), false, false, MeldKind::Pon, true});
  if (r.shape == HktwShape::KnittedStraight)
    for (int s = 0; s < 3; ++s)
      for (int k = 0; k < 3; ++k)
        concealed.push({SetKind::Triplet, static_cast<Tile>(s * 9 + r.knit[s] + 3 * k), false, false, MeldKind::Pon, true});
  std::stable_sort(concealed.begin(), concealed.end(), [](const ShownSet& a, const ShownSet& b) { return a.tile < b.tile; });
  res.decomposition = concealed;
  for (int i = 0; i < r.set_count; ++i)
    if (r.sets[i].declared) res.decomposition.push({r.sets[i].kind, r.sets[i].tile, false, true, r.sets[i].meld_kind});
}

void add_singles_of_sixteen(const HktwRequest& q, const HktwReading& r, HktwResult& res) {
  if (r.shape != HktwShape::SixteenUnrelated) return;
  SmallList<ShownSet, 20> shown;
  for (int t = 0; t < kTileKinds; ++t) {
    if (!q.hand[t]) continue;
    if (t == r.pair) shown.push({SetKind::Triplet, static_cast<Tile>(t), true, false, MeldKind::Pon});
    else shown.push({SetKind::Triplet, static_cast<Tile>(t), false, false, MeldKind::Pon, true});
  }
  res.decomposition = shown;
}

// Value and payments (L7, L14-15; B27-B28).
void settle(const HktwRequest& q, HktwResult& res) {
  res.base_points = q.rules.base_points;
  res.value = res.base_points + res.pattern_points;
  if (q.rules.limit > 0 && res.value > q.rules.limit) {
    res.value = q.rules.limit;
    res.limited = true;
  }
  res.payer_count = q.tsumo ? 3 : 1;  // no dealer difference (L15)
  res.payment = res.value;
  // L14: 1본장 3, 2본장 5 ...; B28: nothing at 0 unless the house applies the formula there too.
  const std::int64_t per_payer = q.honba > 0 || q.rules.honba_zero_adds_one ? 2 * q.honba + 1 : 0;
  const int honba_payers = q.rules.honba_payers == HonbaPayers::AllOthers ? 3 : res.payer_count;
  res.honba_bonus = per_payer * honba_payers;
  res.pool_bonus = q.pool;
  res.total = res.payment * res.payer_count + res.honba_bonus + res.pool_bonus;
}

void add_instant_payments(const HktwRequest& q, HktwResult& res) {
  int closed_kans = 0;
  for (const Meld& m : q.melds) closed_kans += m.kind == MeldKind::Ankan;
  if (closed_kans) res.instant.push({P::ClosedKan, HktwAmounts::kClosedKanEach, static_cast<std::uint8_t>(closed_kans)});
  const bool red = (q.flowers & 0x0F) == 0x0F, blue = (q.flowers & 0xF0) == 0xF0;
  if (red || blue) {
    res.instant.push({P::FlowerSet, HktwAmounts::kFlowerSetEach, 1});
  } else {
    bool mixed = true;  // 51-2 (B25): numbers 1-4 each held, only by mixing the two sets
    for (int n = 0; n < 4; ++n) mixed &= (q.flowers >> n & 1) || (q.flowers >> (n + 4) & 1);
    if (mixed) res.instant.push({P::MixedFlowerSet, HktwAmounts::kMixedFlowersEach, 1});
  }
}

}  // namespace

HktwResult HktwResult::failure(ErrorCode code, std::string message, std::string reason, std::string field) {
  HktwResult r;
  r.ok = false;
  r.error = std::make_shared<const ResultError>(ResultError{code, std::move(reason), std::move(field), std::move(message)});
  return r;
}

HktwResult score_hktw(const HktwRequest& q) {
  HktwResult res;
  res.tsumo = q.tsumo;
  if (q.flowers == 0xFF) {
    // L101 (B26): all eight flowers end the hand; 40 from each player and nothing else.
    res.ok = true;
    res.hand_ended = true;
    res.patterns.push({P::AllFlowers, 0, 1, kNoTile});
    res.base_points = 0;
    res.instant.push({P::AllFlowers, HktwAmounts::kAllFlowersEach, 1});
    return res;
  }
  if (!q.has_win_tile && !q.tenhou)
    return HktwResult::failure(ErrorCode::InvalidInput, "the request has no \"win_tile\"", "bad_value", "win_tile");
  const HktwFacts facts = hktw_facts(q);
  HktwReadings readings;
  hktw_readings(q.hand, q.melds, readings);
  HktwOutcome best, scratch;
  HktwReading best_reading;
  bool have = false;
  auto consider = [&](const HktwReading& r) {
    find_hktw_patterns(q, facts, r, scratch);
    if (!have || better(scratch, best, q.rules)) {
      std::swap(best, scratch);
      best_reading = r;
      have = true;
    }
  };
  for (const auto& base : readings) {
    if (q.has_win_tile) for_each_hktw_placement(base, q.win_tile, q.tsumo, q.rules, consider);
    else consider(base);  // 천화: the dealt hand, no last tile
  }
  if (!have) {
    const bool ron_pung = !readings.empty();
    return HktwResult::failure(
        ErrorCode::NotWinning,
        ron_pung ? "seven pairs + a pung needs a concealed pung: a pung completed by ron is open (hktw.md B9)"
                 : "the tiles do not form a complete hand (5 sets + a pair, seven pairs + a pung, thirteen orphans + a "
                   "set, sixteen unrelated tiles, or a knitted straight + 2 sets + a pair)");
  }
  res.ok = true;
  res.patterns = best.patterns;
  std::stable_sort(res.patterns.begin(), res.patterns.end(),  // the seed's order
                   [](const HktwPatternEntry& a, const HktwPatternEntry& b) { return a.pattern < b.pattern; });
  res.pattern_points = best.points;
  res.wait = best_reading.wait;
  res.waits = facts.waits;
  show_reading(best_reading, res);
  add_singles_of_sixteen(q, best_reading, res);
  settle(q, res);
  add_instant_payments(q, res);
  return res;
}

Json hktw_event_json(const Json& request) {
  auto fail = [](const std::string& reason, const std::string& field, const std::string& message) {
    Json o = Json::object();
    o.set("ok", Json::boolean(false));
    Json& e = o.set("error", Json::object());
    e.set("code", Json::string("invalid_input"));
    e.set("message", Json::string(field_message(field, message)));
    e.set("reason", Json::string(reason));
    if (!field.empty()) e.set("field", Json::string(field));
    return o;
  };
  try {
    if (request.type() != Json::Type::Object) throw InputError("bad_type", "", "an event must be an object");
    std::string event;
    std::int64_t repeat = 1;
    for (const auto& [key, value] : request.members()) {
      const JsonView v(value);
      if (key == "event") event = std::string(get_string(v, key));
      else if (key == "repeat") repeat = get_int(v, key, 1, 1000);
      else throw InputError("unknown_key", key, "unknown event key '" + key + "' (event, repeat)");
    }
    // {who pays, who receives, amount each, the pattern or seed line}
    struct Event { const char* name; const char* payer; const char* receiver; int each; const char* name_ko; int line; };
    static constexpr Event kEvents[] = {
        {"closed_kan", "each_other", "declarer", HktwAmounts::kClosedKanEach, "암깡", 27},
        {"flower_set", "each_other", "holder", HktwAmounts::kFlowerSetEach, "화패 한 종류", 99},
        {"mixed_flower_set", "each_other", "holder", HktwAmounts::kMixedFlowersEach, "화패 1234 혼합", 100},
        {"all_flowers", "each_other", "holder", HktwAmounts::kAllFlowersEach, "화패 8개", 101},
        {"four_winds_discarded", "dealer", "each_other", HktwAmounts::kFourWindsStep, "4풍연타", 110},
        {"dice_straight", "dealer", "each_other", HktwAmounts::kDiceEach, "주사위 (슌츠)", 111},
        {"dice_triple", "each_other", "dealer", HktwAmounts::kDiceEach, "주사위 (커츠)", 111},
        {"chombo", "offender", "pool", HktwAmounts::kChombo, "쵼보", 13},
        {"call_mistake", "offender", "pool", HktwAmounts::kCallMistake, "발성미스", 13},
        {"exhaustive_draw", "every_player", "pool", HktwAmounts::kDrawEach, "유국", 13},
    };
    for (const Event& e : kEvents) {
      if (event != e.name) continue;
      // L110: each repetition of the four-wind run costs 5 more (5, 10, 15, ...).
      const std::int64_t each = event == "four_winds_discarded" ? e.each * repeat : e.each;
      if (repeat != 1 && event != "four_winds_discarded")
        throw InputError("bad_value", "repeat", "only four_winds_discarded repeats (5, 10, 15, ...)");
      const int payers = std::string(e.payer) == "offender" ? 1 : std::string(e.payer) == "every_player" ? 4 : 3;
      Json o = Json::object();
      o.set("ok", Json::boolean(true));
      o.set("event", Json::string(e.name));
      o.set("name_ko", Json::string(e.name_ko));
      o.set("payer", Json::string(e.payer));
      o.set("receiver", Json::string(e.receiver));
      o.set("each", Json::integer(each));
      o.set("payers", Json::integer(payers));
      o.set("total", Json::integer(each * payers));
      o.set("seed_line", Json::integer(e.line));
      return o;
    }
    std::string names;
    for (const Event& e : kEvents) names += (names.empty() ? "" : ", ") + std::string(e.name);
    throw InputError("bad_value", "event", "unknown event '" + event + "' (one of " + names + ")");
  } catch (const InputError& e) {
    return fail(e.reason(), e.field(), e.detail());
  }
}

Json hktw_pattern_table_json() {
  Json arr = Json::array();
  for (const auto& row : kHktwTable) {
    Json o = Json::object();
    o.set("number", Json::string(row.number));
    o.set("key", Json::string(row.key));
    o.set("name_ko", Json::string(row.name_ko));
    o.set("name_en", Json::string(row.name_en));
    o.set("points", Json::integer(row.points));
    if (row.points_alt != row.points) {
      o.set("points_alt", Json::integer(row.points_alt));
      o.set("alt_when", Json::string(row.alt_when));
    }
    o.set("per_unit", Json::boolean(row.per_unit));
    o.set("class", Json::string(row.cls == HktwClass::Hand ? "hand" : row.cls == HktwClass::Situation ? "situation" : "instant"));
    o.set("seed_line", Json::integer(row.seed_line));
    arr.push(std::move(o));
  }
  return arr;
}

}  // namespace tenbou
