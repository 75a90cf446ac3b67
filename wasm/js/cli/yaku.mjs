// `tenbou yaku`: the yaku catalogue of a rule family (python/tenbou/cli/yaku.py in JS).
import * as tenbou from "../tenbou.mjs";
import { columns } from "./text.mjs";

function koreanCell(row, variant) {
  const han = row.han[variant];
  if (han === null && !row.local) return "불명";
  if (han === null || han === 0) return "-";
  return (row.kind[variant] === "additional" ? "+" : "") + String(han);
}

function riichiValue(row) {
  if (row.yakuman) return "yakuman" + (row.han_open === 0 ? ", closed only" : "");
  if (row.han_open === 0) return `${row.han_closed} han, closed only`;
  if (row.han_open !== row.han_closed) return `${row.han_closed} han (${row.han_open} open)`;
  return `${row.han_closed} han`;
}

export function yakuLines(rules, wide) {
  const w = (cells) => (wide ? cells : []);
  if (rules === "hktw") {
    const rows = [["no.", ...w(["key"]), "족보", "English", "points", ...w(["seed 002"])]];
    for (const row of tenbou.yakuTable("hktw")) {
      let value = String(row.points);
      if ("points_alt" in row) value += ` (${row.points_alt} ${row.alt_when})`;
      if (row.class === "instant") value = "instant";
      rows.push([String(row.number), ...w([row.key]), row.name_ko, row.name_en, value, ...w([`L${row.seed_line}`])]);
    }
    return columns(rows, [rows[0].length - (wide ? 2 : 1)]);
  }
  if (rules === "korean") {
    const rows = [[...w(["key"]), "족보", "English", "나가리", "삼식이", "커피향", ...w(["seed 004"])]];
    for (const row of tenbou.yakuTable("korean")) {
      rows.push([...w([row.key]), row.name_ko, row.name_en, ...["nagari", "samsiki", "coffee"].map((v) => koreanCell(row, v)),
        ...w([`L${row.seed_line}`])]);
    }
    const first = wide ? 3 : 2;
    return columns(rows, [first, first + 1, first + 2]);
  }
  const rows = [[...w(["key"]), "English", "日本語", "한국어", "han"]];
  for (const row of tenbou.yakuTable()) rows.push([...w([row.key]), row.name_en, row.name_ja, row.name_ko, riichiValue(row)]);
  return columns(rows);
}

export function cmdYaku(args, out) {
  out.push(yakuLines(args.rules, args.wide).join("\n") + "\n");
  return 0;
}
