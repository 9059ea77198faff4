#!/usr/bin/env bash
# The public postgres image's contract, as far as Tessera's docker-compose.yml uses it:
# - POSTGRES_PASSWORD (required) for POSTGRES_USER (default postgres), POSTGRES_DB (default: the user);
# - on an empty PGDATA: initdb (UTF-8; local connections trusted, others scram-sha-256), then every
#   /docker-entrypoint-initdb.d/*.sh (executed when executable, else sourced) and *.sql against a
#   server on the Unix socket only;
# - then the server on every interface, durable (fsync, synchronous_commit and full_page_writes are
#   left at PostgreSQL's defaults: on). A PGDATA already initialised (a restart) is used as it is.
# Started as root, it makes the data directory the postgres user's (a new named volume is root's),
# then runs as postgres.
set -Eeuo pipefail

if [[ $(id -u) == 0 ]]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi

POSTGRES_USER=${POSTGRES_USER:-postgres}
POSTGRES_DB=${POSTGRES_DB:-$POSTGRES_USER}
export POSTGRES_USER POSTGRES_DB

if [[ ! -s $PGDATA/PG_VERSION ]]; then
  [[ -n ${POSTGRES_PASSWORD:-} ]] || { echo "postgres: set POSTGRES_PASSWORD (the superuser's password)" >&2; exit 1; }
  initdb --username="$POSTGRES_USER" --pwfile=<(printf '%s\n' "$POSTGRES_PASSWORD") \
    --encoding=UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  printf "host all all all scram-sha-256\n" >> "$PGDATA/pg_hba.conf"
  pg_ctl -D "$PGDATA" -o "-c listen_addresses='' -c unix_socket_directories=/var/run/postgresql" -w start >/dev/null
  export PGHOST=/var/run/postgresql
  if [[ $POSTGRES_DB != postgres ]]; then
    psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -q -c "CREATE DATABASE \"$POSTGRES_DB\""
  fi
  for f in /docker-entrypoint-initdb.d/*; do
    case $f in
      *.sh) if [[ -x $f ]]; then echo "postgres: running $f"; "$f"; else echo "postgres: sourcing $f"; . "$f"; fi ;;
      *.sql) echo "postgres: running $f"; psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" -f "$f" ;;
      *) [[ -e $f ]] && echo "postgres: ignoring $f" ;;
    esac
  done
  unset PGHOST
  pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  echo "postgres: database initialised"
fi

if [[ ${1:-} == postgres ]]; then
  shift
  exec postgres -D "$PGDATA" -c listen_addresses='*' -c unix_socket_directories=/var/run/postgresql "$@"
fi
exec "$@"
