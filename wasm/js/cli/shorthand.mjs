// seed 000 3.4.1's spoken shorthand of an amount ("일본에서 점수를 간략하게 부르는 방법"), for the
// Total line: the WebAssembly API does not export the core's table (cpp/src/riichi/payments.cpp
// kShorthands), so this is a copy; tests/test_cli_parity.py holds it to the core's every amount.
const TABLE = [
  [300, 500, "gomi", "ゴミ"], [400, 700, "nashi", "ナシ"], [500, 1000, "gotto", "ゴットー"],
  [1300, 0, "ichisan", "イチサン"], [1500, 0, "ichigo", "イチゴ"], [1600, 0, "ichiroku", "イチロク"],
  [2300, 0, "niisan", "ニーサン"], [2400, 0, "niiyon", "ニーヨン"], [2600, 0, "niiroku", "ニーロク"],
  [2900, 0, "nikku", "ニック"], [3200, 0, "zanni", "ザンニ"], [3400, 0, "sanyon", "サンヨン"],
  [3900, 0, "zanku", "ザンク"], [4500, 0, "yongo", "ヨンゴー"], [4800, 0, "yonpa", "ヨンパー"],
  [5200, 0, "boonii", "ボーニー"], [5800, 0, "goppa", "ゴッパー"], [6400, 0, "rokuyon", "ロクヨン"],
  [6800, 0, "rokupa", "ロクパー"], [7700, 0, "chicchi", "チッチ"], [9600, 0, "kunroku", "クンロク"],
  [11600, 0, "pinpinroku", "ピンピンロク"], [12000, 0, "wantsuu", "ワンツー"], [18000, 0, "inpachi", "インパチ"],
];

/** {romaji, kana} of an amount (and the dealer's share of a non-dealer tsumo), or null. */
export function shorthand(amount, dealerShare = 0) {
  const a = BigInt(amount), d = BigInt(dealerShare);
  const row = TABLE.find(([x, y]) => BigInt(x) === a && BigInt(y) === d);
  return row ? { romaji: row[2], kana: row[3] } : null;
}
