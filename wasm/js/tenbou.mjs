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

// Keys whose values are amounts of points: always BigInt in this API. Inside "yaku" lists
// nothing is an amount (a Hong Kong-Taiwan pattern's "points" is a plain number).
const AMOUNT_KEYS = new Set(["amount", "total", "honba_bonus", "sticks_bonus", "base_points", "points", "payment",
  "value", "pattern_points", "pool_bonus", "each"]);

const REQUEST_LIMIT = 1 << 20;  // kMaxRequestBytes (README "Input contract")
// The JSON text's other limits (limits.hpp kMaxJsonMembers, kMaxJsonDepth): a request past one is
// sent as text (NotBinary), for the core's parser to refuse it as it refuses the same text.
const MAX_MEMBERS = 1024;
// Binary past this may be text past REQUEST_LIMIT (a known key is 1 byte, its text up to ~24).
const BINARY_LIMIT = REQUEST_LIMIT / 32;
const NUMBER = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;

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
    NUMBER.lastIndex = i;  // sticky: read in place, a number of any length (aotenjo totals run to 30,000 digits)
    const m = NUMBER.exec(text);
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
      else if (x !== null && typeof x === "object" && k !== "yaku") amountsToBigInt(x);
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

// A Map, Set or class instance in a query: an error naming where, not JSON.stringify's "{}".
function checkPlain(v, field, depth = 0) {
  if (v === null || typeof v !== "object" || depth > 64 || typeof v.toJSON === "function") return;
  if (Array.isArray(v)) { for (const x of v) checkPlain(x, field, depth + 1); return; }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) {
    const e = new NotJson(field, v.constructor && v.constructor.name ? `a ${v.constructor.name}` : "an object of another kind");
    throw new InvalidValueError(field ? `${field}: ${e.message}` : e.message, "bad_type", field);
  }
  for (const k of Object.keys(v)) checkPlain(v[k], field ? `${field}.${k}` : k, depth + 1);
}

function requestText(request) {
  if (typeof request === "string") return request;
  checkPlain(request, "");
  const text = toJSON(request);
  return text === undefined ? "null" : text;  // undefined, a function: not a request
}

function answer(text) {
  const r = parseResult(text);
  if (r.ok === false && r.error && r.error.code === "invalid_input") throw errorFrom(r.error);
  return r;
}

// --- the API ---------------------------------------------------------------------------------


// --- scoreMany: requests as binary values, results decoded when read ----------------------------
//
// One crossing per batch: request objects are written as binary values (cpp/include/tenbou/
// binary_value.hpp) straight into the module's input buffer, the core validates and scores them
// exactly as it does JSON text, and the results come back as binary values that ScoreResults
// turns into the contract's objects only when read (as Python's score_many does). A request the
// binary form cannot carry as JSON.stringify would (a Date, a lone surrogate, ...) goes as text.

const TAG = { NULL: 0, FALSE: 1, TRUE: 2, INT: 3, DOUBLE: 4, STRING: 5, BIGINT: 6, ARRAY: 7, OBJECT: 8, END: 9, INT32: 10 };
const RESULT_KEYS = core.resultKeys().split("\n");
const RESULT_KEY_IDS = Object.assign(Object.create(null), Object.fromEntries(RESULT_KEYS.map((k, i) => [k, 16 + i])));
const RIICHI_YAKU_KEYS = core.riichiYakuKeys().split("\n");  // a record header's yaku ids (kYakuTable)
// Request keys the core knows by a one-byte id (binary_value.hpp kRequestKeyNames); others go as strings.
// A prototype-less object: V8 looks its properties up faster than a Map's keys ("__proto__" is no key).
const REQUEST_KEY_IDS = Object.assign(Object.create(null),
  Object.fromEntries(core.requestKeys().split("\n").map((k, i) => [k, 16 + i])));
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();
const SURROGATE = /[\ud800-\udfff]/;
class NotBinary extends Error {}
// A value no request can hold (a Map, a Set, a class instance): an invalid-input result for
// its request, naming where it stood, never a silent "{}" as JSON.stringify would write.
class NotJson extends Error {
  constructor(field, what) {
    super(`must be a plain object, array, string, number or boolean, not ${what}`);
    this.field = field;
  }
}

