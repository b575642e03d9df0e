#!/usr/bin/env bash
# Fetches MariaDB's own regression tests of functions and types (mysql-test/main/func_*.test and type_*.test with
# their .result files), the second oracle of the evaluator (test/evaluate/regression/). They come from Debian's
# mariadb-test-data package (the data half of mariadb-test), of the same version as the installed mariadb-server, so
# that the expressions are the ones that server was tested with. No root needed: `apt-get download` into a temporary
# directory and `dpkg-deb -x` of those files only, into node_modules/.cache/calckit/mariadb-test/<version>/ (ignored
# by git, as node_modules/ is). Idempotent and quiet: nothing is fetched when that directory is complete.
#
# Prints the directory on stdout. Exits 1 with the reason on stderr when the files cannot be had.
set -euo pipefail

log() { echo "[mariadb-regression-tests] $*" >&2; }
fail() { log "$*"; exit 1; }

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PACKAGE=mariadb-test-data
# The version of the installed server; else the candidate apt would install (the tests may still be read).
# CALCKIT_MARIADB_TEST_VERSION names another (one that does not exist: to see the oracle's test fail as it should).
VERSION="${CALCKIT_MARIADB_TEST_VERSION:-$(dpkg-query -W -f='${Version}' mariadb-server 2>/dev/null || true)}"
if [ -z "$VERSION" ]; then
  VERSION="$(apt-cache policy "$PACKAGE" 2>/dev/null | awk '/Candidate:/ { print $2 }')"
fi
[ -n "$VERSION" ] && [ "$VERSION" != "(none)" ] || fail "no version of $PACKAGE known to apt (is this Debian 12 with apt sources? install mariadb-server with scripts/mariadb/install.sh)"

CACHE="$ROOT/node_modules/.cache/calckit/mariadb-test/${VERSION//[^A-Za-z0-9.+~-]/_}"
DONE="$CACHE/.complete"
if [ -f "$DONE" ]; then
  echo "$CACHE/main"
  exit 0
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/calckit-mariadb-test.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
TAKEN="$VERSION"
download() { (cd "$WORK" && apt-get download -qq "$PACKAGE=$1" >>"$WORK/apt.log" 2>&1); }
log "apt-get download $PACKAGE=$VERSION (about 20 MB)"
if ! download "$VERSION"; then
  # The mirror keeps only the newest point release of a series, and apt's lists may be stale: refresh them when
  # allowed, then take the candidate of the same series if the installed version is gone. The expressions of two
  # point releases differ by a few new cases; their values come from the running server, never from the files.
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO="sudo -n"; fi
  if [ "$(id -u)" -eq 0 ] || [ -n "$SUDO" ]; then $SUDO apt-get update -qq >>"$WORK/apt.log" 2>&1 || true; fi
  CANDIDATE="$(apt-cache policy "$PACKAGE" 2>/dev/null | awk '/Candidate:/ { print $2 }')"
  if ! download "$VERSION"; then
    if [ -z "${CALCKIT_MARIADB_TEST_VERSION:-}" ] && [ -n "$CANDIDATE" ] && [ "$CANDIDATE" != "(none)" ] \
      && [ "${CANDIDATE%.*}" = "${VERSION%.*}" ] && download "$CANDIDATE"; then
      TAKEN="$CANDIDATE"
      log "$PACKAGE=$VERSION is no longer in the sources: took $CANDIDATE of the same series"
    else
      # apt's own message says why (no network, no such version in the sources, …).
      fail "apt-get download $PACKAGE=$VERSION failed: $(grep -E '^(E|W):' "$WORK/apt.log" | head -3 | tr '\n' ' ')"
    fi
  fi
fi
DEB="$(find "$WORK" -maxdepth 1 -name "${PACKAGE}_*.deb" | head -1)"
[ -n "$DEB" ] || fail "apt-get download $PACKAGE=$VERSION left no .deb in $WORK"

rm -rf "$CACHE"
mkdir -p "$CACHE/main"
# Only the function and type tests: the package is 270 MB unpacked.
dpkg-deb --fsys-tarfile "$DEB" \
  | tar -x -C "$WORK" --wildcards './usr/share/mysql/mysql-test/main/func_*' './usr/share/mysql/mysql-test/main/type_*' \
  || fail "dpkg-deb could not unpack $DEB"
find "$WORK/usr/share/mysql/mysql-test/main" -maxdepth 1 -type f \( -name '*.test' -o -name '*.result' \) -exec mv -t "$CACHE/main" {} +
COUNT="$(find "$CACHE/main" -name '*.test' | wc -l)"
[ "$COUNT" -gt 0 ] || fail "$DEB holds no mysql-test/main/func_*.test or type_*.test"
echo "$PACKAGE $TAKEN: $COUNT test files (for the server $VERSION)" >"$DONE"
echo "$CACHE/main"
