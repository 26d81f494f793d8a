#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the whole test suite: the C++
# tests with ctest (including the downstream find_package project and the
# examples) and the Python tests with pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh "$@"
BUILD_DIR=${OSSA_BUILD_DIR:-build}
status=0
(cd "$BUILD_DIR" && ctest --output-on-failure -j"$(nproc)") || status=1
PYTHONPATH="$PWD/$BUILD_DIR/python${PYTHONPATH:+:$PYTHONPATH}" \
  "${PYTHON:-python3}" -m pytest -q python || status=1
exit $status