// Writes request records straight into the module's input buffer (no copy): the
// buffer grows through tenbou_batch_input, which keeps what is written.
class Encoder {
  constructor() {
    this.cap = 1 << 16;
    this.ptr = 0;
    this.buf = null;
    this.dv = null;
    this.pos = 0;
  }
  begin() {  // before each batch: scoring may have grown (and so moved) the memory
    this.plainForIn = true;
    for (const k in EMPTY) { this.plainForIn = false; break; }  // an enumerable property on Object.prototype
    this.ptr = core._tenbou_batch_input(this.cap);
    this.view();
    this.pos = 0;
  }
  view() {
    this.buf = core.HEAPU8.subarray(this.ptr, this.ptr + this.cap);
    this.dv = new DataView(core.HEAPU8.buffer, this.ptr, this.cap);
  }
  room(n) {
    if (this.pos + n <= this.cap) return;
    let size = this.cap * 2;
    while (size < this.pos + n) size *= 2;
    this.cap = size;
    this.ptr = core._tenbou_batch_input(size);
    this.view();
  }
  byte(b) { this.room(1); this.buf[this.pos++] = b; }
  u32(n) { this.room(4); this.dv.setUint32(this.pos, n, true); this.pos += 4; }
  text(s, tag = -1) {  // [tag] u32 length + UTF-8 bytes
    const n = s.length;
    this.room(5 + 3 * n);
    const buf = this.buf;
    if (tag >= 0) buf[this.pos++] = tag;
    const at = this.pos;
    const from = at + 4;
    let i = 0;
    for (; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 128) break;
      buf[from + i] = c;
    }
    if (i === n) {  // ASCII: the length is the character count
      this.pos = from + n;
      buf[at] = n & 255;
      buf[at + 1] = (n >>> 8) & 255;
      buf[at + 2] = (n >>> 16) & 255;
      buf[at + 3] = n >>> 24;
      return;
    }
    // A lone surrogate has no UTF-8 form: the JSON text path reports it as JSON would.
    if (SURROGATE.test(s) && /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s))
      throw new NotBinary();
    this.pos = from + utf8.encodeInto(s, buf.subarray(from)).written;
    this.dv.setUint32(at, this.pos - from, true);
  }
  integerDigits(digits) {  // the JSON reader: more than 18 digits stay exact digits, else a 64-bit integer
    const n = digits.length - (digits[0] === "-" ? 1 : 0);
    if (n > 18) { this.text(digits, TAG.BIGINT); return; }
    this.byte(TAG.INT);
    this.room(8);
    this.dv.setBigInt64(this.pos, BigInt(digits), true);
    this.pos += 8;
  }
  // `parent` and `key`: where v stands (joined only for an object or an array, or a message).
  value(v, depth, parent = "", key = undefined) {
    if (depth > 64) throw new NotBinary();
    switch (typeof v) {
      case "string": this.text(v, TAG.STRING); return;
      case "boolean": this.byte(v ? TAG.TRUE : TAG.FALSE); return;
      case "number":
        if (Number.isInteger(v)) {
          if (v >= -0x80000000 && v <= 0x7fffffff) {
            this.room(5);
            const p = this.pos;
            this.buf[p] = TAG.INT32;
            this.dv.setInt32(p + 1, v, true);
            this.pos = p + 5;
          } else {
            this.integerDigits(BigInt(v).toString());
          }
        } else if (Number.isFinite(v)) {
          this.byte(TAG.DOUBLE);
          this.room(8);
          this.dv.setFloat64(this.pos, v, true);
          this.pos += 8;
        } else {
          this.byte(TAG.DOUBLE);  // NaN, Infinity: the core names them so in its message
          this.room(8);
          this.dv.setFloat64(this.pos, v, true);
          this.pos += 8;
        }
        return;
      case "bigint": this.integerDigits(v.toString()); return;
      case "object": break;
      default: throw new NotBinary();  // undefined, a function: JSON.stringify has its own rules
    }
    if (v === null) { this.byte(TAG.NULL); return; }
    const field = key === undefined ? parent : parent ? `${parent}.${key}` : key;
    if (Array.isArray(v)) {
      if (v.length > MAX_MEMBERS) throw new NotBinary();
      this.byte(TAG.ARRAY);
      for (const item of v) {
        const t = typeof item;
        if (item === undefined || t === "function" || t === "symbol") this.byte(TAG.NULL);
        else this.value(item, depth + 1, field);
      }
      this.byte(TAG.END);
      return;
    }
    const proto = Object.getPrototypeOf(v);
    if (typeof v.toJSON === "function") throw new NotBinary();  // a Date: JSON.stringify's own rules
    if (proto !== Object.prototype && proto !== null)
      throw new NotJson(field, v.constructor && v.constructor.name ? `a ${v.constructor.name}` : "an object of another kind");
    this.byte(TAG.OBJECT);
    if (this.plainForIn) {
      // for...in lets V8 read each value through its enum cache (a plain object's keys
      // are its own enumerable ones when Object.prototype has none: checked per batch).
      let n = 0;
      for (const k in v) {
        if (++n > MAX_MEMBERS) throw new NotBinary();
        const x = v[k];
        const t = typeof x;
        // A known key with a string, a flag or a small integer (most members) written here,
        // as member() writes it: a call less each (~15% of a request's writing).
        if (depth < 64 && (t === "string" || t === "boolean" || (t === "number" && (x | 0) === x))) {
          const id = keyIdAt(k, n, depth);
          if (id !== undefined) {
            if (this.pos + 6 > this.cap) this.room(6);
            const p = this.pos, buf = this.buf;
            buf[p] = id;
            if (t === "string") {
              this.pos = p + 1;
              this.text(x, TAG.STRING);
            } else if (t === "boolean") {
              buf[p + 1] = x ? TAG.TRUE : TAG.FALSE;
              this.pos = p + 2;
            } else {  // (-0 too: written as 0, as value() does)
              buf[p + 1] = TAG.INT32;
              this.dv.setInt32(p + 2, x, true);
              this.pos = p + 6;
            }
            continue;
          }
        }
        this.member(k, x, depth, field, n);
      }
    } else {
      const keys = Object.keys(v);  // own enumerable string keys, as JSON.stringify
      if (keys.length > MAX_MEMBERS) throw new NotBinary();
      for (let i = 0; i < keys.length; i++) this.member(keys[i], v[keys[i]], depth, field, i + 1);
    }
    this.byte(TAG.END);
  }
  member(k, x, depth, field, n) {  // n: the member's place in its object, from 1
    const t = typeof x;
    if (x === undefined || t === "function" || t === "symbol") return;
    const id = keyIdAt(k, n, depth);
    if (id !== undefined) {
      // The common members in one step: a known key with a flag or a small integer.
      if (this.pos + 6 > this.cap) this.room(6);
      const p = this.pos;
      const buf = this.buf;
      buf[p] = id;
      if (t === "boolean") {
        buf[p + 1] = x ? TAG.TRUE : TAG.FALSE;
        this.pos = p + 2;
        return;
      }
      if (t === "number" && (x | 0) === x) {  // (-0 too: written as 0, as value() does)
        buf[p + 1] = TAG.INT32;
        this.dv.setInt32(p + 2, x, true);
        this.pos = p + 6;
        return;
      }
      this.pos = p + 1;
    } else {
      this.text(k, TAG.STRING);
    }
    if (depth < 64) {  // (as value() writes them, one call less)
      if (t === "string") { this.text(x, TAG.STRING); return; }
      if (t === "boolean") { this.byte(x ? TAG.TRUE : TAG.FALSE); return; }
    }
    this.value(x, depth + 1, field, k);
  }
  // An array of strings (melds) as value() writes it, in one loop; false (partly written) for
  // any other array.
  strings(v) {
    const n = v.length;
    if (n > MAX_MEMBERS) return false;
    this.byte(TAG.ARRAY);
    for (let i = 0; i < n; i++) {
      const s = v[i];
      if (typeof s !== "string") return false;
      this.text(s, TAG.STRING);
    }
    this.byte(TAG.END);
    return true;
  }
  // One request record: [kind][u32 length][payload]. Never throws for a bad request:
  // what cannot be written (a cycle, a throwing getter) becomes an invalid-input record.
  request(r) {
    const start = this.pos;
    try {
      // The common request first, in one pass with no calls per member (plainMembers).
      if (typeof r === "object" && r !== null && this.plainForIn && start + 5 <= this.cap && !Array.isArray(r) &&
          Object.getPrototypeOf(r) === Object.prototype && typeof r.toJSON !== "function") {
        const end = plainMembers(this.buf, start + 5, this.cap, r);
        if (end >= 0 && end - start <= BINARY_LIMIT) {
          const buf = this.buf, n = end - start - 5;
          buf[start] = 0;
          buf[start + 1] = n & 255;
          buf[start + 2] = (n >>> 8) & 255;
          buf[start + 3] = (n >>> 16) & 255;
          buf[start + 4] = n >>> 24;
          this.pos = end;
          return;
        }
      }
      if (typeof r !== "string") {
        try {
          this.byte(0);
          this.u32(0);
          this.value(r, 0);
          if (this.pos - start > BINARY_LIMIT) throw new NotBinary();
          this.dv.setUint32(start + 1, this.pos - start - 5, true);
          return;
        } catch (e) {
          if (!(e instanceof NotBinary)) throw e;
          this.pos = start;
        }
      }
      this.byte(1);
      this.text(requestText(r));
    } catch (e) {
      this.pos = start;
      const [field, message] = e instanceof NotJson ? [e.field, e.message]
        : ["", `the request cannot be read as JSON: ${e && e.message ? e.message : String(e)}`];
      this.byte(2);
      this.text(`bad_type\0${field}\0${message}`);
    }
  }
}

