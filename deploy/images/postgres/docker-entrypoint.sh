#!/usr/bin/env bash
# The entrypoint of tessera/postgres:15: the public postgres image's contract (its docker-entrypoint.sh,
# github.com/docker-library/postgres, MIT), on Debian's PostgreSQL 15.
#
#   POSTGRES_PASSWORD   the superuser's password; required on an empty data directory unless
#                       POSTGRES_HOST_AUTH_METHOD=trust
#   POSTGRES_USER       the superuser (postgres)          POSTGRES_DB  created if missing (= POSTGRES_USER)
#   POSTGRES_INITDB_ARGS, POSTGRES_INITDB_WALDIR, POSTGRES_HOST_AUTH_METHOD (scram-sha-256), and
#   POSTGRES_PASSWORD_FILE, POSTGRES_USER_FILE, POSTGRES_DB_FILE, POSTGRES_INITDB_ARGS_FILE
#
# On an empty $PGDATA: initdb (UTF-8, C.UTF-8; Unix-socket connections trusted, TCP ones by
# POSTGRES_HOST_AUTH_METHOD), a temporary server on a private Unix socket only, POSTGRES_DB, then
# /docker-entrypoint-initdb.d/* in order: *.sh executed when executable, else sourced; *.sql, *.sql.gz,
# *.sql.xz, *.sql.zst through psql (POSTGRES_USER, POSTGRES_DB, POSTGRES_PASSWORD exported); the
# server stopped. Then, or at once on a data directory already initialised, `exec postgres`, listening
# on every interface (postgresql.conf), with PostgreSQL's durable defaults (fsync, synchronous_commit,
# full_page_writes on). Started as root, it first makes the data directory postgres's (a new named
# volume is root's) and runs itself again as postgres (setpriv).
#
# Beyond the public image: the temporary server's socket is private, so that the healthcheck
# (pg_isready on the usual socket) stays unhealthy until the init scripts are done; an initialisation
# that was cut off (a failing init script, a kill) is done again from the start at the next start
# rather than leaving a half-made database; a data directory of another major version is refused with
# a message saying what to do.
set -Eeo pipefail

PG_MAJOR=${PG_MAJOR:-15}
# In $PGDATA from initdb's end until the init scripts are done.
INIT_MARKER_NAME=.tessera-init-incomplete

# usage: file_env VAR [DEFAULT]: VAR from $VAR or from the file named by ${VAR}_FILE (secrets).
file_env() {
	local var="$1" fileVar="${1}_FILE" def="${2:-}"
	if [ "${!var:-}" ] && [ "${!fileVar:-}" ]; then
		printf >&2 'error: both %s and %s are set (but are exclusive)\n' "$var" "$fileVar"
		exit 1
	fi
	local val="$def"
	if [ "${!var:-}" ]; then
		val="${!var}"
	elif [ "${!fileVar:-}" ]; then
		val="$(< "${!fileVar}")"
	fi
	export "$var"="$val"
	unset "$fileVar"
}

# Whether this file is sourced (its functions reused) rather than run.
_is_sourced() {
	[ "${#FUNCNAME[@]}" -ge 2 ] && [ "${FUNCNAME[0]}" = '_is_sourced' ] && [ "${FUNCNAME[1]}" = 'source' ]
}

# The data (and WAL) directory and the socket directory, owned by postgres when run as root.
docker_create_db_directories() {
	mkdir -p "$PGDATA"
	chmod 00700 "$PGDATA" || :
	mkdir -p /var/run/postgresql || :
	chmod 03775 /var/run/postgresql || :
	if [ -n "${POSTGRES_INITDB_WALDIR:-}" ]; then
		mkdir -p "$POSTGRES_INITDB_WALDIR"
		if [ "$(id -u)" = '0' ]; then
			find "$POSTGRES_INITDB_WALDIR" \! -user postgres -exec chown postgres:postgres '{}' +
		fi
		chmod 700 "$POSTGRES_INITDB_WALDIR"
	fi
	if [ "$(id -u)" = '0' ]; then
		find "$PGDATA" \! -user postgres -exec chown postgres:postgres '{}' +
		find /var/run/postgresql \! -user postgres -exec chown postgres:postgres '{}' +
	fi
}

# The environment, and whether $PGDATA holds a finished database.
docker_setup_env() {
	file_env 'POSTGRES_PASSWORD'
	file_env 'POSTGRES_USER' 'postgres'
	file_env 'POSTGRES_DB' "$POSTGRES_USER"
	file_env 'POSTGRES_INITDB_ARGS'
	: "${POSTGRES_HOST_AUTH_METHOD:=}"

	declare -g DATABASE_ALREADY_EXISTS=
	if [ -s "$PGDATA/PG_VERSION" ] && [ ! -e "$PGDATA/$INIT_MARKER_NAME" ]; then
		DATABASE_ALREADY_EXISTS='true'
	fi
}

