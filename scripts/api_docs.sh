#!/usr/bin/env bash
# Generates the API reference from the headers into build/docs/html/
# (installs doxygen first if it is missing). Usage: scripts/api_docs.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/docs}
if ! command -v doxygen >/dev/null; then
  SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
  $SUDO apt-get install -y -qq doxygen >/dev/null
fi
mkdir -p "$out"
OSSA_DOCS_OUT="$out" doxygen docs/Doxyfile
echo "API reference: $out/html/index.html"
