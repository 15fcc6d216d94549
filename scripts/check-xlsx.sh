#!/usr/bin/env bash
# Manual check that a workbook opens cleanly in a real spreadsheet application: converts
# it with LibreOffice Calc to PDF and renders the first pages as PNGs to look at.
#
#   scripts/check-xlsx.sh [file.xlsx]   (default: the newest output/*.xlsx; run `npm run demo` first)
#
# Not part of `npm test`: Debian's libreoffice-calc is a large install (minutes), too slow for the
# bootstrap. Install it once with: apt-get install -y --no-install-recommends libreoffice-calc
#
# What it checks by itself: LibreOffice converts the file (a workbook it would have to "repair"
# fails or loses sheets), the PDF has pages, and every sheet's heading appears in it. What it
# leaves to your eyes: the PNGs it prints the paths of (Summary with KPIs and charts, a table).
set -euo pipefail
cd "$(dirname "$0")/.."

file="${1:-$(ls -t output/*.xlsx 2>/dev/null | head -1)}"
[ -n "$file" ] && [ -f "$file" ] || { echo "check-xlsx: no workbook (run npm run demo first)" >&2; exit 1; }
command -v libreoffice >/dev/null || { echo "check-xlsx: install libreoffice-calc first (see the header)" >&2; exit 1; }
command -v pdftoppm >/dev/null || { echo "check-xlsx: install poppler-utils first" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work/profile"' EXIT
cp "$file" "$work/book.xlsx"
# A private profile: no first-start dialogs, no lock on the user's own profile.
libreoffice -env:UserInstallation="file://$work/profile" --headless --convert-to pdf \
  --outdir "$work" "$work/book.xlsx" >"$work/convert.log" 2>&1 || true
[ -s "$work/book.pdf" ] || { cat "$work/convert.log" >&2; echo "check-xlsx: LibreOffice could not convert $file" >&2; exit 1; }

pages="$(pdfinfo "$work/book.pdf" | awk '/^Pages:/ {print $2}')"
[ "${pages:-0}" -gt 0 ] || { echo "check-xlsx: the PDF has no pages" >&2; exit 1; }

# Every sheet's name, read from the workbook itself, must show up as text in the PDF.
pdftotext "$work/book.pdf" "$work/book.txt"
missing=0
while IFS= read -r name; do
  grep -qF -- "$name" "$work/book.txt" || { echo "check-xlsx: sheet \"$name\" not found in the PDF" >&2; missing=1; }
done < <(unzip -p "$work/book.xlsx" xl/workbook.xml | grep -o '<sheet [^>]*name="[^"]*"' | sed 's/.*name="//; s/"$//; s/&amp;/\&/g')
[ "$missing" = 0 ] || exit 1

pdftoppm -png -r 60 -f 1 -l 3 "$work/book.pdf" "$work/page"
echo "check-xlsx: $file converted to $pages pages; look at:"
ls "$work"/page-*.png