// A plain object's value (what Encoder.value writes for it) at buf[p], written in one loop with
// the position in a local, for the members most requests are made of: known or ASCII keys with
// ASCII strings, flags, int32 numbers, null, arrays of ASCII strings, and plain objects of the
// same but objects (options). Returns the end, or -1 for anything else or no room: the
// caller then writes the request with value(), from the start. (Only while for...in lists own
// keys alone: Encoder.plainForIn.)
function plainMembers(buf, p, cap, v) {
  if (p + 1 > cap) return -1;
  buf[p++] = TAG.OBJECT;
  let n = 0;
  for (const k in v) {
    if (++n > MAX_MEMBERS) return -1;
    const x = v[k];
    const t = typeof x;
    if (x === undefined || t === "function" || t === "symbol") continue;  // absent, as member() leaves it
    if (p + 7 > cap) return -1;
    const id = keyIdAt(k, n, 0);
    if (id !== undefined) buf[p++] = id;
    else if ((p = ascii(buf, p, cap, k)) < 0) return -1;
    if (t === "string") {
      if ((p = ascii(buf, p, cap, x)) < 0) return -1;
    } else if (t === "boolean") {
      buf[p++] = x ? TAG.TRUE : TAG.FALSE;
    } else if (t === "number") {
      if ((x | 0) !== x) return -1;  // (-0 too: written as 0, as value() does)
      if (p + 5 > cap) return -1;
      buf[p] = TAG.INT32;
      buf[p + 1] = x & 255;
      buf[p + 2] = (x >> 8) & 255;
      buf[p + 3] = (x >> 16) & 255;
      buf[p + 4] = (x >> 24) & 255;
      p += 5;
    } else if (t !== "object") {
      return -1;  // a bigint
    } else if (x === null) {
      buf[p++] = TAG.NULL;
    } else if (Array.isArray(x)) {
      const m = x.length;
      if (m > MAX_MEMBERS) return -1;
      buf[p++] = TAG.ARRAY;
      for (let i = 0; i < m; i++) {
        const s = x[i];
        if (typeof s !== "string" || (p = ascii(buf, p, cap, s)) < 0) return -1;
      }
      if (p + 1 > cap) return -1;
      buf[p++] = TAG.END;
    } else {
      if (Object.getPrototypeOf(x) !== Object.prototype || typeof x.toJSON === "function") return -1;
      if ((p = nestedMembers(buf, p, cap, x)) < 0) return -1;
    }
  }
  if (p + 1 > cap) return -1;
  buf[p++] = TAG.END;
  return p;
}

// plainMembers for an object inside the request (options): its own function, so that each
// for...in and load sees one kind of object. Written out, not sharing a member writer with
// plainMembers: that shared function measured 2-4% slower on scoreMany (2026-12-03).
function nestedMembers(buf, p, cap, v) {
  if (p + 1 > cap) return -1;
  buf[p++] = TAG.OBJECT;
  let n = 0;
  for (const k in v) {
    if (++n > MAX_MEMBERS) return -1;
    const x = v[k];
    const t = typeof x;
    if (x === undefined || t === "function" || t === "symbol") continue;  // absent, as member() leaves it
    if (p + 7 > cap) return -1;
    const id = keyIdAt(k, n, 1);
    if (id !== undefined) buf[p++] = id;
    else if ((p = ascii(buf, p, cap, k)) < 0) return -1;
    if (t === "string") {
      if ((p = ascii(buf, p, cap, x)) < 0) return -1;
    } else if (t === "boolean") {
      buf[p++] = x ? TAG.TRUE : TAG.FALSE;
    } else if (t === "number") {
      if ((x | 0) !== x) return -1;  // (-0 too: written as 0, as value() does)
      if (p + 5 > cap) return -1;
      buf[p] = TAG.INT32;
      buf[p + 1] = x & 255;
      buf[p + 2] = (x >> 8) & 255;
      buf[p + 3] = (x >> 16) & 255;
      buf[p + 4] = (x >> 24) & 255;
      p += 5;
    } else if (t !== "object") {
      return -1;  // a bigint
    } else if (x === null) {
      buf[p++] = TAG.NULL;
    } else if (Array.isArray(x)) {
      const m = x.length;
      if (m > MAX_MEMBERS) return -1;
      buf[p++] = TAG.ARRAY;
      for (let i = 0; i < m; i++) {
        const s = x[i];
        if (typeof s !== "string" || (p = ascii(buf, p, cap, s)) < 0) return -1;
      }
      if (p + 1 > cap) return -1;
      buf[p++] = TAG.END;
    } else {
      return -1;  // an object inside options (yaku_values ...): value() writes it
    }
  }
  if (p + 1 > cap) return -1;
  buf[p++] = TAG.END;
  return p;
}

// A STRING value of an ASCII string at buf[p] (tag, u32 length, characters): the end, or -1
// for a string past ASCII or no room.
function ascii(buf, p, cap, s) {
  const n = s.length;
  if (p + 5 + n > cap) return -1;
  buf[p] = TAG.STRING;
  buf[p + 1] = n & 255;
  buf[p + 2] = (n >>> 8) & 255;
  buf[p + 3] = (n >>> 16) & 255;
  buf[p + 4] = n >>> 24;
  p += 5;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128) return -1;
    buf[p + i] = c;
  }
  return p + n;
}

const EMPTY = {};
const KEY_AT = new Array(128).fill("");  // Encoder.member's keys by place, and their ids
const KEY_ID_AT = new Array(128).fill(undefined);
// The dictionary id of key `k`, the n-th member (from 1) of an object at `depth`, or undefined.
// Requests of one caller repeat their keys in one order: the key met at this place last time is
// compared first (the same string: one pointer), the dictionary asked only if not.
function keyIdAt(k, n, depth) {
  const slot = (n & 63) | (depth === 0 ? 0 : 64);
  if (KEY_AT[slot] === k) return KEY_ID_AT[slot];
  const id = REQUEST_KEY_IDS[k];
  KEY_AT[slot] = k;
  KEY_ID_AT[slot] = id;
  return id;
}
const encoder = new Encoder();

// Short ASCII strings of results repeat (yaku and fu keys, payers, tiles): each is made
// once and found again by a hash of its bytes (checked byte by byte), not rebuilt a
// character at a time for every result read.
const SHORT_TEXTS = new Array(1024);

function readString(bytes, dv, at) {
  const n = dv.getUint32(at, true);
  const from = at + 4;
  if (n <= 24) {
    let h = n;
    for (let i = 0; i < n; i++) {
      const c = bytes[from + i];
      if (c >= 128) return fromUtf8.decode(bytes.subarray(from, from + n));
      h = (Math.imul(h, 31) + c) | 0;
    }
    const slot = h & 1023;
    const known = SHORT_TEXTS[slot];
    if (known !== undefined && known.length === n) {
      let same = true;
      for (let i = 0; i < n; i++) {
        if (known.charCodeAt(i) !== bytes[from + i]) { same = false; break; }
      }
      if (same) return known;
    }
    const s = String.fromCharCode.apply(null, bytes.subarray(from, from + n));
    SHORT_TEXTS[slot] = s;
    return s;
  }
  return fromUtf8.decode(bytes.subarray(from, from + n));
}

const NO_AMOUNTS = 2;  // decoding a "yaku" list: no key inside is an amount

const ID = { key: RESULT_KEY_IDS.key, han: RESULT_KEY_IDS.han, fu: RESULT_KEY_IDS.fu, tile: RESULT_KEY_IDS.tile,
  payer: RESULT_KEY_IDS.payer, amount: RESULT_KEY_IDS.amount };

