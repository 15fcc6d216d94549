#!/usr/bin/env bash
# Idempotent machine + dependency setup; quick when everything is already present.
# - Debian packages the renderers need (Chromium and its headless shell, Noto fonts,
#   poppler-utils for PDF checks).
# - `npm install` when node_modules is missing or older than package-lock.json.
set -euo pipefail
cd "$(dirname "$0")/.."

export PUPPETEER_SKIP_DOWNLOAD=true

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
[ -d /usr/share/fonts/truetype/noto ] || need+=(fonts-noto-core)
[ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || need+=(fonts-noto-color-emoji)

if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "bootstrap: installing Debian packages: ${need[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  else
    echo "bootstrap: missing Debian packages: ${need[*]}" >&2
    echo "bootstrap: install them with: sudo apt-get install -y ${need[*]}" >&2
    exit 1
  fi
fi

# The PDF backend prefers Chromium's headless shell build (same Debian source package, much
# lighter to start; see src/render/backends/_pdf-browser.ts) and falls back to chromium, so a
# machine whose repositories lack it still works: slower PDFs, not a failed bootstrap.
if [ ! -x /usr/lib/chromium/chromium-headless-shell ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "bootstrap: installing Debian package: chromium-headless-shell"
  export DEBIAN_FRONTEND=noninteractive
  install_shell() { apt-get install -y -qq --no-install-recommends chromium-headless-shell >/dev/null 2>&1; }
  if ! install_shell && ! { apt-get update -qq && install_shell; }; then
    echo "bootstrap: chromium-headless-shell could not be installed; PDFs print with chromium (slower)" >&2
  fi
fi

stamp=node_modules/.vreport-lock
if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
  # `npm install` rather than `npm ci`: the registry here lacks some other-platform optional
  # binaries (biome, napi canvas), which `npm ci` rejects as a lock mismatch. The lock still pins
  # every version that is installed.
  echo "bootstrap: npm install (from package-lock.json)"
  npm install --no-audit --no-fund --loglevel=error
  cp package-lock.json "$stamp"
fi
