#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the whole test suite: the C++
# tests with ctest (including the downstream find_package project and the
# examples) and the Python tests with pytest.
#
#   scripts/test.sh              the suite on the Release build in build/
#                                (without the benchmark programs, which no
#                                test runs: scripts/setup.sh builds them;
#                                CI compiles them after the suite)
#   scripts/test.sh --sanitize   the C++ suite under AddressSanitizer+UBSan,
#                                in build-asan/ (no Python: the interpreter is
#                                not built with ASan)
#   scripts/test.sh --sanitize-subset
#                                the same on the core, parser, plant and
#                                simulator tests listed in SANITIZE_SUBSET
#                                below (what CI runs: the full sanitizer
#                                build does not fit its time limit)
set -euo pipefail
cd "$(dirname "$0")/.."

# The sanitized tests CI runs: the compiled core's kernels, the parsers
# (fuzz and bad input included), the plant (reliability and discrete steps
# included), the simulator, one executable per folder, and the geometry
# layer (its engine moves geometries between dense indices and hands poses
# to coal).
SANITIZE_SUBSET=(multibody_core_test parsing_test multibody_plant_test
  systems_analysis_test geometry_test)

if [ "${1:-}" = "--sanitize" ] || [ "${1:-}" = "--sanitize-subset" ]; then
  mode=$1
  shift
  export OSSA_BUILD_DIR=${OSSA_ASAN_BUILD_DIR:-build-asan}
  # detect_leaks: LeakSanitizer needs ptrace, which sandboxes may forbid.
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
  asan_flags=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DOSSA_SANITIZE=ON
    -DOSSA_BUILD_PYTHON=OFF -DOSSA_BUILD_BENCHMARKS=OFF)
  if [ "$mode" = "--sanitize" ]; then
    scripts/setup.sh "${asan_flags[@]}" "$@"
    cd "$OSSA_BUILD_DIR" && ctest --output-on-failure -j"$(nproc)" -LE downstream
    exit $?
  fi
  OSSA_SETUP_TARGETS="${SANITIZE_SUBSET[*]}" scripts/setup.sh \
    "${asan_flags[@]}" "$@"
  # Only the subset's executables exist: ctest runs their (discovered, label
  # cpp) cases; the other executables' placeholders carry no label.
  cd "$OSSA_BUILD_DIR" && ctest --output-on-failure -j"$(nproc)" -L cpp -LE downstream
  exit $?
fi

scripts/setup.sh -DOSSA_BUILD_BENCHMARKS=OFF "$@"
# Peer libraries are oracles for the tests (never library dependencies):
# tests that compare with the reference toolkit need `drake` from PyPI.
"${PYTHON:-python3}" -c "import pydrake" >/dev/null 2>&1 ||
  "${PYTHON:-python3}" -m pip install -q drake
BUILD_DIR=${OSSA_BUILD_DIR:-build}
status=0
(cd "$BUILD_DIR" && ctest --output-on-failure -j"$(nproc)") || status=1
# On every core (pytest-xdist), a file's tests in one worker: they share
# module-level models and servers.
parallel=()
"${PYTHON:-python3}" -c "import xdist" >/dev/null 2>&1 &&
  parallel=(-n "$(nproc)" --dist loadfile)
PYTHONPATH="$PWD/$BUILD_DIR/python${PYTHONPATH:+:$PYTHONPATH}" \
  "${PYTHON:-python3}" -m pytest -q "${parallel[@]}" python || status=1
exit $status
