#!/usr/bin/env bash
# The geometric solver before and after, in one run: builds `examples/tangram_random` (this
# tree's copy of it, which only calls the public solver) at a base commit and at the working
# tree, then runs the two in turn ROUNDS times. Each run solves every shipped dissection level
# and FIGURES random seven-piece lattice figures (seed 1) and prints the median, the 99th
# percentile and the worst of each group; both see the same figures.
#
# Usage: benches/tangram_before_after.sh [BASE [ROUNDS [FIGURES]]]   (BASE default 835dc8f,
# the code of stop 81; ROUNDS default 3; FIGURES default 2000). Needs nothing else running.
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-835dc8f}
rounds=${2:-3}
figures=${3:-2000}
dir=${TESSERA_BENCH_DIR:-$HOME/.cache/tessera/before-after}
mkdir -p "$dir"
if [ ! -d "$dir/base" ]; then git worktree add -f "$dir/base" "$base" -q; else git -C "$dir/base" checkout -q -f "$base"; fi
export CARGO_TARGET_DIR=${CARGO_TARGET_DIR:-$HOME/.cache/tessera/target-rel}
# Both trees build into one target directory, where cargo tells their crates apart by the
# sources' times alone (the same package, paths relative to each tree): each tree's crate
# root is touched before its build, or the second build would keep the first one's binary.
cp examples/tangram_random.rs "$dir/base/examples/"
(cd "$dir/base" && touch src/lib.rs && cargo build -q --release --no-default-features --example tangram_random)
cp "$CARGO_TARGET_DIR/release/examples/tangram_random" "$dir/tangram-base"
rm "$dir/base/examples/tangram_random.rs"
touch src/lib.rs
cargo build -q --release --no-default-features --example tangram_random
cp "$CARGO_TARGET_DIR/release/examples/tangram_random" "$dir/tangram-new"
for r in $(seq "$rounds"); do
  for which in base new; do
    "$dir/tangram-$which" "$figures" 1 | grep -v '^ ' | sed "s/^/round $r, $which: /"
  done
done
