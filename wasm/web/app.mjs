// The scoring page: builds a request from clicks or notation, scores it with the
// WebAssembly core through the JS API, and shows the result as a player reads it.
// Rules live in the core only; this file translates between the page and requests.
import * as tenbou from "./tenbou.mjs";
import { evLine, requestEv } from "./ev-worker.mjs";
import { setupRecords } from "./records.mjs";
import { flowerInfo, joinTiles, setFlowerFamily, splitTiles, tileBackSvg, tileLabel, tileSvg } from "./tiles.mjs";

const $ = (id) => document.getElementById(id);
const FLAGS = ["riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou"];
const MELD_SIZE = { chi: 3, pon: 3, kan: 4, kakan: 4, ankan: 4 };

const state = {
  rules: "riichi", method: "fuhan", preset: "tenhou", variant: "nagari", declared: "none", players: 4, kita: 0,
  hand: [], win: -1, melds: [], tsumo: false, seat: "E", round: "E", flags: new Set(),
  dora: "", ura: "", honba: 0, sticks: 0, flowers: new Set(), discards: "", options: "", housePreset: "", target: "hand",
  // Hong Kong-Taiwan situation (seed 002)
  flower_win: 0, kan_win: 0, chain: 1, table_discards: "", hk_honba: 0, pool: 0,
  typed: null,  // the notation as the player typed it: errors then point into their own text
};

// --- names for display -----------------------------------------------------------------------

let riichiNames = {};
function loadNames() {
  riichiNames = Object.fromEntries(tenbou.yakuTable("riichi").map((y) => [y.key, y]));
}

const FU_TEXT = {
  base: "base (futei)", chiitoitsu: "seven pairs", closed_ron: "closed ron", tsumo: "tsumo", wait_kanchan: "kanchan wait",
  wait_penchan: "penchan wait", wait_tanki: "single wait", pair_dragon: "dragon pair", pair_seat_wind: "seat wind pair",
  pair_round_wind: "round wind pair", pair_double_wind: "double wind pair", pair_north_wind: "North pair", open_triplet_simple: "open triplet",
  open_triplet_terminal: "open triplet, terminal/honour", closed_triplet_simple: "closed triplet",
  closed_triplet_terminal: "closed triplet, terminal/honour", open_kan_simple: "open kan",
  open_kan_terminal: "open kan, terminal/honour", closed_kan_simple: "closed kan",
  closed_kan_terminal: "closed kan, terminal/honour", open_pinfu: "open pinfu raised to 30", han_only: "han-only method",
  kokushi: "thirteen orphans (aotenjo)",
};
// Hong Kong-Taiwan patterns by their Chinese names (traditional characters): the Hanja of seed 002's
// Sino-Korean names where they are Sino-Korean (일기통관 一氣通貫, 대퐁 對碰, 장안 將眼), the usual
// Chinese term where the seed's name is Korean or Japanese (닭 雞胡, 하이테이 海底, 탕야오 斷么九).
// A result's own name_zh, when the core gives one, comes first.
const HKTW_ZH = {
  no_flowers: "無花", flower: "有花", own_flower: "正花", wind_pung: "風刻", value_wind_pung: "門風圈風",
  dragon_pung: "三元牌", little_three_dragons: "小三元", big_three_dragons: "大三元", open_kan: "明槓", closed_kan: "暗槓",
  open_riichi: "副露立直", closed_riichi: "門前立直", ippatsu: "一發", chicken: "雞胡", duck: "鴨胡", shanpon_ron: "對碰",
  true_single_wait: "獨聽", false_single_wait: "假獨聽", pair_258: "將眼", no_honours: "無字", no_honours_no_flowers: "無字花",
  no_honours_no_flowers_all_chows: "無字花平胡", concealed_hand: "門清", self_draw: "自摸", concealed_self_draw: "門清自摸",
  last_tile: "海底", flower_replacement_win: "花上自摸", kan_replacement_win: "槓上開花",
  two_kan_replacement_win: "二連槓上開花", three_kan_replacement_win: "三連槓上開花", robbing_kan: "搶槓",
  robbing_second_kan: "二連槓搶槓", robbing_third_kan: "三連槓搶槓", two_concealed_pungs: "二暗刻",
  three_concealed_pungs: "三暗刻", four_concealed_pungs: "四暗刻", five_concealed_pungs: "五暗刻",
  five_concealed_pungs_tsumo: "五暗刻自摸", mixed_double_chow: "二色同順", mixed_triple_chow: "三色同順",
  mixed_triple_chow_plus_one: "三色同順加一", five_same_chows: "五同順", pure_double_chow: "一般高",
  pure_triple_chow: "一色三同順", pure_quadruple_chow: "一色四同順", double_pung: "二色同刻", little_triple_pung: "小三同刻",
  triple_pung: "大三同刻", two_shifted_pungs: "二連刻", little_three_shifted_pungs: "小三連刻", three_shifted_pungs: "大三連刻",
  little_four_shifted_pungs: "小四連刻", four_shifted_pungs: "大四連刻", little_five_shifted_pungs: "小五連刻",
  five_shifted_pungs: "大五連刻", mixed_shifted_pungs: "三色三節高", terminal_pungs: "老少刻", four_in_two: "四歸一",
  four_in_three: "四歸二", four_in_four: "四歸四", pure_straight: "一氣通貫", mixed_straight: "三色通貫",
  knitted_straight: "組合龍", all_five_types: "五門齊", all_seven_types: "七門齊", one_suit_missing: "缺一門",
  half_flush: "混一色", full_flush: "清一色", all_pungs: "對對胡", all_melded_single_wait: "全求人", early_win_7: "早期和了七",
  early_win_10: "早期和了十", little_three_winds: "小三風", big_three_winds: "大三風", little_four_winds: "小四喜",
  big_four_winds: "大四喜", thirteen_orphans_plus_set: "十三么加一組", thirteen_orphans_four_of_a_kind: "四歸一十三么",
  sixteen_unrelated: "十六不搭", knitted_sixteen: "組合龍十六不搭", seven_pairs_plus_pung: "嚦咕嚦咕", flower_set: "一套花",
  mixed_flower_set: "混合花", all_flowers: "八仙過海", all_simples: "斷么九", outside_hand: "混全帶么",
  pure_outside_hand: "純全帶么", all_terminals_and_honours: "混么九", all_terminals: "清么九", heavenly_hand: "天胡",
  earthly_hand: "地胡", human_hand: "人胡", four_winds_discarded: "四風連打", dice: "骰子",
};
const zhName = (y) => y.name_zh || HKTW_ZH[y.key] || "";

