# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: ./tessera backup and ./tessera restore (docs/operations.md, "Backup and
# restore"), and ./tessera drill restore, which rehearses both while bots play.

BACKUP_FORMAT=1
BACKUP_MANIFEST=tessera-backup.properties
BACKUP_UNFINISHED=BACKUP-UNFINISHED
# How far before the copy of Kafka's data began an outbox row's publication may lie and still be published again
# after a restore: more than any clock step between the database's now() and a record's arrival on disk.
REPUBLISH_MARGIN_SECONDS=30

# PostgreSQL's client programs (pg_basebackup, psql) from Debian's postgresql-client, installed when missing and
# allowed. They work with servers of their own major version and older ones; the platform's server is the
# embedded-postgres binaries' (14).
ensure_pg_client() {
  command -v pg_basebackup >/dev/null 2>&1 && command -v psql >/dev/null 2>&1 && return 0
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    say "installing PostgreSQL's client programs (apt-get install postgresql-client)…"
    mkdir -p "$RUN"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql-client > "$RUN/apt-pg-client.log" 2>&1 \
      || { apt-get update -q > /dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q postgresql-client >> "$RUN/apt-pg-client.log" 2>&1; } \
      || fail "could not install postgresql-client (log: $RUN/apt-pg-client.log)"
  else
    fail "backup and restore need PostgreSQL's pg_basebackup and psql: install them (Debian: apt-get install postgresql-client)"
  fi
}

# psql against the platform's server: one value, or rows separated by '|'.
pg_query() {
  local db=$1 sql=$2
  PGPASSWORD=${TESSERA_DB_PASSWORD:-} psql -X -q -At -v ON_ERROR_STOP=1 -h "${TESSERA_DB_HOST:-localhost}" \
    -p "${TESSERA_DB_PORT:-$PG_PORT}" -U "${TESSERA_DB_USER:-postgres}" -d "$db" -c "$sql"
}

# The major version of the PostgreSQL server ./tessera runs: that of the embedded-postgres binaries on the
# infrastructure's class path (built when missing).
platform_pg_major() {
  local jar
  jar=$(tr ':' '\n' < "$RUN/infra.classpath" | grep -o 'embedded-postgres-binaries-linux-[a-z0-9]*-[0-9]*' | head -1)
  [[ -n $jar ]] || return 1
  echo "${jar##*-}"
}

