// Mahjong tiles drawn as SVG by the page itself (no images, no web fonts).
// tileSvg("5p") -> an <svg> string; red fives are "0m"/"0p"/"0s"; flowers "f1".."f8".

// Characters (萬, honours, flowers) in the system CJK font: no web font is loaded.
const CJK = `'Noto Serif CJK JP', 'Noto Serif CJK TC', 'Noto Sans CJK JP', 'Hiragino Mincho ProN', 'Yu Mincho', 'MS Mincho', serif`;
const INK = { m: "#b3261e", p: "#1d4e89", s: "#1e7a3c", red: "#d62828", dark: "#1b1b1f" };

function face(inner, label) {
  return `<svg viewBox="0 0 60 80" role="img" aria-label="${label}" class="tile-svg">` +
    `<rect x="2" y="2" width="56" height="76" rx="7" fill="#fbf8f0" stroke="#8d8677" stroke-width="2"/>` +
    `<rect x="2" y="70" width="56" height="8" rx="4" fill="#e6dcc4"/>${inner}</svg>`;
}

// Circle positions for 1-9 pin (the usual layouts, simplified).
const PIN = {
  1: [[30, 38, 15]], 2: [[30, 20, 9], [30, 56, 9]], 3: [[16, 16, 8], [30, 38, 8], [44, 60, 8]],
  4: [[18, 22, 8], [42, 22, 8], [18, 54, 8], [42, 54, 8]],
  5: [[17, 18, 7.5], [43, 18, 7.5], [30, 38, 7.5], [17, 58, 7.5], [43, 58, 7.5]],
  6: [[19, 14, 7], [41, 14, 7], [19, 38, 7], [41, 38, 7], [19, 61, 7], [41, 61, 7]],
  7: [[15, 12, 6], [30, 19, 6], [45, 26, 6], [19, 44, 6], [41, 44, 6], [19, 61, 6], [41, 61, 6]],
  8: [[19, 11, 6], [41, 11, 6], [19, 27, 6], [41, 27, 6], [19, 44, 6], [41, 44, 6], [19, 61, 6], [41, 61, 6]],
  9: [[14, 14, 6], [30, 14, 6], [46, 14, 6], [14, 38, 6], [30, 38, 6], [46, 38, 6], [14, 61, 6], [30, 61, 6], [46, 61, 6]],
};

