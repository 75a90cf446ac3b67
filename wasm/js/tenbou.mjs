// tenbou for JavaScript: the C++ core compiled to WebAssembly, wrapped in the
// contract's API (shared/spec/contract.md). Works in the browser and in Node.
//
//   import * as tenbou from "./tenbou.mjs";
//   const r = tenbou.score({hand: "234567m234p55s678s", win_tile: "5m", riichi: true});
//   r.han, r.fu, r.total   // 3, 30, 5800n
//
// Every amount (payments[].amount, total, honba_bonus, sticks_bonus, base_points,
// Korean points) is a BigInt, exact at any size (aotenjo totals pass 10^37). Invalid
// input throws an InvalidRequestError (or a subclass) whose message is the Python
// API's, word for word: both come from the same core.

const isNode = typeof process !== "undefined" && !!(process.versions && process.versions.node);

async function loadFactory() {
  if (isNode) {
    const { createRequire } = await import("node:module");
    return createRequire(import.meta.url)("./tenbou-core.js");
  }
  if (!globalThis.TenbouCore) {
    await new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = new URL("./tenbou-core.js", import.meta.url).href;
      s.onload = resolve;
      s.onerror = () => reject(new Error("tenbou: cannot load tenbou-core.js"));
      document.head.appendChild(s);
    });
  }
  return globalThis.TenbouCore;
}

const core = await (await loadFactory())();

// --- errors (the same classes and reasons as python/tenbou/errors.py) ----------------------

export class TenbouError extends Error {}

export class InvalidRequestError extends TenbouError {
  constructor(message, reason = "", field = "") {
    super(message);
    this.name = new.target.name;
    this.reason = reason;
    this.field = field;
  }
}
export class InvalidJSONError extends InvalidRequestError {}
export class UnknownKeyError extends InvalidRequestError {}
export class InvalidValueError extends InvalidRequestError {}
export class InvalidTileError extends InvalidRequestError {}
export class TileCountError extends InvalidRequestError {}
export class TooManyCopiesError extends InvalidRequestError {}
export class InvalidMeldError extends InvalidRequestError {}
export class WinTileMissingError extends InvalidRequestError {}
export class ImpossibleFlagsError extends InvalidRequestError {}
export class UnsupportedError extends InvalidRequestError {}
export class TileNotInRulesError extends InvalidTileError {}
export class MeldNotInRulesError extends InvalidMeldError {}
export class InvalidFlowerError extends InvalidRequestError {}
export class DuplicateFlowerError extends InvalidFlowerError {}

const BY_REASON = {
  bad_json: InvalidJSONError, unknown_key: UnknownKeyError, bad_type: InvalidValueError, bad_value: InvalidValueError,
  bad_tile: InvalidTileError, tile_count: TileCountError, too_many_copies: TooManyCopiesError, bad_meld: InvalidMeldError,
  win_tile_missing: WinTileMissingError, bad_flags: ImpossibleFlagsError, unsupported: UnsupportedError,
  tile_not_in_rules: TileNotInRulesError, meld_not_in_rules: MeldNotInRulesError, bad_flower: InvalidFlowerError,
  duplicate_flower: DuplicateFlowerError,
};

/** The exception for a core error object with code invalid_input. */
export function errorFrom(error) {
  const cls = BY_REASON[error.reason] || InvalidRequestError;
  return new cls(error.message, error.reason || "", error.field || "");
}

// --- exact JSON ------------------------------------------------------------------------------

// Keys whose values are amounts of points: always BigInt in this API.
const AMOUNT_KEYS = new Set(["amount", "total", "honba_bonus", "sticks_bonus", "base_points", "points", "payment"]);