// The small items every Riichi result holds a few of ({key, han} yaku, {key, fu[, tile]} fu,
// {payer, amount} payments), made as object literals: one shape each, where member-by-member
// stores with varying keys cost V8 several times more. At cur.p just past the OBJECT tag;
// undefined (nothing read) for any other object.
function smallItem(bytes, dv, cur, amount) {
  const p = cur.p;
  const first = bytes[p];
  if ((first !== ID.key && first !== ID.payer) || bytes[p + 1] !== TAG.STRING) return undefined;
  const q = p + 6 + dv.getUint32(p + 2, true);  // the second member's key
  if (bytes[q + 1] !== TAG.INT32) return undefined;
  const second = bytes[q];
  const end = q + 6;
  if (first === ID.key && (second === ID.han || second === ID.fu)) {
    if (bytes[end] === TAG.END) {
      cur.p = end + 1;
      const key = readString(bytes, dv, p + 2), n = dv.getInt32(q + 2, true);
      return second === ID.han ? { key, han: n } : { key, fu: n };
    }
    if (second === ID.fu && bytes[end] === ID.tile && bytes[end + 1] === TAG.STRING) {
      const after = end + 6 + dv.getUint32(end + 2, true);
      if (bytes[after] !== TAG.END) return undefined;
      cur.p = after + 1;
      return { key: readString(bytes, dv, p + 2), fu: dv.getInt32(q + 2, true), tile: readString(bytes, dv, end + 2) };
    }
    return undefined;
  }
  if (first === ID.payer && second === ID.amount && bytes[end] === TAG.END) {
    cur.p = end + 1;
    const n = dv.getInt32(q + 2, true);
    return { payer: readString(bytes, dv, p + 2), amount: amount === NO_AMOUNTS ? n : BigInt(n) };
  }
  return undefined;
}

// Decodes the binary value at cur.p into the contract's object (amounts as BigInt).
function decode(bytes, dv, cur, amount) {
  const tag = bytes[cur.p++];
  switch (tag) {
    case TAG.NULL: return null;
    case TAG.FALSE: return false;
    case TAG.TRUE: return true;
    case TAG.INT: {
      const big = dv.getBigInt64(cur.p, true);
      cur.p += 8;
      if (amount === true) return big;
      const n = Number(big);
      return Number.isSafeInteger(n) ? n : big;
    }
    case TAG.INT32: {
      const n = dv.getInt32(cur.p, true);
      cur.p += 4;
      return amount === true ? BigInt(n) : n;
    }
    case TAG.DOUBLE: { const d = dv.getFloat64(cur.p, true); cur.p += 8; return d; }
    case TAG.STRING: { const s = readString(bytes, dv, cur.p); cur.p += 4 + dv.getUint32(cur.p, true); return s; }
    case TAG.BIGINT: { const s = readString(bytes, dv, cur.p); cur.p += 4 + dv.getUint32(cur.p, true); return BigInt(s); }
    case TAG.ARRAY: {
      const a = [];
      while (bytes[cur.p] !== TAG.END) a.push(decode(bytes, dv, cur, amount));
      cur.p++;
      return a;
    }
    case TAG.OBJECT: {
      const small = smallItem(bytes, dv, cur, amount);
      if (small !== undefined) return small;
      const o = {};
      while (bytes[cur.p] !== TAG.END) {
        let key;
        const id = bytes[cur.p++];
        if (id === 255) { key = readString(bytes, dv, cur.p); cur.p += 4 + dv.getUint32(cur.p, true); }
        else key = RESULT_KEYS[id - 16];
        o[key] = decode(bytes, dv, cur, amount !== NO_AMOUNTS && AMOUNT_KEYS.has(key) ? true : key === "yaku" ? NO_AMOUNTS : amount === NO_AMOUNTS ? NO_AMOUNTS : false);
      }
      cur.p++;
      return o;
    }
    default: throw new TenbouError(`tenbou: corrupt result record (tag ${tag})`);
  }
}

// The position just past the binary value at p, decoding nothing (a plain position, no
// cursor object: get() runs this for every member before the one it wants).
function skipAt(bytes, dv, p) {
  const tag = bytes[p++];
  switch (tag) {
    case TAG.NULL: case TAG.FALSE: case TAG.TRUE: return p;
    case TAG.INT: case TAG.DOUBLE: return p + 8;
    case TAG.INT32: return p + 4;
    case TAG.STRING: case TAG.BIGINT: return p + 4 + dv.getUint32(p, true);
    case TAG.ARRAY:
      while (bytes[p] !== TAG.END) p = skipAt(bytes, dv, p);
      return p + 1;
    case TAG.OBJECT:
      while (bytes[p] !== TAG.END) {
        if (bytes[p++] === 255) p += 4 + dv.getUint32(p, true);
        p = skipAt(bytes, dv, p);
      }
      return p + 1;
    default: throw new TenbouError(`tenbou: corrupt result record (tag ${tag})`);
  }
}

// One top-level member of the result record at `at`, decoded alone (undefined when absent).
// Scalars are read in place; lists and objects go through decode.
function member(bytes, dv, at, name) {
  const id = RESULT_KEY_IDS[name];
  let p = at;
  if (bytes[p++] !== TAG.OBJECT) return undefined;
  while (bytes[p] !== TAG.END) {
    const k = bytes[p++];
    let found = k === id;
    if (k === 255) {
      found = readString(bytes, dv, p) === name;
      p += 4 + dv.getUint32(p, true);
    }
    if (!found) {
      p = skipAt(bytes, dv, p);
      continue;
    }
    const amount = AMOUNT_KEYS.has(name);
    switch (bytes[p]) {
      case TAG.NULL: return null;
      case TAG.FALSE: return false;
      case TAG.TRUE: return true;
      case TAG.INT32: {
        const n = dv.getInt32(p + 1, true);
        return amount ? BigInt(n) : n;
      }
      default: return decode(bytes, dv, { p }, amount ? true : name === "yaku" ? NO_AMOUNTS : false);
    }
  }
  return undefined;
}

// Requests go into the core 4,096 at a time; each batch's results stay in their own
// buffer (result i is in part i >> 12), so nothing is copied twice.
const BATCH_SHIFT = 12;
const BATCH = 1 << BATCH_SHIFT;

// A scored Riichi hand's record header (api.hpp score_records, kind 1), at `h`: the member
// `name` read from its fixed place, exactly as decoding the value would give it; undefined
// for a member the header does not hold.
function headerMember(bytes, dv, h, name) {
  switch (name) {
    case "ok": return true;
    case "han": return dv.getInt32(h, true);
    case "fu": return dv.getInt32(h + 4, true);
    case "yakuman": return dv.getInt32(h + 8, true);
    case "total": return dv.getBigInt64(h + 12, true);
    case "yaku": {
      const yaku = [];
      for (let k = 0, n = bytes[h + 20], q = h + 21; k < n; k++, q += 3)
        yaku.push({ key: RIICHI_YAKU_KEYS[bytes[q]], han: dv.getUint16(q + 1, true) });
      return yaku;
    }
    default: return undefined;
  }
}

