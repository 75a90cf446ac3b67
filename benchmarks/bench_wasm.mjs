// The JS side of benchmarks/bench_wasm.py: hands/s of the JS API on request lines from stdin.
//
//   node bench_wasm.mjs DIST [SECONDS]   prints one JSON line of rates
//
// scoreColumns is given the requests as a caller holding columns would: one array per key
// (undefined where a request has none), flags as a Uint8Array and integers as an Int32Array
// where every request has them, options as one object when every request has the same.
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [dist, seconds = "3"] = process.argv.slice(2);
const tenbou = await import(pathToFileURL(path.join(dist, "tenbou.mjs")).href);
const requests = [];
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) if (line.trim()) requests.push(JSON.parse(line));

const FLAGS = new Set(["tsumo", "riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou",
                       "chiihou", "renhou"]);
const INTS = new Set(["honba", "riichi_sticks", "players", "kita"]);
function columnsOf(rs) {
  const keys = [...new Set(rs.flatMap((r) => Object.keys(r)))];
  const columns = {};
  for (const k of keys) {
    if (FLAGS.has(k) && rs.every((r) => typeof r[k] === "boolean")) columns[k] = Uint8Array.from(rs, (r) => +r[k]);
    else if (INTS.has(k) && rs.every((r) => r[k] === (r[k] | 0))) columns[k] = Int32Array.from(rs, (r) => r[k]);
    else if (k === "options" && rs.every((r) => JSON.stringify(r.options) === JSON.stringify(rs[0].options))) columns[k] = rs[0].options;
    else columns[k] = rs.map((r) => r[k]);
  }
  return columns;
}

// The best time of fn over the seconds given (after one warm-up run), in milliseconds of this
// process's CPU time: on a machine shared with other work the wall clock counts their time too.
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
function best(fn, ms) {
  fn();
  let t = Infinity;
  const deadline = performance.now() + ms;
  do {
    const t0 = cpuMs();
    fn();
    t = Math.min(t, cpuMs() - t0);
  } while (performance.now() < deadline);
  return t;
}

const ms = Number(seconds) * 1000;
const n = requests.length;
let sink = 0;
const rate = (t, count = n) => Math.round(count / t * 1000);
const manyLazy = best(() => { sink += tenbou.scoreMany(requests).length; }, ms);
const manyRead = best(() => {
  const results = tenbou.scoreMany(requests);
  for (let i = 0; i < results.length; i++) {
    if (!results.get(i, "ok")) continue;
    sink += results.get(i, "han") + results.get(i, "fu");
    sink += results.get(i, "total") > 0n ? 1 : 0;
    for (const y of results.get(i, "yaku")) sink += y.key.length;
  }
}, ms);
// Every result decoded into its object (at(i)): what iterating the results costs.
const manyDecoded = best(() => {
  const results = tenbou.scoreMany(requests);
  for (let i = 0; i < results.length; i++) sink += results.at(i).ok ? 1 : 0;
}, ms / 2);
const columns = columnsOf(requests);
// (0 for a build without scoreColumns: the figures of an older dist/ for comparison)
const columnsRead = !tenbou.scoreColumns ? Infinity : best(() => {
  const c = tenbou.scoreColumns(columns);
  const { ok, han, fu, total, yaku, yaku_offsets: at } = c;
  for (let i = 0; i < c.length; i++) {
    if (!ok[i]) continue;
    sink += han[i] + fu[i] + (total[i] > 0n ? 1 : 0);
    for (let k = at[i]; k < at[i + 1]; k++) sink += yaku[k];
  }
}, ms);
const some = requests.slice(0, 5000);
const one = best(() => { for (const r of some) sink += tenbou.score(r).han | 0; }, ms / 2);
process.stdout.write(JSON.stringify({ hands: n, score_many_per_s: rate(manyLazy), score_many_read_per_s: rate(manyRead),
  score_many_decoded_per_s: rate(manyDecoded),
  score_columns_read_per_s: rate(columnsRead), score_per_s: rate(one, some.length), sink: sink % 7 }) + "\n");
