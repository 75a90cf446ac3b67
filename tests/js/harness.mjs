// Test harness for the JS API (driven by tests/test_wasm.py): reads JSON Lines on stdin.
//   node harness.mjs DIST score    each request through tenbou.score(); prints the result
//                                  (BigInt amounts written as integers) or the thrown error
//   node harness.mjs DIST many     all request texts through tenbou.scoreMany()
//   node harness.mjs DIST many-objects  the parseable requests as objects through tenbou.scoreMany()
//   node harness.mjs DIST many-get  as many-objects, each result rebuilt from get(i, name) alone
//   node harness.mjs DIST waits    each request through tenbou.waits()
//   node harness.mjs DIST settle   each request through tenbou.settle()
//   node harness.mjs DIST expr     each line {"fn", "request"}: the request is a JS expression
//                                  (NaN, getters, cycles: what JSON cannot hold) given to
//                                  tenbou[fn]; prints {"value"} with BigInts written "123n", or
//                                  {"thrown", "message", "reason", "field"} for any error thrown
//   node harness.mjs DIST memory   100,000 score() calls; prints heap sizes before and after
//   node harness.mjs DIST bench    hands/s of scoreMany() on the requests
//   node harness.mjs DIST columns  ScoreResults' han, fu, total and ok columns
//   node harness.mjs DIST typed    each result decoded from its record and parsed from JSON text
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [dist, command] = process.argv.slice(2);
const tenbou = await import(pathToFileURL(path.join(dist, "tenbou.mjs")).href);

const lines = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) if (line.trim()) lines.push(line);

function thrown(e) {
  if (!(e instanceof tenbou.InvalidRequestError)) throw e;
  return { thrown: e.constructor.name, message: e.message, reason: e.reason, field: e.field,
           isError: e instanceof Error };
}

