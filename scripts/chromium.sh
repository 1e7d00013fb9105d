#!/usr/bin/env bash
# Debian's Chromium for the browser check (examples/site/test/browser): no browser is
# downloaded by npm (playwright-core drives the system's), so this installs Debian's
# `chromium` package when none is found, the way scripts/postgres.sh installs PostgreSQL.
#
#   scripts/chromium.sh path      prints the browser's path, installing it when missing
#                                 (as root; otherwise exits 1 with a message)
#
# CMS_CHROMIUM   a browser binary to use instead (its path is printed as it is)
set -euo pipefail

find_browser() {
  if [ -n "${CMS_CHROMIUM:-}" ] && [ -x "${CMS_CHROMIUM}" ]; then
    echo "$CMS_CHROMIUM"
    return
  fi
  local candidate
  for candidate in /usr/bin/chromium /usr/bin/chromium-browser /usr/lib/chromium/chromium; do
    if [ -x "$candidate" ]; then
      echo "$candidate"
      return
    fi
  done
}

install_browser() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "chromium.sh: no Chromium found; install Debian's 'chromium' package (or set CMS_CHROMIUM)." >&2
    exit 1
  fi
  echo "chromium.sh: installing Debian's chromium package…" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2
}

case "${1:-}" in
  path)
    browser=$(find_browser)
    if [ -z "$browser" ]; then
      install_browser
      browser=$(find_browser)
    fi
    if [ -z "$browser" ]; then
      echo "chromium.sh: the chromium package installed no browser binary." >&2
      exit 1
    fi
    echo "$browser"
    ;;
  *)
    echo "usage: scripts/chromium.sh path" >&2
    exit 2
    ;;
esac
