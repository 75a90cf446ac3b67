// scoreColumns against score, row by row (tests/test_wasm_columns.py drives it).
//
//   node columns.mjs DIST grouped   requests (JSON lines) as columns, one call per key order
//   node columns.mjs DIST union     every request in one call: the union of the keys, absent
//                                   where a request has none (score() is given the same row)
//   node columns.mjs DIST typed     flags as a Uint8Array, integers as an Int32Array, options
//                                   one object for every row when all rows share it
//   node columns.mjs DIST edges     values the columns cannot carry (written whole) and usage errors
//
// Prints one line per row: {"row", "same": true} or the two sides where they differ.
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [dist, command] = process.argv.slice(2);
const tenbou = await import(pathToFileURL(path.join(dist, "tenbou.mjs")).href);
const lines = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) if (line.trim()) lines.push(line);

// What scoreColumns holds for a row, taken from score(): a result, or the exception thrown.
function expected(request) {
  let r;
  try { r = tenbou.score(request); } catch (e) {
    if (!(e instanceof tenbou.InvalidRequestError)) throw e;
    return { ok: 0, han: 0, fu: 0, yakuman: 0, total: 0n, limit: null, yaku: [], error: "invalid_input", message: e.message };
  }
  if (!r.ok) return { ok: 0, han: 0, fu: 0, yakuman: 0, total: 0n, limit: null, yaku: [], error: r.error.code, message: r.error.message };
  const other = r.rules !== undefined;  // Korean, Hong Kong-Taiwan: no Riichi yaku ids
  const total = typeof r.total === "bigint" ? (BigInt.asIntN(64, r.total) === r.total ? r.total : -1n) : 0n;
  return { ok: 1, han: typeof r.han === "number" ? r.han : 0, fu: typeof r.fu === "number" ? r.fu : 0, yakuman: r.yakuman,
           total, limit: r.limit, yaku: other ? [] : r.yaku.map((y) => ({ key: y.key, han: y.han })), error: null, message: null };
}

function row(c, i) {
  return { ok: c.ok[i], han: c.han[i], fu: c.fu[i], yakuman: c.yakuman[i], total: c.total[i], limit: c.limitOf(i),
           yaku: c.yakuOf(i), error: c.errorOf(i), message: c.messageOf(i) };
}

const text = (v) => JSON.stringify(v, (_k, x) => typeof x === "bigint" ? `${x}n` : x);
const out = [];
function compare(requests, columns, index) {
  const c = tenbou.scoreColumns(columns);
  if (c.length !== requests.length) throw new Error(`${c.length} rows for ${requests.length} requests`);
  requests.forEach((request, i) => {
    const want = text(expected(request)), got = text(row(c, i));
    out.push(want === got ? `{"row":${index[i]},"same":true}` : `{"row":${index[i]},"want":${want},"got":${got}}`);
  });
}

// Columns of the requests in the order of `keys`: an entry per request, undefined where absent.
function columnsOf(requests, keys) {
  const columns = {};
  for (const k of keys) columns[k] = requests.map((r) => r[k]);
  return columns;
}

// The row object score() is given for columns in the order of `keys` (absent members left out).
const ordered = (r, keys) => Object.fromEntries(keys.filter((k) => r[k] !== undefined).map((k) => [k, r[k]]));

// Requests that are objects (a line that is not JSON, or not an object, is no row of columns).
const parsed = [];
for (const l of lines) {
  let r;
  try { r = JSON.parse(l); } catch { continue; }
  if (r !== null && typeof r === "object" && !Array.isArray(r)) parsed.push(r);
}
// The requests' indexes by key order ("\u0000"-joined keys): one scoreColumns call each.
function groups() {
  const by = new Map();
  parsed.forEach((r, i) => {
    const key = Object.keys(r).join("\u0000");
    if (!by.has(key)) by.set(key, []);
    by.get(key).push(i);
  });
  return by;
}

