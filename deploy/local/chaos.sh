# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: ./tessera chaos, bots playing while processes are killed and started
# again, then the data checked (bench/README.md, "Chaos"); its report in bench/results/.

# Bots play through the public entry point while, every few seconds, one process is SIGKILLed and started again
# after a pause: a random instance of a random service, and in turn a Kafka broker and the PostgreSQL server. Then
# the load stops, the consumers catch up, and the data itself is checked (bench/README.md, "Chaos").
# TESSERA_CHAOS_INTERVAL (s, default 1) is the calm between a restart and the next kill; the pause before a
# restart is 3 to 7 s. At 2 s, 20 minutes made 99 to 104 kills.
chaos() {
  local minutes=${1:-10} games=${2:-6} cp report stamp
  [[ $minutes =~ ^[1-9][0-9]*$ ]] || fail "usage: ./tessera chaos [minutes] [games at once]"
  [[ $games =~ ^[1-9][0-9]*$ ]] || fail "usage: ./tessera chaos [minutes] [games at once]"
  check_java
  load_topology && pid_alive supervisor \
    || fail "Tessera is not running: ./tessera up --detach --scale lobby=2,game=3,scoring=2,gateway=2 --brokers 3 first"
  say "preparing…"
  cp=$(bench_classpath) || exit 1
  stamp=$(date -u +%Y-%m-%d-%H%M)
  report=bench/results/$stamp-chaos.md
  mkdir -p bench/results "$RUN/chaos"
  rm -f "$RUN/chaos/"*
  local started_at
  started_at=$(date -u '+%Y-%m-%d %H:%M:%S')
  # Every player subscribes to webhooks sent to this receiver on loopback (./tessera up allows http to loopback):
  # check w of the invariants holds its receipts against the topics. It answers 503 to a share on purpose.
  receiver_start "$cp" "$RUN/chaos"
  # shellcheck disable=SC2064 # the pid now
  trap "kill $RECEIVER_PID 2>/dev/null" EXIT
  bots_start "$cp" "$RUN/chaos" "$games" --webhooks "http://127.0.0.1:$(cat "$RUN/chaos/webhooks.port")"
  sleep 15
  declare -A kills=()
  local end=$((SECONDS + minutes * 60)) n=0 target pause last_broker=-100 total=0
  : > "$RUN/chaos/kills.log"
  : > "$RUN/chaos/recoveries.tsv"
  while (( SECONDS < end )); do
    bots_alive "$RUN/chaos"
    target=$(chaos_target "$n" "$last_broker")
    n=$((n + 1))
    [[ -z $target ]] && { sleep 1; continue; }
    pause=$((3 + RANDOM % 5))
    kill_restart "$target" "$pause" | tee -a "$RUN/chaos/kills.log"
    recovery_timer "$target" "$pause" "$RUN/chaos/recoveries.tsv" &
    RECOVERY_PIDS+=($!)
    kills[${target%%.*}]=$((${kills[${target%%.*}]:-0} + 1))
    total=$((total + 1))
    [[ $target == kafka.* ]] && last_broker=$SECONDS
    sleep "${TESSERA_CHAOS_INTERVAL:-1}"
  done
  wait_recoveries
  bots_finish "$cp" "$RUN/chaos" --kills "$total" --webhooks-received "$RUN/chaos/webhooks.ndjson"
  local checked=$?
  kill "$RECEIVER_PID" 2>/dev/null
  say "verifying the finished games' draws from the exports…"
  chaos_verify > "$RUN/chaos/verify.md" 2> "$RUN/chaos/verify.log" || checked=1
  {
    say "# Chaos, $started_at UTC"
    say ""
    say "Command: \`./tessera chaos $minutes $games\`, commit $(git rev-parse --short HEAD 2>/dev/null), $(nproc) cores."
    say "Platform: $(describe_topology); PostgreSQL fsync $(pg_setting fsync), synchronous_commit $(pg_setting synchronous_commit)."
    say ""
    say "## Kills"
    say ""
    say "| component | SIGKILLs |"
    say "|---|---|"
    local k
    for k in "${!kills[@]}"; do say "| $k | ${kills[$k]} |"; done | sort
    say ""
    say "Each was started again after 3 to 7 s; at most one broker down at a time, and never the last ready"
    say "instance of a service. In order:"
    say ""
    say '```'
    cat "$RUN/chaos/kills.log"
    say '```'
    say ""
    recovery_table "$RUN/chaos/recoveries.tsv"
    say ""
    cat "$RUN/chaos/checks.md" 2>/dev/null || { say "The checks did not run:"; say '```'; tail -30 "$RUN/chaos/checks.log"; say '```'; }
    say ""
    cat "$RUN/chaos/verify.md"
  } > "$report"
  say "report: $report"
  tail -1 "$report"
  return $checked
}

