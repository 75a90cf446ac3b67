#!/usr/bin/env bash
# Builds the core for the browser and Node into wasm/dist/: the module (one file,
# the .wasm inlined), the JS API, its types, the Node command line and the page.
#
#   bash wasm/build.sh            (needs Debian's emscripten and a host g++)
#
# Emscripten 3.1.6 (Debian): NODE_PATH lets its JS optimizer find acorn;
# SINGLE_FILE avoids fetch() of a file path under Node 20.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=wasm/dist
WORK=wasm/build
mkdir -p "$OUT" "$WORK/generated"
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}

# 1. The shanten table, generated on the host (the same generator CMake runs).
CXX_HOST=${CXX_HOST:-g++}
if [ ! -x "$WORK/gen_shanten_table" ] || [ cpp/tools/gen_shanten_table.cpp -nt "$WORK/gen_shanten_table" ] \
   || [ cpp/src/analysis/suit_index.hpp -nt "$WORK/gen_shanten_table" ]; then
  "$CXX_HOST" -O2 -std=c++17 cpp/tools/gen_shanten_table.cpp -o "$WORK/gen_shanten_table"
  "$WORK/gen_shanten_table" "$WORK/generated/shanten_table.inc"
fi

# 2. The core and the bindings, one compile per source, then one link.
VERSION=$(sed -n 's/^project(tenbou VERSION \([0-9.]*\).*/\1/p' CMakeLists.txt)
FLAGS=(-O3 -std=c++17 -fwasm-exceptions -mbulk-memory -Icpp/include -Icpp/src -I"$WORK/generated" -DTENBOU_VERSION="\"$VERSION\"")
OBJS=()
for src in cpp/src/*/*.cpp wasm/src/bindings.cpp; do
  obj="$WORK/$(echo "${src%.cpp}" | sed 's#^cpp/src/##; s#/#_#g').o"  # riichi/rules.cpp -> riichi_rules.o
  if [ ! -f "$obj" ] || [ "$src" -nt "$obj" ] || [ CMakeLists.txt -nt "$obj" ] || [ -n "$(find cpp/include cpp/src -newer "$obj" -name '*.hpp' -print -quit)" ]; then
    em++ "${FLAGS[@]}" -c "$src" -o "$obj"
  fi
  OBJS+=("$obj")
done
em++ -O3 -fwasm-exceptions -mbulk-memory "${OBJS[@]}" -lembind -o "$OUT/tenbou-core.js" \
  -sMODULARIZE=1 -sEXPORT_NAME=TenbouCore -sSINGLE_FILE=1 -sALLOW_MEMORY_GROWTH=1 \
  -sENVIRONMENT=web,node -sFILESYSTEM=0 -sEXPORTED_FUNCTIONS=_tenbou_batch_input,_tenbou_batch_score,_tenbou_batch_output,_tenbou_call_record,_tenbou_score_columns

# 3. The JS API, its types, the Node command line and the page, as they are; the npm
#    package's files (package.json takes the version of CMakeLists.txt: `npm pack wasm/dist`).
cp wasm/js/tenbou.mjs wasm/js/tenbou.d.ts wasm/js/tenbou-cli.mjs "$OUT/"
# The Node command line's commands (cli/*.mjs) and the arguments and help it shares with the
# Python CLI (python/tenbou/cli/spec.json); the CommonJS entry and its types.
mkdir -p "$OUT/cli"
cp wasm/js/cli/*.mjs python/tenbou/cli/spec.json "$OUT/cli/"
cp wasm/js/tenbou.cjs wasm/js/tenbou.d.cts "$OUT/"
cp wasm/web/index.html wasm/web/app.mjs wasm/web/ev-worker.mjs wasm/web/tiles.mjs wasm/web/records.mjs wasm/web/style.css "$OUT/"
sed "s/@VERSION@/$VERSION/" wasm/package.json > "$OUT/package.json"
cp wasm/README.md LICENSE "$OUT/"
echo "built $OUT: $(du -k "$OUT/tenbou-core.js" | cut -f1) KiB module; serve with: python3 -m http.server -d $OUT"