docker_verify_minimum_env() {
	if [ -z "$POSTGRES_PASSWORD" ] && [ 'trust' != "$POSTGRES_HOST_AUTH_METHOD" ]; then
		cat >&2 <<-'EOE'
			Error: Database is uninitialized and superuser password is not specified.
			       You must specify POSTGRES_PASSWORD to a non-empty value for the
			       superuser. For example, "-e POSTGRES_PASSWORD=password" on "podman run".

			       You may also use "POSTGRES_HOST_AUTH_METHOD=trust" to allow all
			       connections without a password. This is *not* recommended.
		EOE
		exit 1
	fi
	if [ 'trust' = "$POSTGRES_HOST_AUTH_METHOD" ]; then
		printf >&2 'WARNING: POSTGRES_HOST_AUTH_METHOD=trust: anyone who reaches the port gets in without a password.\n'
	fi
}

# A data directory whose initialisation was cut off (its marker is still there) is emptied, to be
# made again: only initdb and the init scripts have written to it, as the temporary server listened
# on a private socket alone.
docker_discard_unfinished_init() {
	[ -e "$PGDATA/$INIT_MARKER_NAME" ] || return 0
	printf >&2 '%s: %s was not finished initialising (an init script failed, or the container was stopped); starting it again\n' "$0" "$PGDATA"
	find "$PGDATA" -mindepth 1 -delete
	if [ -n "${POSTGRES_INITDB_WALDIR:-}" ]; then
		find "$POSTGRES_INITDB_WALDIR" -mindepth 1 -delete
	fi
}

# A database made by another major version cannot be opened by this one: say so plainly.
docker_check_major_version() {
	local found
	found="$(< "$PGDATA/PG_VERSION")"
	if [ "$found" != "$PG_MAJOR" ]; then
		cat >&2 <<-EOE
			Error: $PGDATA holds a PostgreSQL $found database; this image runs PostgreSQL $PG_MAJOR.
			       A data directory opens only with the major version that made it (e.g. a volume
			       made by postgres:17 does not open here). Start with a new volume (for compose:
			       'down -v', which deletes the data), or move the data with pg_dump and psql.
		EOE
		exit 1
	fi
}

docker_init_database_dir() {
	if [ -n "${POSTGRES_INITDB_WALDIR:-}" ]; then
		set -- --waldir "$POSTGRES_INITDB_WALDIR" "$@"
	fi
	local auth="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
	# --pwfile refuses a properly empty file, hence the "\n". POSTGRES_INITDB_ARGS comes last, so its
	# options win (e.g. --locale=en_US.UTF-8 with POSTGRES_INITDB_ARGS, or --auth-local=scram-sha-256).
	eval 'initdb --username="$POSTGRES_USER" --pwfile=<(printf "%s\n" "$POSTGRES_PASSWORD") \
		--encoding=UTF8 --locale=C.UTF-8 --auth-local=trust --auth-host="$auth" \
		'"$POSTGRES_INITDB_ARGS"' "$@"'
	: > "$PGDATA/$INIT_MARKER_NAME"
}

# TCP connections from anywhere, with POSTGRES_HOST_AUTH_METHOD.
pg_setup_hba_conf() {
	local auth="${POSTGRES_HOST_AUTH_METHOD:-scram-sha-256}"
	{
		printf '\n'
		if [ 'trust' = "$auth" ]; then
			printf '# warning trust is enabled for all connections\n'
		fi
		printf 'host all all all %s\n' "$auth"
	} >> "$PGDATA/pg_hba.conf"
}

# A server for the init scripts only: no TCP, and its socket in a private directory, so nothing else
# (a client, the healthcheck) takes it for the real one. PGHOST points the init scripts' psql at it.
docker_temp_server_start() {
	if [ "$1" = 'postgres' ]; then
		shift
	fi
	INIT_SOCKET_DIR="$(mktemp -d /tmp/postgres-init.XXXXXX)"
	set -- "$@" -c listen_addresses='' -c unix_socket_directories="$INIT_SOCKET_DIR" -p "${PGPORT:-5432}"
	NOTIFY_SOCKET= PGUSER="${PGUSER:-$POSTGRES_USER}" \
		pg_ctl -D "$PGDATA" -o "$(printf '%q ' "$@")" -w start
	export PGHOST="$INIT_SOCKET_DIR"
}

docker_temp_server_stop() {
	PGUSER="${PGUSER:-postgres}" pg_ctl -D "$PGDATA" -m fast -w stop
	unset PGHOST
	rmdir "$INIT_SOCKET_DIR" 2>/dev/null || :
}

