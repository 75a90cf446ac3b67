// The names tenhou.net/6 records give yaku, limits and draws, as data: Tenhou's own (its
// viewer's table, mjlog2json's), Mahjong Soul's as converters such as tensoul write them
// (Japanese and English), and English names of hand-made files, each with tenbou's key
// (yaku_table.hpp). The reader looks names up here; the writer writes Tenhou's names.
// Sources: shared/spec/records.md sections 3.7 and 5 (13, 16); Tenhou's yaku ids as
// shared/data/tenhou/README.md lists them; tensoul's data.json for Mahjong Soul's names.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "records/events.hpp"

namespace tenbou::records {

// Who writes a name. Tenhou's names are also Mahjong Soul's where the two agree.
enum class YakuNaming : std::uint8_t { Tenhou, MahjongSoul, English };

struct Tenhou6YakuName {
  std::string_view name;  // as the record writes it, before "(N飜)"
  std::string_view key;   // tenbou's yaku key
  YakuNaming naming;
};

// Every name, one row each (English rows are matched ignoring case, spaces and '-').
struct Tenhou6YakuNames {
  const Tenhou6YakuName* rows;
  std::size_t size;
  const Tenhou6YakuName* begin() const { return rows; }
  const Tenhou6YakuName* end() const { return rows + size; }
};
Tenhou6YakuNames tenhou6_yaku_names();

// The row of a name, or nullptr for a name no table holds.
const Tenhou6YakuName* tenhou6_yaku(std::string_view name);

// Tenhou's name of a tenbou key ("自風 東" needs the wind: 0 E .. 3 N), or "" for a key Tenhou
// has no name for.
std::string tenhou6_yaku_name(std::string_view key, int wind);

// Limit names of a score text ("満貫", "Mangan", ...) -> the core's limit names ("mangan", ...).
struct Tenhou6LimitName {
  std::string_view name;
  std::string_view limit;  // "mangan", "haneman", "baiman", "sanbaiman", "yakuman", "kazoe_yakuman"
};
// The limit name at the start of `text` (longest match), or nullptr.
const Tenhou6LimitName* tenhou6_limit_prefix(std::string_view text);
// Tenhou's name of a core limit ("kazoe_yakuman" is written "役満", as Tenhou does); "" for none.
std::string_view tenhou6_limit_name(std::string_view limit);

// Draw names of a result (流局, 九種九牌, their Mahjong Soul and English forms).
struct Tenhou6DrawName {
  std::string_view name;
  DrawKind kind;
  int tenpai;  // 1: everybody tenpai (全員聴牌), 0: nobody (全員不聴), -1: as the deltas say
};
const Tenhou6DrawName* tenhou6_draw(std::string_view name);
// Tenhou's name of a draw kind.
std::string_view tenhou6_draw_name(DrawKind kind);

}  // namespace tenbou::records
