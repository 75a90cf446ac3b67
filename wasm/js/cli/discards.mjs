// `tenbou discards`: what to discard (python/tenbou/cli/discards.py in JS).
import * as tenbou from "../tenbou.mjs";
import { beforeWinAnswer, InputError, shortResult } from "./common.mjs";
import { wrapItems } from "./text.mjs";

const WIDTH = 100;

// The request's "ev" object from --ev, --turns, --objective (any of them asks for it).
function evRequest(args) {
  const ev = {};
  if (args.turns != null) ev.turns = args.turns;
  if (args.objective != null) ev.objective = args.objective;
  return ev;
}
const percent = (p) => `${(Math.floor(p * 1000 + 0.5) / 10).toFixed(1)}%`;  // half up, as Python's CLI
const points = (x) => String(Math.floor(x + 0.5)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const evCells = (ev) => `${percent(ev.win).padStart(7)}${percent(ev.tenpai).padStart(8)}${points(ev.score).padStart(8)}  `;

export function cmdDiscards(args, out) {
  const withEv = Boolean(args.ev) || args.turns != null || args.objective != null;
  const analyse = withEv ? (text) => tenbou.discards(JSON.stringify({ ...JSON.parse(text), ev: evRequest(args) }))
    : tenbou.discards;
  const { data, json } = beforeWinAnswer(args, analyse);
  if (args.json) { out.push(json + "\n"); return data.ok ? 0 : 1; }
  if (!data.ok) throw new InputError(data.error.message);
  const state = data.shanten < 0 ? "complete (a winning hand already)"
    : data.shanten === 0 ? "tenpai after the best discard" : `${data.shanten}-shanten`;
  out.push(`Hand      ${args.hand}${args.meld ? "  " + args.meld.join(" ") : ""}: ${state}\n`);
  const evHead = withEv ? `${"win".padStart(7)}${"tenpai".padStart(8)}${"points".padStart(8)}  ` : "";
  out.push(`${"discard".padEnd(9)}${"shanten".padStart(7)}${"useful".padStart(8)}  ${evHead}tiles (unseen) / waits: ron, tsumo\n`);
  for (const d of data.discards) {
    const head = `${d.tile.padEnd(9)}${String(d.shanten).padStart(7)}${String(d.ukeire_unseen).padStart(8)}  `
      + (withEv ? evCells(d.ev) : "");
    let items, sep;
    if (d.waits.length) {
      items = d.waits.map((w) => `${w.tile}(${w.unseen}) ${shortResult(w.ron)}, ${shortResult(w.tsumo)}`);
      if (d.furiten) items[items.length - 1] += " [furiten]";
      sep = "; ";
    } else {
      items = d.ukeire.map((u) => `${u.tile}(${u.unseen})`);
      sep = " ";
    }
    if (withEv && d.ev.riichi) items.push(`[riichi ${points(d.ev.riichi.score)}, dama ${points(d.ev.dama.score)}]`);
    if (args.wide) out.push((head + items.join(sep)).trimEnd() + "\n");
    else out.push(wrapItems(head, items, WIDTH, sep).join("\n") + "\n");
  }
  if (withEv) {
    const ev = data.ev;
    out.push(`ev: self-draw within ${ev.turns} draws, best ${ev.objective} first; `
      + `policy ${ev.policy} (${points(ev.states)} states)\n`);
  }
  return 0;
}
