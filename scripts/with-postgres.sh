#!/usr/bin/env bash
# Run a command against a throwaway PostgreSQL cluster on a loopback port.
#
#   scripts/with-postgres.sh .venv/bin/pytest
#
# Installs Debian's postgresql when missing, makes a cluster in a temporary
# folder, exports DATABASE_URL for the command, and removes the cluster after.
set -euo pipefail

SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

if [ -z "$(pg_bin)" ] || [ ! -x "$(pg_bin)/initdb" ]; then
  echo "Installing Debian's postgresql for the PostgreSQL pass"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi
BIN="$(pg_bin)"

# initdb refuses to run as root: run the cluster as the postgres system user then.
RUN_AS=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --home /var/lib/postgresql postgres
  RUN_AS=(runuser -u postgres --)
fi

DIR="$(mktemp -d /tmp/cardsite-pg.XXXXXX)"
chmod 755 "$DIR"
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
PORT="${PGPORT_TEST:-$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')}"

cleanup() {
  "${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

"${RUN_AS[@]}" "$BIN/initdb" -D "$DIR/data" -U cardsite --auth=trust -E UTF8 --no-locale >/dev/null
"${RUN_AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
  -o "-c listen_addresses=127.0.0.1 -c port=$PORT -c unix_socket_directories=$DIR -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
  start >/dev/null
"${RUN_AS[@]}" "$BIN/createdb" -h 127.0.0.1 -p "$PORT" -U cardsite cardsite

export DATABASE_URL="postgres://cardsite@127.0.0.1:$PORT/cardsite"
echo "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$PORT"
"$@"
