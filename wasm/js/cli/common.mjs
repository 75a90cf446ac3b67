// What every command shares (python/tenbou/cli/common.py in JS): request building from the
// arguments, the texts of fu items, limits and payers, one line's value of a result.
import * as tenbou from "../tenbou.mjs";

export const PAYER_TEXT = { discarder: "the discarder pays", dealer: "the dealer pays", non_dealer: "each non-dealer pays" };

export function payerTexts(players, lines) {
  if (players === 3 && lines === 2) return { ...PAYER_TEXT, non_dealer: "the other non-dealer pays" };
  return PAYER_TEXT;
}

export const LIMIT_TEXT = {
  mangan: "mangan 満貫",
  haneman: "haneman 跳満",
  baiman: "baiman 倍満",
  sanbaiman: "sanbaiman 三倍満",
  kazoe_yakuman: "kazoe yakuman 数え役満",
  yakuman: "yakuman 役満",
};
export const FU_TEXT = {
  base: "base (futei)",
  chiitoitsu: "seven pairs, fixed",
  closed_ron: "closed ron",
  tsumo: "tsumo",
  wait_kanchan: "kanchan wait",
  wait_penchan: "penchan wait",
  wait_tanki: "tanki wait",
  pair_dragon: "dragon pair",
  pair_seat_wind: "seat wind pair",
  pair_round_wind: "round wind pair",
  pair_double_wind: "double wind pair",
  pair_north_wind: "North pair (three-player value tile)",
  open_triplet_simple: "open triplet, simples",
  open_triplet_terminal: "open triplet, terminals/honours",
  closed_triplet_simple: "closed triplet, simples",
  closed_triplet_terminal: "closed triplet, terminals/honours",
  open_kan_simple: "open kan, simples",
  open_kan_terminal: "open kan, terminals/honours",
  closed_kan_simple: "closed kan, simples",
  closed_kan_terminal: "closed kan, terminals/honours",
  open_pinfu: "open pinfu shape raised to 30",
  han_only: "han-only method, fixed",
  kokushi: "thirteen orphans (aotenjo house fu)",
};
export const FLAGS = ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou"];
const KOREAN_FLAGS = ["tsumo", "double_riichi", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou", "renhou"];
const HKTW_FLAGS = ["tsumo", "ippatsu", "haitei", "houtei", "tenhou", "chiihou", "renhou"];
export const VARIANT_TEXT = { nagari: "나가리 (nagari)", samsiki: "삼식이 (samsiki)", coffee: "커피향 (coffee)" };
export const KOREAN_PAYER_TEXT = { discarder: "the discarder pays", each_other: "each of the three others pays" };

/** Unusable command-line arguments (exit status 2). */
export class UsageError extends Error {}

/** An ok: false answer the command reports as an error (exit status 1). */
export class InputError extends Error {}

let UNITS = "en";  // set from --units: how amounts are written
export function setUnits(units) { UNITS = units || "en"; }
export function units() { return UNITS; }
export function fmt(n) { return tenbou.formatAmount(n, UNITS); }

/** A number written with a fraction or an exponent: Python reads "300.0" and "1e3" as floats, which
 * the core tells from integers; JSON.parse would make them 300 and 1000, so the text is kept. */
class RawNumber {
  constructor(text) { this.text = text; }
}

function parseOption(text) {
  const at = text.indexOf("=");
  if (at < 0) throw new UsageError(`--option expects KEY=VALUE, got '${text}'`);
  const key = text.slice(0, at), value = text.slice(at + 1);
  const trimmed = value.trim();
  try {
    if (/^-?\d+$/.test(trimmed) && !Number.isSafeInteger(Number(trimmed))) return [key, BigInt(trimmed)];
    const parsed = JSON.parse(value);
    if (typeof parsed === "number" && /[.eE]/.test(trimmed)) return [key, new RawNumber(trimmed)];
    return [key, parsed];
  } catch {
    return [key, value];
  }
}

export function parseOptions(texts, base = {}) {
  const options = { ...base };
  for (const text of texts || []) {
    const [key, value] = parseOption(text);
    options[key] = value;
  }
  return options;
}

/** The JSON text of a request: tenbou.toJSON's (BigInts and integers past 2^53 as digits), with
 * the numbers of --option as written. */
export function requestText(request) {
  const text = JSON.stringify(request, (_k, v) => {
    if (typeof v === "bigint") return `\u0001${v}\u0001`;
    if (typeof v === "number" && Number.isInteger(v) && !Number.isSafeInteger(v)) return `\u0001${BigInt(v)}\u0001`;
    return v instanceof RawNumber ? `\u0001${v.text}\u0001` : v;
  });
  return text.replace(/"\\u0001([^"\\]*)\\u0001"/g, "$1");
}

