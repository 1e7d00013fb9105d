#!/usr/bin/env bash
# A throwaway Varnish in front of a cms-json site, for tests and for trying the shipped VCL
# (docs/varnish.vcl, with the xkey vmod of Debian's varnish-modules): one varnishd on
# 127.0.0.1, not the system service, with everything in a folder of its own.
#
#   scripts/varnish.sh install                                  installs Debian's varnish and varnish-modules when missing (as root)
#   scripts/varnish.sh start <backend-host:port> <listen-port> <workdir>
#                                                               starts varnishd (listen-port 0: a free port) and prints
#                                                               its address, e.g. http://127.0.0.1:40123
#   scripts/varnish.sh stop <workdir>                           stops it (the folder is left for the caller to remove)
#
# CMS_VARNISH_VCL   the VCL to use (default docs/varnish.vcl); its `backend default` host and
#                   port are replaced by <backend-host:port> in a copy kept in <workdir>.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
command="${1:-}"
XKEY=/usr/lib/x86_64-linux-gnu/varnish/vmods/libvmod_xkey.so

has_varnish() {
  command -v varnishd >/dev/null 2>&1 || [ -x /usr/sbin/varnishd ]
}

has_xkey() {
  [ -f "$XKEY" ] || ls /usr/lib/*/varnish/vmods/libvmod_xkey.so >/dev/null 2>&1
}

install_varnish() {
  if has_varnish && has_xkey; then return 0; fi
  if [ "$(id -u)" -ne 0 ]; then
    echo "varnish.sh: varnishd or the xkey vmod is missing; install Debian's 'varnish' and 'varnish-modules' packages." >&2
    exit 1
  fi
  echo "varnish.sh: installing Debian's varnish and varnish-modules packages…" >&2
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends varnish varnish-modules >&2 || true
  # The package's own service is not used.
  if has_varnish && has_xkey; then return 0; fi
  echo "varnish.sh: the packages were installed but varnishd or libvmod_xkey.so was not found." >&2
  exit 1
}

free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

varnishd_bin() {
  command -v varnishd 2>/dev/null || echo /usr/sbin/varnishd
}

case "$command" in
  install)
    install_varnish
    ;;
  start)
    backend="${2:-}"
    port="${3:-}"
    workdir="${4:-}"
    if [[ ! "$backend" =~ ^([A-Za-z0-9.-]+):([0-9]{1,5})$ ]]; then
      echo "varnish.sh start: the backend must be host:port (e.g. 127.0.0.1:8080), not '$backend'." >&2
      exit 2
    fi
    backend_host="${BASH_REMATCH[1]}"
    backend_port="${BASH_REMATCH[2]}"
    if [[ ! "$port" =~ ^[0-9]{1,5}$ ]] || [ "$port" -gt 65535 ]; then
      echo "varnish.sh start: the listen port must be a number (0: a free one), not '$port'." >&2
      exit 2
    fi
    if [ -z "$workdir" ]; then
      echo "varnish.sh start: give a work folder (e.g. \$(mktemp -d))." >&2
      exit 2
    fi
    if ! has_varnish || ! has_xkey; then
      echo "varnish.sh: varnishd or the xkey vmod is missing (scripts/varnish.sh install)." >&2
      exit 1
    fi
    [ "$port" -eq 0 ] && port="$(free_port)"
    mkdir -p "$workdir"
    workdir="$(cd "$workdir" && pwd)"
    vcl="${CMS_VARNISH_VCL:-$here/../docs/varnish.vcl}"
    # The shipped VCL as it is, with only its backend's host and port replaced.
    sed -e "s/^\(\s*\.host = \)\"[^\"]*\";/\1\"$backend_host\";/" -e "s/^\(\s*\.port = \)\"[^\"]*\";/\1\"$backend_port\";/" \
      "$vcl" >"$workdir/site.vcl"
    # -n: its own state folder (varnishstat -n reads it); -a: loopback only; -T none: no
    # management port; -s: a small memory cache; -P: the pid for stop; -j none: no switch to
    # the `varnish` user (a throwaway server reading a VCL from a private temporary folder).
    "$(varnishd_bin)" -n "$workdir/state" -a "127.0.0.1:$port" -T none -j none -f "$workdir/site.vcl" -s malloc,64m \
      -P "$workdir/varnishd.pid" -p default_grace=0 >"$workdir/varnishd.log" 2>&1 || {
      cat "$workdir/varnishd.log" >&2
      exit 1
    }
    for _ in $(seq 1 100); do
      if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        echo "http://127.0.0.1:$port"
        exit 0
      fi
      sleep 0.1
    done
    echo "varnish.sh: varnishd did not listen on 127.0.0.1:$port within 10 s." >&2
    exit 1
    ;;
  stop)
    workdir="${2:-}"
    if [ -z "$workdir" ]; then
      echo "varnish.sh stop: give the work folder given to start." >&2
      exit 2
    fi
    pidfile="$workdir/varnishd.pid"
    [ -f "$pidfile" ] || exit 0
    pid="$(cat "$pidfile")"
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || { rm -f "$pidfile"; exit 0; }
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
    rm -f "$pidfile"
    ;;
  *)
    echo "usage: scripts/varnish.sh install | start <backend-host:port> <listen-port> <workdir> | stop <workdir>" >&2
    exit 2
    ;;
esac
