#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the whole test suite: the C++
# tests with ctest (including the downstream find_package project and the
# examples) and the Python tests with pytest.
#
#   scripts/test.sh              the suite on the Release build in build/
#   scripts/test.sh --sanitize   the C++ suite under AddressSanitizer+UBSan,
#                                in build-asan/ (no Python: the interpreter is
#                                not built with ASan)
set -euo pipefail
cd "$(dirname "$0")/.."

if [ "${1:-}" = "--sanitize" ]; then
  shift
  export OSSA_BUILD_DIR=${OSSA_ASAN_BUILD_DIR:-build-asan}
  scripts/setup.sh -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOSSA_SANITIZE=ON \
    -DOSSA_BUILD_PYTHON=OFF -DOSSA_BUILD_BENCHMARKS=OFF "$@"
  # detect_leaks: LeakSanitizer needs ptrace, which sandboxes may forbid.
  export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=0}
  export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
  cd "$OSSA_BUILD_DIR" && ctest --output-on-failure -j"$(nproc)" -LE downstream
  exit $?
fi

scripts/setup.sh "$@"
# Peer libraries are oracles for the tests (never library dependencies):
# tests that compare with the reference toolkit need `drake` from PyPI.
"${PYTHON:-python3}" -c "import pydrake" >/dev/null 2>&1 ||
  "${PYTHON:-python3}" -m pip install -q drake
BUILD_DIR=${OSSA_BUILD_DIR:-build}
status=0
(cd "$BUILD_DIR" && ctest --output-on-failure -j"$(nproc)") || status=1
PYTHONPATH="$PWD/$BUILD_DIR/python${PYTHONPATH:+:$PYTHONPATH}" \
  "${PYTHON:-python3}" -m pytest -q python || status=1
exit $status
