#!/usr/bin/env bash
# Installs what the extension's end-to-end test needs: code-server 4.100.3 (VS Code 1.100.3), Debian's chromium and
# the tools to build code-server's native add-ons. Cached outside the repo; idempotent (a finished install is skipped).
set -euo pipefail

CODE_SERVER_VERSION=4.100.3
CACHE="${CALCKIT_E2E_CACHE:-$HOME/.cache/calckit-e2e}"
CS_DIR="$CACHE/code-server-$CODE_SERVER_VERSION"
STAMP="$CS_DIR/.installed"
APT_PACKAGES=(g++ make python3 pkg-config libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev ripgrep chromium)

log() { echo "[e2e-install] $*"; }

# 1. Debian packages (only when something is missing: apt-get update is slow).
missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "apt-get install ${missing[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  log "Debian packages present"
fi

if [ -f "$STAMP" ]; then
  log "code-server $CODE_SERVER_VERSION already installed in $CS_DIR"
  exit 0
fi

# 2. code-server without its install scripts (they download ripgrep from outside the registries and call npx node-gyp).
log "installing code-server $CODE_SERVER_VERSION into $CS_DIR"
rm -rf "$CS_DIR"
mkdir -p "$CS_DIR"
cd "$CS_DIR"
echo '{"name":"calckit-e2e-code-server","private":true}' > package.json
export npm_config_nodedir=/usr
export npm_config_audit=false npm_config_fund=false
npm install --ignore-scripts --save-exact --no-package-lock "code-server@$CODE_SERVER_VERSION"

# 3. argon2 is loaded at start-up.
npm_config_build_from_source=true npm rebuild argon2

# 4. code-server's own postinstall.sh, by hand.
VSCODE="$CS_DIR/node_modules/code-server/lib/vscode"
cd "$VSCODE"
npm install --omit=dev --ignore-scripts --no-package-lock
mkdir -p node_modules/@vscode/ripgrep/bin
cp /usr/bin/rg node_modules/@vscode/ripgrep/bin/rg
npm_config_yes=true npm rebuild
ln -sfn node_modules node_modules.asar
[ -e bin/remote-cli/code-server ] || ln -s code-linux.sh bin/remote-cli/code-server
[ -e bin/helpers/browser.sh ] || ln -s browser-linux.sh bin/helpers/browser.sh
cd extensions
npm install --omit=dev --no-package-lock

touch "$STAMP"
log "done: $CS_DIR/node_modules/code-server/out/node/entry.js"
