// The page's game records: a log file dropped on the page (or chosen) is replayed by the core
// through the JS API's replay() (Tenhou's mjlog XML, tenhou.net/6 JSON, mjai JSON Lines; a
// gzip-compressed file is inflated first), and each hand end is shown with its wins (han, fu,
// points, yaku as the core scored them from the tracked hand), each seat's point change, and
// the check against the record. The page translates; every rule is the core's.
import * as tenbou from "./tenbou.mjs";

const MAX_ROWS = 2000;  // a long mjai stream: the first hands shown, the count of the rest
const ROUND = { E: "East", S: "South", W: "West", N: "North" };
const OUTCOME = { draw: "Exhaustive draw", abortive: "Abortive draw", nagashi_mangan: "Nagashi mangan" };

let yakuNames = null;
function yakuName(key) {
  if (!yakuNames) yakuNames = Object.fromEntries(tenbou.yakuTable("riichi").map((y) => [y.key, y.name_en || y.key]));
  return yakuNames[key] || key;
}

const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
const signed = (n) => (n > 0 ? `+${tenbou.formatAmount(n)}` : n < 0 ? `−${tenbou.formatAmount(-n)}` : "0");
const seats = (list) => (list || []).map((n) => `<td class="num">${signed(n)}</td>`).join("");

/** A gzip file's bytes inflated (DecompressionStream), others as they are. */
async function plainBytes(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

function winText(w) {
  const who = w.winner === w.from ? `Seat ${w.winner} tsumo` : `Seat ${w.winner} ron from seat ${w.from}`;
  const pao = w.pao !== null && w.pao !== undefined ? `, pao seat ${w.pao}` : "";
  const r = w.result;
  if (!r || r.ok === false) return `${who}${pao}: not scored${r && r.error ? ` (${esc(r.error.message)})` : ""}`;
  const value = r.limit ? r.limit.replace("_", " ") : `${r.han} han ${r.fu} fu`;
  const yaku = (r.yaku || []).map((y) => `${esc(yakuName(y.key))} ${y.han}`).join(", ");
  const recorded = w.recorded && !w.agree
    ? ` <span class="differs">record: ${w.recorded.han} han ${w.recorded.fu} fu ${tenbou.formatAmount(w.recorded.points)}</span>` : "";
  return `${who}${pao}: <b>${value}</b>, ${tenbou.formatAmount(r.total - r.honba_bonus - r.sticks_bonus)} <small>(${yaku})</small>${recorded}`;
}

function handRow(h) {
  const round = `${ROUND[h.round[0]] || h.round[0]} ${h.round.slice(1)}${h.honba ? `-${h.honba}` : ""}`;
  const what = h.outcome === "win" ? h.wins.map(winText).join("<br>")
    : `${OUTCOME[h.outcome] || h.outcome}${h.tenpai && h.tenpai.length ? ` (tenpai: seat ${h.tenpai.join(", ")})` : ""}`;
  const check = h.agree ? '<td class="agree" title="as the record states">✓</td>'
    : `<td class="differs" title="differs from the record">✗</td>`;
  const recorded = !h.agree && h.recorded_deltas
    ? `<tr class="recorded"><td></td><td>recorded</td>${seats(h.recorded_deltas)}<td></td></tr>` : "";
  return `<tr data-hand="${h.hand}" data-agree="${h.agree}"><td>${round}</td><td>${what}</td>`
    + `${h.deltas ? seats(h.deltas) : `<td colspan="${h.players}">${esc(h.settle_error || "")}</td>`}${check}</tr>${recorded}`;
}

/** The hand ends of a replay as tables, one per game, and a summary line. */
function render(out, hands, error, name) {
  const parts = [];
  let game = null;
  let shown = 0;
  for (const h of hands) {
    if (shown === MAX_ROWS) break;
    if (h.game !== game) {
      if (game !== null) parts.push("</tbody></table>");
      game = h.game;
      const head = Array.from({ length: h.players }, (_, i) => `<th class="num">Seat ${i}</th>`).join("");
      parts.push(`<h3>${esc(game)}</h3><table class="hands"><thead><tr><th>Hand</th><th>Result</th>${head}<th>Check</th></tr></thead><tbody>`);
    }
    parts.push(handRow(h));
    shown++;
  }
  if (game !== null) parts.push("</tbody></table>");
  if (hands.length > shown) parts.push(`<p class="hint">… and ${hands.length - shown} more hands.</p>`);
  const agree = hands.filter((h) => h.agree).length;
  const summary = `<p class="records-summary" id="records-summary">${esc(name)}: ${agree} of ${hands.length} hands agree</p>`;
  const err = error ? `<p class="error" id="records-error" role="alert">${esc(error.message)}</p>` : "";
  out.innerHTML = summary + err + parts.join("");
}

async function show(file, out) {
  out.innerHTML = `<p class="hint">Reading ${esc(file.name)}…</p>`;
  let hands = [];
  let error = null;
  try {
    const bytes = await plainBytes(file);
    hands = tenbou.replay(bytes, { source: file.name }).lines;
  } catch (e) {
    error = e;
    if (e instanceof tenbou.RecordError) hands = e.lines;  // the hands read before the error
  }
  render(out, hands, error, file.name);
  document.body.dataset.records = String(Date.now());  // a record was shown (tests wait for it)
}

/** Wires the drop zone (the whole page takes a dropped file) and the file chooser. */
export function setupRecords() {
  const zone = document.getElementById("records");
  const input = document.getElementById("records-file");
  const out = document.getElementById("records-out");
  if (!zone || !input || !out) return;
  input.addEventListener("change", () => { if (input.files[0]) show(input.files[0], out); });
  const over = (ev) => {
    if (!ev.dataTransfer || ![...ev.dataTransfer.types].includes("Files")) return;
    ev.preventDefault();
    zone.classList.add("dragging");
  };
  document.addEventListener("dragover", over);
  document.addEventListener("dragenter", over);
  document.addEventListener("dragleave", (ev) => { if (!ev.relatedTarget) zone.classList.remove("dragging"); });
  document.addEventListener("drop", (ev) => {
    if (!ev.dataTransfer || !ev.dataTransfer.files.length) return;
    ev.preventDefault();
    zone.classList.remove("dragging");
    show(ev.dataTransfer.files[0], out);
    zone.scrollIntoView({ block: "start" });
  });
}
