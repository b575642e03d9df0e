#!/usr/bin/env bash
# Installs the benchmark's Debian peers (sqlfluff; python3 measures processes) when missing. Idempotent: nothing is
# done, and apt is not touched, when they are present. The npm peers are root devDependencies (npm install).
set -euo pipefail

APT_PACKAGES=(sqlfluff python3)
log() { echo "[bench-install] $*" >&2; }

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -eq 0 ]; then
  log "Debian packages present: ${APT_PACKAGES[*]}"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then SUDO="sudo"; else log "need root (or sudo) to install ${missing[*]}"; exit 1; fi
fi
log "apt-get install ${missing[*]}"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