const LIMITS = { mangan: "Mangan 満貫", haneman: "Haneman 跳満", baiman: "Baiman 倍満", sanbaiman: "Sanbaiman 三倍満",
  kazoe_yakuman: "Kazoe yakuman 数え役満", yakuman: "Yakuman 役満" };
const PAYERS = { discarder: "Discarder pays", dealer: "Dealer pays", non_dealer: "Each non-dealer pays",
  each_other: "Each of the three others pays" };
// Three-player: a non-dealer's tsumo is paid by the dealer and the one other non-dealer.
const payerText = (r, p) => r.players === 3 && p.payer === "non_dealer"
  ? (r.payments.length === 2 ? "Other non-dealer pays" : "Each of the two non-dealers pays") : PAYERS[p.payer];
const sanma = () => state.rules === "riichi" && state.players === 3;
// Three-player mahjong has no 2m-8m (red 5m included).
const inSanmaSet = (c) => c[1] !== "m" || c[0] === "1" || c[0] === "9";

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
// An amount as HTML whose lines break only between digit groups or myriad units, never inside
// one: each group ("388," in 31,388,890; "3888垓"; "3888해 ") is kept whole and followed by a break
// opportunity.
// A short amount (at most 12 characters) is one group.
const groupsHtml = (text) => (String(text).length <= 12 ? [String(text)] : String(text).match(/[0-9]+[^0-9\s]*\s*|[^0-9]+/gu) || [])
  .map((g) => `<span class="grp">${esc(g)}</span>`).join("<wbr>");
const amount = (n, units = $("units").value) => `<span class="amount">${groupsHtml(tenbou.formatAmount(n, units))}</span>`;

// --- the request -----------------------------------------------------------------------------

// Tiles in a winning hand: 14 (Riichi, Korean) or 17 (Hong Kong-Taiwan), 3 fewer per meld.
const handSize = () => (state.rules === "hktw" ? 17 : 14) - 3 * state.melds.length;
const maxMelds = () => (state.rules === "hktw" ? 5 : 4);

function handNotation() {
  if (!state.hand.length) return "";
  // The winning tile is written last, as the CLI reads it.
  const others = state.hand.filter((_, i) => i !== state.win);
  return joinTiles(others) + (state.win >= 0 ? state.hand[state.win] : "");
}

function buildRequest() {
  const hand = state.typed !== null ? state.typed : joinTiles(state.hand);
  const req = { rules: state.rules, hand, melds: state.melds.map((m) => `${m.kind}:${joinTiles(m.tiles)}`) };
  if (state.win >= 0) req.win_tile = state.hand[state.win];
  if (state.tsumo) req.tsumo = true;
  req.seat_wind = state.seat;
  req.round_wind = state.round;
  let options = {};
  if (state.options.trim()) options = JSON.parse(state.options);
  if (state.rules !== "riichi" && state.housePreset) options = { preset: state.housePreset, ...options };
  if (state.rules === "riichi") {
    req.method = state.method;
    for (const f of FLAGS) if (state.flags.has(f)) req[f] = true;
    if (state.dora) req.dora_indicators = state.dora;
    if (state.ura) req.ura_indicators = state.ura;
    if (state.honba) req.honba = state.honba;
    if (state.sticks) req.riichi_sticks = state.sticks;
    if (state.players === 3) {
      req.players = 3;
      req.kita = state.kita;
    }
    req.options = { preset: state.preset, ...options };
  } else if (state.rules === "hktw") {
    for (const f of FLAGS) if (state.flags.has(f) && f !== "double_riichi" && f !== "rinshan" && f !== "chankan") req[f] = true;
    if (state.flags.has("chankan")) req.chankan = state.chain || 1;
    if (state.flowers.size) req.flowers = [...state.flowers].sort().join("");
    if (state.flower_win) req.flower_replacement_win = state.flower_win;
    if (state.kan_win) req.kan_replacement_win = state.kan_win;
    if (state.table_discards !== "") req.discards_on_table = +state.table_discards;
    if (state.hk_honba) req.honba = state.hk_honba;
    if (state.pool) req.pool = state.pool;
    if (Object.keys(options).length) req.options = options;
  } else {
    req.variant = state.variant;
    for (const f of FLAGS) if (state.flags.has(f) && f !== "riichi" && f !== "ippatsu") req[f] = true;
    if (state.declared !== "none") req.riichi = state.declared;
    if (state.flowers.size) req.flowers = [...state.flowers].sort().join("");
    if (state.discards) req.own_discards = state.discards;
    if (Object.keys(options).length) req.options = options;
  }
  return req;
}

// --- URL: the hand and its situation, so a result can be shared by link -----------------------

function saveUrl() {
  const p = new URLSearchParams();
  p.set("r", state.rules);
  if (state.hand.length) p.set("h", handNotation());
  if (state.melds.length) p.set("m", state.melds.map((m) => `${m.kind}:${joinTiles(m.tiles)}`).join(","));
  if (state.tsumo) p.set("t", "1");
  if (state.seat !== "E") p.set("seat", state.seat);
  if (state.round !== "E") p.set("round", state.round);
  if (state.flags.size) p.set("f", [...state.flags].join(","));
  for (const [k, v] of [["method", state.method, "fuhan"], ["preset", state.preset, "tenhou"], ["variant", state.variant, "nagari"],
    ["decl", state.declared, "none"]].map(([k, v, d]) => [k, v === d ? "" : v])) if (v) p.set(k, v);
  if (state.dora) p.set("dora", state.dora);
  if (state.ura) p.set("ura", state.ura);
  if (state.honba) p.set("honba", state.honba);
  if (state.sticks) p.set("sticks", state.sticks);
  if (state.players === 3) p.set("p", "3");
  if (state.kita) p.set("kita", state.kita);
  if (state.flowers.size) p.set("fl", [...state.flowers].sort().join(""));
  if (state.discards) p.set("disc", state.discards);
  for (const k of ["flower_win", "kan_win", "hk_honba", "pool"]) if (state[k]) p.set(k, state[k]);
  if (state.chain !== 1) p.set("chain", state.chain);
  if (state.table_discards !== "") p.set("table", state.table_discards);
  if (state.options.trim()) p.set("o", state.options.trim());
  if (state.housePreset && state.rules !== "riichi") p.set("hp", state.housePreset);
  if ($("units").value !== "en") p.set("u", $("units").value);
  history.replaceState(null, "", "#" + p.toString());
}

