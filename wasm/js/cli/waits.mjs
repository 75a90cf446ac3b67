// `tenbou waits`: shanten, useful tiles and every wait's value (python/tenbou/cli/waits.py in JS).
import * as tenbou from "../tenbou.mjs";
import { beforeWinAnswer, InputError, shortResult } from "./common.mjs";
import { pad, wrapItems } from "./text.mjs";

const WIDTH = 100;

export function cmdWaits(args, out, err, io) {
  if (args.jsonl) { io.waitsJsonl(); return 0; }
  const { data, json } = beforeWinAnswer(args, tenbou.waits);
  if (args.json) { out.push(json + "\n"); return data.ok ? 0 : 1; }
  if (!data.ok) throw new InputError(data.error.message);
  const forms = Object.entries(data.forms).filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k.replace(/_/g, " ")} ${v}`).join(", ");
  const state = data.shanten === 0 ? "tenpai" : data.shanten < 0 ? "complete" : `${data.shanten}-shanten`;
  out.push(`Hand      ${args.hand}${args.meld ? "  " + args.meld.join(" ") : ""}: ${state} (${forms})\n`);
  if (data.shanten === 0) {
    out.push(`${"wait".padEnd(6)}${"unseen".padStart(6)}   ${pad("ron", 30)} tsumo\n`);
    for (const w of data.waits) {
      out.push(`${w.tile.padEnd(6)}${String(w.unseen).padStart(6)}   ${pad(shortResult(w.ron), 30)} ${shortResult(w.tsumo)}\n`);
    }
    if (data.furiten) out.push("Furiten: a winning tile is among your discards, so no ron.\n");
  }
  const head = `Useful    ${data.ukeire_tiles} tiles, ${data.ukeire_unseen} unseen: `;
  const useful = data.ukeire.map((u) => `${u.tile}(${u.unseen})`);
  if (args.wide) out.push(head + useful.join(" ") + "\n");
  else out.push(wrapItems(head, useful, WIDTH).join("\n") + "\n");
  return 0;
}