/** The results of scoreMany(), in request order: each decoded into the contract's object when first read. */
export class ScoreResults {
  constructor(parts, offsets, headers) {
    this._parts = parts;  // [bytes, DataView] per batch
    this._offsets = offsets;  // result i's value: its offset inside its part
    this._headers = headers;  // result i's record header (a scored Riichi hand): its offset, or 0 for none
    this._cache = new Array(offsets.length);
  }
  get length() { return this._offsets.length; }
  /** The i-th result (negative i counts from the end). */
  at(i) {
    if (i < 0) i += this._offsets.length;
    if (!(i >= 0 && i < this._offsets.length)) return undefined;
    let r = this._cache[i];
    if (r === undefined) {
      const [bytes, dv] = this._parts[i >> BATCH_SHIFT];
      r = this._cache[i] = decode(bytes, dv, { p: this._offsets[i] }, false);
    }
    return r;
  }
  /**
   * One field of the i-th result, read from its record without decoding the rest or keeping
   * anything (the bulk path: get(i, "total") for a million results costs no memory).
   */
  get(i, name) {
    if (i < 0) i += this._offsets.length;
    if (!(i >= 0 && i < this._offsets.length)) return undefined;
    const r = this._cache[i];
    if (r !== undefined) return r[name];
    return this._member(i, name);
  }
  // A member of result i read from its record (the header's fields from the header).
  _member(i, name) {
    const part = this._parts[i >> BATCH_SHIFT];
    const h = this._headers[i];
    if (h !== 0) {
      const v = headerMember(part[0], part[1], h, name);
      if (v !== undefined) return v;
    }
    return member(part[0], part[1], this._offsets[i], name);
  }
  // The columns, as Python's Results.han, .fu, .total and .ok: one typed array each, read
  // from the records (never from a decoded result a caller may have changed).
  /** Every result's han (Riichi and Korean; 0 for a failure and a Hong Kong-Taiwan result). */
  get han() { return this._numbers("han", Int32Array); }
  /** Every result's fu (0 where there is none: a failure, Korean, Hong Kong-Taiwan). */
  get fu() { return this._numbers("fu", Int32Array); }
  /** 1 where the result is ok, 0 where not. */
  get ok() {
    const out = new Uint8Array(this.length);
    for (let i = 0; i < out.length; i++) out[i] = this._member(i, "ok") === true ? 1 : 0;
    return out;
  }
  /** Every result's total (0 for a failure and a Korean result without a payment; an aotenjo total, exact at any size, is read with totals()). */
  get total() {
    const out = new BigInt64Array(this.length);
    for (let i = 0; i < out.length; i++) {
      if (this._headers[i] !== 0) { out[i] = this._member(i, "total"); continue; }
      // No header: a failure, another family, or an aotenjo hand (0, as in Python's column).
      if (this._member(i, "ok") !== true || this._member(i, "rules") === undefined) continue;
      const t = this._member(i, "total");
      if (typeof t === "bigint" && BigInt.asIntN(64, t) === t) out[i] = t;
    }
    return out;
  }
  _numbers(name, Type) {
    const out = new Type(this.length);
    for (let i = 0; i < out.length; i++) {
      const v = this._member(i, name);
      if (typeof v === "number") out[i] = v;
    }
    return out;
  }
  /** Every result's total (0n for a failed one, and for a Korean result without a payment). */
  totals() {
    const out = new Array(this.length);
    for (let i = 0; i < this.length; i++) {
      const t = this.get(i, "total");
      out[i] = typeof t === "bigint" ? t : 0n;
    }
    return out;
  }
  toArray() { return Array.from(this); }
  *[Symbol.iterator]() { for (let i = 0; i < this._offsets.length; i++) yield this.at(i); }
}

/**
 * Scores many requests (objects or JSON texts) in one call into the core per 4,096; a bad
 * request fails in its own slot, never throws. Returns a ScoreResults sequence.
 */
export function scoreMany(requests) {
  if (!Array.isArray(requests)) {
    if (typeof requests === "string" || requests === null || typeof requests !== "object" ||
        typeof requests[Symbol.iterator] !== "function")
      throw new TypeError("scoreMany: expected an array (or iterable) of requests");
    requests = Array.from(requests);
  }
  const parts = [];
  const offsets = new Uint32Array(requests.length);
  const headers = new Uint32Array(requests.length);
  for (let start = 0; start < requests.length; start += BATCH) {
    const end = Math.min(requests.length, start + BATCH);
    encoder.begin();
    for (let i = start; i < end; i++) encoder.request(requests[i]);
    const outSize = core._tenbou_batch_score(encoder.pos);
    const from = core._tenbou_batch_output();
    const bytes = core.HEAPU8.slice(from, from + outSize);  // a copy: the next batch reuses the buffer
    const dv = new DataView(bytes.buffer);
    parts.push([bytes, dv]);
    for (let i = start, p = 0; i < end; i++) {  // records: [u8 kind][u32 length][header of kind 1][value]
      if (bytes[p] === 1) {
        headers[i] = p + 5;
        offsets[i] = p + 5 + 21 + 3 * bytes[p + 5 + 20];
      } else {
        offsets[i] = p + 5;
      }
      p += 5 + dv.getUint32(p + 1, true);
    }
  }
  return new ScoreResults(parts, offsets, headers);
}

// --- scoreColumns: requests as columns, results as typed-array columns ----------------------------
//
// The bulk form: one column per request key (docs/javascript.md "Columns", the same columns as
// Python's score_table). JS only writes the columns into the module's input buffer (bindings.cpp
// columns::score reads them); the core makes each row the request scoreMany makes of the same
// object, scores it, and packs the result columns, in one call per batch.

const COLUMN_KIND = { TEXT: 0, FLAGS: 1, INTEGERS: 2, VALUES: 3, CONSTANT: 4, TEXTS: 5, BOOLEANS: 6, NUMBERS: 7 };
const ABSENT_BOOLEAN = 2;
const ABSENT = 0xffffffff;

const INTEGER_ARRAYS = [Int8Array, Int16Array, Int32Array, Uint16Array];
let columnNamesCache;

/** The names behind the id columns: {yaku: keys by id, limit: [null, "mangan", ...], error: [null, "invalid_input", ...]}. */
export function columnNames() {
  if (!columnNamesCache) columnNamesCache = Object.freeze(JSON.parse(core.columnNames()));
  return columnNamesCache;
}

/** The result columns of scoreColumns(): typed arrays, one entry per row (yaku: per row through yaku_offsets). */
export class ScoreColumns {
  constructor(table, rows, heap) {
    const u8 = (at, n) => heap.slice(at, at + n);
    const of = (Type, at, n) => new Type(heap.buffer.slice(at, at + n * Type.BYTES_PER_ELEMENT));
    const yakuCount = table[1];
    this.length = rows;
    this.ok = u8(table[2], rows);
    this.han = of(Int32Array, table[3], rows);
    this.fu = of(Int32Array, table[4], rows);
    this.yakuman = of(Int32Array, table[5], rows);
    this.total = of(BigInt64Array, table[6], rows);
    this.limit = u8(table[7], rows);
    this.error = u8(table[8], rows);
    this.yaku_offsets = of(Uint32Array, table[9], rows + 1);
    this.yaku = u8(table[10], yakuCount);
    this.yaku_han = of(Int16Array, table[11], yakuCount);
    this._messageOffsets = of(Uint32Array, table[12], rows + 1);
    this._messages = u8(table[13], table[14]);
  }
  /** Row i's yaku as the contract's {key, han} items (Riichi rows; empty for a failure and other families). */
  yakuOf(i) {
    const keys = columnNames().yaku, out = [];
    for (let k = this.yaku_offsets[i]; k < this.yaku_offsets[i + 1]; k++) out.push({ key: keys[this.yaku[k]], han: this.yaku_han[k] });
    return out;
  }
  /** Row i's limit name ("mangan" ... "yakuman", "house_limit") or null. */
  limitOf(i) { return columnNames().limit[this.limit[i]]; }
  /** Row i's error code ("invalid_input", "not_winning", "no_yaku") or null for a scored row. */
  errorOf(i) { return columnNames().error[this.error[i]]; }
  /** Row i's error message (score()'s result.error.message, the exception's message), or null for a scored row. */
  messageOf(i) {
    if (this.error[i] === 0) return null;
    return fromUtf8.decode(this._messages.subarray(this._messageOffsets[i], this._messageOffsets[i + 1]));
  }
}

