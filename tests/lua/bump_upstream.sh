#!/bin/sh
# bump.lua's own specs (spec/ of a copy of kikito/bump.lua 3.1.7 at $BUMP_LUA) against
# sweepbox.bump: ctest's lua_bump_upstream. Exits 77 (skipped) when BUMP_LUA names no such copy:
# nothing is downloaded here. Left out, each a deliberate difference lua/README.md gives the
# reason of: rect_spec.lua and responses_spec.lua (they test bump.rect, which bump's README says
# is not part of its API, and which sweepbox.bump does not provide) and the countCells test that
# counts cells emptied by a removal until the next garbage collection.
# Usage: BUMP_LUA=DIR bump_upstream.sh LUAJIT BUSTED SHIM_DIR (SHIM_DIR: a bump.lua that is sweepbox.bump)
set -eu
luajit=$1 busted=$2 shim=$3
if [ -z "${BUMP_LUA:-}" ] || [ ! -d "$BUMP_LUA/spec" ]; then
    echo "lua_bump_upstream: skipped: BUMP_LUA names no copy of bump.lua with its spec/ folder"
    exit 77
fi
cd "$BUMP_LUA"
LUA_PATH="$shim/?.lua;${LUA_PATH:-;}" exec "$luajit" "$busted" --output=plainTerminal \
    --exclude-pattern=rect_spec --exclude-pattern=responses_spec \
    --filter-out="marks empty cells & rows for deallocation" spec
