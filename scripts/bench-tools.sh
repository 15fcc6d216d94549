#!/usr/bin/env bash
# Tools only `npm run bench` uses: WeasyPrint (Debian's package), one of the PDF peers. Installed
# when missing and apt is at hand; without it the bench still runs and says the peer was skipped.
set -uo pipefail
command -v weasyprint >/dev/null 2>&1 && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "bench-tools: installing Debian's weasyprint (a PDF peer the bench compares with)"
  export DEBIAN_FRONTEND=noninteractive
  if ! timeout 300 apt-get install -y -qq --no-install-recommends weasyprint >/dev/null 2>&1; then
    timeout 120 apt-get update -qq >/dev/null 2>&1
    timeout 300 apt-get install -y -qq --no-install-recommends weasyprint >/dev/null 2>&1 ||
      echo "bench-tools: weasyprint did not install; the bench skips that peer" >&2
  fi
else
  echo "bench-tools: weasyprint is not installed (apt-get install weasyprint); the bench skips that peer" >&2
fi
exit 0
