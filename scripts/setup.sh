#!/usr/bin/env bash
# Installs everything ossa needs (Debian and PyPI packages) and builds it in
# build/. Idempotent: a second run installs nothing and rebuilds only what
# changed. Usage: scripts/setup.sh [extra cmake -D options]
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(build-essential cmake ninja-build ccache pkg-config
  libeigen3-dev libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev
  libtinyxml2-dev clang-format doxygen libassimp-dev libqhull-dev
  libwebsocketpp-dev libasio-dev libmsgpack-cxx-dev chromium chromium-driver)
# meshcat: the browser viewer's JavaScript that Meshcat serves; selenium,
# msgpack and websocket-client: the visualization tests (a real browser and
# a WebSocket client); pytest-xdist: the Python tests on every core.
PIP_PACKAGES=(numpy pytest nanobind scikit-build-core matplotlib meshcat
  selenium msgpack websocket-client pytest-xdist)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "[setup] installing Debian packages: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

PYTHON=${PYTHON:-python3}
pip_missing=()
for p in "${PIP_PACKAGES[@]}"; do
  mod=${p//-/_}
  [ "$p" = websocket-client ] && mod=websocket
  [ "$p" = pytest-xdist ] && mod=xdist
  "$PYTHON" -c "import ${mod}" >/dev/null 2>&1 || pip_missing+=("$p")
done
# Wheels that ship C++ libraries and no importable module (cmeel wheels, under
# site-packages/cmeel.prefix): libcoal is the geometry layer's collision
# library (headers, libcoal.so).
CMEEL_PACKAGES=("libcoal>=3,<4")
for p in "${CMEEL_PACKAGES[@]}"; do
  name=${p%%[<>=]*}
  "$PYTHON" -m pip show -q "$name" >/dev/null 2>&1 || pip_missing+=("$p")
done
if [ ${#pip_missing[@]} -gt 0 ]; then
  echo "[setup] installing PyPI packages: ${pip_missing[*]}"
  "$PYTHON" -m pip install -q "${pip_missing[@]}"
fi

# ccache (when installed) keys on paths relative to the checkout, so any clone
# or worktree of the repository reuses objects compiled by another.
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
export CCACHE_NOHASHDIR=${CCACHE_NOHASHDIR:-1}

BUILD_DIR=${OSSA_BUILD_DIR:-build}
cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DPython_EXECUTABLE="$(command -v "$PYTHON")" "$@" >/dev/null
# OSSA_SETUP_TARGETS (space-separated) builds only those targets.
targets=()
for t in ${OSSA_SETUP_TARGETS:-}; do targets+=(--target "$t"); done
cmake --build "$BUILD_DIR" -j"$(nproc)" "${targets[@]}"
