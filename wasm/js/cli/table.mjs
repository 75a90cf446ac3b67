// `tenbou table`: seed 000's score tables, computed (python/tenbou/cli/table.py in JS).
import * as tenbou from "../tenbou.mjs";
import { LIMIT_TEXT } from "./common.mjs";
import { pointsQuery } from "./points.mjs";

const TABLE_FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110];
const en = (n) => tenbou.formatAmount(n, "en");
const num = (n) => (typeof n === "bigint" && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n);

function tableCells(dealer, preset, method) {
  const cells = [];
  for (let han = 1; han < 14; han++) {
    for (const fu of TABLE_FU) {
      const ron = pointsQuery(han, fu, { dealer, tsumo: false, method, options: { preset } });
      const tsumo = pointsQuery(han, fu, { dealer, tsumo: true, method, options: { preset } });
      cells.push({
        han, fu,
        ron: ron.ok ? num(ron.total) : null,
        tsumo: tsumo.ok ? tsumo.payments.map((p) => num(p.amount)) : null,
        limit: ron.ok ? ron.limit : tsumo.ok ? tsumo.limit : null,
      });
    }
  }
  return cells;
}

function hanOnlyRows(preset) {
  const rows = [];
  for (let han = 1; han < 14; han++) {
    const row = { han };
    for (const [who, dealer] of [["non_dealer", false], ["dealer", true]]) {
      const ron = pointsQuery(han, null, { dealer, method: "han_only", options: { preset } });
      const tsumo = pointsQuery(han, null, { dealer, tsumo: true, method: "han_only", options: { preset } });
      row[who] = { ron: num(ron.total), tsumo: tsumo.payments.map((p) => num(p.amount)), limit: ron.limit };
    }
    rows.push(row);
  }
  return rows;
}

function cellText(cell, dealer) {
  if (cell.ron === null && cell.tsumo === null) return "-";
  const ron = cell.ron !== null ? en(cell.ron) : "-";
  let tsumo;
  if (cell.tsumo === null) tsumo = "-";
  else if (dealer) tsumo = `${en(cell.tsumo[0])} all`;
  else tsumo = `${en(cell.tsumo[1])}, ${en(cell.tsumo[0])}`;
  return `${ron} (${tsumo})`;
}

export function cmdTable(args, out) {
  const which = args.who === "both" ? [true, false] : [args.who === "dealer"];
  if (args.method === "han_only") {
    const rows = hanOnlyRows(args.preset);
    if (args.json) { out.push(tenbou.toJSON(rows) + "\n"); return 0; }
    out.push("Han-only method (seed 000 section 2): ron (tsumo)\n");
    out.push(`${"han".padEnd(6)}${"non-dealer".padEnd(28)}dealer\n`);
    for (const r of rows) {
      const nd = r.non_dealer, de = r.dealer;
      const label = nd.limit ? `${LIMIT_TEXT[nd.limit]} ` : "";
      const ndText = `${en(nd.ron)} (${en(nd.tsumo[1])}-${en(nd.tsumo[0])})`;
      const deText = `${en(de.ron)} (${en(de.tsumo[0])} all)`;
      out.push(`${String(r.han).padEnd(6)}${ndText.padEnd(28)}${deText.padEnd(24)}${label}`.trimEnd() + "\n");
    }
    return 0;
  }
  if (args.json) {
    const data = {};
    for (const d of which) data[d ? "dealer" : "non_dealer"] = tableCells(d, args.preset, args.method);
    out.push(tenbou.toJSON(data) + "\n");
    return 0;
  }
  for (const dealer of which) {
    const title = dealer ? "Dealer (親) score table" : "Non-dealer (子) score table";
    let sub = dealer ? "ron (tsumo: each pays ... all)" : "ron (tsumo: non-dealer, dealer)";
    if (args.method === "aotenjo") sub += ", aotenjo: no limits";
    out.push(`${title}: ${sub}\n`);
    const cells = tableCells(dealer, args.preset, args.method);
    const width = 22;
    const groups = args.method !== "aotenjo" ? [0, 4, 8].map((i) => TABLE_FU.slice(i, i + 4)) : TABLE_FU.map((fu) => [fu]);
    const limited = [];
    for (const group of groups) {
      out.push(("han  " + group.map((fu) => `${fu} fu`.padEnd(width)).join("")).trimEnd() + "\n");
      for (let han = 1; han < 14; han++) {
        const row = cells.filter((c) => c.han === han);
        const limit = row[row.length - 1].limit;
        if (limit && row.every((c) => c.limit)) { limited.push(han); continue; }
        const text = row.filter((c) => group.includes(c.fu)).map((c) => cellText(c, dealer).padEnd(width)).join("").trimEnd();
        out.push(`${String(han).padEnd(5)}${text}\n`);
      }
      out.push("\n");
    }
    for (const han of [...new Set(limited)].sort((a, b) => a - b)) {
      const row = cells.filter((c) => c.han === han);
      out.push(`${String(han).padEnd(5)}${LIMIT_TEXT[row[row.length - 1].limit]} ${cellText(row[row.length - 1], dealer)}\n`);
    }
    out.push("\n");
  }
  return 0;
}
