# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: what ./tessera up does when Kafka's data is gone and the databases are
# not (docs/operations.md, "Kafka's data lost"; docs/adr/0009-kafka-data-lost.md), and ./tessera drill kafka-loss,
# which rehearses it while bots play.

# The mark ./tessera up leaves in the data folder while the topics are to be filled again.
REPUBLISH_PENDING=kafka-republish-pending

# A broker's data folder: one broker keeps the single-broker platform's, a cluster's nodes one each.
kafka_data_dir() { if (( BROKERS == 1 )); then echo "$DATA/kafka"; else echo "$DATA/kafka-cluster/${1##*.}"; fi; }

# True when the platform's own PostgreSQL holds data and none of its own brokers does (no meta.properties: a folder
# deleted, emptied, or a disk replaced). One broker of three losing its data is Kafka's own business (it copies its
# partitions back from the others); two of three was not rehearsed (ADR 0009, "Limits").
kafka_data_lost() {
  [[ ${EXTERNAL_KAFKA:-0} == 0 && ${EXTERNAL_PG:-0} == 0 && -f $DATA/postgres/PG_VERSION ]] || return 1
  local c
  for c in $(kafka_nodes); do
    [[ -f $(kafka_data_dir "$c")/meta.properties ]] && return 1
  done
  return 0
}

# With PostgreSQL and the brokers up, the topics created and no service started: each service's Republish (the
# release's), game-service's first, so that scoring-service's replay finds every game; then the statistics' local
# state goes, whose changelogs went with the brokers. Prints what each did.
republish_after_kafka_loss() {
  local s app log=$RUN/republish.log
  : > "$log"
  for s in game lobby scoring; do
    app=$(dirname "$(release_jar "$(module_of "$s")")")
    java -cp "$app/app/*:$app/lib/boot/*:$app/lib/main/*" "dev.tessera.$s.Republish" >> "$log" 2>&1 \
      || { tail -20 "$log"; return 1; }
  done
  rm -rf "$DATA"/scoring-stats "$DATA"/scoring-stats-*
  grep -h "after Kafka's loss" "$log" | sed 's/^/  /'
  say "  the statistics' local state deleted: scoring-service rebuilds them from the topics"
}

