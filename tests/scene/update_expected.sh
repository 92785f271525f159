#!/bin/sh
# Regenerates scenes/expected/*.jsonl from the scenes with a built sweepbox program.
# Use it only after checking that a change of output is intended (the scene_run suite checks
# the physics of the demo scenes by hand; read its failures first).
# usage: tests/scene/update_expected.sh BUILD_DIR
set -eu
build=${1:?usage: update_expected.sh BUILD_DIR}
root=$(cd "$(dirname "$0")/../.." && pwd)
for scene in design_example bullets grenade_room platformer closed_room sparks; do
  "$build/apps/sweepbox" run "$root/scenes/$scene.json" > "$root/scenes/expected/$scene.jsonl"
  echo "scenes/expected/$scene.jsonl"
done
