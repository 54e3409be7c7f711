#!/usr/bin/env bash
# Peak memory of `nimsite build` (release) on generated sites of N pages, half plain and
# half with a product table below 4 and two `{nim}` claims, the pages of `benches/site.rs`
# at scale; prints pages, wall seconds, user, sys and max RSS for each size.
#
# Usage: benches/scale_rss.sh [N ...]    (from the repository root; default 1000 2500 5000)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sizes=("$@")
((${#sizes[@]})) || sizes=(1000 2500 5000)
cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin nimsite
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

generate() {
    local dir=$1 n=$2 i next section
    mkdir -p "$dir/content" "$dir/templates"
    cp "$root"/templates/*.* "$dir/templates/"
    printf '+++\ntitle = "Bench"\n+++\n\nHome.\n' > "$dir/content/_index.md"
    for ((i = 0; i < n; i++)); do
        next=$(((i + 1) % n))
        {
            printf '+++\ntitle = "Page %d"\nrung = %d\nsummary = "Generated page %d."\n+++\n\n' "$i" "$i" "$i"
            for section in 0 1 2 3; do
                printf '## Section %d\n\nSome *plain* prose with a [link](page-%d.html) and `code`, ' "$section" "$next"
                printf 'enough words to look like an essay paragraph that goes on for a while, with smart "quotes" -- and dashes.\n\n'
                printf -- '- one item\n- another item\n  - nested\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nlet x = 1;\n```\n\n'
            done
            if ((i % 2 == 1)); then
                printf '## Products\n\nBelow 4, {nim}`2 * 2 = 3` and {nim}`%d + %d = 0`.\n\n```{table}\n:op: mul\n:size: 4\n```\n' "$i" "$i"
            fi
        } > "$dir/content/page-$i.md"
    done
}

printf '%8s %8s %8s %8s %12s  %s\n' pages "wall s" "user s" "sys s" "max RSS KiB" load
for n in "${sizes[@]}"; do
    generate "$work/site-$n" "$n"
    /usr/bin/time -f '%e %U %S %M' -o "$work/time" \
        "$root/target/release/nimsite" build --root "$work/site-$n" > /dev/null 2> "$work/err" ||
        { cat "$work/err" >&2; exit 1; }
    read -r wall user sys rss < "$work/time"
    printf '%8s %8s %8s %8s %12s  %s\n' "$n" "$wall" "$user" "$sys" "$rss" "$(cut -d' ' -f1 /proc/loadavg)"
    rm -rf "$work/site-$n"
done
