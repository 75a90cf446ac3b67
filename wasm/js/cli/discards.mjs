// `tenbou discards`: what to discard (python/tenbou/cli/discards.py in JS).
import * as tenbou from "../tenbou.mjs";
import { beforeWinAnswer, InputError, shortResult } from "./common.mjs";
import { wrapItems } from "./text.mjs";

const WIDTH = 100;

export function cmdDiscards(args, out) {
  const { data, json } = beforeWinAnswer(args, tenbou.discards);
  if (args.json) { out.push(json + "\n"); return data.ok ? 0 : 1; }
  if (!data.ok) throw new InputError(data.error.message);
  const state = data.shanten < 0 ? "complete (a winning hand already)"
    : data.shanten === 0 ? "tenpai after the best discard" : `${data.shanten}-shanten`;
  out.push(`Hand      ${args.hand}${args.meld ? "  " + args.meld.join(" ") : ""}: ${state}\n`);
  out.push(`${"discard".padEnd(9)}${"shanten".padStart(7)}${"useful".padStart(8)}  tiles (unseen) / waits: ron, tsumo\n`);
  for (const d of data.discards) {
    const head = `${d.tile.padEnd(9)}${String(d.shanten).padStart(7)}${String(d.ukeire_unseen).padStart(8)}  `;
    let items, sep;
    if (d.waits.length) {
      items = d.waits.map((w) => `${w.tile}(${w.unseen}) ${shortResult(w.ron)}, ${shortResult(w.tsumo)}`);
      if (d.furiten) items[items.length - 1] += " [furiten]";
      sep = "; ";
    } else {
      items = d.ukeire.map((u) => `${u.tile}(${u.unseen})`);
      sep = " ";
    }
    if (args.wide) out.push((head + items.join(sep)).trimEnd() + "\n");
    else out.push(wrapItems(head, items, WIDTH, sep).join("\n") + "\n");
  }
  return 0;
}