function loadUrl() {
  const p = new URLSearchParams(location.hash.slice(1));
  state.rules = ["korean", "hktw"].includes(p.get("r")) ? p.get("r") : "riichi";
  const h = splitTiles(p.get("h") || "") || [];
  state.hand = h;
  state.win = h.length - 1;
  state.melds = (p.get("m") || "").split(",").filter(Boolean).map((s) => {
    const [kind, tiles] = s.split(":");
    return { kind, tiles: splitTiles(tiles || "") || [] };
  });
  state.tsumo = p.get("t") === "1";
  state.seat = p.get("seat") || "E";
  state.round = p.get("round") || "E";
  state.flags = new Set((p.get("f") || "").split(",").filter(Boolean));
  state.method = p.get("method") || "fuhan";
  state.preset = p.get("preset") || "tenhou";
  state.variant = p.get("variant") || "nagari";
  state.declared = p.get("decl") || "none";
  state.dora = p.get("dora") || "";
  state.ura = p.get("ura") || "";
  state.honba = +(p.get("honba") || 0);
  state.sticks = +(p.get("sticks") || 0);
  state.players = p.get("p") === "3" ? 3 : 4;
  state.kita = Math.min(4, Math.max(0, +(p.get("kita") || 0)));
  state.flowers = new Set(splitTiles(p.get("fl") || "") || []);
  state.discards = p.get("disc") || "";
  state.options = p.get("o") || "";
  state.housePreset = p.get("hp") || "";
  for (const k of ["flower_win", "kan_win", "hk_honba", "pool"]) state[k] = +(p.get(k) || 0);
  state.chain = +(p.get("chain") || 1);
  state.table_discards = p.get("table") || "";
  $("units").value = ["ko", "ja"].includes(p.get("u")) ? p.get("u") : "en";
}

// --- house options: a form generated from the core's options table ---------------------------
// optionsSchema() gives each family's options (key, type, default, range or choices, description)
// and presets; a control per option shows the preset's value (or the default), and only the values
// changed from it go into the request's options (state.options, JSON text, also the link's "o").

let schema = {};
function loadSchema() {
  schema = tenbou.optionsSchema().families;
}

function overrides() {
  try {
    const o = state.options.trim() ? JSON.parse(state.options) : {};
    return o && typeof o === "object" && !Array.isArray(o) ? o : {};
  } catch {
    return {};
  }
}