// The row object score() would be given for row i of the columns (a row written whole).
function rowObject(names, columns, kinds, i) {
  const o = {};
  for (let c = 0; c < names.length; c++) {
    const col = columns[c];
    const kind = kinds[c];
    const v = kind === COLUMN_KIND.CONSTANT ? col : kind === COLUMN_KIND.FLAGS ? col[i] !== 0 : col[i];
    if (v !== undefined) o[names[c]] = v;
  }
  return o;
}

/**
 * Scores requests given as columns: {hand: string[], win_tile: string[], tsumo: Uint8Array, ...},
 * one column per request key (an array, or a typed array: Uint8Array holds flags, Int8/16/32Array
 * and Uint16Array integers); a value that is not an array (options: {...}, rules: "riichi") holds
 * for every row; a missing key (or an undefined entry) takes the default. Returns ScoreColumns.
 * Each row's result is exactly score()'s for the row's object; a bad row fails in its own row.
 */
export function scoreColumns(columns) {
  if (columns === null || typeof columns !== "object" || Array.isArray(columns) || ArrayBuffer.isView(columns))
    throw new TypeError("scoreColumns: expected an object of columns, e.g. {hand: [...], win_tile: [...]}");
  const names = Object.keys(columns).filter((k) => columns[k] !== undefined);
  let rows = -1, first = "";
  for (const k of names) {
    const c = columns[k];
    if (!Array.isArray(c) && !ArrayBuffer.isView(c)) continue;
    if (rows < 0) { rows = c.length; first = k; }
    else if (c.length !== rows) throw new TypeError(`scoreColumns: column "${k}" has ${c.length} rows, "${first}" has ${rows}`);
  }
  if (rows < 0) throw new TypeError("scoreColumns: no column holds rows (an array or a typed array)");
  const values = names.map((k) => columns[k]);
  const kinds = values.map((c) => {
    if (c instanceof Uint8Array) return COLUMN_KIND.FLAGS;
    if (INTEGER_ARRAYS.some((T) => c instanceof T)) return COLUMN_KIND.INTEGERS;
    if (Array.isArray(c)) return COLUMN_KIND.TEXTS;  // or VALUES, when a row holds other than a string
    if (ArrayBuffer.isView(c)) return COLUMN_KIND.VALUES;  // Float64Array, Uint32Array ...: each number as it is
    return COLUMN_KIND.CONSTANT;
  });
  // Most batches: no row can pass BINARY_LIMIT (its bound, the sum of the columns' longest
  // entries, says so). Else each row's size is counted as scoreMany's encoder would count it.
  const whole = writeColumns(names, values, kinds, rows, false) || writeColumns(names, values, kinds, rows, true);
  const e = encoder;
  const wholeRows = [...whole].sort((a, b) => a - b);
  e.u32(wholeRows.length);
  for (const i of wholeRows) {
    e.u32(i);
    e.request(rowObject(names, values, kinds, i));
  }
  const tablePtr = core._tenbou_score_columns(e.pos);
  const table = core.HEAPU32.slice(tablePtr >>> 2, (tablePtr >>> 2) + 16);
  return new ScoreColumns(table, rows, core.HEAPU8);
}

let lengthsRoom = new Uint32Array(1024);  // a text column's lengths, before they go to the module

