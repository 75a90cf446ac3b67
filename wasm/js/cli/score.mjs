// `tenbou score`: one hand (readable or --json), one JSON request (-), or a JSON Lines stream
// (--jsonl; the stream paths are tenbou-cli.mjs's). python/tenbou/cli/score.py in JS.
import * as tenbou from "../tenbou.mjs";
import {
  FU_TEXT, KOREAN_PAYER_TEXT, LIMIT_TEXT, UsageError, VARIANT_TEXT, buildRequest, failureText, fmt, hanText,
  payerTexts, scoreLine, tileLabel, units,
} from "./common.mjs";
import { shorthand } from "./shorthand.mjs";
import { amountLines, pad } from "./text.mjs";

const WIDTH = 100;
let NAMES = null;
function yakuNames() {
  if (!NAMES) NAMES = Object.fromEntries(tenbou.yakuTable().map((row) => [row.key, row]));
  return NAMES;
}

const winBy = (request) => (request.tsumo || request.tenhou || request.chiihou ? "tsumo" : "ron");

function renderKorean(d, request, out) {
  const how = winBy(request) === "tsumo" ? "tsumo (올라)" : "ron (쏘아)";
  out.push(`Rules     Korean mahjong, ${VARIANT_TEXT[d.variant]}\n`);
  out.push(`Hand      ${d.decomposition.join(" ")}${request.flowers ? "  flowers " + request.flowers : ""}\n`);
  const win = request.win_tile ?? "-";
  out.push(`Win       ${win} by ${how}, ${d.wait || "-"} wait (seat ${request.seat_wind ?? "E"}, round ${request.round_wind ?? "E"})\n`);
  out.push("Patterns (족보)\n");
  for (const y of d.yaku) {
    let unit = "";
    if (y.tile) unit = ` ${y.tile}`;
    else if ((y.count ?? 1) > 1) unit = ` x${y.count}`;
    const label = `${y.name_ko}  ${y.name_en}${unit}`;
    const kind = y.kind === "base" ? "base 기본" : "additional 부가";
    out.push(`  ${pad(label, 52)} ${pad(kind, 16)} ${hanText(y.han, y.kind).padStart(8)}\n`);
  }
  const validity = d.win_valid ? "valid win" : d.chombo ? "chombo (점프)" : "NOT a valid win";
  out.push(`Value     ${d.han}판 = ${d.base_han} base + ${d.additional_han} additional; minimum ${d.min_base_han} base: ${validity}\n`);
  if (d.unlimited) out.push("          unlimited (판수 무한): the house ends the game on 구련보등\n");
  for (const m of d.messages) out.push(`Note      ${m}\n`);
  if (d.win_base !== null && d.win_base !== undefined) out.push(`Win base  ${d.win_base}\n`);
  if (d.points !== null && d.points !== undefined) {
    out.push(`Points    ${d.points}\n`);
    for (const p of d.payments) out.push(`  ${KOREAN_PAYER_TEXT[p.payer].padEnd(32)} ${fmt(p.amount)}\n`);
    out.push(`Total     ${fmt(d.total)}\n`);
  }
}

function renderHktw(d, request, out) {
  out.push("Rules     Hong Kong-Taiwan style (홍콩대만, seed 002)\n");
  const flowers = request.flowers ? `  flowers ${request.flowers}` : "";
  out.push(`Hand      ${d.decomposition.join(" ")}${flowers}\n`);
  if (d.hand_ended) {
    out.push("All eight flowers (화패 8개): the hand ends at once, nothing else is scored\n");
  } else {
    const how = winBy(request);
    const waits = d.waits.join(" ") || "-";
    out.push(`Win       ${request.win_tile ?? "-"} by ${how}, ${d.wait || "-"} wait; waited on ${waits}`
      + ` (seat ${request.seat_wind ?? "E"}, round ${request.round_wind ?? "E"})\n`);
    out.push("Patterns (족보)\n");
    for (const y of d.yaku) {
      const unit = y.tile ? ` ${y.tile}` : (y.count ?? 1) > 1 ? ` x${y.count}` : "";
      const label = `${String(y.number).padStart(5)}  ${y.name_ko}  ${y.name_en}${unit}`;
      out.push(`  ${pad(label, 60)} ${String(y.points).padStart(5)}\n`);
    }
    const limit = d.limit ? " (house limit)" : "";
    out.push(`Value     ${d.base_points} base + ${d.pattern_points} = ${d.value}${limit}\n`);
    for (const p of d.payments) out.push(`  ${KOREAN_PAYER_TEXT[p.payer].padEnd(32)} ${fmt(p.amount)}\n`);
    if (d.honba_bonus) out.push(`  honba (2n+1 per payer)${"".padEnd(9)} ${fmt(d.honba_bonus)}\n`);
    if (d.pool_bonus) out.push(`  pool${"".padEnd(27)} ${fmt(d.pool_bonus)}\n`);
    out.push(`Total     ${fmt(d.total)}\n`);
  }
  for (const p of d.instant_payments) {
    const count = p.count > 1 ? ` x${p.count}` : "";
    out.push(`Instant   ${p.name_ko}${count}: ${p.each} from each other player = ${fmt(p.total)} (settled apart from the hand)\n`);
  }
}