// A JSON reader for the core's own output that keeps integers past 2^53 exact.
function parseExactSlow(text) {
  let i = 0;
  const value = () => {
    const c = text[i];
    if (c === "{") {
      i++;
      const o = {};
      if (text[i] === "}") { i++; return o; }
      for (;;) {
        const k = string();
        i++; // ':'
        o[k] = value();
        if (text[i++] === "}") return o;
      }
    }
    if (c === "[") {
      i++;
      const a = [];
      if (text[i] === "]") { i++; return a; }
      for (;;) {
        a.push(value());
        if (text[i++] === "]") return a;
      }
    }
    if (c === '"') return string();
    if (text.startsWith("true", i)) { i += 4; return true; }
    if (text.startsWith("false", i)) { i += 5; return false; }
    if (text.startsWith("null", i)) { i += 4; return null; }
    const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    i += m[0].length;
    if (m[1] || m[2]) return Number(m[0]);
    const n = Number(m[0]);
    return Number.isSafeInteger(n) ? n : BigInt(m[0]);
  };
  const string = () => {
    let j = i + 1;
    while (text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
    const s = JSON.parse(text.slice(i, j + 1));
    i = j + 1;
    return s;
  };
  return value();
}

function amountsToBigInt(v) {
  if (Array.isArray(v)) {
    for (const x of v) amountsToBigInt(x);
  } else if (v !== null && typeof v === "object") {
    for (const k in v) {
      const x = v[k];
      if (typeof x === "number" && AMOUNT_KEYS.has(k) && Number.isInteger(x)) v[k] = BigInt(x);
      else if (x !== null && typeof x === "object") amountsToBigInt(x);
    }
  }
  return v;
}

/** Parses a result text of the core: exact integers, amounts as BigInt. */
export function parseResult(text) {
  // Sixteen digits in a row can only be an integer past 2^53 (or text in a message): read exactly.
  return amountsToBigInt(/\d{16}/.test(text) ? parseExactSlow(text) : JSON.parse(text));
}

/** JSON text of a value, BigInts and integers past 2^53 written as plain integers (as the core writes them). */
export function toJSON(value) {
  const text = JSON.stringify(value, (_k, v) => {
    if (typeof v === "bigint") return `\u0000${v}\u0000`;
    // 1e30 is an integer to JavaScript: write its digits, not "1e+30", so the core reads an integer.
    if (typeof v === "number" && Number.isInteger(v) && !Number.isSafeInteger(v)) return `\u0000${BigInt(v)}\u0000`;
    return v;
  });
  return text === undefined ? text : text.replace(/"\\u0000(-?\d+)\\u0000"/g, "$1");
}

function requestText(request) {
  if (typeof request === "string") return request;
  const text = toJSON(request);
  return text === undefined ? "null" : text;  // undefined, a function: not a request
}

function answer(text) {
  const r = parseResult(text);
  if (r.ok === false && r.error && r.error.code === "invalid_input") throw errorFrom(r.error);
  return r;
}

// --- the API ---------------------------------------------------------------------------------

/** Scores one request (the contract's object, or its JSON text). Throws on invalid input. */
export function score(request) {
  return answer(core.score(requestText(request)));
}

/** Scores many requests in one call into the core; a bad request fails in its own slot, never throws. */
export function scoreMany(requests) {
  const out = [];
  const chunk = 4096;
  for (let start = 0; start < requests.length; start += chunk) {
    const lines = requests.slice(start, start + chunk).map((r) => requestText(r).replace(/\n/g, " "));
    const text = core.scoreLines(lines.join("\n"));
    let from = 0;
    for (let k = 0; k < lines.length; k++) {
      const to = text.indexOf("\n", from);
      out.push(parseResult(text.slice(from, to)));
      from = to + 1;
    }
  }
  return out;
}

/** Result JSON lines for request JSON lines (the `tenbou score --jsonl` path; text in, text out). */
export function scoreLines(lines) {
  return core.scoreLines(lines.join("\n")).split("\n").slice(0, lines.length);
}

/** Payments of a bare han/fu cell: {han, fu, dealer, tsumo, method, honba, riichi_sticks, yakuman, options}. */
export function points(query) {
  return answer(core.points(requestText(query)));
}

/** Shanten, forms and useful tiles of a hand before the win (13 tiles, no win_tile). */
export function shanten(request) {
  return answer(core.shanten(requestText(request)));
}

/** shanten() plus every winning tile with its full result by ron and by tsumo. */
export function waits(request) {
  return answer(core.waits(requestText(request)));
}

/** Is a Korean 엎어/불러 declaration legal on these 13 tiles (seed 004 L105-107)? */
export function koreanDeclaration(request) {
  return answer(core.koreanDeclaration(requestText(request)));
}

/** The effective rule switches of an options object ("riichi" or "korean"). */
export function rules(options = {}, family = "riichi") {
  return answer(core.rules(requestText(options), family));
}

/** The yaku catalogue: Riichi (names en/ja/ko, han) or Korean (seed 004's table). */
export function yakuTable(family = "riichi") {
  return JSON.parse(core.yakuTable(family));
}

/** An exact amount in "en" digit groups or Korean ("ko") / Japanese ("ja") myriad units. */
export function formatAmount(amount, units = "en") {
  const big = BigInt(amount);
  const digits = (big < 0n ? -big : big).toString();
  const text = core.formatAmount(digits, units);
  if (!text) throw new InvalidValueError(`formatAmount: units must be 'en', 'ko' or 'ja', got '${units}'`, "bad_value");
  return (big < 0n ? "-" : "") + text;
}

export const version = core.version();

/** Bytes of the WebAssembly memory (for leak checks: it must stay flat over repeated calls). */
export function memoryBytes() {
  return core.HEAP8.length;
}
