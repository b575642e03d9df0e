#!/usr/bin/env bash
# Installs Debian's MariaDB server (10.11 on Debian 12), the oracle of the differential tests (test/evaluate/) and the
# peer of the evaluate bench. Idempotent and quiet: apt is not touched when it is present. The server is never started
# as a service: scripts/mariadb/server.mjs starts a private one per test run. Then fetches MariaDB's own regression
# tests of functions and types (scripts/mariadb/regression-tests.sh, no root needed), the second oracle.
set -euo pipefail

log() { echo "[mariadb-install] $*" >&2; }

# Not fatal here: the other tests can run without them; test/evaluate/regression fails with the reason.
fetch_regression_tests() {
  bash "$(dirname "${BASH_SOURCE[0]}")/regression-tests.sh" >/dev/null || log "MariaDB's regression tests could not be fetched (above): test/evaluate/regression will fail"
}

if dpkg-query -W -f='${Status}' mariadb-server 2>/dev/null | grep -q 'install ok installed'; then
  fetch_regression_tests
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then SUDO="sudo"; else log "need root (or sudo) to install mariadb-server"; exit 1; fi
fi
log "apt-get install mariadb-server"
$SUDO apt-get update -qq
# policy-rc.d-free: the package's own service may start; our tests never use it.
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends mariadb-server >/dev/null
fetch_regression_tests
