#!/usr/bin/env bash
# Hostile pages at full size through `nimsite build` (release): each must build, or fail
# with an error at its line, within seconds and without aborting. Prints each case's exit
# code, wall seconds and max RSS, and the first error line when it fails.
# `tests/suite/hostile.rs` runs the same shapes at a size the test suite can afford.
#
# Usage: benches/hostile.sh [CASE ...]    (from the repository root; default: every case)
# NIMSITE=path/to/binary runs that binary instead of building the release one.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin=${NIMSITE:-$root/target/release/nimsite}
[[ -n ${NIMSITE:-} ]] || cargo build --quiet --release --manifest-path "$root/Cargo.toml" --bin nimsite
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

front() { printf '+++\ntitle = "%s"\nrung = 1\n+++\n\n' "$1"; }

# Each case writes its page(s) into $1/content.
nested_ordered_lists() { front Lists; for ((i = 0; i < 10000; i++)); do printf '1. '; done; echo deep; }
quotes_and_lists() { front Mixed; for ((i = 0; i < 5000; i++)); do printf '> - '; done; echo deep; }
wide_table() {
    front Table
    awk 'BEGIN { for (r = 0; r < 3; r++) { for (i = 0; i < 100000; i++) printf (r == 1 ? "|---" : "| %d ", i); print "|" } }'
}
long_line() { front Line; head -c 5000000 < <(yes 'A word, 2 and 3, again. ') | tr -d '\n'; echo; }
reference_storm() {
    front References
    awk 'BEGIN { for (i = 0; i < 100000; i++) printf "[r%d]: first.html#start\n", i;
                 print ""; for (i = 0; i < 100000; i++) printf "[link][r%d] ", i; print "" }'
}
footnotes() {
    front Notes
    awk 'BEGIN { for (i = 0; i < 50000; i++) printf "Text[^n%d].\n", i; print "";
                 for (i = 0; i < 50000; i++) printf "[^n%d]: Note %d.\n\n", i, i }'
}
huge_heading() { front Heading; printf '## '; head -c 1000000 < <(yes 'heading words ') | tr -d '\n'; echo; }
many_options() {
    front Options
    printf '```{table}\n:op: mul\n:size: 4\n'
    for ((i = 0; i < 10000; i++)); do printf ':opt%d: x\n' "$i"; done
    printf '```\n'
}
huge_option() {
    front Caption
    printf '```{table}\n:op: mul\n:size: 4\n:caption: '
    head -c 1000000 < <(yes 'caption words ') | tr -d '\n'
    printf '\n```\n'
}
huge_front_matter() {
    printf '+++\ntitle = "'
    head -c 1000000 < <(yes 'title words ') | tr -d '\n'
    printf '"\nrung = 1\n+++\n\nText.\n'
}
long_role() { front Role; printf 'So {nim}`'; head -c 100000 < <(yes '1 + ') | tr -d '\n'; printf '1 = 0`.\n'; }
nested_html() { front Html; for ((i = 0; i < 10000; i++)); do printf '<div id="d%d">\n' "$i"; done; echo text; }
# Work inside every bound on its cases: few cases of costly operations, and a rule whose
# binder ranges over many points that never hold.
ordinal_inverses() { front Inverses; echo 'So {nim}`forall a < 2**4: inv(w**(w**9) + w**(w**3) + 1 + a) != 0`.'; }
wide_orders() { front Orders; echo 'So {nim}`forall a < 2**20: ord(a + 2**100) != 0`.'; }
ordinal_power() {
    front Power
    echo 'So {nim}`(w**(w**20) + w**(w**19) + w**(w**18) + w**(w**17) + w**3 + w + 1)^63 != 0`.'
}
ordinal_table() {
    front Table
    printf '```{ordinal-table}\n:elements: 1, inv(w**(w**9) + w**(w**3) + 1), w\n```\n'
}
empty_binder() {
    front Rule
    printf '```{define}\n:upto: 200\ng(n) = mex{ 1 : a + b + c + d + e = n + 1000 }\n```\n'
}
# Heavy directives each inside its own bound, many to a page: the page's budget of work
# stops them at the one that passes it.
six_octals() {
    front Octals
    for n in a b c d e f; do printf '```{octal}\n:code: 0.127\n:name: g%s\n:upto: 1048576\n```\n\n' "$n"; done
}
many_derivations() {
    front Derivations
    for ((i = 0; i < 45; i++)); do printf '```{derivation}\n:a: 255\n:b: 255\n:detail: summary\n```\n\n'; done
}
many_tables() {
    front Tables
    for ((i = 0; i < 3000; i++)); do printf '```{table}\n:op: mul\n:size: 256\n:caption: Table %d below 256\n```\n\n' "$i"; done
}
many_ordinal_tables() {
    front Tables
    for ((i = 0; i < 30; i++)); do
        printf '```{ordinal-table}\n:elements: 1, inv(w**(w**9) + w**(w**3) + 1), w\n```\n\n'
    done
}
# A set of 4,095 distinct values met again and again: its repeats are dropped in time
# linear in the elements.
crowded_mex() { front Rule; printf '```{define}\n:upto: 5000\ng(n) = mex{ a : b < n, a < 4095 }\n```\n'; }
open_parens() { front Parens; head -c 200000 < <(yes '(') | tr -d '\n'; echo ' so 2 ⊗ 3 = 1.'; }
same_slugs() {
    local dir=$1 i
    for ((i = 0; i < 2000; i++)); do
        mkdir -p "$dir/content/s$i"
        printf '+++\ntitle = "A"\n+++\n' > "$dir/content/s$i/_index.md"
        printf '+++\ntitle = "B"\n+++\n' > "$dir/content/s$i/index.md"
    done
}

cases=("$@")
((${#cases[@]})) || cases=(nested_ordered_lists quotes_and_lists wide_table long_line
    reference_storm footnotes huge_heading many_options huge_option huge_front_matter
    long_role nested_html same_slugs ordinal_inverses wide_orders ordinal_power
    ordinal_table empty_binder six_octals many_derivations many_tables many_ordinal_tables
    crowded_mex open_parens)
printf '%-22s %5s %8s %12s  %s\n' case exit "wall s" "max RSS KiB" "first error"
for case in "${cases[@]}"; do
    dir="$work/$case"
    mkdir -p "$dir/content"
    printf '+++\ntitle = "Home"\n+++\n\nHome.\n' > "$dir/content/_index.md"
    printf '+++\ntitle = "First"\nrung = 0\n+++\n\n## Start\n' > "$dir/content/first.md"
    if [[ $case == same_slugs ]]; then same_slugs "$dir"; else "$case" > "$dir/content/page.md"; fi
    code=0
    /usr/bin/time -f '%e %M' -o "$work/time" \
        "$bin" build --root "$dir" > /dev/null 2> "$work/err" || code=$?
    read -r wall rss < <(tail -n 1 "$work/time")
    first=$(grep -m1 -E '^(error|thread|fatal)' "$work/err" || true)
    at=$(grep -m1 -E '┌─' "$work/err" | sed 's/^ *┌─ //' || true)
    printf '%-22s %5s %8s %12s  %s %s\n' "$case" "$code" "$wall" "$rss" "$first" "$at"
    rm -rf "$dir"
done