/** The core's result object for a request (the same text the Python CLI gets). */
export function scoreLine(request) {
  return tenbou.scoreLines([requestText(request)])[0];
}

function lastTile(hand) {
  let suit = null;
  const chars = [...hand.trim()].reverse();
  for (const ch of chars) {
    if (suit === null) {
      if ("mpsz".includes(ch)) { suit = ch; continue; }
      break;
    }
    if (/\d/.test(ch)) return ch + suit;
    break;
  }
  const probe = tenbou.parseResult(scoreLine({ hand, win_tile: "1z" }));
  const err = probe.error;
  if (err && err.code === "invalid_input" && err.field === "hand" && err.reason === "bad_tile") throw new InputError(err.message);
  throw new UsageError("give the winning tile with --win (or end HAND with a tile such as 5m)");
}

function beforeWinKeys(args) {
  const keys = {};
  if (args.visible) keys.visible = args.visible;
  if (args.own_discards) keys.own_discards = args.own_discards;
  return keys;
}

function koreanRequest(args, beforeWin) {
  const riichiOnly = [["--dora", args.dora], ["--ura", args.ura], ["--honba", args.honba], ["--sticks", args.sticks],
    ["--ippatsu", args.ippatsu], ["--method", args.method !== "fuhan"], ["--preset", args.preset !== "tenhou"]]
    .filter(([, given]) => given).map(([name]) => name);
  if (riichiOnly.length) throw new UsageError(`${riichiOnly.join(", ")}: not part of Korean rules (see README 'Korean mahjong')`);
  const options = parseOptions(args.option);
  const declared = args.weja_bulleo ? "weja_bulleo" : args.bulleo ? "bulleo" : args.riichi ? "eopeo" : "none";
  const req = {
    rules: "korean", variant: args.variant, hand: args.hand, melds: [...(args.meld || [])], seat_wind: args.seat,
    round_wind: args.round, flowers: args.flowers, riichi: declared, own_discards: args.own_discards, options,
  };
  if (beforeWin) Object.assign(req, beforeWinKeys(args));
  else if (!(args.tenhou && !args.win)) req.win_tile = args.win || lastTile(args.hand);
  for (const flag of KOREAN_FLAGS) if (args[flag]) req[flag] = true;
  return req;
}

function hktwRequest(args, beforeWin) {
  const riichiOnly = [["--dora", args.dora], ["--ura", args.ura], ["--sticks", args.sticks], ["--double-riichi", args.double_riichi],
    ["--rinshan", args.rinshan], ["--method", args.method !== "fuhan"], ["--preset", args.preset !== "tenhou"],
    ["--variant", args.variant !== "nagari"], ["--bulleo", args.bulleo], ["--weja-bulleo", args.weja_bulleo]]
    .filter(([, given]) => given).map(([name]) => name);
  if (riichiOnly.length) {
    throw new UsageError(`${riichiOnly.join(", ")}: not part of Hong Kong-Taiwan rules (see README 'Hong Kong-Taiwan style')`);
  }
  const options = parseOptions(args.option);
  const req = {
    rules: "hktw", hand: args.hand, melds: [...(args.meld || [])], seat_wind: args.seat, round_wind: args.round,
    flowers: args.flowers, options,
  };
  if (beforeWin) Object.assign(req, beforeWinKeys(args));
  else if (!(args.tenhou && !args.win)) req.win_tile = args.win || lastTile(args.hand);
  if (args.riichi) req.riichi = true;
  for (const flag of HKTW_FLAGS) if (args[flag]) req[flag] = true;
  if (args.chankan) req.chankan = args.chain || 1;
  for (const key of ["flower_replacement_win", "kan_replacement_win", "discards_on_table", "honba", "pool"]) {
    if (args[key]) req[key] = args[key];
  }
  return req;
}

