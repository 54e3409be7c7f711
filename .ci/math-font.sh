#!/bin/sh
# Regenerates templates/fonts/math.woff2, the theme's math font: STIX Math 1.1 (SIL Open Font License 1.1, see templates/fonts/OFL.txt), cut down
# to the characters an essay's MathML can show and renamed "Nimsite Math", as the licence
# asks of a modified version (its Reserved Font Name is "STIX Fonts").
#
# Needs Debian's fonts-stix and fonttools with brotli (pip install fonttools brotli). The
# build itself only copies the result, so none of this is needed to build a site. It lives
# here, not beside the font, because every file under templates/ is published.
#   apt-get install -y fonts-stix && pip install fonttools brotli && .ci/math-font.sh
set -eu
out=$(dirname "$0")/../templates/fonts/math.woff2
src=${1:-/usr/share/fonts/opentype/stix-word/STIXMath-Regular.otf}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ASCII and Latin-1; Greek; general punctuation (primes, dashes, thin spaces);
# super- and subscripts; letterlike symbols (ℕ ℤ ℎ ℓ …); arrows; the mathematical
# operators (⊕ ⊗ ∗ ∅ ∀ ∃ ≤ …); miscellaneous technical (⌈ ⌉ ⌊ ⌋ and bracket pieces);
# math symbols A (⟨ ⟩ ⟦ ⟧ …) and the long arrows; supplemental operators (⨁ ⨂ …); and
# the mathematical alphanumerics a browser draws <mi> in: bold and italic Latin, italic
# Greek (a one-letter <mi> is drawn from these), double-struck Latin (\mathbb).
# Script, fraktur and sans-serif alphabets are left out to keep the file under 100 KB.
unicodes="U+0020-007E,U+00A0-00FF,U+0131,U+0237,U+02C6-02DC,U+0300-036F,U+0391-03A9,\
U+03B1-03C9,U+03D0-03D6,U+03F0-03F6,U+2000-206F,U+2070-209F,U+20D0-20F0,U+2100-214F,\
U+2190-21FF,U+2200-22FF,U+2300-23FF,U+27C0-27FF,U+2A00-2AFF,U+1D400-1D467,U+1D538-1D56B,\
U+1D6E2-1D71B"

pyftsubset "$src" \
  --unicodes="$unicodes" \
  --layout-features='*' \
  --no-hinting \
  --desubroutinize \
  --drop-tables+=FFTM \
  --name-IDs='0,1,2,3,4,5,6,13,14' \
  --output-file="$tmp/subset.otf"

python3 - "$tmp/subset.otf" "$out" <<'PY'
import sys
from fontTools.ttLib import TTFont

font = TTFont(sys.argv[1], recalcTimestamp=False)
assert "MATH" in font, "the subset lost its MATH table"
names = {1: "Nimsite Math", 3: "Nimsite Math Regular (subset of STIX Math 1.1.1)",
         4: "Nimsite Math Regular", 6: "NimsiteMath-Regular"}
for record in font["name"].names:
    if record.nameID in names:
        record.string = names[record.nameID]
font.flavor = "woff2"
font.save(sys.argv[2])
PY
ls -l "$out"
