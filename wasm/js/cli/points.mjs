// `tenbou points`: the payments of a bare han/fu cell (python/tenbou/cli/points.py in JS).
import * as tenbou from "../tenbou.mjs";
import { LIMIT_TEXT, UsageError, fmt, parseOptions, payerTexts, requestText, yakumanText } from "./common.mjs";
import { amountLines } from "./text.mjs";

const WIDTH = 100;

/** The query tenbou.points() of the Python package sends for these arguments. */
export function pointsQuery(han, fu, { dealer = false, tsumo = false, method = "fuhan", honba = 0, riichiSticks = 0, yakuman = 0,
  options = null, players = 4 } = {}) {
  const query = { han, dealer, tsumo, method, honba, riichi_sticks: riichiSticks, yakuman };
  if (players !== 4) query.players = players;
  if (fu !== null && fu !== undefined) query.fu = fu;
  if (options !== null) query.options = { ...options };
  return tenbou.points(requestText(query));
}

export function cmdPoints(args, out, err) {
  if (args.han === null && !args.yakuman) throw new UsageError("points: give --han N (and --fu N, 30 by default) or --yakuman N");
  const options = parseOptions(args.option, { preset: args.preset });
  const d = pointsQuery(args.han !== null ? args.han : 13 * args.yakuman, args.fu, {
    dealer: args.dealer, tsumo: args.tsumo, method: args.method, honba: args.honba, riichiSticks: args.sticks,
    yakuman: args.yakuman, options, players: args.players,
  });
  if (args.json) {
    out.push(tenbou.toJSON(d) + "\n");
  } else if (!d.ok) {
    err.push(`tenbou: no such score: ${d.error ? d.error.message : ""}\n`);
  } else {
    let value;
    if (args.yakuman) {
      value = yakumanText(args.yakuman);
    } else {
      const limit = d.limit ? ` (${LIMIT_TEXT[d.limit]})` : "";
      const fu = d.method === "han_only" ? "" : ` ${d.fu} fu`;
      value = `${d.han} han${fu}${limit}`;
    }
    let lines = amountLines(`${value} (${d.method}): base points `, fmt(d.base_points), WIDTH);
    const texts = payerTexts(d.players ?? 4, d.payments.length);
    for (const p of d.payments) lines = lines.concat(amountLines(`  ${texts[p.payer].padEnd(24)} `, fmt(p.amount), WIDTH));
    if (d.honba_bonus) lines = lines.concat(amountLines(`  ${`honba (${args.honba})`.padEnd(24)} `, fmt(d.honba_bonus), WIDTH));
    if (d.sticks_bonus) lines = lines.concat(amountLines(`  ${`riichi sticks (${args.sticks})`.padEnd(24)} `, fmt(d.sticks_bonus), WIDTH));
    lines = lines.concat(amountLines("Total ", fmt(d.total), WIDTH));
    out.push(lines.join("\n") + "\n");
  }
  return d.ok ? 0 : 1;
}