// The preset whose values the form starts from: Riichi's is the "Rules" select of the situation.
const presetName = () => (state.rules === "riichi" ? state.preset : state.housePreset);
function baseValue(o) {
  const p = (schema[state.rules]?.presets || {})[presetName()];
  return p && o.key in p.values ? p.values[o.key] : o.default;
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

function optionControl(o, value, changed) {
  const id = `opt-${o.key}`;
  const attrs = `id="${id}" data-opt="${esc(o.key)}" data-type="${o.type}"`;
  const label = `<span class="key">${esc(o.key)}</span>`;
  const desc = `<span class="desc">${esc(o.description)}${o.nullable && o.null_means ? ` (empty: ${esc(o.null_means)})` : ""}</span>`;
  let control;
  if (o.type === "bool") {
    return `<label class="opt bool${changed ? " changed" : ""}" for="${id}"><input type="checkbox" ${attrs}${value ? " checked" : ""}> ${label}${desc}</label>`;
  } else if (o.type === "int") {
    control = `<input type="number" class="num" ${attrs} value="${value === null ? "" : esc(value)}"` +
      `${o.min !== undefined ? ` min="${o.min}"` : ""}${o.max !== undefined ? ` max="${o.max}"` : ""}` +
      `${o.multiple_of ? ` step="${o.multiple_of}"` : ""}${o.nullable ? ` placeholder="—"` : ""}>`;
  } else if (o.type === "choice") {
    const opts = (o.nullable ? [["", "—"]] : []).concat((o.choices || []).map((c) => [c, c]));
    control = `<select ${attrs}>${opts.map(([v, t]) => `<option value="${esc(v)}"${(value ?? "") === v ? " selected" : ""}>${esc(t)}</option>`).join("")}</select>`;
  } else {  // yaku_values, object: JSON text
    control = `<input class="json" ${attrs} spellcheck="false" value="${esc(value === null ? "" : JSON.stringify(value))}">`;
  }
  return `<label class="opt${changed ? " changed" : ""}" for="${id}">${label} ${control}${desc}</label>`;
}

function renderOptions() {
  const fam = schema[state.rules];
  const box = $("house-form");
  if (!fam) return void (box.innerHTML = "");
  const ov = overrides();
  const presets = Object.keys(fam.presets || {});
  const sections = new Map();
  for (const o of fam.options) {
    if (!sections.has(o.section)) sections.set(o.section, []);
    const value = o.key in ov ? ov[o.key] : baseValue(o);
    sections.get(o.section).push(optionControl(o, value, o.key in ov));
  }
  const head = state.rules === "riichi" ? `<p class="hint">Values of the <b>${esc(state.preset)}</b> rules (Situation → Rules); changed ones are marked.</p>`
    : presets.length ? `<label>Preset <select id="house-preset"><option value="">none (defaults)</option>${presets.map((n) =>
      `<option${n === state.housePreset ? " selected" : ""}>${esc(n)}</option>`).join("")}</select></label>` : "";
  box.innerHTML = `<div class="row">${head}<button type="button" id="house-reset" class="ghost">Reset</button></div>` +
    [...sections].map(([name, rows]) => `<fieldset class="opts"><legend>${esc(name.replace(/_/g, " "))}</legend>${rows.join("")}</fieldset>`).join("");
  $("house-count").textContent = Object.keys(ov).length ? ` (${Object.keys(ov).length} changed)` : "";
}

// A control changed: its value joins the overrides when it differs from the preset's.
function optionChanged(el) {
  const o = schema[state.rules].options.find((x) => x.key === el.dataset.opt);
  if (o.key === "preset") {  // Riichi's preset row is the Rules select: it fills every value
    state.preset = el.value;
    state.options = "";
    return render();
  }
  let value;
  if (o.type === "bool") value = el.checked;
  else if (o.type === "int") value = el.value === "" ? (o.nullable ? null : o.default) : Number(el.value);
  else if (o.type === "choice") value = el.value === "" ? null : el.value;
  else {
    try {
      value = el.value.trim() === "" ? null : JSON.parse(el.value);
    } catch {
      return showError(`House option ${o.key}: not JSON (${el.value})`);
    }
  }
  const ov = overrides();
  if (same(value, baseValue(o))) delete ov[o.key];
  else ov[o.key] = value;
  state.options = Object.keys(ov).length ? JSON.stringify(ov) : "";
  el.closest(".opt").classList.toggle("changed", o.key in ov);
  $("house-count").textContent = Object.keys(ov).length ? ` (${Object.keys(ov).length} changed)` : "";
  score();
}

// --- rendering -------------------------------------------------------------------------------

function tileButton(code, attrs = "", extra = "") {
  return `<button type="button" class="tile" data-code="${code}" title="${esc(tileLabel(code))}" ${attrs}>${tileSvg(code)}${extra}</button>`;
}

function renderPalette() {
  const suits = state.rules === "korean" ? ["m", "p", "z"] : ["m", "p", "s", "z"];
  const used = {};
  for (const c of [...state.hand, ...state.melds.flatMap((m) => m.tiles), ...(sanma() ? Array(state.kita).fill("4z") : [])]) {
    const k = c[0] === "0" ? "5" + c[1] : c;
    used[k] = (used[k] || 0) + 1;
  }
  $("palette").innerHTML = suits.map((s) => {
    const n = s === "z" ? 7 : 9;
    let tiles = "";
    for (let i = 1; i <= n; i++) {
      const code = `${i}${s}`;
      if (sanma() && !inSanmaSet(code)) continue;
      tiles += tileButton(code, used[code] >= 4 ? "disabled" : "");
      if (i === 5 && s !== "z" && state.rules === "riichi" && !(sanma() && s === "m")) tiles += tileButton(`0${s}`);
    }
    return `<div class="suit" aria-label="${s === "z" ? "honours" : tileLabel("1" + s).split(" ")[1]}">${tiles}</div>`;
  }).join("");
}

// The flower sets, each named, each tile captioned: Korean has the seasons only (f1-f4, seed 004);
// Hong Kong-Taiwan the plants f1-f4 (red) and the seasons f5-f8 (blue) (seed 002 L5, L31).
const FLOWER_SETS = {
  korean: [["Seasons 춘하추동 春夏秋冬", ["f1", "f2", "f3", "f4"]]],
  hktw: [["Plants 매난국죽 梅蘭菊竹", ["f1", "f2", "f3", "f4"]], ["Seasons 춘하추동 春夏秋冬", ["f5", "f6", "f7", "f8"]]],
};
const SHORT = { Chrysanthemum: "Mum" };

function renderFlowers() {
  setFlowerFamily(state.rules);
  $("flowers").innerHTML = (FLOWER_SETS[state.rules] || []).map(([name, codes]) =>
    `<div class="fset" role="group" aria-label="${esc(name)}"><span class="fset-name">${esc(name)}</span><div class="ftiles">` +
    codes.map((f) => {
      const en = flowerInfo(+f[1]).name.split(" ")[0];
      return tileButton(f, `aria-pressed="${state.flowers.has(f)}"`, `<span class="cap">${SHORT[en] || en}</span>`);
    }).join("") + `</div></div>`).join("");
}

function renderHand() {
  const rack = $("rack");
  // One row for the whole hand (14, or 17 for Hong Kong-Taiwan), the winning tile included.
  const slots = Math.max(handSize(), state.hand.length);
  rack.style.setProperty("--slots", String(slots));
  rack.style.setProperty("--half", String(Math.ceil(slots / 2)));  // a phone: two rows of tiles twice as wide
  // The winning tile is marked only once the hand is complete.
  const win = state.hand.length === handSize() ? state.win : -1;
  if (!state.hand.length) {
    rack.innerHTML = `<span class="empty">Click tiles below, or type notation such as 234567m234p55s678s.</span>`;
  } else {
    rack.innerHTML = state.hand.map((c, i) =>
      `<span class="slot">${tileButton(c, `data-index="${i}" aria-label="${esc(tileLabel(c))}${i === win ? ", winning tile" : ""}"`,
        "").replace('class="tile"', `class="tile${i === win ? " win" : ""}"`)}` +
      `<button type="button" class="x" data-remove="${i}" aria-label="Remove ${esc(tileLabel(c))}">×</button></span>`).join("");
  }
  $("melds").innerHTML = state.melds.map((m, i) =>
    `<span class="meld"><span class="kind">${m.kind === "kakan" ? "added kan" : m.kind === "ankan" ? "closed kan" : m.kind}</span>` +
    // A closed kan lies with its two outer tiles face down.
    m.tiles.map((c, k) => m.kind === "ankan" && (k === 0 || k === 3)
      ? `<span class="tile back" aria-label="face down ${esc(tileLabel(c))}">${tileBackSvg()}</span>`
      : `<span class="tile" aria-label="${esc(tileLabel(c))}">${tileSvg(c)}</span>`).join("") +
    `<button type="button" class="remove" data-meld="${i}" aria-label="Remove meld">×</button></span>`).join("");
  // Kita (North tiles set aside, three-player): drawn as tiles, a click on one takes it back.
  $("kita-tiles").innerHTML = Array.from({ length: state.kita }, (_, i) =>
    `<button type="button" class="tile small" data-kita="${i}" title="North set aside (kita): click to take back" ` +
    `aria-label="kita North ${i + 1}, remove">${tileSvg("4z")}</button>`).join("");
  // Dora and ura indicators as tiles, beside their inputs.
  for (const id of ["dora", "ura"]) {
    const codes = splitTiles(state[id]) || [];
    $(`${id}-tiles`).innerHTML = codes.map((c) => `<span class="tile small" aria-label="${id} indicator ${esc(tileLabel(c))}">${tileSvg(c)}</span>`).join("");
  }
  const need = handSize();
  $("count").textContent = `${state.hand.length} / ${need} tiles` + (state.hand.length === need - 1 ? " (ready? see waits)" : "");
  const input = $("notation");
  if (document.activeElement !== input) input.value = handNotation();
}

function renderControls() {
  document.body.className = state.rules + (sanma() ? " sanma" : "");
  $("players").value = String(state.players);
  $("kita").value = state.kita;
  $("seat").querySelector('option[value="N"]').disabled = sanma();
  for (const b of document.querySelectorAll("[data-rules]")) b.setAttribute("aria-checked", String(b.dataset.rules === state.rules));
  for (const b of document.querySelectorAll("[data-win]")) b.setAttribute("aria-checked", String((b.dataset.win === "tsumo") === state.tsumo));
  for (const b of document.querySelectorAll("[data-target]")) b.setAttribute("aria-checked", String(b.dataset.target === state.target));
  for (const c of document.querySelectorAll("[data-flag]")) c.checked = state.flags.has(c.dataset.flag);
  $("seat").value = state.seat;
  $("round").value = state.round;
  $("method").value = state.method;
  $("preset").value = state.preset;
  $("variant").value = state.variant;
  $("declared").value = state.declared;
  for (const id of ["dora", "ura", "discards"]) if (document.activeElement !== $(id)) $(id).value = state[id];
  $("honba").value = state.honba;
  $("sticks").value = state.sticks;
  for (const id of ["flower_win", "kan_win", "chain", "hk_honba", "pool", "table_discards"])
    if (document.activeElement !== $(id)) $(id).value = state[id];
}

function showError(message) {
  const e = $("input-error");
  e.hidden = !message;
  e.textContent = message || "";
}

function riichiResult(r) {
  const method = state.method;
  const head = r.yakuman && !(method === "aotenjo" && !r.limit) ? `${r.yakuman > 1 ? r.yakuman + "× " : ""}yakuman`
    : method === "han_only" ? `${r.han} han` : `${r.han} han ${r.fu} fu`;
  const limit = r.limit && method !== "aotenjo" ? `<span class="limit">${LIMITS[r.limit]}</span>` : "";
  const yaku = r.yaku.map((y) => {
    const n = riichiNames[y.key] || { name_en: y.key, name_ja: "", name_ko: "" };
    const han = n.yakuman && !(method === "aotenjo") ? (y.han > 13 ? `${y.han / 13}× yakuman` : "yakuman") : `${y.han} han`;
    return `<tr><td>${esc(n.name_en)} <span class="names">${esc(n.name_ja)} · ${esc(n.name_ko)}</span></td><td class="num">${han}</td></tr>`;
  }).join("");
  const fuRows = r.fu_details.map((f) =>
    `<tr><td>${esc(FU_TEXT[f.key] || f.key)}${f.tile ? ` (${f.tile})` : ""}</td><td class="num">${f.fu}</td></tr>`).join("");
  const raw = r.fu_details.reduce((s, f) => s + f.fu, 0);
  const pays = r.payments.map((p) => `<li>${payerText(r, p)} <b>${amount(p.amount)}</b></li>`).join("") +
    (r.honba_bonus ? `<li>Honba bonus ${amount(r.honba_bonus)}</li>` : "") +
    (r.sticks_bonus ? `<li>Riichi sticks ${amount(r.sticks_bonus)}</li>` : "");
  const words = method === "aotenjo" && r.total >= 100000000n
    ? `<p class="amount-words"><span lang="ko">${amount(r.total, "ko")}</span><br><span lang="ja">${amount(r.total, "ja")}</span></p>` : "";
  return `<div class="total"><span class="big" id="total">${amount(r.total)}</span><span class="value" id="value">${head}</span>${limit}</div>${words}
    <table class="yaku"><thead><tr><th>Yaku</th><th class="num">Han</th></tr></thead><tbody>${yaku}</tbody></table>
    ${fuRows ? `<table class="fu"><thead><tr><th>Fu</th><th class="num">${raw === r.fu ? r.fu : `${raw} → ${r.fu}`}</th></tr></thead><tbody>${fuRows}</tbody></table>` : ""}
    <ul class="pays">${pays}</ul>
    <div class="decomp">${r.decomposition.map((d) => `<span>${esc(d)}</span>`).join("")}${r.wait ? `<span>${r.wait} wait</span>` : ""}</div>`;
}

function koreanResult(r) {
  const status = r.win_valid ? `<span class="valid">valid win</span>` : `<span class="invalid">${r.chombo ? "chombo 점프" : "not a valid win"}</span>`;
  const rows = r.yaku.map((y) =>
    `<tr><td>${esc(y.name_ko)} <span class="names">${esc(y.name_en)}${y.tile ? ` ${y.tile}` : y.count > 1 ? ` ×${y.count}` : ""}</span></td>` +
    `<td>${y.kind === "base" ? "base 기본" : "additional 부가"}</td><td class="num">${y.han === null ? "? 불명" : (y.kind === "additional" ? "+" : "") + y.han}</td></tr>`).join("");
  const notes = r.messages.map((m) => `<li>${esc(m)}</li>`).join("");
  const pays = r.total !== null
    ? `<ul class="pays">${r.payments.map((p) => `<li>${PAYERS[p.payer]} <b>${amount(p.amount)}</b></li>`).join("")}<li>Total ${amount(r.total)}</li></ul>` : "";
  return `<div class="total"><span class="big" id="total">${r.han}판</span><span class="value" id="value">${r.base_han} base + ${r.additional_han} additional</span> ${status}</div>
    <p class="hint">Minimum ${r.min_base_han} base han (${esc(r.variant)}).</p>
    <table class="yaku"><thead><tr><th>족보 pattern</th><th>Kind</th><th class="num">판</th></tr></thead><tbody>${rows}</tbody></table>
    ${notes ? `<ul class="notes">${notes}</ul>` : ""}${pays}
    <div class="decomp">${r.decomposition.map((d) => `<span>${esc(d)}</span>`).join("")}${r.wait ? `<span>${r.wait} wait</span>` : ""}</div>`;
}

function hktwResult(r) {
  if (r.hand_ended) {
    return `<div class="total"><span class="big" id="total">${amount(r.instant_payments[0].total)}</span>` +
      `<span class="value" id="value">All eight flowers 화패 8개</span></div>` +
      `<p>The hand ends at once: 40 from each player, nothing else is scored (seed 002 L101).</p>`;
  }
  const rows = r.yaku.map((y) =>
    `<tr><td><span class="names">${esc(y.number)}</span> <span lang="zh-Hant" class="zh">${esc(zhName(y))}</span> ` +
    `<span lang="ko">${esc(y.name_ko)}</span> <span class="names">${esc(y.name_en)}` +
    `${y.tile ? ` ${y.tile}` : y.count > 1 ? ` ×${y.count}` : ""}</span></td><td class="num">${y.points}</td></tr>`).join("");
  const pays = r.payments.map((p) => `<li>${PAYERS[p.payer]} <b>${amount(p.amount)}</b></li>`).join("") +
    (r.honba_bonus ? `<li>Honba (2n+1 per payer) ${amount(r.honba_bonus)}</li>` : "") +
    (r.pool_bonus ? `<li>Pool ${amount(r.pool_bonus)}</li>` : "");
  const instant = r.instant_payments.map((p) =>
    `<li class="instant"><span lang="zh-Hant">${esc(zhName(p))}</span> ${esc(p.name_ko)}${p.count > 1 ? ` ×${p.count}` : ""}: ${amount(p.each)} from each player at once` +
    ` (${amount(p.total)}, apart from the hand)</li>`).join("");
  return `<div class="total"><span class="big" id="total">${amount(r.total)}</span>` +
    `<span class="value" id="value">${r.value} points</span>${r.limit ? `<span class="limit">house limit</span>` : ""}</div>
    <p class="hint">${r.base_points} base + ${r.pattern_points} from the patterns${r.waits.length > 1 ? ` · winning tiles ${r.waits.join(" ")}` : ""}</p>
    <table class="yaku"><thead><tr><th>番種 pattern</th><th class="num">Points</th></tr></thead><tbody>${rows}</tbody></table>
    <ul class="pays">${pays}${instant}</ul>
    <div class="decomp">${r.decomposition.map((d) => `<span>${esc(d)}</span>`).join("")}${r.wait ? `<span>${r.wait} wait</span>` : ""}</div>`;
}

function waitsResult(w) {
  if (w.shanten > 0) {
    return `<div class="total"><span class="big" id="total">${w.shanten}-shanten</span></div>
      <p>Useful tiles: ${w.ukeire.map((u) => `<b>${u.tile}</b> (${u.unseen})`).join(", ")} · ${w.ukeire_unseen} unseen.</p>`;
  }
  const cell = (r) => !r.ok ? (r.error.code === "no_yaku" ? "no yaku" : esc(r.error.code))
    : r.rules === "korean" ? `${r.han}판${r.win_valid ? "" : " (invalid)"}` : `${r.han} han ${r.fu} fu · <b>${amount(r.total)}</b>`;
  return `<div class="total"><span class="big" id="total">Tenpai</span><span class="value">${w.waits.length} winning tile${w.waits.length === 1 ? "" : "s"}</span></div>
    <table class="waits"><thead><tr><th>Wait</th><th>Ron</th><th>Tsumo</th></tr></thead><tbody>${w.waits.map((x) =>
      `<tr><td><span class="tile" style="width:1.8rem;display:inline-block">${tileSvg(x.tile)}</span> ${x.unseen} left</td><td>${cell(x.ron)}</td><td>${cell(x.tsumo)}</td></tr>`).join("")}</tbody></table>
    ${w.furiten ? `<p class="invalid">Furiten: no ron.</p>` : ""}`;
}

// The total, kept in view on a phone while the situation is changed (a bar at the bottom).
function setSummary(html) {
  const bar = $("summary");
  bar.innerHTML = html;
  bar.hidden = !html;
}

// The value of one way to win, as `tenbou discards` and `tenbou waits` write it (cli/common.py
// _short_result): han and fu (or points, or 판) and the total.
function winValue(r) {
  if (!r.ok) return r.error.code === "no_yaku" ? "no yaku" : esc(r.error.code);
  if (r.rules === "hktw") return `${r.value} points · <b>${amount(r.total)}</b>`;
  if (r.rules === "korean") {
    return `${r.han}판 (${r.base_han}+${r.additional_han})${r.win_valid ? "" : r.chombo ? " chombo" : " below minimum"}`;
  }
  return `${r.yakuman ? `${r.yakuman > 1 ? r.yakuman + "× " : ""}yakuman` : `${r.han} han ${r.fu} fu`} · <b>${amount(r.total)}</b>`;
}

// What to discard (tenbou.discards): for a full hand, the best discards, each with its useful tiles
// or, when it leaves the hand ready, its waits and what each wait is worth by ron and by tsumo.
// `open`: shown first and unfolded (a 14-tile hand that is not complete: the advice is the answer).
function discardPanel(req, open = false) {
  if (state.typed !== null && /f/.test(state.typed)) return "";
  const before = { ...req };
  for (const f of ["win_tile", "tsumo", "haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou",
    "flower_replacement_win", "kan_replacement_win"]) delete before[f];
  let d;
  try {
    d = tenbou.discards(before);
  } catch (e) {
    if (e instanceof tenbou.InvalidRequestError) return "";
    throw e;
  }
  const tile = (c) => `<span class="tile small">${tileSvg(c)}</span>`;
  const ev = state.rules === "riichi";  // win %, tenpai %, points per discard: filled by the worker (ev-worker.mjs)
  if (ev) requestEv(before);
  // Each discard in a row, its waits (or useful tiles) in a full-width row under it: readable on a phone.
  const rows = d.discards.slice(0, open ? 8 : 6).map((x) => `<tr class="choice"><td class="discard">${tile(x.tile)} ${esc(x.tile)}</td>` +
    `<td class="num">${x.shanten}</td><td class="num">${x.ukeire_unseen}</td></tr><tr class="detail"><td colspan="3">` +
    `${ev ? evLine(x.tile) : ""}${x.waits.length
      ? x.waits.map((w) => `<div class="wait"><b>${esc(w.tile)}</b> (${w.unseen} left) <span class="how">ron</span> ${winValue(w.ron)}` +
        `; <span class="how">tsumo</span> ${winValue(w.tsumo)}</div>`).join("") + (x.furiten ? `<div class="invalid">furiten: no ron</div>` : "")
      : `<span class="how">useful</span> ` + x.ukeire.map((u) => `${esc(u.tile)} (${u.unseen})`).join(" ")}</td></tr>`).join("");
  const state_ = d.shanten < 0 ? "complete" : d.shanten === 0 ? "tenpai after the best" : d.shanten + "-shanten";
  const table = `<table class="advice"><thead><tr><th>Discard</th><th class="num">Shanten</th><th class="num">Useful</th>` +
    `</tr></thead><tbody>${rows}</tbody></table>`;
  if (open) {
    const best = d.discards[0];
    const head = d.shanten === 0
      ? `Discard ${esc(best.tile)}: tenpai, waiting on ${best.waits.map((w) => esc(w.tile)).join(" ")}`
      : `Discard ${esc(best.tile)}: ${d.shanten}-shanten, ${best.ukeire_unseen} useful tiles`;
    return `<section class="discards open" id="discard-advice"><div class="total"><span class="big advice-head" id="advice">${head}</span></div>${table}</section>`;
  }
  return `<details class="discards" id="discard-advice"><summary>What to discard (${state_})</summary>${table}</details>`;
}

// A full hand that is no win yet: which tiles are seen as dora, to say whether "dora alone" applies.
const doraEntered = () => state.rules === "riichi" &&
  (!!state.dora || state.kita > 0 || state.hand.some((c) => c[0] === "0") || state.melds.some((m) => m.tiles.some((c) => c[0] === "0")));

// The rack's last tile is drawn as the winning tile only while the hand is a win.
function unmarkWin() {
  for (const t of document.querySelectorAll("#rack .tile.win")) {
    t.classList.remove("win");
    t.setAttribute("aria-label", t.getAttribute("aria-label").replace(", winning tile", ""));
  }
}

function score() {
  saveUrl();
  const out = $("result");
  if (!state.hand.length) {
    out.innerHTML = `<p class="hint">Click tiles or type a hand to score it.</p>`;
    showError("");
    return;
  }
  const need = handSize();
  if (state.hand.length < need - 1) {  // still being built: no error, just how far it is
    out.innerHTML = `<p class="hint" id="building">${state.hand.length} of ${need} tiles: add ${need - state.hand.length} more ` +
      `(${need - 1} show the waits).</p>`;
    setSummary("");
    showError("");
    return;
  }
  let req;
  try {
    req = buildRequest();
  } catch (e) {
    showError(`House options: ${e.message}`);
    out.innerHTML = `<p class="hint">Fix the input to see a score.</p>`;
    setSummary("");
    return;
  }
  try {
    if (state.hand.length === need - 1 && state.rules === "hktw") {
      out.innerHTML = `<p class="hint">16 tiles: add the winning 17th (the last tile is the winning tile).</p>`;
      showError("");
      return;
    }
    if (state.hand.length === need - 1) {
      const before = { ...req };
      delete before.win_tile;
      delete before.tsumo;
      for (const f of ["haitei", "houtei", "rinshan", "chankan", "tenhou", "chiihou", "renhou"]) delete before[f];
      out.innerHTML = waitsResult(tenbou.waits(before));
      setSummary($("total") ? $("total").innerHTML : "");
      showError("");
      return;
    }
    const r = tenbou.score(req);
    showError("");
    if (!r.ok && r.error.code === "not_winning") {
      // Not complete: what to discard comes first, the why under it, in plain text (not an error).
      unmarkWin();
      const why = state.rules === "hktw" ? r.error.message : "Not a complete hand yet: 4 sets and a pair, seven pairs" +
        (state.rules === "riichi" ? " or thirteen orphans" : "") + " are needed.";
      out.innerHTML = discardPanel(req, true) + `<p class="hint" id="not-scored">${esc(why)}</p>`;
      setSummary($("advice") ? esc($("advice").textContent) : "");
      return;
    }
    if (!r.ok) {
      const text = r.error.code !== "no_yaku" ? r.error.message
        : "Complete, but no yaku: a win needs at least one." + (doraEntered() ? " Dora alone do not make a win." : "");
      out.innerHTML = `<p class="invalid" id="not-scored">${esc(text)}</p>` + discardPanel(req);
      setSummary("");
      return;
    }
    out.innerHTML = (r.rules === "korean" ? koreanResult(r) : r.rules === "hktw" ? hktwResult(r) : riichiResult(r)) +
      discardPanel(req);
    setSummary($("total") ? `${$("total").innerHTML}<wbr> · ${$("value") ? esc($("value").textContent) : ""}` : "");
  } catch (e) {
    if (!(e instanceof tenbou.InvalidRequestError)) throw e;
    showError(e.message);
    out.innerHTML = `<p class="hint">Fix the input to see a score.</p>`;
    setSummary("");
  }
}

function render() {
  renderControls();
  renderOptions();
  renderPalette();
  renderFlowers();
  renderHand();
  score();
}

// --- input -----------------------------------------------------------------------------------

function addTile(code) {
  const t = state.target;
  state.typed = null;
  if (t === "hand") {
    if (state.hand.length >= handSize()) return showError("The hand is full: remove a tile first.");
    state.hand.push(code);
    state.win = state.hand.length - 1;
  } else if (t === "dora" || t === "ura") {
    state[t] += code;
  } else if (t === "kita") {
    if (code !== "4z") return showError("Kita are North tiles (4z) set aside: click 北.");
    if (state.kita >= 4) return showError("At most 4 kita: there are four North tiles.");
    state.kita += 1;
  } else {
    const n = MELD_SIZE[t];
    if (t === "chi" && (code[1] === "z" || +code[0] % 10 > 7 || code[0] === "8" || code[0] === "9")) {
      return showError("A chi starts at its lowest tile: pick 1-7 of a numbered suit.");
    }
    const v = code[0] === "0" ? "5" : code[0];
    const tiles = t === "chi" ? [0, 1, 2].map((k) => `${+v + k}${code[1]}`) : Array(n).fill(`${v}${code[1]}`);
    if (state.melds.length >= maxMelds()) return showError(`A hand has at most ${maxMelds()} melds.`);
    // A meld takes the place of 3 concealed tiles: with the hand full, some must go first.
    const over = state.hand.length - ((state.rules === "hktw" ? 17 : 14) - 3 * (state.melds.length + 1));
    if (over > 0) return showError(`The hand is full: remove ${over} tile${over > 1 ? "s" : ""} before adding a ${t}.`);
    state.melds.push({ kind: t, tiles });
  }
  render();
}

function bind() {
  document.addEventListener("click", (ev) => {
    const el = ev.target.closest("button");
    if (!el) return;
    if (el.dataset.remove !== undefined || el.dataset.rules || el.id === "clear") state.typed = null;
    if (el.dataset.rules) {
      state.rules = el.dataset.rules;
      state.target = "hand";
      state.hand = state.hand.filter((c) => state.rules === "riichi" || (c[0] !== "0" && (state.rules === "hktw" || c[1] !== "s")));
      // Melds and flowers belong to the family they were entered in (a Korean f1 is not a
      // Hong Kong-Taiwan f1): they go.
      state.melds = [];
      state.flowers = new Set();
      state.options = "";  // house options are the family's own keys
      state.housePreset = "";
      state.win = state.hand.length - 1;
      render();
    } else if (el.dataset.win) {
      state.tsumo = el.dataset.win === "tsumo";
      render();
    } else if (el.dataset.target) {
      state.target = el.dataset.target;
      renderControls();
    } else if (el.dataset.remove !== undefined) {
      const i = +el.dataset.remove;
      state.hand.splice(i, 1);
      state.win = i === state.win ? state.hand.length - 1 : state.win > i ? state.win - 1 : state.win;
      render();
    } else if (el.dataset.kita !== undefined) {
      state.kita = Math.max(0, state.kita - 1);
      render();
    } else if (el.dataset.meld !== undefined) {
      state.melds.splice(+el.dataset.meld, 1);
      render();
    } else if (el.closest("#palette")) {
      addTile(el.dataset.code);
    } else if (el.closest("#flowers")) {
      const f = el.dataset.code;
      state.flowers.has(f) ? state.flowers.delete(f) : state.flowers.add(f);
      render();
    } else if (el.closest("#rack") && el.dataset.index !== undefined) {
      state.win = +el.dataset.index;
      render();
    } else if (el.id === "clear") {
      Object.assign(state, { hand: [], win: -1, melds: [], dora: "", ura: "", flags: new Set(), flowers: new Set(),
        tsumo: false, seat: "E", round: "E", honba: 0, sticks: 0, kita: 0, hk_honba: 0, pool: 0, flower_win: 0, kan_win: 0,
        chain: 1, table_discards: "", discards: "", declared: "none" });
      render();
    } else if (el.id === "house-reset") {
      state.options = "";
      render();
    } else if (el.id === "share") {
      navigator.clipboard?.writeText(location.href);
      el.textContent = "Link copied";
      setTimeout(() => (el.textContent = "Copy link"), 1500);
    }
  });
  $("notation").addEventListener("input", (ev) => {
    const tiles = splitTiles(ev.target.value);
    if (tiles === null || tiles.some((c) => c[0] === "f")) {
      showError(`Notation: digits then a suit letter (m, p, s, z), e.g. 234567m234p55s678s.`);
      return;
    }
    state.hand = tiles;
    state.win = tiles.length - 1;
    state.typed = ev.target.value;
    renderPalette();
    renderHand();
    score();
  });
  for (const id of ["seat", "round", "method", "preset", "variant", "declared"]) {
    $(id).addEventListener("change", (ev) => {
      state[id] = ev.target.value;
      if (id === "preset") state.options = "";  // the preset fills every house option
      render();
    });
  }
  $("players").addEventListener("change", (ev) => {
    state.players = +ev.target.value === 3 ? 3 : 4;
    if (state.players === 3) {
      // The 108-tile set: 2m-8m and chi leave the hand; there is no North seat.
      state.typed = null;
      state.hand = state.hand.filter(inSanmaSet);
      state.melds = state.melds.filter((m) => m.kind !== "chi" && m.tiles.every(inSanmaSet));
      state.win = state.hand.length - 1;
      if (state.seat === "N") state.seat = "E";
      if (state.target === "chi") state.target = "hand";
    } else {
      state.kita = 0;
      if (state.target === "kita") state.target = "hand";
    }
    render();
  });
  $("kita").addEventListener("input", (ev) => { state.kita = Math.min(4, Math.max(0, +ev.target.value || 0)); renderPalette(); renderHand(); score(); });
  for (const id of ["dora", "ura", "discards"]) {
    $(id).addEventListener("input", (ev) => { state[id] = ev.target.value.trim(); score(); });
  }
  for (const id of ["honba", "sticks", "flower_win", "kan_win", "chain", "hk_honba", "pool"]) {
    $(id).addEventListener("input", (ev) => { state[id] = Math.max(0, +ev.target.value || 0); score(); });
  }
  $("table_discards").addEventListener("input", (ev) => { state.table_discards = ev.target.value.trim(); score(); });
  for (const c of document.querySelectorAll("[data-flag]")) {
    c.addEventListener("change", () => { c.checked ? state.flags.add(c.dataset.flag) : state.flags.delete(c.dataset.flag); score(); });
  }
  $("units").addEventListener("change", score);
  $("house-form").addEventListener("change", (ev) => {
    if (ev.target.id === "house-preset") {
      state.housePreset = ev.target.value;
      state.options = "";  // a preset fills every value
      render();
    } else if (ev.target.dataset.opt) optionChanged(ev.target);
  });
  for (const id of ["dora", "ura"]) $(id).addEventListener("input", () => renderHand());
  window.addEventListener("hashchange", () => { loadUrl(); render(); });
}

loadNames();
loadSchema();
loadUrl();
bind();
setupRecords();
render();
$("version").textContent = `tenbou ${tenbou.version}`;
document.body.dataset.ready = "1";
