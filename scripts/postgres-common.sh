# Helpers shared by scripts/postgres.sh and scripts/postgres-replica.sh (sourced, not run):
# finding Debian's PostgreSQL server binaries (installing them when missing), running them as
# the `postgres` user when root, and picking a free port. Each script sets `script_name` first.

# A directory with initdb, pg_ctl, postgres and pg_basebackup: CMS_PG_BIN, else Debian's newest
# /usr/lib/postgresql/*/bin, else the ones on PATH; prints nothing when none is found.
find_bin() {
  if [ -n "${CMS_PG_BIN:-}" ]; then
    echo "$CMS_PG_BIN"
    return
  fi
  local newest
  newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$newest" ] && [ -x "$newest/initdb" ]; then
    echo "$newest"
    return
  fi
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1 && command -v pg_basebackup >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return
  fi
}

# The server binaries' directory, installing Debian's package first when none is found.
server_bin() {
  local found
  found=$(find_bin)
  if [ -z "$found" ]; then
    install_postgres
    found=$(find_bin)
    [ -n "$found" ] || { echo "$script_name: PostgreSQL was installed but its binaries were not found." >&2; exit 1; }
  fi
  echo "$found"
}

install_postgres() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "$script_name: no PostgreSQL server binaries found; install Debian's 'postgresql' package (or set CMS_PG_BIN)." >&2
    exit 1
  fi
  echo "$script_name: installing Debian's postgresql package…" >&2
  # The package's own cluster is not used (and may fail to start in a container): ignore it.
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql >&2
}

# PostgreSQL refuses to run as root: as root, run it as the `postgres` user (made if missing).
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

ensure_owner() {
  if [ "$(id -u)" -eq 0 ] && ! id postgres >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin postgres
  fi
}

free_port() {
  node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}
