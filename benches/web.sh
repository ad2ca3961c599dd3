#!/usr/bin/env bash
# Benchmark (not a test) of the web build: builds the release page (scripts/web --release),
# then benches/web.mjs measures it in headless Chromium: the .wasm's size, the time to the
# first drawn menu, the time to a hint's answer and the longest task and frame gap meanwhile,
# on three levels (packs are ordered by measured difficulty, so a pack's last is its hardest).
# Needs the desktop build for the share codes (scripts/test makes it).
# Usage: benches/web.sh [PAGE_DIR]   (a page already built, to skip the build)
set -euo pipefail
cd "$(dirname "$0")/.."
native="${CARGO_TARGET_DIR:-$HOME/.cache/tessera/target}/debug/tessera"
page="${1:-}"
if [ -z "$page" ]; then
  page="${TESSERA_WEB_TARGET_DIR:-$HOME/.cache/tessera/target-web}/web-bench"
  bash scripts/web --release --build-only --out "$page"
fi
npm ci --prefix tests/web --no-audit --no-fund --silent
# The hardest classic tangram (on the lattice: the lattice solver), the hardest circle figure
# (curved pieces: the geometric solver), the 6 x 10 pentomino board (the packer) and the
# 3 x 4 x 5 box of flat pentacubes (the packer's exact cover, the 3D view).
last() { grep -o 'id: "[^"]*"' "levels/$1.ron" | tail -1 | cut -d'"' -f2; }
node benches/web.mjs "$page" "$("$native" share encode levels/classic.ron --level "$(last classic)")" \
  "$("$native" share encode levels/circle.ron --level "$(last circle)")" \
  "$("$native" share encode levels/polyominoes.ron --level pentominoes-6x10)" \
  "$("$native" share encode levels/polycubes.ron --level pentacubes-3x4x5)"