/** The readable breakdown of a result object (a failure goes to err: an error message). */
export function renderResult(d, request, out, err) {
  if (!d.ok) { err.push(failureText(d.error)); return; }
  if (d.rules === "korean") { renderKorean(d, request, out); return; }
  if (d.rules === "hktw") { renderHktw(d, request, out); return; }
  const names = yakuNames();
  const how = winBy(request);
  const seat = request.seat_wind ?? "E";
  const dealer = seat === "E";
  const kita = request.kita ? ` + kita ${"4z".repeat(request.kita)}` : "";
  out.push(`Hand      ${d.decomposition.join(" ")}${kita}\n`);
  const wait = d.wait || "-";
  const players = d.players === 3 ? " three-player," : "";
  out.push(`Win       ${request.win_tile ?? "?"} by ${how}, ${wait} wait,${players} ${dealer ? "dealer" : "non-dealer"}`
    + ` (seat ${seat}, round ${request.round_wind ?? "E"})\n`);
  out.push("Yaku\n");
  const aotenjoHan = request.method === "aotenjo" && !d.limit;
  for (const y of d.yaku) {
    const row = names[y.key];
    const label = `${row.name_en} (${row.name_ja} / ${row.name_ko})`;
    const multiple = Math.floor(y.han / 13);
    let text;
    if (row.yakuman && aotenjoHan) text = `${y.han} han (${multiple === 2 ? "double " : ""}yakuman)`;
    else if (row.yakuman) text = multiple === 1 ? "yakuman" : `${multiple}x yakuman`;
    else text = `${y.han} han`;
    out.push(`  ${pad(label, 60)} ${text}\n`);
  }
  if (d.fu_details.length) {
    out.push("Fu\n");
    let raw = 0;
    for (const f of d.fu_details) {
      raw += f.fu;
      out.push(`  ${pad((FU_TEXT[f.key] ?? f.key) + tileLabel(f.tile), 60)} ${String(f.fu).padStart(3)}\n`);
    }
    const rounded = raw === d.fu ? "" : `, rounded up to ${d.fu}`;
    out.push(`  ${pad("total", 60)} ${String(raw).padStart(3)}${rounded}\n`);
  }
  const method = request.method ?? "fuhan";
  let head;
  if (method === "aotenjo") head = !d.limit ? `${d.han} han ${d.fu} fu, aotenjo (no limit)` : `${d.yakuman}x yakuman, aotenjo fixed value`;
  else if (d.yakuman) head = `${d.yakuman}x yakuman`;
  else if (method === "han_only") head = `${d.han} han, han-only (fu not counted)`;
  else head = `${d.han} han ${d.fu} fu`;
  const limit = d.limit && method !== "aotenjo" ? `, ${LIMIT_TEXT[d.limit]}` : "";
  out.push(`Value     ${head}${limit}\n`);
  out.push("Payments\n");
  const playerCount = d.players ?? 4;
  const texts = payerTexts(playerCount, d.payments.length);
  let honbaEach = 0n;
  if (d.honba_bonus) honbaEach = how === "ron" ? BigInt(d.honba_bonus) : BigInt(d.honba_bonus) / BigInt(playerCount - 1);
  for (const p of d.payments) {
    if (honbaEach) out.push(`  ${texts[p.payer].padEnd(24)} ${fmt(p.amount)} + ${fmt(honbaEach)} honba\n`);
    else out.push(amountLines(`  ${texts[p.payer].padEnd(24)} `, fmt(p.amount), WIDTH).join("\n") + "\n");
  }
  if (d.sticks_bonus) out.push(`  ${"riichi sticks (table)".padEnd(24)} ${fmt(d.sticks_bonus)}\n`);
  const amounts = d.payments.map((p) => p.amount);
  const short = amounts.length === 2 ? shorthand(amounts[1], amounts[0]) : how === "ron" ? shorthand(amounts[0]) : null;
  const say = short && units() === "en" ? `  (${short.romaji} ${short.kana})` : "";
  if (say) out.push(`Total     ${fmt(d.total)}${say}\n`);
  else out.push(amountLines("Total     ", fmt(d.total), WIDTH).join("\n") + "\n");
}

export function cmdScore(args, out, err, io) {
  if (args.jsonl) { io.scoreJsonl(); return 0; }
  if (args.hand === "-") {
    const raw = io.readRequest();
    const [line] = tenbou.scoreBytes([raw]);
    if (args.json) {
      out.push(line + "\n");
    } else {
      let request = {};
      try {  // the request gives the header its context (winning tile, seat); not needed to fail
        request = JSON.parse(new TextDecoder("utf-8").decode(raw));
      } catch { request = {}; }
      renderResult(tenbou.parseResult(line), request && typeof request === "object" && !Array.isArray(request) ? request : {}, out, err);
    }
    return line.startsWith('{"ok":true') ? 0 : 1;
  }
  if (!args.hand) throw new UsageError("give a HAND (e.g. 234567m234p55s678s), '-' to read a JSON request, or --jsonl");
  const request = buildRequest(args);
  const line = scoreLine(request);
  if (args.json) out.push(line + "\n");
  else renderResult(tenbou.parseResult(line), request, out, err);
  return line.startsWith('{"ok":true') ? 0 : 1;
}