# ./tessera drill kafka-loss [seconds] [games]: bots play through the public API, then stop, and the read models are
# written down once every consumer has caught up (ReadModels: the statistics, the leaderboards, the lobby's players and
# scoring-service's projection, field for field). The platform is stopped, every broker's data folder deleted, and the
# platform started again, which fills the topics again from the databases. Once caught up, the read models are written
# down again and compared; then ./tessera rebuild scoring, lobby and stats rebuild them from the new topics alone, and
# they are compared a third time. The chaos invariants are checked after each start.
drill_kafka_loss() {
  local seconds=${1:-60} games=${2:-6} cp stamp report work started_at t0 ready_s c rel
  [[ $seconds =~ ^[1-9][0-9]*$ && $games =~ ^[1-9][0-9]*$ ]] || fail "usage: ./tessera drill kafka-loss [seconds] [games at once]"
  check_java
  load_topology && pid_alive supervisor || fail "Tessera is not running: ./tessera up --detach first"
  [[ ${EXTERNAL_KAFKA:-0} == 0 && ${EXTERNAL_PG:-0} == 0 ]] || fail "the drill deletes the platform's own Kafka data: not with an external Kafka or PostgreSQL"
  infra_env
  work=$RUN/drill
  drill_prepare kafka-loss "$work"
  local scale_args="lobby=${SCALE[lobby]},game=${SCALE[game]},scoring=${SCALE[scoring]},gateway=${SCALE[gateway]}"
  bots_start "$cp" "$work" "$games"
  sleep "$seconds"
  bots_finish "$cp" "$work" > /dev/null
  local before_ok=$?
  read_models "$cp" "$work/before.txt" || fail "the read models could not be read ($work/read-models.log)"
  local counts
  counts=$(topic_counts "$cp")
  say "stopping the platform and deleting every broker's data…"
  down > "$work/down.log"
  for c in $(kafka_nodes); do rm -rf "$(kafka_data_dir "$c")"; done
  t0=$SECONDS
  (unset TESSERA_DB_HOST TESSERA_DB_PORT TESSERA_DB_USER TESSERA_DB_PASSWORD TESSERA_KAFKA
    up --detach --scale "$scale_args" --brokers "$BROKERS") > "$work/up.log" 2>&1 || { tail -20 "$work/up.log"; fail "the platform did not start without Kafka's data"; }
  ready_s=$((SECONDS - t0))
  grep -A8 "Kafka's data is gone" "$work/up.log" | grep "^  " | sed 's/^/  /'
  say "started again in $ready_s s; checking the data…"
  invariants "$cp" "$work/checks-after.log" --out "$work/checks-after.md"
  local after_ok=$?
  read_models "$cp" "$work/after.txt" || fail "the read models could not be read ($work/read-models.log)"
  local counts_after
  counts_after=$(topic_counts "$cp")
  say "rebuilding the read models from the new topics (./tessera rebuild scoring, lobby, stats)…"
  t0=$SECONDS
  for rel in scoring lobby stats; do rebuild "$rel" > "$work/rebuild-$rel.log" 2>&1 || fail "./tessera rebuild $rel failed ($work/rebuild-$rel.log)"; done
  invariants "$cp" "$work/checks-rebuilt.log" --out "$work/checks-rebuilt.md"
  local rebuilt_ok=$? rebuild_s=$((SECONDS - t0))
  read_models "$cp" "$work/rebuilt.txt" || fail "the read models could not be read ($work/read-models.log)"
  local facts diff_after diff_rebuilt status=0
  facts=$(wc -l < "$work/before.txt")
  diff_after=$(diff "$work/before.txt" "$work/after.txt" | grep -c '^[<>]')
  diff_rebuilt=$(diff "$work/before.txt" "$work/rebuilt.txt" | grep -c '^[<>]')
  (( before_ok == 0 && after_ok == 0 && rebuilt_ok == 0 && diff_after == 0 && diff_rebuilt == 0 )) || status=1
  {
    say "# Kafka's data lost, $started_at UTC"
    say ""
    say "Command: \`./tessera drill kafka-loss $seconds $games\`, commit $(git rev-parse --short HEAD 2>/dev/null)$([[ -n $(git status --porcelain -uno 2>/dev/null) ]] && echo " with uncommitted changes"), $(nproc) cores."
    say "Platform: $(describe_topology); PostgreSQL fsync $(pg_setting fsync), synchronous_commit $(pg_setting synchronous_commit)."
    say ""
    say "Bots played $games games at a time for $seconds s and stopped. Once every consumer had caught up, the read models"
    say "were written down (\`ReadModels\`: the statistics of each title, sandbox games left out and included; the"
    say "leaderboards; every row of the lobby's players read model and of scoring-service's projection, every column"
    say "but \`scored_games.updated_at\`). The platform was stopped, every broker's data folder deleted, and"
    say "\`./tessera up\` started it again: it found Kafka's data gone and filled the topics from the databases before the"
    say "services started. Then \`./tessera rebuild scoring\`, \`lobby\` and \`stats\` rebuilt the read models from the new"
    say "topics alone."
    say ""
    say "What \`./tessera up\` did:"
    say ""
    say '```'
    grep -A8 "Kafka's data is gone" "$work/up.log" | grep -v "^starting the services" | head -8
    say '```'
    say ""
    say "| step | seconds |"
    say "|---|---|"
    say "| \`./tessera up\` without Kafka's data, until every instance is ready | $ready_s |"
    say "| every consumer caught up after that | $(caught_up_seconds "$work/checks-after.md") |"
    say "| the three rebuilds, until caught up | $rebuild_s |"
    say ""
    say "## Records on the topics"
    say ""
    say "| topic | before the loss | after the start |"
    say "|---|---|---|"
    join -t'|' <(sort <<< "$counts") <(sort <<< "$counts_after") | awk -F'|' '{ printf "| %s | %s | %s |\n", $1, $2, $3 }'
    say ""
    say "## The read models, field for field"
    say ""
    say "| compared with before the loss | facts | differing lines |"
    say "|---|---|---|"
    say "| after the start (the databases' read models, the statistics rebuilt by Kafka Streams) | $facts | $diff_after |"
    say "| after \`./tessera rebuild scoring\`, \`lobby\`, \`stats\` (from the new topics alone) | $facts | $diff_rebuilt |"
    say ""
    diff "$work/before.txt" "$work/after.txt" | grep '^[<>]' | head -10 | cut -c1-400 | sed 's/^/    after: /'
    diff "$work/before.txt" "$work/rebuilt.txt" | grep '^[<>]' | head -10 | cut -c1-400 | sed 's/^/    rebuilt: /'
    say ""
    say "## The invariants after the start"
    say ""
    sed 's/^#/##/' "$work/checks-after.md" 2>/dev/null || say "(did not run: $work/checks-after.log)"
    say ""
    say "## The invariants after the rebuilds"
    say ""
    sed 's/^#/##/' "$work/checks-rebuilt.md" 2>/dev/null || say "(did not run: $work/checks-rebuilt.log)"
    say ""
    say "kafka-loss: $facts facts of the read models; $diff_after differing after the start, $diff_rebuilt after the rebuilds; invariants before $( ((before_ok == 0)) && echo held || echo FAILED), after the start $( ((after_ok == 0)) && echo held || echo FAILED), after the rebuilds $( ((rebuilt_ok == 0)) && echo held || echo FAILED)"
  } > "$report"
  say "report: $report"
  tail -1 "$report"
  return $status
}

read_models() {
  java -cp "$1" dev.tessera.bench.chaos.ReadModels --db-host "$TESSERA_DB_HOST" --db-port "${TESSERA_DB_PORT:-5432}" \
    --db-user "${TESSERA_DB_USER:-postgres}" --gateway "http://localhost:$GATEWAY_PORT" --out "$2" >> "$RUN/drill/read-models.log" 2>&1
}

# "topic|records" lines for the three event topics: the sum over partitions of end minus start offsets.
topic_counts() {
  java -cp "$1" dev.tessera.bench.chaos.ReadModels --count-topics "$TESSERA_KAFKA" 2>> "$RUN/drill/read-models.log"
}