# The Kafka data folders of the platform's brokers, relative to $DATA.
kafka_data_dirs() {
  if [[ -d $DATA/kafka-cluster ]]; then (cd "$DATA" && ls -d kafka-cluster/*); elif [[ -d $DATA/kafka ]]; then echo kafka; fi
}

# ./tessera backup <dir>: an online backup of the running platform, taken while games go on.
# 1. The Kafka brokers' data folders are copied as they are, live, as a crash would leave them (the broker
#    recovers such a folder on start). The database's clock is read first: every outbox row published after that
#    moment may be missing from the copy.
# 2. Then pg_basebackup copies the whole PostgreSQL cluster, its four databases at one moment, with the WAL that
#    makes the copy consistent (-X stream). That moment is later than the Kafka copy, so Kafka holds nothing the
#    databases do not know; what the databases published after the Kafka copy began is published again on restore.
# 3. The gateways' token signing keys, so that the tokens players hold still verify.
# The manifest is written last: a folder without it is a half-written backup and restore refuses it.
backup() {
  [[ $# == 1 ]] || fail "usage: ./tessera backup <dir>   (a new or empty folder)"
  local dir=$1 started=$SECONDS kafka_from rel pg_started
  [[ $dir == /* ]] || dir=$CALLER_DIR/$dir
  load_topology && pid_alive postgres || fail "Tessera is not running: ./tessera up --detach first (a backup is taken online)"
  [[ ${EXTERNAL_PG:-0} == 0 && ${EXTERNAL_KAFKA:-0} == 0 ]] \
    || fail "this platform uses an external PostgreSQL or Kafka: back those up with their own tools (docs/operations.md)"
  if [[ -e $dir ]]; then
    [[ -d $dir && -z $(ls -A "$dir") ]] || fail "$dir exists and is not empty: name a new or empty folder"
  fi
  ensure_pg_client
  mkdir -p "$dir" || fail "cannot create $dir"
  date -u '+%Y-%m-%dT%H:%M:%SZ' > "$dir/$BACKUP_UNFINISHED"
  kafka_from=$(pg_query postgres "SELECT now()") || fail "cannot reach PostgreSQL on port ${TESSERA_DB_PORT:-$PG_PORT}"
  say "copying Kafka's data (from $kafka_from by the database's clock)…"
  mkdir -p "$dir/kafka"
  : > "$dir/kafka-copy.log"
  # The consumer offsets of every broker first, then the records: an offset committed before its copy was taken is
  # then held by every in-sync copy of its partition taken after (acks=all), so that no group resumes past the end
  # of a restored partition (restore checks it again: RestoredOffsets).
  for rel in $(kafka_data_dirs); do
    mkdir -p "$dir/kafka/$rel"
    copy_live offsets "$DATA/$rel" "$dir/kafka/$rel" "$dir/kafka-copy.log" \
      || fail "copying $DATA/$rel failed ($dir/kafka-copy.log); $dir is a half-written backup"
  done
  for rel in $(kafka_data_dirs); do
    copy_live rest "$DATA/$rel" "$dir/kafka/$rel" "$dir/kafka-copy.log" \
      || fail "copying $DATA/$rel failed ($dir/kafka-copy.log); $dir is a half-written backup"
  done
  cp "$DATA/kafka-brokers" "$dir/kafka/" 2>/dev/null || true
  [[ -d $DATA/gateway-keys ]] && cp -a "$DATA/gateway-keys" "$dir/gateway-keys"
  pg_started=$SECONDS
  say "copying PostgreSQL (pg_basebackup, with its WAL)…"
  PGPASSWORD=${TESSERA_DB_PASSWORD:-} pg_basebackup -h localhost -p "${TESSERA_DB_PORT:-$PG_PORT}" -U "${TESSERA_DB_USER:-postgres}" \
    -D "$dir/postgres" -X stream -c fast -l "tessera backup $(date -u +%FT%TZ)" > "$dir/pg_basebackup.log" 2>&1 \
    || { tail -5 "$dir/pg_basebackup.log"; fail "pg_basebackup failed ($dir/pg_basebackup.log); $dir is a half-written backup"; }
  # On disk before the manifest says the backup is whole (pg_basebackup syncs its own files; tar does not).
  sync -f "$dir/kafka" 2>/dev/null || sync
  {
    say "# A Tessera backup (./tessera backup); ./tessera restore reads this file, written last."
    say "format=$BACKUP_FORMAT"
    say "postgres_major=$(cat "$dir/postgres/PG_VERSION")"
    say "databases=$DATABASES"
    say "kafka_brokers=$BROKERS"
    say "kafka_data=$(kafka_data_dirs | tr '\n' ' ' | sed 's/ $//')"
    say "kafka_copy_started=$kafka_from"
    say "taken_at=$(date -u '+%Y-%m-%dT%H:%M:%SZ')"
    say "commit=$(git rev-parse HEAD 2>/dev/null || echo unknown)"
    say "seconds=$((SECONDS - started))"
    say "complete=yes"
  } > "$dir/$BACKUP_MANIFEST.tmp" && mv "$dir/$BACKUP_MANIFEST.tmp" "$dir/$BACKUP_MANIFEST" && sync -f "$dir/$BACKUP_MANIFEST"
  rm -f "$dir/$BACKUP_UNFINISHED"
  say "backup written to $dir in $((SECONDS - started)) s (Kafka $((pg_started - started)) s, PostgreSQL $((SECONDS - pg_started)) s; $(du -sh "$dir" | cut -f1))."
}

# A live folder copied: segments grow, roll and are deleted while they are read. tar says so and exits 1; that is what
# the copy expects (the broker cuts a torn tail on start). 2 is a real failure. Index files stay sparse.
# "offsets" copies the consumer offsets' partitions, "rest" everything else.
copy_live() {
  local part=$1 from=$2 to=$3 log=$4 status
  (cd "$from" && shopt -s nullglob && if [[ $part == offsets ]]; then set -- ./__consumer_offsets-*; [[ $# -gt 0 ]] || set -- --files-from=/dev/null; else set -- --exclude='./__consumer_offsets-*' .; fi \
    && tar --sparse --warning=no-file-changed --warning=no-file-removed --warning=no-file-shrank --ignore-failed-read -cf - "$@") \
    2>> "$log" | tar -C "$to" -xf -
  status=${PIPESTATUS[0]}
  (( status <= 1 ))
}

manifest_value() { sed -n "s/^$2=//p" "$1/$BACKUP_MANIFEST" | tail -1; }

# Why a folder cannot be restored, or nothing: every refusal comes before anything is touched.
restore_refusal() {
  local dir=$1 major format
  [[ -d $dir ]] || { echo "$dir is not a folder"; return; }
  if [[ ! -f $dir/$BACKUP_MANIFEST ]]; then
    if [[ -f $dir/$BACKUP_UNFINISHED ]]; then
      echo "$dir is a half-written backup (begun $(cat "$dir/$BACKUP_UNFINISHED"), never finished): take another"
    else
      echo "$dir is not a Tessera backup (no $BACKUP_MANIFEST): name the folder ./tessera backup wrote"
    fi
    return
  fi
  if [[ -f $dir/$BACKUP_UNFINISHED || $(manifest_value "$dir" complete) != yes || ! -f $dir/postgres/PG_VERSION \
      || ! -f $dir/postgres/backup_label || ! -d $dir/kafka ]]; then
    echo "$dir is a half-written backup (its manifest or its PostgreSQL or Kafka copy is incomplete): take another"
    return
  fi
  format=$(manifest_value "$dir" format)
  [[ $format == "$BACKUP_FORMAT" ]] || { echo "$dir is a backup of format $format; this version of Tessera restores format $BACKUP_FORMAT"; return; }
  major=$(manifest_value "$dir" postgres_major)
  [[ $major == "$(cat "$dir/postgres/PG_VERSION")" ]] \
    || { echo "$dir is a half-written backup (its manifest says PostgreSQL $major, its data $(cat "$dir/postgres/PG_VERSION"))"; return; }
  # The infrastructure's class path names the server's version: resolved (not the services built) when missing.
  [[ -f $RUN/infra.classpath ]] || build >&2
  [[ $major == "$(platform_pg_major)" ]] \
    || echo "$dir holds PostgreSQL $major data; this platform runs PostgreSQL $(platform_pg_major): restore it with a Tessera of the same major version, or dump and load it across"
}

# The restored brokers started alone: no consumer group resumes past the end of a partition (RestoredOffsets), and
# the statistics (Kafka Streams) are reset to be rebuilt from the topics, because their changelogs and offsets were
# copied at different moments and need not agree (the rebuild of ./tessera rebuild stats).
restore_kafka() {
  local dir=$1 c ok=0
  parse_brokers "$(manifest_value "$dir" kafka_brokers)"
  say "starting Kafka alone: consumer offsets checked, statistics reset…"
  for c in $(kafka_nodes); do start_kafka "$c"; done
  : > "$RUN/restore-kafka.log"
  if java $(infra_jvm_opts) -cp "$(infra_cp)" dev.tessera.infra.LocalPlatform topics --bootstrap "$TESSERA_KAFKA" \
      --topics "$TOPICS" --partitions "$PARTITIONS" --replicas "$(replicas)" --brokers "$BROKERS" >> "$RUN/restore-kafka.log" 2>&1 \
    && java $(infra_jvm_opts) -cp "$(infra_cp)" dev.tessera.infra.RestoredOffsets "$TESSERA_KAFKA" scoring-stats \
      >> "$RUN/restore-kafka.log" 2>&1 \
    && SCORING_STATS_STATE_DIR=$DATA/scoring-stats SCORING_STATS_RESET_WAIT=PT90S java -cp "$(module_of scoring)/target/quarkus-app/app/*:$(module_of scoring)/target/quarkus-app/lib/boot/*:$(module_of scoring)/target/quarkus-app/lib/main/*" \
      dev.tessera.scoring.stats.StatsReset >> "$RUN/restore-kafka.log" 2>&1; then
    ok=1
  fi
  grep -h "members of the stopped\|committed offset(s)\|statistics reset" "$RUN/restore-kafka.log" | sed 's/^/  /'
  for c in $(kafka_nodes); do stop_pid "$c" > /dev/null & done
  wait
  (( ok == 1 )) || { tail -20 "$RUN/restore-kafka.log"; return 1; }
}

# ./tessera restore <dir>: a stopped platform brought back to a backup. The data it had is kept aside, not deleted.
restore() {
  [[ $# == 1 ]] || fail "usage: ./tessera restore <dir>   (a folder ./tessera backup wrote; the platform stopped)"
  local dir=$1 started=$SECONDS c why aside rel from db n total=0
  [[ $dir == /* ]] || dir=$CALLER_DIR/$dir
  # Checked before the last run's topology is read, which names its own PostgreSQL and Kafka in these variables.
  [[ -n ${TESSERA_DB_HOST:-} || -n ${TESSERA_KAFKA:-} ]] \
    && fail "TESSERA_DB_HOST or TESSERA_KAFKA is set: restore brings back the platform's own PostgreSQL and Kafka only"
  check_java
  mkdir -p "$RUN"
  for c in "$RUN"/*.pid; do
    [[ -f $c ]] && alive "$(cat "$c")" && fail "Tessera is running ($(basename "$c" .pid)): ./tessera down first; nothing was restored"
  done
  if [[ -f $DATA/postgres/postmaster.pid ]] && alive "$(head -1 "$DATA/postgres/postmaster.pid")"; then
    fail "PostgreSQL is running on $DATA/postgres: ./tessera down first; nothing was restored"
  fi
  port_in_use "$PG_PORT" && fail "port $PG_PORT is in use (a PostgreSQL still running?): stop it first; nothing was restored"
  why=$(restore_refusal "$dir")
  [[ -z $why ]] || fail "$why; nothing was restored"
  ensure_pg_client
  build
  if [[ -d $DATA ]]; then
    aside=$HOME_DIR/data.before-restore-$(date -u +%Y%m%d-%H%M%S)
    mv "$DATA" "$aside" || fail "could not move $DATA aside; nothing was restored"
    say "the data the platform had is kept in $aside (delete it when the restore is confirmed)"
  fi
  mkdir -p "$DATA"
  local t_copy=$SECONDS t_pg t_kafka
  say "copying the backup into $DATA…"
  cp -a "$dir/postgres" "$DATA/postgres" && chmod 700 "$DATA/postgres" || fail "copying PostgreSQL's data failed"
  rm -f "$DATA/postgres/postmaster.pid"
  for rel in $(manifest_value "$dir" kafka_data); do
    mkdir -p "$(dirname "$DATA/$rel")"
    cp -a "$dir/kafka/$rel" "$DATA/$rel" || fail "copying Kafka's data failed"
  done
  echo "$(manifest_value "$dir" kafka_brokers)" > "$DATA/kafka-brokers"
  [[ -d $dir/gateway-keys ]] && cp -a "$dir/gateway-keys" "$DATA/gateway-keys"
  # Kafka Streams' local state (the statistics) is not in the backup: the application rebuilds it from its changelog
  # topics, which are.
  t_pg=$SECONDS
  say "starting PostgreSQL alone: it replays the backup's WAL to its consistent moment…"
  infra_env
  start_postgres || { tail -20 "$RUN/postgres.log"; fail "PostgreSQL did not start on the restored data (log: $RUN/postgres.log)"; }
  from=$(manifest_value "$dir" kafka_copy_started)
  # What the outboxes published after Kafka's copy began may be missing from it: published again. A row Kafka does
  # hold goes out twice, and its consumers skip it by its event id (ADR 0002).
  for db in ${DATABASES//,/ }; do
    [[ $(pg_query "$db" "SELECT to_regclass('outbox') IS NOT NULL") == t ]] || continue
    n=$(pg_query "$db" "WITH again AS (UPDATE outbox SET published_at = NULL WHERE published_at >= timestamptz '$from' - interval '$REPUBLISH_MARGIN_SECONDS seconds' RETURNING 1) SELECT count(*) FROM again") \
      || { stop_pid postgres INT; fail "could not mark $db's outbox rows for publication again"; }
    say "  $db: $n outbox row(s) published after the Kafka copy began, to be published again"
    total=$((total + n))
  done
  stop_pid postgres INT > /dev/null
  t_kafka=$SECONDS
  restore_kafka "$dir" || fail "the restored Kafka could not be prepared (logs: $RUN/kafka.*.log, $RUN/restore-kafka.log)"
  say "restored $dir (taken $(manifest_value "$dir" taken_at)) in $((SECONDS - started)) s (copy $((t_pg - t_copy)) s, PostgreSQL $((t_kafka - t_pg)) s, Kafka $((SECONDS - t_kafka)) s); $total outbox row(s) go out again."
  local brokers
  brokers=$(manifest_value "$dir" kafka_brokers)
  say "Start the platform with ./tessera up$( ((brokers > 1)) && echo " --brokers $brokers"): the relays publish those rows, and the consumers skip what they had applied."
}

# The event stores' events as "stream|version|event id" lines, sorted; with a second argument, only those recorded
# before that moment (UTC).
event_lines() {
  local db where=""
  [[ -n ${1:-} ]] && where="WHERE recorded_at < timestamptz '$1'"
  for db in tessera_game tessera_lobby; do
    [[ $(pg_query "$db" "SELECT to_regclass('events') IS NOT NULL") == t ]] || continue
    pg_query "$db" "SELECT '$db:' || stream_id, version, event_id FROM events $where"
  done | sort
}

# ./tessera drill restore [seconds] [games]: bots play through the public API; halfway, ./tessera backup is taken
# while they play; they play on, so that the platform moves past the backup, and stop. The platform is stopped,
# restored from the backup and started again. Then the data is checked:
# - every event the restored stores hold is the event the stores held at that version before the restore (the
#   backup is one moment of the history, nothing torn), and those written after it are gone;
# - the chaos invariants (Invariants, without a load): every consumer caught up, every event on its topic, every
#   round scored once, every game ended and rated once, the statistics equal to their recomputation from the events.
drill() {
  case ${1:-} in
    restore) shift; drill_restore "$@" ;;
    partition) shift; drill_partition "$@" ;;
    upgrade) shift; drill_upgrade "$@" ;;
    kafka-loss) shift; drill_kafka_loss "$@" ;;
    *) fail "usage: ./tessera drill restore [seconds] [games at once] | ./tessera drill partition [rounds] [seconds cut] [games at once] | ./tessera drill upgrade [games at once] | ./tessera drill kafka-loss [seconds] [games at once]" ;;
  esac
}

drill_restore() {
  local seconds=${1:-60} games=${2:-6} cp stamp report work started_at t0 backup_s restore_s ready_s boundary
  [[ $seconds =~ ^[1-9][0-9]*$ && $games =~ ^[1-9][0-9]*$ ]] || fail "usage: ./tessera drill restore [seconds] [games at once]"
  check_java
  load_topology && pid_alive supervisor || fail "Tessera is not running: ./tessera up --detach first"
  infra_env
  ensure_pg_client
  work=$RUN/drill
  drill_prepare restore "$work"
  local scale_args="lobby=${SCALE[lobby]},game=${SCALE[game]},scoring=${SCALE[scoring]},gateway=${SCALE[gateway]}"
  bots_start "$cp" "$work" "$games"
  say "the backup in $((seconds / 2)) s"
  sleep $((seconds / 2))
  t0=$SECONDS
  backup "$work/backup" | sed 's/^/  /'
  [[ ${PIPESTATUS[0]} == 0 ]] || { bots_stop "$work"; fail "the backup failed"; }
  backup_s=$((SECONDS - t0))
  sleep $((seconds - seconds / 2))
  say "stopping the bots…"
  bots_stop "$work" || { tail -20 "$work/load.log"; fail "the bots failed (log: $work/load.log)"; }
  event_lines > "$work/before-restore.txt"
  # Built now if need be (the bench's build may have touched the modules), so that the restore's time is its own.
  build
  say "stopping the platform, restoring the backup…"
  down > "$work/down.log"
  t0=$SECONDS
  # In subshells without the loaded topology's PostgreSQL and Kafka, which restore and up would take for external ones.
  (unset TESSERA_DB_HOST TESSERA_DB_PORT TESSERA_DB_USER TESSERA_DB_PASSWORD TESSERA_KAFKA; restore "$work/backup") | sed 's/^/  /'
  [[ ${PIPESTATUS[0]} == 0 ]] || fail "the restore failed"
  restore_s=$((SECONDS - t0))
  boundary=$(date -u '+%Y-%m-%d %H:%M:%S.%N+00')
  t0=$SECONDS
  (unset TESSERA_DB_HOST TESSERA_DB_PORT TESSERA_DB_USER TESSERA_DB_PASSWORD TESSERA_KAFKA
    up --detach --scale "$scale_args" --brokers "$BROKERS") > "$work/up.log" 2>&1 || { tail -20 "$work/up.log"; fail "the platform did not start after the restore"; }
  ready_s=$((SECONDS - t0))
  say "started again in $ready_s s; checking the data…"
  event_lines "$boundary" > "$work/restored.txt"
  local restored rolled_back torn
  restored=$(wc -l < "$work/restored.txt")
  rolled_back=$(comm -23 "$work/before-restore.txt" "$work/restored.txt" | wc -l)
  torn=$(comm -13 "$work/before-restore.txt" "$work/restored.txt" | wc -l)
  invariants "$cp" "$work/checks.log" --out "$work/checks.md"
  local checked=$? caught_up clients lost duplicated
  caught_up=$(caught_up_seconds "$work/checks.md")
  clients=$(grep -o '"clientErrorCount" *: *[0-9]*' "$work/load.json" | grep -o '[0-9]*$')
  lost=$(sed -n 's/^Lost: \([0-9]*\)\..*/\1/p' "$work/checks.md")
  duplicated=$(sed -n 's/.*Duplicated: \([0-9]*\)\..*/\1/p' "$work/checks.md")
  (( torn > 0 )) && checked=1
  {
    say "# Restore drill, $started_at UTC"
    say ""
    say "Command: \`./tessera drill restore $seconds $games\`, commit $(git rev-parse --short HEAD 2>/dev/null)$([[ -n $(git status --porcelain -uno 2>/dev/null) ]] && echo " with uncommitted changes"), $(nproc) cores."
    say "Platform: $(describe_topology); PostgreSQL fsync $(pg_setting fsync), synchronous_commit $(pg_setting synchronous_commit)."
    say ""
    say "Bots played $games games at a time for $seconds s; \`./tessera backup\` ran $((seconds / 2)) s in, while they"
    say "played. Then the platform was stopped, restored from the backup and started again."
    say ""
    say "| step | seconds |"
    say "|---|---|"
    say "| backup, online, while the bots played ($(du -sh "$work/backup" | cut -f1)) | $backup_s |"
    say "| restore, platform stopped | $restore_s |"
    say "| start until every instance is ready | $ready_s |"
    say "| every consumer caught up and every outbox row published | ${caught_up:-?} |"
    say ""
    say "## The event stores against the history"
    say ""
    say "Every event of the restored stores (game-service's and lobby-service's \`events\`), compared with those the"
    say "stores held before the restore, by stream, version and event id."
    say ""
    say "| | events |"
    say "|---|---|"
    say "| restored, each the event the history had at its version | $((restored - torn)) |"
    say "| restored but not in the history (torn or forked) | $torn |"
    say "| written after the backup's moment, rolled back by the restore | $rolled_back |"
    say ""
    comm -13 "$work/before-restore.txt" "$work/restored.txt" | head -20 | sed 's/^/- not in the history: /'
    cat "$work/checks.md" 2>/dev/null || { say "The checks did not run:"; say '```'; tail -30 "$work/checks.log"; say '```'; }
    say ""
    say "restore: backup ${backup_s} s online, restore ${restore_s} s, ready ${ready_s} s, caught up ${caught_up:-?} s; $((restored - torn)) events restored, $rolled_back rolled back; ${lost:-?} lost, ${duplicated:-?} duplicated, $torn torn, ${clients:-?} client errors"
  } > "$report"
  say "report: $report"
  tail -1 "$report"
  return $checked
}