# The bots (bench's ChaosLoad) in the background, playing $3 games at a time through the gateway until $2/stop exists;
# their results in $2/load.json, their log in $2/load.log; further arguments are passed on (--webhooks URL). Sets
# BOTS_PID. Used by chaos, soak and both drills.
bots_start() {
  local cp=$1 work=$2 games=$3
  shift 3
  java $(loadgen_opts) -cp "$cp" dev.tessera.bench.chaos.ChaosLoad --gateway "http://localhost:$GATEWAY_PORT" \
    --games "$games" "$@" --stop-file "$work/stop" --out "$work/load.json" > "$work/load.log" 2>&1 &
  BOTS_PID=$!
  say "bots playing $games games at a time through http://localhost:$GATEWAY_PORT (log: $work/load.log)"
}
bots_alive() { kill -0 "$BOTS_PID" 2>/dev/null || { tail -20 "$1/load.log"; fail "the bots stopped (log: $1/load.log)"; }; }
# Stops the bots of bots_start (no new game or move; requests under way end) and returns their status.
bots_stop() { touch "$1/stop"; wait "$BOTS_PID"; }

# Stops the bots of bots_start, waits until every process is ready again, then checks the invariants against the
# bots' results in $2 (the checks in $2/checks.md, the output in $2/checks.log); further arguments are passed on.
# Returns the invariants' status, and leaves the bots' own in BOTS_STATUS.
bots_finish() {
  local cp=$1 work=$2
  shift 2
  say "stopping the bots…"
  bots_stop "$work"
  BOTS_STATUS=$?
  say "waiting until every process is ready again…"
  wait_ready $(components)
  say "checking the data (after the consumers have caught up)…"
  invariants "$cp" "$work/checks.log" --load "$work/load.json" --out "$work/checks.md" "$@"
}

# What a drill sets up, into its caller's locals cp, stamp, report and started_at: the bench's class path, the report
# bench/results/<stamp>-$1.md, and its working folder $2, emptied.
drill_prepare() {
  cp=$(bench_classpath) || exit 1
  stamp=$(date -u +%Y-%m-%d-%H%M)
  report=bench/results/$stamp-$1.md
  rm -rf "$2"
  mkdir -p "$2" bench/results
  started_at=$(date -u '+%Y-%m-%d %H:%M:%S')
}

# The webhook receiver (bench's WebhookReceiver) on loopback, its receipts in $2/webhooks.ndjson and its port in
# $2/webhooks.port once it listens. Sets RECEIVER_PID.
receiver_start() {
  local cp=$1 work=$2 waited=0
  java -cp "$cp" dev.tessera.bench.chaos.WebhookReceiver --out "$work/webhooks.ndjson" \
    --port-file "$work/webhooks.port" > "$work/webhooks.log" 2>&1 &
  RECEIVER_PID=$!
  until [[ -s $work/webhooks.port ]]; do
    (( waited++ < 60 )) || fail "the webhook receiver did not start (log: $work/webhooks.log)"
    sleep 0.5
  done
}