const out = [];
if (command === "score" || command === "waits" || command === "settle") {
  const fn = { score: tenbou.score, waits: tenbou.waits, settle: tenbou.settle }[command];
  for (const line of lines) {
    let request;
    try { request = JSON.parse(line); } catch { out.push("null"); continue; }  // not JSON: the text path covers it
    try { out.push(tenbou.toJSON(fn(request))); } catch (e) { out.push(JSON.stringify(thrown(e))); }
  }
} else if (command === "expr") {
  const typed = (v) => JSON.parse(JSON.stringify(v, (_key, x) => typeof x === "bigint" ? `${x}n` : x));
  for (const line of lines) {
    const { fn, request } = JSON.parse(line);
    const value = new Function(`return (${request});`)();
    try { out.push(JSON.stringify({ value: typed(tenbou[fn](value)) })); } catch (e) {
      out.push(JSON.stringify({ thrown: e && e.constructor ? e.constructor.name : typeof e, message: String(e && e.message),
                                reason: e && e.reason, field: e && e.field }));
    }
  }
} else if (command === "many") {
  // The request texts as they are (a text with a duplicate key is not an object JSON.parse keeps).
  for (const r of tenbou.scoreMany(lines)) out.push(tenbou.toJSON(r));
} else if (command === "many-objects") {
  // Each parseable line as an object through scoreMany (the binary path); "null" for the others.
  const objects = [], at = [];
  lines.forEach((l, i) => { try { objects.push(JSON.parse(l)); at.push(i); } catch { /* not JSON */ } });
  const results = tenbou.scoreMany(objects);
  const byLine = new Array(lines.length).fill("null");
  at.forEach((i, k) => { byLine[i] = tenbou.toJSON(results.at(k)); });
  out.push(...byLine);
} else if (command === "many-get") {
  // Each result's members read with get(i, name) from a batch nothing was decoded from
  // (the names are taken from a second batch's decoded results), in the decoded order;
  // plus a name no result has, which must be undefined.
  const objects = [], at = [];
  lines.forEach((l, i) => { try { objects.push(JSON.parse(l)); at.push(i); } catch { /* not JSON */ } });
  const read = tenbou.scoreMany(objects), decoded = tenbou.scoreMany(objects);
  const byLine = new Array(lines.length).fill("null");
  at.forEach((i, k) => {
    const rebuilt = {};
    for (const name of Object.keys(decoded.at(k))) rebuilt[name] = read.get(k, name);
    if (read.get(k, "no_such_member") !== undefined) throw new Error(`get(${k}, "no_such_member") is not undefined`);
    // Types too (toJSON writes a BigInt and a number alike): every amount a BigInt in both.
    const typed = (v) => JSON.stringify(v, (_key, x) => typeof x === "bigint" ? `${x}n` : x);
    if (typed(rebuilt) !== typed(decoded.at(k))) throw new Error(`get() differs from at() for result ${k}: ${typed(rebuilt)}`);
    byLine[i] = tenbou.toJSON(rebuilt);
  });
  out.push(...byLine);
} else if (command === "typed") {
  // Each parseable line's result decoded from its binary record (at) and parsed from the
  // core's JSON text (parseResult, the other reader), types written out: "[at, text]".
  const objects = [];
  for (const l of lines) { try { objects.push(JSON.parse(l)); } catch { /* not JSON */ } }
  const results = tenbou.scoreMany(objects);
  const texts = tenbou.scoreLines(objects.map((o) => tenbou.toJSON(o)));
  const typed = (v) => JSON.stringify(v, (_key, x) => typeof x === "bigint" ? `${x}n` : x);
  for (let i = 0; i < objects.length; i++) out.push(JSON.stringify([typed(results.at(i)), typed(tenbou.parseResult(texts[i]))]));
} else if (command === "columns") {
  // ScoreResults' columns for the parseable lines: one [han, fu, total, ok] per line, the total as text.
  const objects = [];
  for (const l of lines) { try { objects.push(JSON.parse(l)); } catch { /* not JSON */ } }
  const results = tenbou.scoreMany(objects);
  const han = results.han, fu = results.fu, total = results.total, ok = results.ok;
  if (!(han instanceof Int32Array && fu instanceof Int32Array && total instanceof BigInt64Array && ok instanceof Uint8Array))
    throw new Error("columns are not the documented typed arrays");
  for (let i = 0; i < objects.length; i++) out.push(JSON.stringify([han[i], fu[i], String(total[i]), ok[i]]));
} else if (command === "memory") {
  const request = JSON.parse(lines[0]);
  const bad = JSON.parse(lines[1]);
  for (let i = 0; i < 5000; i++) { tenbou.score(request); try { tenbou.score(bad); } catch {} }
  const heapBefore = tenbou.memoryBytes();
  if (global.gc) global.gc();
  const rssBefore = process.memoryUsage().rss;
  for (let i = 0; i < 100000; i++) {
    tenbou.score(request);
    try { tenbou.score(bad); } catch {}
    if (i % 1000 === 0) tenbou.waits({ hand: "123m456m789p2345s", riichi: true });
  }
  if (global.gc) global.gc();
  out.push(JSON.stringify({ heapBefore, heapAfter: tenbou.memoryBytes(), rssBefore, rssAfter: process.memoryUsage().rss }));
} else if (command === "bench") {
  const requests = lines.map((l) => JSON.parse(l));
  let best = Infinity;
  const deadline = performance.now() + 3000;
  do {
    const t0 = performance.now();
    tenbou.scoreMany(requests);
    best = Math.min(best, performance.now() - t0);
  } while (performance.now() < deadline);
  let bestOne = Infinity;
  const some = requests.slice(0, 5000);
  const deadline2 = performance.now() + 2000;
  do {
    const t0 = performance.now();
    for (const r of some) tenbou.score(r);
    bestOne = Math.min(bestOne, performance.now() - t0);
  } while (performance.now() < deadline2);
  // scoreMany with every result's han, fu, total and yaku keys read (get(i, name) reads one
  // member of a result without decoding the rest).
  let bestRead = Infinity;
  const deadline3 = performance.now() + 3000;
  let sink = 0;
  do {
    const t0 = performance.now();
    const results = tenbou.scoreMany(requests);
    for (let i = 0; i < results.length; i++) {
      if (!results.get(i, "ok")) continue;
      sink += results.get(i, "han") + results.get(i, "fu");
      sink += results.get(i, "total") > 0n ? 1 : 0;
      for (const y of results.get(i, "yaku")) sink += y.key.length;
    }
    bestRead = Math.min(bestRead, performance.now() - t0);
  } while (performance.now() < deadline3);
  out.push(JSON.stringify({ hands: requests.length, score_many_per_s: Math.round(requests.length / best * 1000),
                            score_many_read_per_s: Math.round(requests.length / bestRead * 1000),
                            score_per_s: Math.round(some.length / bestOne * 1000), sink: sink % 7 }));
}
process.stdout.write(out.join("\n") + "\n");