# psql on the temporary server as POSTGRES_USER, in POSTGRES_DB (see the public image).
#    docker_process_sql -f file.sql       docker_process_sql --dbname=mydb <<<'INSERT ...'
docker_process_sql() {
	local query_runner=( psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --no-password --no-psqlrc )
	if [ -n "$POSTGRES_DB" ]; then
		query_runner+=( --dbname "$POSTGRES_DB" )
	fi
	PGHOST="${INIT_SOCKET_DIR:-${PGHOST:-}}" PGHOSTADDR= "${query_runner[@]}" "$@"
}

docker_setup_db() {
	local dbAlreadyExists
	dbAlreadyExists="$(
		POSTGRES_DB= docker_process_sql --dbname postgres --set db="$POSTGRES_DB" --tuples-only <<-'EOSQL'
			SELECT 1 FROM pg_database WHERE datname = :'db' ;
		EOSQL
	)"
	if [ -z "$dbAlreadyExists" ]; then
		POSTGRES_DB= docker_process_sql --dbname postgres --set db="$POSTGRES_DB" <<-'EOSQL'
			CREATE DATABASE :"db" ;
		EOSQL
		printf '\n'
	fi
}

# needs TOOL FILE: stops with a message when a decompressor is not in the image.
_needs() {
	command -v "$1" >/dev/null || { printf >&2 '%s: %s needs %s, which this image lacks\n' "$0" "$2" "$1"; exit 1; }
}

# usage: docker_process_init_files [file [file [...]]]
docker_process_init_files() {
	# psql here for backwards compatibility "${psql[@]}"
	psql=( docker_process_sql )
	printf '\n'
	local f
	for f; do
		case "$f" in
			*.sh)
				if [ -x "$f" ]; then
					printf '%s: running %s\n' "$0" "$f"
					"$f"
				else
					printf '%s: sourcing %s\n' "$0" "$f"
					. "$f"
				fi
				;;
			*.sql)     printf '%s: running %s\n' "$0" "$f"; docker_process_sql -f "$f"; printf '\n' ;;
			*.sql.gz)  printf '%s: running %s\n' "$0" "$f"; _needs gunzip "$f"; gunzip -c "$f" | docker_process_sql; printf '\n' ;;
			*.sql.xz)  printf '%s: running %s\n' "$0" "$f"; _needs xzcat "$f"; xzcat "$f" | docker_process_sql; printf '\n' ;;
			*.sql.zst) printf '%s: running %s\n' "$0" "$f"; _needs zstd "$f"; zstd -dc "$f" | docker_process_sql; printf '\n' ;;
			*)         [ -e "$f" ] && printf '%s: ignoring %s\n' "$0" "$f" ;;
		esac
		printf '\n'
	done
}

# Options after which postgres only prints something and stops.
_pg_want_help() {
	local arg
	for arg; do
		case "$arg" in
			-'?'|--help|--describe-config|-V|--version) return 0 ;;
		esac
	done
	return 1
}

_main() {
	# A first argument that is an option is one for postgres.
	if [ "${1:0:1}" = '-' ]; then
		set -- postgres "$@"
	fi

	if [ "$1" = 'postgres' ] && ! _pg_want_help "$@"; then
		docker_setup_env
		docker_create_db_directories
		if [ "$(id -u)" = '0' ]; then
			# This script again, as postgres (setpriv: util-linux, in every Debian).
			export HOME=/var/lib/postgresql
			exec setpriv --reuid=postgres --regid=postgres --init-groups "$BASH_SOURCE" "$@"
		fi

		if [ -z "$DATABASE_ALREADY_EXISTS" ]; then
			docker_discard_unfinished_init
			docker_verify_minimum_env
			# Fails early on an unreadable init directory, before anything is made.
			ls /docker-entrypoint-initdb.d/ > /dev/null

			docker_init_database_dir
			pg_setup_hba_conf

			# For psql, should POSTGRES_INITDB_ARGS ask for passwords on local connections too.
			export PGPASSWORD="${PGPASSWORD:-$POSTGRES_PASSWORD}"
			docker_temp_server_start "$@"

			docker_setup_db
			docker_process_init_files /docker-entrypoint-initdb.d/*

			docker_temp_server_stop
			unset PGPASSWORD
			rm -f "$PGDATA/$INIT_MARKER_NAME"

			cat <<-'EOM'

				PostgreSQL init process complete; ready for start up.

			EOM
		else
			docker_check_major_version
			cat <<-'EOM'

				PostgreSQL Database directory appears to contain a database; Skipping initialization

			EOM
		fi
	fi

	exec "$@"
}

if ! _is_sourced; then
	_main "$@"
fi