# SIGKILLs component $1 under a hold (the supervisor leaves it alone), starts it again after $2 s and releases it;
# prints what it did. A PostgreSQL killed a moment ago may still hold its lock file: the start is tried again until
# it works, in a subshell, so that this shell does not report the process's death when it is killed next time.
kill_restart() {
  local target=$1 pause=$2
  hold "$target"
  kill -KILL "$(pid_of "$target")" 2>/dev/null
  printf '%s SIGKILL %s, started again after %s s\n' "$(date -u +%T)" "$target" "$pause"
  sleep "$pause"
  until (start_component "$target"); do sleep 1; done
  release "$target"
}

# How long a component killed by kill_restart took to recover, measured in the background so that the kills keep their
# pace: a line "component, pause (s), ready again after its start (s), after the kill (s)" appended to $3 once it is
# ready (an instance: /q/health/ready answers 200; a broker: its port listens; PostgreSQL: its process runs, and then
# the seconds until every service instance is ready again, since theirs is the recovery that counts). Gives up after
# TESSERA_START_TIMEOUT (180 s), writing "not ready".
recovery_timer() {
  local target=$1 pause=$2 out=$3 killed=$((SECONDS - $2)) deadline=$((SECONDS + ${TESSERA_START_TIMEOUT:-180})) c
  until ready "$target"; do
    (( SECONDS > deadline )) && { printf '%s\t%s\tnot ready\tnot ready\n' "$target" "$pause" >> "$out"; return; }
    sleep 0.5
  done
  if [[ $target == postgres ]]; then
    for c in $(service_components); do
      until ready "$c" || (( SECONDS > deadline )); do sleep 0.5; done
    done
  fi
  printf '%s\t%s\t%s\t%s\n' "$target" "$pause" "$((SECONDS - killed - pause))" "$((SECONDS - killed))" >> "$out"
}

# Waits (at most TESSERA_START_TIMEOUT) for the recovery timers still running (their pids in RECOVERY_PIDS).
RECOVERY_PIDS=()
wait_recoveries() { local p; for p in "${RECOVERY_PIDS[@]}"; do wait "$p"; done; RECOVERY_PIDS=(); }

# The recoveries recorded by recovery_timer ($1), by kind of component: how many, and the fastest, median and slowest
# time from the SIGKILL to ready again (for PostgreSQL: to every service instance ready again).
recovery_table() {
  say "Recovery, from the SIGKILL to ready again (a service instance: its readiness answers 200; a broker: it listens;"
  say "PostgreSQL: every service instance ready again). The pause before the restart is included."
  say ""
  say "| component | kills | fastest (s) | median (s) | slowest (s) | not ready in time |"
  say "|---|---|---|---|---|---|"
  awk -F'\t' '{ kind = $1; sub(/\..*/, "", kind); if ($4 == "not ready") { late[kind]++; n[kind] += 0 } else { n[kind]++; t[kind, n[kind]] = $4 }; seen[kind] = 1 }
    END {
      for (k in seen) {
        m = n[k]
        for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (t[k, j] < t[k, i]) { x = t[k, i]; t[k, i] = t[k, j]; t[k, j] = x }
        if (m > 0) printf "| %s | %d | %d | %d | %d | %d |\n", k, m + late[k], t[k, 1], t[k, int((m + 1) / 2)], t[k, m], late[k]
        else printf "| %s | %d | - | - | - | %d |\n", k, late[k], late[k]
      }
    }' "$1" | sort
}