// Writes the columns into the module's input buffer (bindings.cpp columns::score's layout);
// returns the rows the columns cannot carry as score() would (written whole after the columns).
// `exact`: count each row's record size (rows past BINARY_LIMIT: score() sends them as JSON
// text, so they go whole). Without it, returns null when some row might pass the limit.
function writeColumns(names, values, kinds, rows, exact) {
  const whole = new Set();
  // [kind][u32] OBJECT ... END, then per member its key (one byte, or a STRING) and its value.
  const rowBytes = exact ? new Float64Array(rows).fill(7) : null;
  let bound = 7;  // (without `exact`) the sum of each column's most bytes in a row
  const e = encoder;
  e.begin();
  e.u32(rows);
  e.u32(names.length);
  const align = () => {
    e.room(3);
    while ((e.pos & 3) !== 0) e.buf[e.pos++] = 0;
  };
  for (let c = 0; c < names.length; c++) {
    const key = utf8.encode(names[c]);
    if (key.length > 255) {  // no request key is this long: every row is refused as score() refuses it
      for (let i = 0; i < rows; i++) whole.add(i);
    }
    e.byte(Math.min(key.length, 255));
    e.room(255);
    e.buf.set(key.subarray(0, 255), e.pos);
    e.pos += Math.min(key.length, 255);
    let kind = kinds[c];
    const col = values[c];
    const keyBytes = REQUEST_KEY_IDS[names[c]] !== undefined ? 1 : 5 + key.length;
    const kindAt = e.pos;
    e.byte(kind);
    let plain = "";  // an array column: the type of its first entry (undefined: absent in that row)
    if (kind === COLUMN_KIND.TEXTS && !exact) {
      for (let i = 0; i < rows && plain === ""; i++) if (col[i] !== undefined) plain = typeof col[i];
    }
    if (plain === "boolean" || plain === "number") {
      // Flags or integers with absent rows (or given in an array): one byte a row, or an
      // int32 and a presence byte, as member() writes them; any other entry: row by row.
      const flags = plain === "boolean";
      e.buf[kindAt] = flags ? COLUMN_KIND.BOOLEANS : COLUMN_KIND.NUMBERS;
      if (!flags) align();
      e.room(5 * rows);
      const buf = e.buf, at = e.pos;
      const ints = flags ? null : new Int32Array(buf.buffer, buf.byteOffset + at, rows);
      const present = flags ? at : at + 4 * rows;
      let i = 0;
      for (; i < rows; i++) {
        const v = col[i];
        if (v === undefined) {
          if (flags) buf[at + i] = ABSENT_BOOLEAN;
          else { ints[i] = 0; buf[present + i] = 0; }
        } else if (flags && typeof v === "boolean") {
          buf[at + i] = v ? 1 : 0;
        } else if (!flags && typeof v === "number" && (v | 0) === v) {  // (-0 too: 0, as value() writes it)
          ints[i] = v;
          buf[present + i] = 1;
        } else {
          break;
        }
      }
      if (i === rows) {
        e.pos = flags ? at + rows : at + 5 * rows;
        bound += keyBytes + (flags ? 1 : 5);
        continue;
      }
      e.pos = kindAt + 1;
      kind = COLUMN_KIND.VALUES;
      e.buf[kindAt] = kind;
    } else if (kind === COLUMN_KIND.TEXTS && !exact && plain !== "string") {
      kind = COLUMN_KIND.VALUES;
      e.buf[kindAt] = kind;
    } else if (kind === COLUMN_KIND.TEXTS && !exact) {
      // Every row's string in one: its lengths, then all their characters one after another.
      // Only for ASCII, where a string's length is its bytes; else row by row below.
      if (lengthsRoom.length < rows) lengthsRoom = new Uint32Array(rows);
      const lengths = lengthsRoom;
      let chars = 0, longest = 0, strings = true, same = true;
      const first = col[0];
      for (let i = 0; i < rows; i++) {
        const s = col[i];
        if (typeof s === "string") {
          const n = s.length;
          lengths[i] = n;
          chars += n;
          if (n > longest) longest = n;
          if (same && s !== first) same = false;
        } else if (s === undefined) {
          lengths[i] = ABSENT;
          same = false;
        } else {
          strings = false;
          break;
        }
      }
      if (strings && same) {
        // The same text in every row ("rules": "riichi", say): written once, as a constant.
        e.buf[kindAt] = COLUMN_KIND.CONSTANT;
        const at = e.pos;
        e.u32(0);
        try {
          e.text(first, TAG.STRING);
          const n = e.pos - at - 4;
          e.dv.setUint32(at, n, true);
          bound += keyBytes + n;
          continue;
        } catch (err) {
          if (!(err instanceof NotBinary)) throw err;
          e.pos = kindAt + 1;  // (a lone surrogate: row by row, as below)
          e.buf[kindAt] = kind;
        }
      }
      if (strings) {
        align();
        e.room(4 * rows + 4 + chars);
        core.HEAPU32.set(lengths.subarray(0, rows), (e.ptr + e.pos) >>> 2);
        const sizeAt = e.pos + 4 * rows;
        // A character at a time (a tight loop over short strings costs about half of
        // join("") and one encodeInto); stops at the first one past ASCII.
        const buf = e.buf;
        let written = 0;
        for (let i = 0; i < rows && written >= 0; i++) {
          const s = col[i];
          if (s === undefined) continue;
          const at = sizeAt + 4 + written;
          for (let k = 0, n = s.length; k < n; k++) {
            const ch = s.charCodeAt(k);
            if (ch >= 128) { written = -1; break; }
            buf[at + k] = ch;
          }
          if (written >= 0) written += s.length;
        }
        if (written === chars) {
          e.dv.setUint32(sizeAt, written, true);
          e.pos = sizeAt + 4 + written;
          bound += keyBytes + 5 + longest;
          continue;
        }
        e.pos = kindAt + 1;  // not ASCII (or a lone surrogate): row by row
      }
      kind = strings ? COLUMN_KIND.TEXT : COLUMN_KIND.VALUES;
      e.buf[kindAt] = kind;
    } else if (kind === COLUMN_KIND.TEXTS) {
      kind = col.every((x) => typeof x === "string" || x === undefined) ? COLUMN_KIND.TEXT : COLUMN_KIND.VALUES;
      e.buf[kindAt] = kind;
    }
    if (kind === COLUMN_KIND.TEXT) {
      let longest = 0;
      for (let i = 0; i < rows; i++) {
        const s = col[i];
        if (s === undefined) { e.u32(ABSENT); continue; }
        const at = e.pos;
        try {
          e.text(s);
          if (exact) rowBytes[i] += keyBytes + 1 + e.pos - at;
          else if (e.pos - at > longest) longest = e.pos - at;
        } catch (err) {
          if (!(err instanceof NotBinary)) throw err;
          e.pos = at;
          e.u32(ABSENT);
          whole.add(i);
        }
      }
      bound += keyBytes + 1 + longest;
    } else if (kind === COLUMN_KIND.FLAGS) {
      if (exact) for (let i = 0; i < rows; i++) rowBytes[i] += keyBytes + 1;
      bound += keyBytes + 1;
      e.room(rows);
      e.buf.set(col, e.pos);
      e.pos += rows;
    } else if (kind === COLUMN_KIND.INTEGERS) {
      if (exact) for (let i = 0; i < rows; i++) rowBytes[i] += keyBytes + 5;
      bound += keyBytes + 5;
      align();
      e.room(4 * rows);
      new Int32Array(core.HEAPU8.buffer, e.ptr + e.pos, rows).set(col);  // (each number converted as setInt32 would)
      e.pos += 4 * rows;
    } else if (kind === COLUMN_KIND.VALUES) {
      let longest = 0;
      for (let i = 0; i < rows; i++) {
        const v = col[i];
        const t = typeof v;
        if (v === undefined || t === "function" || t === "symbol") { e.u32(0); continue; }  // absent, as a member would be
        const at = e.pos;
        e.u32(0);
        try {
          if (!Array.isArray(v) || !e.strings(v)) {
            e.pos = at + 4;
            e.value(v, 1, names[c]);
          }
          const n = e.pos - at - 4;
          e.dv.setUint32(at, n, true);
          if (exact) rowBytes[i] += keyBytes + n;
          else if (n > longest) longest = n;
        } catch (err) {
          if (!(err instanceof NotBinary) && !(err instanceof NotJson)) throw err;
          e.pos = at;
          e.u32(0);
          whole.add(i);
        }
      }
      bound += keyBytes + longest;
    } else {
      const at = e.pos;
      e.u32(0);
      const t = typeof col;
      try {
        if (t === "function" || t === "symbol") throw new NotBinary();
        e.value(col, 1, names[c]);
        const n = e.pos - at - 4;
        e.dv.setUint32(at, n, true);
        if (exact) for (let i = 0; i < rows; i++) rowBytes[i] += keyBytes + n;
        bound += keyBytes + n;
      } catch (err) {
        if (!(err instanceof NotBinary) && !(err instanceof NotJson)) throw err;
        e.pos = at;
        e.u32(0);
        for (let i = 0; i < rows; i++) whole.add(i);
      }
    }
  }
  if (!exact) return bound > BINARY_LIMIT ? null : whole;
  for (let i = 0; i < rows; i++) if (rowBytes[i] > BINARY_LIMIT) whole.add(i);
  return whole;
}

/** Scores one request (the contract's object, or its JSON text). Throws on invalid input. */
export function score(request) {
  const r = scoreMany([request]).at(0);
  if (r.ok === false && r.error.code === "invalid_input") throw errorFrom(r.error);
  return r;
}

/** Result JSON lines for request JSON lines (the `tenbou score --jsonl` path; text in, text out). */
export function scoreLines(lines) {
  if (!Array.isArray(lines)) throw new TypeError("scoreLines: expected an array of request texts");
  return scoreBytes(lines.map((l) => {
    if (l instanceof Uint8Array) return l;
    if (typeof l !== "string") throw new TypeError(`scoreLines: a request text must be a string, not ${typeof l}`);
    // Past the 1 MiB request limit however it encodes: the core is given only what says so.
    return requestBytes(l.length > REQUEST_LIMIT ? l.slice(0, REQUEST_LIMIT + 1) : l);
  }));
}

/**
 * Request texts as raw bytes (Uint8Array or Buffer: the Node CLI's stream), one result text
 * each, in order. Bytes that are not UTF-8 give the same bad_json result as in Python.
 */
export function scoreBytes(texts) {
  const out = scoreBytesText(texts).split("\n");
  out.length = texts.length;
  return out;
}

/**
 * Request records as the Node CLI builds them from its stream: each text behind its u32
 * little-endian length. Returns one result line per record, "\n" after each.
 */
export function scoreRecordsText(records) {
  return core.scoreTexts(records);
}

/** scoreBytes' results as one text, a line each ("\n" after every result). */
export function scoreBytesText(texts) {
  let size = 0;
  for (const t of texts) size += 4 + t.length;
  const records = new Uint8Array(size);
  const dv = new DataView(records.buffer);
  let at = 0;
  for (const t of texts) {
    dv.setUint32(at, t.length, true);
    records.set(t, at + 4);
    at += 4 + t.length;
  }
  return core.scoreTexts(records);
}

