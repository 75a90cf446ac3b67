// Text layout the commands share (python/tenbou/cli/text.py in JS): display width, padding, wrapping.

// East Asian Wide (W) and Fullwidth (F) code points: two terminal columns (Python's
// unicodedata.east_asian_width in "WF"; tests/test_cli_parity.py checks this table against it).
const WIDE = [
  [0x1100, 0x115f], [0x231a, 0x231b], [0x2329, 0x232a], [0x23e9, 0x23ec], [0x23f0, 0x23f0], [0x23f3, 0x23f3],
  [0x25fd, 0x25fe], [0x2614, 0x2615], [0x2648, 0x2653], [0x267f, 0x267f], [0x2693, 0x2693], [0x26a1, 0x26a1],
  [0x26aa, 0x26ab], [0x26bd, 0x26be], [0x26c4, 0x26c5], [0x26ce, 0x26ce], [0x26d4, 0x26d4], [0x26ea, 0x26ea],
  [0x26f2, 0x26f3], [0x26f5, 0x26f5], [0x26fa, 0x26fa], [0x26fd, 0x26fd], [0x2705, 0x2705], [0x270a, 0x270b],
  [0x2728, 0x2728], [0x274c, 0x274c], [0x274e, 0x274e], [0x2753, 0x2755], [0x2757, 0x2757], [0x2795, 0x2797],
  [0x27b0, 0x27b0], [0x27bf, 0x27bf], [0x2b1b, 0x2b1c], [0x2b50, 0x2b50], [0x2b55, 0x2b55], [0x2e80, 0x2e99],
  [0x2e9b, 0x2ef3], [0x2f00, 0x2fd5], [0x2ff0, 0x2ffb], [0x3000, 0x303e], [0x3041, 0x3096], [0x3099, 0x30ff],
  [0x3105, 0x312f], [0x3131, 0x318e], [0x3190, 0x31e3], [0x31f0, 0x321e], [0x3220, 0x3247], [0x3250, 0x4dbf],
  [0x4e00, 0xa48c], [0xa490, 0xa4c6], [0xa960, 0xa97c], [0xac00, 0xd7a3], [0xf900, 0xfaff], [0xfe10, 0xfe19],
  [0xfe30, 0xfe52], [0xfe54, 0xfe66], [0xfe68, 0xfe6b], [0xff01, 0xff60], [0xffe0, 0xffe6], [0x16fe0, 0x16fe4],
  [0x17000, 0x187f7], [0x18800, 0x18cd5], [0x1b000, 0x1b122], [0x1b150, 0x1b152], [0x1b164, 0x1b167],
  [0x1f004, 0x1f004], [0x1f0cf, 0x1f0cf], [0x1f18e, 0x1f18e], [0x1f191, 0x1f19a], [0x1f200, 0x1f202],
  [0x1f210, 0x1f23b], [0x1f240, 0x1f248], [0x1f250, 0x1f251], [0x1f260, 0x1f265], [0x1f300, 0x1f320],
  [0x1f32d, 0x1f335], [0x1f337, 0x1f37c], [0x1f37e, 0x1f393], [0x1f3a0, 0x1f3ca], [0x1f3cf, 0x1f3d3],
  [0x1f3e0, 0x1f3f0], [0x1f3f4, 0x1f3f4], [0x1f3f8, 0x1f43e], [0x1f440, 0x1f440], [0x1f442, 0x1f4fc],
  [0x1f4ff, 0x1f53d], [0x1f54b, 0x1f54e], [0x1f550, 0x1f567], [0x1f57a, 0x1f57a], [0x1f595, 0x1f596],
  [0x1f5a4, 0x1f5a4], [0x1f5fb, 0x1f64f], [0x1f680, 0x1f6c5], [0x1f6cc, 0x1f6cc], [0x1f6d0, 0x1f6d2],
  [0x1f6d5, 0x1f6d7], [0x1f6dd, 0x1f6df], [0x1f6eb, 0x1f6ec], [0x1f6f4, 0x1f6fc], [0x1f7e0, 0x1f7eb], [0x1f90c, 0x1f93a],
  [0x1f93c, 0x1f945], [0x1f947, 0x1f9ff], [0x1fa70, 0x1faff], [0x20000, 0x2fffd], [0x30000, 0x3fffd],
];

function wide(cp) {
  if (cp < 0x1100) return false;
  let lo = 0, hi = WIDE.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < WIDE[mid][0]) hi = mid - 1;
    else if (cp > WIDE[mid][1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/** Terminal columns of `text`: East Asian wide and fullwidth characters take two. */
export function displayWidth(text) {
  let n = 0;
  for (const ch of String(text)) n += wide(ch.codePointAt(0)) ? 2 : 1;
  return n;
}

/** Left-justify by display width (Python's f"{x:<n}" for ASCII). */
export function pad(text, width) {
  text = String(text);
  return text + " ".repeat(Math.max(0, width - displayWidth(text)));
}

/** Right-justify by display width (Python's f"{x:>n}" for ASCII). */
export function rjust(text, width) {
  text = String(text);
  return " ".repeat(Math.max(0, width - displayWidth(text))) + text;
}

/** Greedy word wrap on spaces; a word longer than `width` keeps a line of its own. */
export function wrap(text, width) {
  const lines = [];
  let line = "";
  for (const word of String(text).split(" ")) {
    if (!word) continue;
    if (line && displayWidth(line) + 1 + displayWidth(word) > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** `head` then the items joined by `sep`, continued on lines indented to the head's width. */
export function wrapItems(head, items, width, sep = " ") {
  const indent = " ".repeat(displayWidth(head));
  const lines = [];
  let line = head;
  let fresh = true;
  items.forEach((item, i) => {
    const piece = item + (i < items.length - 1 ? sep.trimEnd() : "");
    let joint = fresh ? "" : sep.endsWith(" ") ? " " : "";
    if (!fresh && displayWidth(line) + joint.length + displayWidth(piece) > width) {
      lines.push(line.trimEnd());
      line = indent;
      joint = "";
    }
    line += joint + piece;
    fresh = false;
  });
  lines.push(line.trimEnd());
  return lines;
}

/** Rows as aligned columns two spaces apart, each as wide as its widest cell; columns in `right` right-justified. */
export function columns(rows, right = []) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => displayWidth(row[i]))));
  return rows.map((row) => row.map((cell, i) => (right.includes(i) ? rjust(cell, widths[i]) : pad(cell, widths[i]))).join("  ").trimEnd());
}

/** `head` + `amount`, broken only between units or digit groups when the line would pass `width`. */
export function amountLines(head, amount, width) {
  if (displayWidth(head + amount) <= width) return [head + amount];
  if (amount.includes(" ")) return wrapItems(head, amount.split(" "), width);
  return wrapItems(head, amount.split(","), width, ",");
}