/** The contract request for `tenbou score HAND ...` (or waits/discards: beforeWin) arguments. */
export function buildRequest(args, beforeWin = false) {
  if (beforeWin) args = { ...args, win: null, tsumo: false };
  if (args.rules !== "riichi" && (args.players !== 4 || args.kita)) {
    throw new UsageError("--players and --kita: three-player Riichi only (--rules riichi)");
  }
  if (args.rules === "korean") return koreanRequest(args, beforeWin);
  if (args.rules === "hktw") return hktwRequest(args, beforeWin);
  const hktwOnly = [["--flower-replacement-win", args.flower_replacement_win], ["--kan-replacement-win", args.kan_replacement_win],
    ["--chain", args.chain], ["--discards-on-table", args.discards_on_table !== null], ["--pool", args.pool]]
    .filter(([, given]) => given).map(([name]) => name);
  if (hktwOnly.length) throw new UsageError(`${hktwOnly.join(", ")}: Hong Kong-Taiwan rules only (add --rules hktw)`);
  const koreanOnly = [["--variant", args.variant !== "nagari"], ["--flowers", args.flowers], ["--bulleo", args.bulleo],
    ["--weja-bulleo", args.weja_bulleo], ["--own-discards", args.own_discards && !beforeWin]]
    .filter(([, given]) => given).map(([name]) => name);
  if (koreanOnly.length) throw new UsageError(`${koreanOnly.join(", ")}: Korean rules only (add --rules korean)`);
  const req = {
    rules: "riichi", method: args.method, hand: args.hand, melds: [...(args.meld || [])], seat_wind: args.seat,
    round_wind: args.round, dora_indicators: args.dora, ura_indicators: args.ura, honba: args.honba,
    riichi_sticks: args.sticks, options: parseOptions(args.option, { preset: args.preset }),
  };
  if (args.players !== 4 || args.kita) { req.players = args.players; req.kita = args.kita; }
  if (beforeWin) Object.assign(req, beforeWinKeys(args));
  else req.win_tile = args.win || lastTile(args.hand);
  for (const flag of FLAGS) if (args[flag]) req[flag] = true;
  return req;
}

export function tileLabel(t) { return t ? ` (${t})` : ""; }

export function hanText(han, kind) {
  if (han === null || han === undefined) return "? (불명)";
  return `${kind === "additional" ? "+" : ""}${han}판`;
}

/** The stderr line of an ok: false result in readable mode. */
export function failureText(error) {
  if (error.code === "invalid_input") return `tenbou: ${error.message}\n`;
  return `tenbou: not scored (${error.code}): ${error.message}\n`;
}

/** 1 yakuman, 2 double yakuman, 3 triple ... */
export function yakumanText(multiple) {
  return { 1: "yakuman", 2: "double yakuman", 3: "triple yakuman" }[multiple] || `${multiple}x yakuman`;
}

/** One cell of the waits table: the value of one way to win. */
export function shortResult(d) {
  if (!d.ok) return d.error.code === "no_yaku" ? "no yaku" : d.error.code;
  if (d.rules === "hktw") return `${d.value} points  ${fmt(d.total)}`;
  if (d.rules === "korean") {
    const valid = d.win_valid ? "" : d.chombo ? " chombo" : " below minimum";
    return `${d.han}판 (${d.base_han}+${d.additional_han})${valid}`;
  }
  const value = d.yakuman ? `${d.yakuman}x yakuman` : `${d.han} han ${d.fu} fu`;
  return `${value}  ${fmt(d.total)}`;
}

/** The core's answer for a hand before the win: {data, json} (json: the --json line, ok or not). */
export function beforeWinAnswer(args, analyse) {
  if (!args.hand) throw new UsageError(`give a HAND (e.g. 123m456m789p2345s)${"jsonl" in args ? ", or --jsonl" : ""}`);
  const request = buildRequest(args, true);
  try {
    const data = analyse(requestText(request));
    return { data, json: tenbou.toJSON(data) };
  } catch (e) {
    if (!(e instanceof tenbou.InvalidRequestError)) throw e;
    const error = { code: "invalid_input", message: e.message, reason: e.reason, ...(e.field ? { field: e.field } : {}) };
    return { data: { ok: false, error }, json: JSON.stringify({ ok: false, error }) };
  }
}