// UTF-8 of a JS string; a lone surrogate is written as its 3-byte form (as Python's
// surrogatepass does) so that the core reports the text as invalid UTF-8, not as U+FFFD.
function requestBytes(s) {
  if (s.isWellFormed === undefined || s.isWellFormed()) return utf8.encode(s);
  const parts = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const pair = c >= 0xd800 && c < 0xdc00 && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
    if (pair) { parts.push(...utf8.encode(s.slice(i, i + 2))); i++; }
    else if (c >= 0xd800 && c < 0xe000) parts.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
    else parts.push(...utf8.encode(s[i]));
  }
  return Uint8Array.from(parts);
}

// The requests of points, settle, waits, discards, shanten and koreanDeclaration are written
// as score writes its own (Encoder.request: a NaN reaches the core as NaN, a throwing getter or
// a cycle is an InvalidValueError), and answered by the core's JSON-level function as text.
const CALLS = { points: 0, settle: 1, waits: 2, discards: 3, shanten: 4, koreanDeclaration: 5 };  // bindings.cpp kRecordFunctions
function callCore(fn, request) {
  encoder.begin();
  encoder.request(request);
  const size = core._tenbou_call_record(fn, encoder.pos);
  const from = core._tenbou_batch_output();
  return answer(fromUtf8.decode(core.HEAPU8.subarray(from, from + size)));
}

/** Payments of a bare han/fu cell: {han, fu, dealer, tsumo, method, honba, riichi_sticks, yakuman, options}. */
export function points(query) {
  return callCore(CALLS.points, query);
}

/** Who pays whom when a Riichi hand ends: {players, dealer, honba, riichi_sticks, outcome, wins, tenpai, nagashi, options}. */
export function settle(request) {
  const r = callCore(CALLS.settle, request);
  // Deltas are BigInt, every one (an aotenjo settlement passes 2^53), as amounts are.
  if (r.ok) {
    r.deltas = r.deltas.map(BigInt);
    for (const w of r.wins) w.deltas = w.deltas.map(BigInt);
  }
  return r;
}

/** Shanten, forms and useful tiles of a hand before the win (13 tiles, no win_tile). */
export function shanten(request) {
  return callCore(CALLS.shanten, request);
}

/** What to discard: every distinct discard of a hand one tile past a hand before the win, best first. */
export function discards(request) {
  return callCore(CALLS.discards, request);
}

/** shanten() plus every winning tile with its full result by ron and by tsumo. */
export function waits(request) {
  return callCore(CALLS.waits, request);
}

/** Who pays whom for a Hong Kong-Taiwan event outside a hand's value (chombo 30, 4풍연타, dice, ...). */
export function hktwEvent(event, repeat = 1) {
  return answer(core.hktwEvent(requestText({ event, repeat })));
}

/** Is a Korean 엎어/불러 declaration legal on these 13 tiles (seed 004 L105-107)? */
export function koreanDeclaration(request) {
  return callCore(CALLS.koreanDeclaration, request);
}

/** The effective rule switches of an options object ("riichi" or "korean"). */
export function rules(options = {}, family = "riichi") {
  return answer(core.rules(requestText(options), String(family)));
}

/** The yaku catalogue: Riichi (names en/ja/ko, han) or Korean (seed 004's table). */
export function yakuTable(family = "riichi") {
  const table = JSON.parse(core.yakuTable(String(family)));
  if (!Array.isArray(table)) throw errorFrom(table.error);  // not a family name
  return table;
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

/**
 * Every rule family's house options as data (for forms and documentation):
 * {schema_version: 1, families: {riichi: {options, presets, variants}, korean, hktw}}.
 * Each option: {key, type: "bool"|"int"|"choice"|"yaku_values"|"object", default, description,
 * source, section, nullable, min/max (int), values/multiple_of, choices (choice)}. A new object each call.
 */
export function optionsSchema() {
  return JSON.parse(core.optionsSchema());
}

/** optionsSchema() as the core's JSON text (the same bytes as Python, C and the native tool). */
export function optionsSchemaText() {
  return core.optionsSchema();
}

/** The input contract's limits: {schema_version: 1, limits: [{name, value, unit, bounds, error, description}]}. */
export function inputLimits() {
  return JSON.parse(core.inputLimits());
}

/** inputLimits() as the core's JSON text. */
export function inputLimitsText() {
  return core.inputLimits();
}

/** Bytes of the WebAssembly memory (for leak checks: it must stay flat over repeated calls). */
export function memoryBytes() {
  return core.HEAP8.length;
}

// --- game records (cpp/include/tenbou/records.hpp; docs/records.md) ----------------------------

/**
 * A game record that cannot be read (reason bad_record): the message names the record, the
 * event (mjlog: its index among the log's events; mjai: its line) and what is wrong, as
 * Python's tenbou.errors.RecordError says it. `output` and `lines` hold what the replay gave
 * before the error (it stays valid).
 */
export class RecordError extends InvalidRequestError {
  constructor(message, event = null, tag = null, attribute = null, output = "") {
    super(message, "bad_record", "");
    this.event = event;
    this.tag = tag;
    this.attribute = attribute;
    this.output = output;
    this.lines = output ? output.slice(0, -1).split("\n").map(parseResult) : [];
  }
}
BY_REASON.bad_record = RecordError;

/**
 * Replays one game record (Tenhou's mjlog XML, tenhou.net/6 JSON, mjai JSON Lines; already
 * decompressed) with the core: every hand tracked, every win scored, every hand end settled.
 * options: {format: "auto" | "mjlog" | "tenhou6" | "mjai" (default auto: told from the first
 * bytes), output: "hand_ends" | "check" | "tenhou6" | "mjai" | "annotate" (default
 * hand_ends), source: the name lines and messages give the record (default "record"),
 * requests: false leaves each win's request and result out of the hand-end lines}.
 * Returns {text, lines}: the core's output, byte for byte what Python's tenbou.replay and
 * `tenbou replay` give, and its lines parsed (amounts as BigInt, as score() gives them).
 * A record that cannot be read throws a RecordError holding the output before the error.
 */
export function replay(record, options = {}) {
  const { format = "auto", output = "hand_ends", source = "record", requests = true } = options || {};
  let bytes = record;
  if (record instanceof ArrayBuffer) bytes = new Uint8Array(record);
  else if (ArrayBuffer.isView(record)) bytes = new Uint8Array(record.buffer, record.byteOffset, record.byteLength);
  else if (typeof record !== "string") {
    throw new InvalidValueError("replay: the record must be bytes (a Uint8Array or an ArrayBuffer) or a string", "bad_type");
  }
  const text = core.replay(bytes, String(format), String(output), String(source), requests !== false);
  if (text.startsWith('{"ok":false')) throw errorFrom(JSON.parse(text).error);  // options the core has no name for
  // An unreadable record: its output so far, then one {"error": ...} line.
  const last = text.lastIndexOf("\n", text.length - 2) + 1;
  if (text.startsWith('{"error":', last)) {
    const e = JSON.parse(text.slice(last)).error;
    throw new RecordError(e.message, e.event ?? null, e.tag ?? null, e.attribute ?? null, text.slice(0, last));
  }
  return { text, lines: text ? text.slice(0, -1).split("\n").map(parseResult) : [] };
}
