// What to discard, by value (issue 27), off the main thread: the page's discard panel asks the
// same core, in a module Web Worker, for `discards` with "ev" (win %, tenpai %, expected points
// per discard; riichi / dama for a ready closed hand), and fills its cells when the answer comes,
// so typing a hand never waits on the search.
//
// One file, two roles: loaded as a worker it answers requests; imported by app.mjs it gives the
// panel each discard's line (evLine) and sends the request (requestEv).

const IN_WORKER = typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope;
export const EV_TURNS = 17;

if (IN_WORKER) {
  // The handler first: a message that comes while the core loads waits for it (a module
  // worker's messages are not held until its top-level await is done).
  const ready = (async () => {
    // tenbou.mjs loads the core with a <script> element, which a worker has not: the same file
    // evaluated at global scope defines the same TenbouCore first.
    if (!globalThis.TenbouCore) {
      const code = await (await fetch(new URL("./tenbou-core.js", import.meta.url))).text();
      (0, eval)(code);
    }
    return import("./tenbou.mjs");
  })();
  self.onmessage = async (e) => {
    const { id, request } = e.data;
    try {
      const tenbou = await ready;
      self.postMessage({ id, answer: tenbou.discards({ ...request, ev: { turns: EV_TURNS } }) });
    } catch (err) {
      self.postMessage({ id, error: String(err && err.message || err) });
    }
  };
}

let worker = null;
let latest = 0;

const percent = (p) => `${(Math.floor(p * 1000 + 0.5) / 10).toFixed(1)}%`;
const points = (x) => String(Math.floor(x + 0.5)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const lineId = (tile) => `ev-${tile}`;

// A discard's line of values in its detail row, a placeholder until the worker answers (a line,
// not columns: the panel keeps its three columns on a phone).
export const evLine = (tile) =>
  `<div class="ev pending" id="${lineId(tile)}">win … · tenpai … · points … (${EV_TURNS} draws)</div>`;
export const evText = (ev) => `win ${percent(ev.win)} · tenpai ${percent(ev.tenpai)} · ${points(ev.score)} points` +
  (ev.riichi ? ` (riichi ${points(ev.riichi.score)} · dama ${points(ev.dama.score)})` : "");

// Sends the hand before the win to the worker; a newer request makes an older answer stale.
export function requestEv(request) {
  if (typeof Worker === "undefined") return;
  if (!worker) {
    worker = new Worker(new URL("./ev-worker.mjs", import.meta.url), { type: "module" });
    worker.onmessage = (e) => {
      const { id, answer, error } = e.data;
      if (id !== latest) return;
      const panel = document.getElementById("discard-advice");
      if (!panel) return;
      if (error || !answer.ok) {
        for (const c of panel.querySelectorAll("div.ev")) { c.textContent = "no values"; c.classList.remove("pending"); }
        panel.dataset.ev = "error";
        return;
      }
      for (const d of answer.discards) {
        const line = document.getElementById(lineId(d.tile));
        if (!line) continue;
        line.textContent = evText(d.ev);
        line.classList.remove("pending");
      }
      panel.dataset.ev = "done";
    };
  }
  latest += 1;
  worker.postMessage({ id: latest, request });
}
