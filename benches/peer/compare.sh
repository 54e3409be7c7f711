#!/usr/bin/env bash
# Process-level comparison of `nimsite products` with the standalone peer in this folder:
# builds both in release, generates T random queries, checks the two outputs are identical,
# then times RUNS alternating runs of each with /usr/bin/time -v and prints the medians.
#
# Usage: benches/peer/compare.sh [T] [RUNS]    (from the repository root)
set -euo pipefail
t=${1:-1000000}
runs=${2:-11}
root=$(cd "$(dirname "$0")/../.." && pwd)
target=$root/target
# On tmpfs where there is one, so that file-system writeback does not enter the timings.
work=$(mktemp -d -p /dev/shm 2>/dev/null || mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin nimsite
cargo build --quiet --release --manifest-path "$root/benches/peer/Cargo.toml" \
    --target-dir "$target/peer"
ours=("$target/release/nimsite" products)
peer=("$target/peer/release/nim-product-peer")

"$target/peer/release/gen" "$t" 14 > "$work/in.txt"
"${ours[@]}" < "$work/in.txt" > "$work/ours.out"
"${peer[@]}" < "$work/in.txt" > "$work/peer.out"
cmp -s "$work/ours.out" "$work/peer.out" || { echo "outputs differ" >&2; exit 1; }
echo "T = $t: outputs identical ($(wc -l < "$work/ours.out") lines); $runs runs each, alternating"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"

# One run: prints "wall_ms user_s sys_s maxrss_kib", wall from the shell's clock (µs) as
# /usr/bin/time -v gives wall only to 10 ms.
measure() {
    local start end
    start=$EPOCHREALTIME
    /usr/bin/time -v "$@" < "$work/in.txt" > "$work/out" 2> "$work/time"
    end=$EPOCHREALTIME
    awk -v s="$start" -v e="$end" -F': ' '
        /User time/ { u = $2 } /System time/ { y = $2 } /Maximum resident/ { m = $2 }
        END { printf "%.1f %s %s %s\n", (e - s) * 1000, u, y, m }' "$work/time"
}
for ((i = 0; i < runs; i++)); do
    if ((i % 2 == 0)); then
        measure "${ours[@]}" >> "$work/ours.txt"
        measure "${peer[@]}" >> "$work/peer.txt"
    else
        measure "${peer[@]}" >> "$work/peer.txt"
        measure "${ours[@]}" >> "$work/ours.txt"
    fi
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
col() { awk -v c="$2" '{ print $c }' "$work/$1.txt" | median; }
printf '%-8s %10s %8s %8s %12s\n' "" "wall ms" "user s" "sys s" "max RSS KiB"
for who in ours peer; do
    printf '%-8s %10s %8s %8s %12s\n' "$who" "$(col $who 1)" "$(col $who 2)" "$(col $who 3)" "$(col $who 4)"
done
awk 'NR == FNR { o[FNR] = $1; next } { printf "%.3f\n", o[FNR] / $1 }' \
    "$work/ours.txt" "$work/peer.txt" | median | xargs printf 'wall ratio ours/peer, median of paired runs: %s\n'
for who in ours peer; do
    echo "$who runs (wall ms, user s, sys s, max RSS KiB):"
    sed 's/^/  /' "$work/$who.txt"
done
