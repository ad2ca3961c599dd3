#!/usr/bin/env bash
# The packer before and after, in one run: builds `tessera` (release, no game) at a base
# commit and at the working tree, then times each case on both binaries in turn, ROUNDS
# times, and prints the fastest of each (the search's own `elapsed_ms`), nodes, solutions
# and the ratio. The counts must agree; the script stops if they do not.
#
# Usage: benches/pack_before_after.sh [BASE [ROUNDS]]   (BASE default e07967b, the code of
# stop 80; ROUNDS default 5). Needs nothing else running to mean anything: the machine's
# speed varies from day to day, so only the ratio in one run is a figure.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-e07967b}
rounds=${2:-5}
dir=${TESSERA_BENCH_DIR:-$HOME/.cache/tessera/before-after}
mkdir -p "$dir"
if [ ! -d "$dir/base" ]; then git worktree add -f "$dir/base" "$base" -q; else git -C "$dir/base" checkout -q "$base"; fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/tessera/target-rel}
# Both trees build into one target directory, where cargo tells their crates apart by the
# sources' times alone (the same package, paths relative to each tree): each tree's crate
# root and build script are touched before its build, or the second build would keep the
# first one's binary or the first one's build-script output (its link arguments).
(cd "$dir/base" && touch src/lib.rs src/build.rs && cargo build -q --release --no-default-features --bin tessera)
cp "$CARGO_TARGET_DIR/release/tessera" "$dir/tessera-base"
touch src/lib.rs src/build.rs
cargo build -q --release --no-default-features --bin tessera
cp "$CARGO_TARGET_DIR/release/tessera" "$dir/tessera-new"

# The search's output is read once it has ended: a reader started beside it (Python takes tens
# of milliseconds to start) would take a core from a search on two threads.
run() {
  local out
  out=$("$1" pack "${@:2}" --json)
  python3 -c 'import sys, json; j = json.loads(sys.stdin.readline()); print(j["elapsed_ms"], j["nodes"], j["solutions"])' <<<"$out"
}
cases=(
  "--box 10 6 --set pentominoes --unique"
  "--box 10 6 --set pentominoes --unique --threads 2"
  "--box 2 5 6 --set pentominoes --unique"
  "--box 3 4 5 --set pentominoes --unique"
  "--box 3 4 5 --set pentominoes --unique --threads 2"
  "--grid triangle --box 6 6 --set hexiamonds --unique"
)
printf '%-52s %12s %12s %7s %10s %10s\n' case "base ms" "new ms" ratio nodes solutions
for c in "${cases[@]}"; do
  read -r -a args <<<"$c"
  best_b=1e18 best_n=1e18
  for _ in $(seq "$rounds"); do
    read -r tb nb sb < <(run "$dir/tessera-base" "${args[@]}")
    read -r tn nn sn < <(run "$dir/tessera-new" "${args[@]}")
    [ "$sb" = "$sn" ] || { echo "counts differ on $c: $sb against $sn" >&2; exit 1; }
    best_b=$(python3 -c "print(min($best_b, $tb))")
    best_n=$(python3 -c "print(min($best_n, $tn))")
  done
  printf '%-52s %12.1f %12.1f %6.2fx %5s/%-5s %10s\n' "$c" "$best_b" "$best_n" "$(python3 -c "print($best_b / $best_n)")" \
    "$(python3 -c "print(f'{$nb/1e6:.2f}M')")" "$(python3 -c "print(f'{$nn/1e6:.2f}M')")" "$sn"
done
