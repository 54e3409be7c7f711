#!/usr/bin/env bash
# Peak memory of `nimsite build` (release) on generated sites of N pages, half plain and
# half with a product table below 4 and two `{nim}` claims, the pages of `benches/site.rs`
# at scale; prints pages, wall seconds, user, sys and max RSS for each size.
#
# With `big`, it measures single large pages instead: a 50 MB page of prose (refused by
# the 16 MiB limit), a page of prose just under 16 MiB, and a 10 MB page dense with claims
# ("2 ⊗ 3 = 1." repeated), printing each page's size, max RSS and their ratio.
#
# Usage: benches/scale_rss.sh [N ...]    (from the repository root; default 1000 2500 5000)
#        benches/scale_rss.sh big
# NIMSITE=path/to/binary runs that binary instead of building the release one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
sizes=("$@")
((${#sizes[@]})) || sizes=(1000 2500 5000)
bin=${NIMSITE:-$root/target/release/nimsite}
[[ -n ${NIMSITE:-} ]] || cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin nimsite
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Writes a site under $1 whose one page repeats the line $3 until it holds $2 bytes.
big_page() {
    local dir=$1 bytes=$2 line=$3
    mkdir -p "$dir/content"
    printf '+++\ntitle = "Home"\n+++\n\nHome.\n' > "$dir/content/_index.md"
    {
        printf '+++\ntitle = "Big"\nrung = 1\n+++\n\n'
        head -c "$bytes" < <(yes "$line") | sed '$d'
    } > "$dir/content/big.md"
}

if [[ ${1:-} == big ]]; then
    printf '%-20s %10s %5s %8s %8s %12s %8s\n' page bytes exit "wall s" "cpu s" "max RSS KiB" "RSS/page"
    for spec in "prose-50MB|52428800|Words of plain prose, and more of them, to fill a line of text." \
        "prose-under-16MiB|16700000|Words of plain prose, and more of them, to fill a line of text." \
        "claims-10MB|10485760|So 2 ⊗ 3 = 1. And 2 ⊗ 3 = 1."; do
        IFS='|' read -r name bytes line <<< "$spec"
        dir="$work/$name"
        big_page "$dir" "$bytes" "$line"
        size=$(stat -c %s "$dir/content/big.md")
        code=0
        /usr/bin/time -f '%e %U %S %M' -o "$work/time" "$bin" build --root "$dir" > /dev/null 2> "$work/err" || code=$?
        read -r wall user sys rss < <(tail -n 1 "$work/time")
        cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
        printf '%-20s %10s %5s %8s %8s %12s %8s\n' "$name" "$size" "$code" "$wall" "$cpu" "$rss" \
            "$(awk -v r="$rss" -v s="$size" 'BEGIN { printf "%.1f", r * 1024 / s }')"
        ((code == 0)) || grep -m1 '^error' "$work/err" >&2 || true
        rm -rf "$dir"
    done
    exit 0
fi

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
        "$bin" build --root "$work/site-$n" > /dev/null 2> "$work/err" ||
        { cat "$work/err" >&2; exit 1; }
    read -r wall user sys rss < "$work/time"
    printf '%8s %8s %8s %8s %12s  %s\n' "$n" "$wall" "$user" "$sys" "$rss" "$(cut -d' ' -f1 /proc/loadavg)"
    rm -rf "$work/site-$n"
done