function pin(n, red) {
  return PIN[n].map(([x, y, r], i) => {
    const c = red && i === Math.floor(PIN[n].length / 2) ? INK.red : (n === 1 ? INK.red : INK.p);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="${c}" stroke-width="3"/>` +
      `<circle cx="${x}" cy="${y}" r="${r / 3}" fill="${c}"/>`;
  }).join("");
}

function sou(n, red) {
  if (n === 1) return `<ellipse cx="30" cy="36" rx="13" ry="20" fill="${INK.s}"/><circle cx="30" cy="26" r="5" fill="${INK.red}"/>`;
  const cols = n <= 3 ? n : n <= 6 ? 3 : n === 7 ? 3 : n === 8 ? 4 : 3;
  const rows = Math.ceil(n / cols);
  let out = "";
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / cols), c = i % cols;
    const inRow = Math.min(cols, n - r * cols);
    const x = 30 + (c - (inRow - 1) / 2) * (44 / cols);
    const h = 58 / rows - 4;
    const y = 8 + r * (58 / rows);
    const col = red || (n === 9 && c === 1) || (n === 7 && i === 0) ? INK.red : INK.s;
    out += `<rect x="${x - 3.5}" y="${y}" width="7" height="${h}" rx="3" fill="${col}"/>`;
  }
  return out;
}

function man(n, red) {
  return `<text x="30" y="38" text-anchor="middle" font-size="30" font-weight="700" fill="${red ? INK.red : INK.dark}" font-family="Georgia, serif">${n}</text>` +
    `<text x="30" y="66" text-anchor="middle" font-size="24" font-weight="700" fill="${INK.m}" font-family="${CJK}">萬</text>`;
}

// Honours as their characters, in the usual colours: winds in black, 白 in blue (the colour of its
// frame on most sets), 發 green, 中 red.
const HONOR = {
  1: ["東", INK.dark], 2: ["南", INK.dark], 3: ["西", INK.dark], 4: ["北", INK.dark],
  5: ["白", INK.p], 6: ["發", INK.s], 7: ["中", INK.red],
};

function honour(n) {
  const [t, c] = HONOR[n];
  return `<text x="30" y="51" text-anchor="middle" font-size="38" font-weight="700" fill="${c}" font-family="${CJK}">${t}</text>`;
}

// Korean mahjong's four flowers are the seasons (춘하추동 = f1-f4, seed 004); Hong Kong-Taiwan
// style has eight: the red set 매난국죽 (plum, orchid, chrysanthemum, bamboo) = f1-f4 and the blue
// set 춘하추동 = f5-f8 (seed 002 L5, L31). Each tile shows its number 1-4 (매1 난2 국3 죽4).
// Each tile shows its character (the plant or season) over its number, as the tiles are printed.
const SEASONS = [["Spring 춘", "春"], ["Summer 하", "夏"], ["Autumn 추", "秋"], ["Winter 동", "冬"]];
const PLANTS = [["Plum 매", "梅"], ["Orchid 난", "蘭"], ["Chrysanthemum 국", "菊"], ["Bamboo 죽", "竹"]];
let flowerSets = { korean: SEASONS, low: SEASONS, high: PLANTS };

/** "korean" (f1-f4 = seasons) or "hktw" (f1-f4 = plants, red; f5-f8 = seasons, blue). */
export function setFlowerFamily(family) {
  flowerSets = family === "hktw" ? { low: PLANTS, high: SEASONS } : { low: SEASONS, high: PLANTS };
}

/** A flower's name ("Plum 매"), character and number, in the family set by setFlowerFamily. */
export function flowerInfo(n) {
  const [name, glyph] = (n <= 4 ? flowerSets.low : flowerSets.high)[(n - 1) % 4];
  return { name, glyph, ink: n <= 4 ? INK.m : INK.p, number: (n - 1) % 4 + 1 };
}

function flower(n) {
  const f = flowerInfo(n);
  return `<text x="30" y="44" text-anchor="middle" font-size="32" font-weight="700" fill="${f.ink}" font-family="${CJK}">${f.glyph}</text>` +
    `<text x="30" y="64" text-anchor="middle" font-size="15" font-weight="700" fill="${f.ink}" font-family="sans-serif">${f.number}</text>`;
}

export const TILE_NAMES = {
  m: "characters", p: "circles", s: "bamboo", z: ["East", "South", "West", "North", "White dragon", "Green dragon", "Red dragon"],
};

export function tileLabel(code) {
  if (!isTile(code)) return `no such tile ${code}`;
  if (code[0] === "f") return `Flower ${flowerInfo(+code[1]).name}`;
  const n = +code[0], s = code[1];
  if (s === "z") return TILE_NAMES.z[n - 1];
  return `${n === 0 ? "red 5" : n} ${TILE_NAMES[s]}`;
}

/** A tile lying face down (the outer tiles of a closed kan). */
export function tileBackSvg() {
  return `<svg viewBox="0 0 60 80" role="img" aria-label="face-down tile" class="tile-svg">` +
    `<rect x="2" y="2" width="56" height="76" rx="7" fill="#2f7d63" stroke="#1f5443" stroke-width="2"/>` +
    `<rect x="9" y="9" width="42" height="62" rx="5" fill="none" stroke="#8fc9b3" stroke-width="1.5"/></svg>`;
}

/** Whether a code names a tile that exists (1-9 m/p/s, 0 for a red five, 1-7 z, f1-f8). */
export function isTile(code) {
  if (code[0] === "f") return +code[1] >= 1 && +code[1] <= 8;
  const n = +code[0];
  return code[1] === "z" ? n >= 1 && n <= 7 : n >= 0 && n <= 9;
}

export function tileSvg(code) {
  if (!isTile(code)) {  // e.g. 8z: drawn as what it is, not as another tile
    return `<svg viewBox="0 0 60 80" role="img" aria-label="no such tile ${code}" class="tile-svg">` +
      `<rect x="2" y="2" width="56" height="76" rx="7" fill="#fdecea" stroke="#b3261e" stroke-width="2" stroke-dasharray="5 3"/>` +
      `<text x="30" y="38" text-anchor="middle" font-size="22" font-weight="700" fill="#b3261e" font-family="sans-serif">${code}</text>` +
      `<text x="30" y="62" text-anchor="middle" font-size="20" font-weight="700" fill="#b3261e" font-family="sans-serif">?</text></svg>`;
  }
  const label = tileLabel(code);
  if (code[0] === "f") return face(flower(+code[1]), label);
  const n = +code[0], s = code[1], red = n === 0, v = red ? 5 : n;
  if (s === "m") return face(man(v, red), label);
  if (s === "p") return face(pin(v, red), label);
  if (s === "s") return face(sou(v, red), label);
  return face(honour(v), label);
}

/** Tiles of compact notation ("123m0p11z") as codes ["1m", "2m", "3m", "0p", "1z", "1z"]; flowers "f1f2". */
export function splitTiles(text) {
  const out = [];
  let digits = [];
  for (const ch of text.replace(/\s+/g, "")) {
    if (ch >= "0" && ch <= "9") digits.push(ch);
    else if ("mpsz".includes(ch)) { for (const d of digits) out.push(d + ch); digits = []; }
    else if (ch === "f") digits = ["f"];
    else return null;
    if (digits[0] === "f" && digits.length === 2) { out.push("f" + digits[1]); digits = []; }
  }
  return digits.length ? null : out;
}

/** Compact notation of tile codes, grouped by suit in the order given. */
export function joinTiles(codes) {
  let out = "", run = "", suit = "";
  for (const c of codes) {
    if (c[0] === "f") { out += (run ? run + suit : "") + c; run = ""; suit = ""; continue; }
    if (c[1] !== suit && run) { out += run + suit; run = ""; }
    suit = c[1];
    run += c[0];
  }
  return out + (run ? run + suit : "");
}
