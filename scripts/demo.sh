#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the main job on the bundled
# default model.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
BUILD_DIR=${OSSA_BUILD_DIR:-build}
"$BUILD_DIR"/examples/pendulum_sensitivity