if (command === "grouped") {
  for (const [key, rows] of groups()) {
    const requests = rows.map((i) => parsed[i]);
    compare(requests, columnsOf(requests, key ? key.split("\u0000") : []), rows);
  }
} else if (command === "union") {
  const keys = [...new Set(parsed.flatMap((r) => Object.keys(r)))];
  compare(parsed.map((r) => ordered(r, keys)), columnsOf(parsed, keys), parsed.map((_r, i) => i));
} else if (command === "typed") {
  const FLAGS = ["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
                 "chiihou", "renhou"];
  const INTS = ["honba", "riichi_sticks", "players", "kita"];
  for (const [key, at] of groups()) {
    const group = at.map((i) => parsed[i]);
    const keys = key ? key.split("\u0000") : [];
    const columns = {};
    const rows = group.map((r) => ({ ...r }));
    for (const k of keys) {
      if (FLAGS.includes(k) && group.every((r) => typeof r[k] === "boolean")) {
        columns[k] = Uint8Array.from(group, (r) => (r[k] ? 1 : 0));
      } else if (INTS.includes(k) && group.every((r) => r[k] === (r[k] | 0))) {  // an int32 in every row
        columns[k] = (k === "honba" ? Int16Array : Int32Array).from(group, (r) => r[k]);
      } else if (k === "options" && group.every((r) => JSON.stringify(r.options) === JSON.stringify(group[0].options))) {
        columns[k] = group[0].options;  // one object for every row
      } else {
        columns[k] = group.map((r) => r[k]);
      }
    }
    compare(rows, columns, at);
  }
} else if (command === "edges") {
  const hand = "234567m234p55s678s";
  const cases = [
    [{ hand: [hand, "23456\ud800m234p55s678s"], win_tile: ["5m", "5m"] }],           // a lone surrogate: JSON's path
    [{ hand: [hand, hand], win_tile: ["5m", "5m"], options: [new Map(), { preset: "tenhou" }] }],  // a Map: named
    [{ hand: [hand, hand], win_tile: ["5m", "5m"], options: new Date(0) }],         // a Date for every row
    [{ hand: [hand, hand], win_tile: ["5m", "5m"], riichi: [true, 1] }],            // a number where a flag goes
    [{ hand: [hand, hand], win_tile: ["5m", "5m"], honba: new Float64Array([1, NaN]) }],  // NaN: named as NaN
    [{ hand: [hand, hand], win_tile: ["5m", "5m"], colour: ["red", undefined] }],   // an unknown key, then none
    [{ hand: [hand, "ｈand"], win_tile: ["5m", "5m"], rules: "riichi" }],           // UTF-8, a constant string
    [{ hand: [hand, hand], win_tile: ["5m", "5m"], method: ["aotenjo", "han_only"], riichi: [true, true] }],
    [{ hand: [hand, 5], win_tile: ["5m", null] }],                                 // wrong types in a row
    [{ hand: ["1112345678999m", "22334455667788p"], win_tile: ["1m", "8p"], rules: ["korean", "hktw"] }],
    // The bindings' shortcuts: Riichi rows scored without a second validation, and an options
    // value read once for the rows that repeat it, never for another family's row, never when
    // it is invalid; flags and integers in arrays with absent rows; lists of strings (melds).
    [{ hand: [hand, hand, "1112345678999m", hand, hand], win_tile: ["5m", "5m", "1m", "5m", "5m"],
       rules: ["riichi", undefined, "korean", 5, "riichi"], options: { preset: "tenhou" } }],
    [{ hand: [hand, hand, hand, hand, hand, hand], win_tile: ["5m", "5m", "5m", "5m", "5m", "5m"],
       riichi: [true, true, true, true, true, true],
       options: [{ preset: "tenhou" }, { preset: "nope" }, { preset: "tenhou" }, undefined, { preset: "tenhou", kiriage: 3 },
                 { preset: "tenhou" }] }],
    [{ hand: [hand, hand], win_tile: ["5m", "5m"], options: { preset: "nope" } }],
    [{ hand: [hand, "1112345678999m", hand], win_tile: ["5m", "1m", "5m"], rules: ["korean", "korean", "riichi"],
       options: { preset: "tenhou", kiriage: true } }],
    [{ hand: [hand, hand, hand], win_tile: ["5m", "5m", "5m"], riichi: [true, undefined, "yes"], honba: [1, undefined, 3] }],
    [{ hand: [hand, hand, hand], win_tile: ["5m", "5m", "5m"], honba: [-0, undefined, 2.5], ippatsu: [undefined, false, true] }],
    [{ hand: [hand, hand, hand], win_tile: ["5m", "5m", "5m"], honba: [1, 2 ** 31, undefined], rules: [undefined, true, false] }],
    [{ hand: ["234567m55s", hand, hand, "234567m55s"], win_tile: ["5m", "5m", "5m", "5m"],
       melds: [["pon:777z", "chi:678s"], [], undefined, ["pon:777z", 5]] }],
    // Rows past scoreMany's binary size (sent as JSON text by score()), one past the request limit.
    [{ hand: [hand, "1".repeat(40000) + "m", "1".repeat((1 << 20) + 10) + "m"], win_tile: ["5m", "5m", "5m"] }],
  ];
  cases.forEach(([columns], n) => {
    const keys = Object.keys(columns);
    const len = Math.max(...keys.map((k) => (Array.isArray(columns[k]) || ArrayBuffer.isView(columns[k]) ? columns[k].length : 0)));
    const requests = [];
    for (let i = 0; i < len; i++) {
      const r = {};
      for (const k of keys) {
        const c = columns[k];
        const v = Array.isArray(c) || ArrayBuffer.isView(c) ? (c instanceof Uint8Array ? c[i] !== 0 : c[i]) : c;
        if (v !== undefined) r[k] = v;
      }
      requests.push(r);
    }
    compare(requests, columns, requests.map((_r, i) => `${n}.${i}`));
  });
  for (const bad of [null, [], "x", { hand: ["a", "b"], win_tile: ["5m"] }, { options: {} }]) {
    try { tenbou.scoreColumns(bad); out.push(`{"usage":"no error"}`); } catch (e) { out.push(JSON.stringify({ usage: e.constructor.name, message: e.message })); }
  }
}
process.stdout.write(out.join("\n") + "\n");
