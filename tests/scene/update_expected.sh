#!/bin/sh
# Regenerates scenes/expected/*.jsonl from the scenes with a built sweepbox program.
# Use it only after checking that a change of output is intended (the scene_run suite checks
# the physics of the demo scenes by hand; read its failures first).
# usage: tests/scene/update_expected.sh BUILD_DIR
set -eu
build=${1:?usage: update_expected.sh BUILD_DIR}
root=$(cd "$(dirname "$0")/../.." && pwd)
for path in "$root"/scenes/*.json; do
  scene=$(basename "$path" .json)
  "$build/apps/sweepbox" run "$path" > "$root/scenes/expected/$scene.jsonl"
  echo "scenes/expected/$scene.jsonl"
done
