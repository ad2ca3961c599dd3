#!/usr/bin/env bash
# Benchmark (not a test): the desktop game's CPU use on a still main menu, in a real window
# under Xvfb drawn by Mesa's software Vulkan (lavapipe), as tests/window.rs plays it. The game
# draws only when something changes, so a still menu should cost next to nothing.
# Usage: benches/idle_cpu.sh [BINARY] [SECONDS]   (default: the debug build, 30 s)
# Prints the share of one core the game used over SECONDS, once the menu is up.
set -euo pipefail
bin="${1:-${CARGO_TARGET_DIR:-$HOME/.cache/tessera/target}/debug/tessera}"
secs="${2:-30}"
work=$(mktemp -d)
trap 'kill $game $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
Xvfb :97 -screen 0 1280x800x24 -nolisten tcp >/dev/null 2>&1 & xvfb=$!
sleep 1
DISPLAY=:97 WGPU_BACKEND=vulkan TESSERA_DATA_DIR="$work/data" TESSERA_PROBE="$work/probe.json" \
  "$bin" >/dev/null 2>"$work/log" & game=$!
for _ in $(seq 1 600); do
  grep -q '"state":"MainMenu"' "$work/probe.json" 2>/dev/null && break
  sleep 0.5
done
grep -q '"state":"MainMenu"' "$work/probe.json" || { echo "the menu never came up"; cat "$work/log"; exit 1; }
sleep 5   # the menu's first frames (fonts, thumbnails) settle
ticks() { awk '{ print $14 + $15 }' "/proc/$game/stat"; }
hz=$(getconf CLK_TCK)
t0=$(ticks); sleep "$secs"; t1=$(ticks)
awk -v a="$t0" -v b="$t1" -v hz="$hz" -v s="$secs" \
  'BEGIN { printf "idle menu: %.2f%% of a core over %d s\n", 100 * (b - a) / hz / s, s }'