# The chaos invariants (bench's Invariants) checked against the running platform's data, its output to $2; the other
# arguments are passed on (--out, --load, --kills, --webhooks-received). Used by chaos and both drills.
invariants() {
  local cp=$1 log=$2
  shift 2
  java -cp "$cp" dev.tessera.bench.chaos.Invariants --db-host "$TESSERA_DB_HOST" --db-port "${TESSERA_DB_PORT:-5432}" \
    --db-user "${TESSERA_DB_USER:-postgres}" ${TESSERA_DB_PASSWORD:+--db-password "$TESSERA_DB_PASSWORD"} \
    --kafka "$TESSERA_KAFKA" --gateway "http://localhost:$GATEWAY_PORT" "$@" > "$log" 2>&1
}

# The seconds the invariants' report $1 says the consumers took to catch up, or nothing.
caught_up_seconds() { grep -o 'caught up after [0-9]* s' "$1" | grep -o '[0-9]*' | head -1; }

# Every finished game of each title's export decided again from its revealed seed and its moves (./tessera verify):
# the games that differ or cannot be verified, and each title's count; fails when one differs.
chaos_verify() {
  local token title status=0 out
  token=$(curl -s -XPOST "http://localhost:$GATEWAY_PORT/api/v1/players" -H 'Content-Type: application/json' \
    -d "{\"name\": \"verifier-$(date +%s)\"}" | sed -n 's/.*"token" *: *"\([^"]*\)".*/\1/p')
  say "## Draws verified"
  say ""
  say "Each title's export (\`GET /api/v1/exports/events?game=…\`), every finished game in it decided again from its"
  say "revealed seed and its recorded moves by \`./tessera verify\`; the lines of games not verified, then the count."
  say ""
  for title in alhambra carrara builders; do
    curl -sf -H "Authorization: Bearer $token" "http://localhost:$GATEWAY_PORT/api/v1/exports/events?game=$title" \
      > "$RUN/chaos/$title.ndjson" || { say "- $title: the export failed"; status=1; continue; }
    # Fewer games at once than titles: a title nobody played has an empty export, which is nothing to verify.
    [[ -s $RUN/chaos/$title.ndjson ]] || { say "- $title: no game of it was played"; continue; }
    out=$(verify_export "$RUN/chaos/$title.ndjson") || status=1
    say "- $title: $(tail -1 <<< "$out")"
    grep -v -e ': verified$' -e '^[0-9]* games: ' <<< "$out" | sed 's/^/  - /'
  done
  return $status
}

# What to kill next: in a round of six, four service instances, one broker, PostgreSQL. A ready instance of a random
# service, never its last ready one (with one instance, the service itself is killed); never a broker while another
# is down or came back less than 20 s ago; a turn that has nothing of its kind to kill falls to a service instance.
chaos_target() {
  local turn=$(($1 % 6)) last_broker=$2 c candidates=()
  if [[ $turn == 2 ]] && [[ ${EXTERNAL_KAFKA:-0} == 0 ]] && (( SECONDS - last_broker >= 20 )); then
    local all_up=1
    for c in $(kafka_nodes); do pid_alive "$c" || all_up=0; done
    (( all_up == 1 && BROKERS > 1 )) && { kafka_nodes | shuf -n 1; return; }
  fi
  if [[ $turn == 5 ]] && [[ ${EXTERNAL_PG:-0} == 0 ]] && pid_alive postgres; then
    echo postgres
    return
  fi
  local s i others services=()
  for s in game scoring lobby gateway; do
    candidates=()
    for c in $(instances "$s"); do
      # One still starting again after the last kill is left alone: a kill takes a working instance away.
      ready "$c" || continue
      others=0
      for i in $(instances "$s"); do [[ $i != "$c" ]] && ready "$i" && others=1; done
      # shellcheck disable=SC2004 # SCALE is associative (topology.sh): its key needs the $
      (( others == 1 || SCALE[$s] == 1 )) && candidates+=("$c")
    done
    [[ ${#candidates[@]} -gt 0 ]] && services+=("$(printf '%s\n' "${candidates[@]}" | shuf -n 1)")
  done
  [[ ${#services[@]} -gt 0 ]] && printf '%s\n' "${services[@]}" | shuf -n 1
}

