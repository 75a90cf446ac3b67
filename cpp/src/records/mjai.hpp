// What the mjai reader, writer and annotator share: tile names as libriichi's tile.rs spells
// them ("1m".."9m", "1p".., "1s".., "E" "S" "W" "N" "P" "F" "C", the red fives "5mr" "5pr" "5sr",
// "?" for a hidden tile) and the draw reasons of RiichiEnv's three-player dialect.
#pragma once
#include <memory>
#include <string>
#include <string_view>

#include "records/events.hpp"

namespace tenbou::records::mjai {

constexpr int kHiddenTile = -2;  // "?": a tile the log does not show
constexpr int kBadTile = -1;

struct TileName {
  int kind = kBadTile;  // 0-33 as tiles.hpp, or kHiddenTile / kBadTile
  bool red = false;
};

inline TileName parse_tile(std::string_view s) {
  TileName t;
  if (s.size() == 1) {
    static constexpr std::string_view honours = "ESWNPFC";
    const std::size_t i = honours.find(s[0]);
    if (i != std::string_view::npos) t.kind = 27 + static_cast<int>(i);
    else if (s[0] == '?') t.kind = kHiddenTile;
    return t;
  }
  if (s.size() != 2 && s.size() != 3) return t;
  int suit = -1;
  switch (s[1]) {
    case 'm': suit = 0; break;
    case 'p': suit = 1; break;
    case 's': suit = 2; break;
    default: return t;
  }
  if (s[0] < '1' || s[0] > '9') return t;
  if (s.size() == 3) {
    if (s[0] != '5' || s[2] != 'r') return t;
    t.red = true;
  }
  t.kind = suit * 9 + (s[0] - '1');
  return t;
}

// The mjai name of a physical tile (red only when the game plays red fives).
inline std::string_view tile_name(TileId id, bool red_fives) {
  static constexpr std::string_view names[34] = {
      "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p",
      "9p", "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", "E",  "S",  "W",  "N",  "P",  "F",  "C"};
  static constexpr std::string_view reds[3] = {"5mr", "5pr", "5sr"};
  if (id >= kTileIds) return "?";
  if (is_red(id, red_fives)) return reds[id / 36];
  return names[kind_of(id)];
}

// RiichiEnv's ryukyoku "reason" strings (its three-player writer; the four-player engine's too).
inline const char* draw_reason(DrawKind kind) {
  switch (kind) {
    case DrawKind::Exhaustive: return "exhaustive_draw";
    case DrawKind::NagashiMangan: return "nagashimangan";
    case DrawKind::NineTerminals: return "kyushu_kyuhai";
    case DrawKind::FourWinds: return "sufuurenta";
    case DrawKind::FourRiichi: return "suucha_riichi";
    case DrawKind::TripleRon: return "sanchaho";
    case DrawKind::FourKans: return "suukansansen";
  }
  return "exhaustive_draw";
}

inline bool draw_from_reason(std::string_view s, DrawKind& out) {
  static constexpr DrawKind kinds[] = {DrawKind::Exhaustive, DrawKind::NagashiMangan, DrawKind::NineTerminals,
                                       DrawKind::FourWinds,  DrawKind::FourRiichi,    DrawKind::TripleRon,
                                       DrawKind::FourKans};
  for (DrawKind k : kinds) {
    if (s == draw_reason(k)) {
      out = k;
      return true;
    }
  }
  return false;
}

// The mjai reader one line at a time: make_mjai_reader splits a stream into lines for it, the
// annotator splits them itself (it keeps each line's bytes). Lines are counted from 1.
class LineReader {
 public:
  LineReader(std::string source, GameSink& sink);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;
  void line(std::string_view text);  // one line without its '\n' (a trailing '\r' is allowed)
  void finish();                     // after the last line: the record must be complete
  // A line longer than this is an error (memory stays flat whatever the input).
  static constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tenbou::records::mjai
