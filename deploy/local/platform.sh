# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: the platform's commands, up (which starts everything and, unless
# detached, supervises it), down, status, reset, logs and rebuild.

up() {
  local detach=0 observe=0 c
  parse_scale "${TESSERA_SCALE:-}"
  [[ -n ${TESSERA_BROKERS:-} ]] && parse_brokers "$TESSERA_BROKERS"
  while [[ $# -gt 0 ]]; do
    case $1 in
      --detach | -d) detach=1 ;;
      --observe) observe=1 ;;
      --scale) shift; parse_scale "${1:-}" ;;
      --scale=*) parse_scale "${1#--scale=}" ;;
      --brokers) shift; parse_brokers "${1:-}" ;;
      --brokers=*) parse_brokers "${1#--brokers=}" ;;
      *) fail "up: unknown option '$1' (--detach, --scale lobby=2,game=3,scoring=2,gateway=2, --brokers 3, --observe)" ;;
    esac
    shift
  done
  check_java
  case ${TESSERA_BACKGROUND_POLICY:-batch} in
    batch | normal) ;;
    *) fail "TESSERA_BACKGROUND_POLICY is batch (the default) or normal, not '$TESSERA_BACKGROUND_POLICY'" ;;
  esac
  mkdir -p "$RUN" "$DATA"
  local f
  for f in "$RUN"/*.pid; do
    [[ -f $f ]] && alive "$(cat "$f")" && fail "Tessera is already running ($(basename "$f" .pid)); ./tessera status, or ./tessera down first"
  done
  infra_env
  # A cluster's data cannot become another size's: the topics, their replicas and the consumer offsets live there.
  if [[ $EXTERNAL_KAFKA == 0 ]]; then
    local made
    made=$(cat "$DATA/kafka-brokers" 2>/dev/null || { [[ -d $DATA/kafka ]] && echo 1; } || true)
    [[ -z $made || $made == "$BROKERS" ]] \
      || fail "the data in $DATA was made with $made Kafka broker(s), not $BROKERS: ./tessera reset first (it deletes all data)"
    echo "$BROKERS" > "$DATA/kafka-brokers"
  fi
  # Kafka's data gone, the databases' not: the topics are filled again from the databases before any service starts.
  # Remembered until done, so that a start that fails halfway does it again.
  if kafka_data_lost; then date -u +%FT%TZ > "$DATA/$REPUBLISH_PENDING"; fi
  (( observe )) && observe_ports_free
  for c in $(components); do
    port_in_use "$(port_of "$c")" && fail "port $(port_of "$c") ($c) is already in use; set the TESSERA_*_PORT variables (README, Ports)"
    [[ $c == kafka.* ]] && port_in_use $(($(port_of "$c") + 1)) && fail "port $(($(port_of "$c") + 1)) ($c's controller) is already in use; set TESSERA_KAFKA_PORT"
  done
  behind_lb && ensure_haproxy
  build
  release_make
  # The gateways' token signing keys live with the data, shared by every gateway (a token one signed verifies at
  # all), so tokens survive down/up and go with reset.
  export TESSERA_KEY_DIR=${TESSERA_KEY_DIR:-$DATA/gateway-keys}
  save_topology
  rm -rf "$RUN/hold"
  local started=$SECONDS
  say "starting $(describe_topology)…"
  if [[ $EXTERNAL_PG == 1 ]]; then
    say "  postgres: external, $TESSERA_DB_HOST:${TESSERA_DB_PORT:-5432} (databases ${DATABASES//,/, } must exist)"
  else
    start_postgres || { tail -20 "$RUN/postgres.log"; fail "PostgreSQL did not start (log: $RUN/postgres.log)"; }
    say "  $(grep "postgres ready" "$RUN/postgres.log" | tail -1)"
  fi
  if [[ $EXTERNAL_KAFKA == 1 ]]; then
    say "  kafka: external, $TESSERA_KAFKA"
  else
    for c in $(kafka_nodes); do start_kafka "$c"; done
  fi
  # Waits for the brokers and creates the topics: replicated on 3 brokers when there are, so that a write
  # acknowledged by 2 (min.insync.replicas) survives one broker's loss.
  java $(infra_jvm_opts) -cp "$(infra_cp)" dev.tessera.infra.LocalPlatform topics --bootstrap "$TESSERA_KAFKA" \
    --topics "$TOPICS" --partitions "$PARTITIONS" --replicas "$(replicas)" --brokers "$([[ $EXTERNAL_KAFKA == 1 ]] && echo 1 || echo "$BROKERS")" \
    > "$RUN/topics.log" 2>&1 || { tail -20 "$RUN/topics.log"; fail "Kafka did not start or refused the topics (log: $RUN/topics.log)"; }
  say "  $(grep "topics ready" "$RUN/topics.log")"
  if [[ -f $DATA/$REPUBLISH_PENDING ]]; then
    say "Kafka's data is gone, the databases' is not: the topics are filled again from them before the services start…"
    republish_after_kafka_loss || fail "filling the topics again failed (log: $RUN/republish.log); the services were not started: ./tessera down, then ./tessera up again"
    rm -f "$DATA/$REPUBLISH_PENDING"
  fi
  (( observe )) && zipkin_start && say "  zipkin ready on port $(zipkin_port)"
  say "starting the services…"
  for c in $(service_components); do
    start_service "$c"
    say "  $c starting on port $(port_of "$c") (pid $(pid_of "$c"))"
  done
  if behind_lb; then
    write_haproxy_config
    start_lb
    say "  lb (HAProxy) starting on port $GATEWAY_PORT in front of $(instances gateway | tr '\n' ' ')"
  fi
  if [[ $detach == 0 ]]; then trap 'say ""; down; exit 0' INT TERM; fi
  wait_ready $(components)
  (( observe )) && observe_start
  say ""
  say "Tessera is up ($(describe_topology); ready $((SECONDS - started)) s after start)."
  if background_batch; then
    say "Kafka, scoring-service and lobby-service run under SCHED_BATCH (TESSERA_BACKGROUND_POLICY=normal to turn off)."
  fi
  say "  API:      http://localhost:$GATEWAY_PORT/api/v1"
  say "  OpenAPI:  http://localhost:$GATEWAY_PORT/q/openapi"
  say "  Swagger:  http://localhost:$GATEWAY_PORT/q/swagger-ui"
  say "  Health:   http://localhost:$GATEWAY_PORT/q/health"
  observe_urls
  say "  Logs:     $RUN/*.log"
  if [[ $detach == 1 ]]; then
    nohup "$ROOT/tessera" supervise >> "$RUN/supervisor.log" 2>&1 &
    echo $! > "$RUN/supervisor.pid"
    say "A supervisor starts again whatever dies (log: $RUN/supervisor.log). Stop it all with ./tessera down."
    return 0
  fi
  say "Ctrl-C stops everything; whatever dies meanwhile is started again."
  echo $$ > "$RUN/supervisor.pid"
  supervise_loop
}
replicas() { if [[ ${EXTERNAL_KAFKA:-0} == 1 ]]; then echo "${TESSERA_REPLICAS:-1}"; else echo $((BROKERS < 3 ? BROKERS : 3)); fi; }

describe_topology() {
  local s out=""
  for s in lobby game scoring gateway; do out+="${out:+, }${SCALE[$s]} $s"; done
  if [[ ${EXTERNAL_KAFKA:-0} == 1 ]]; then out+=", external Kafka"; else out+=", $BROKERS Kafka broker$( ((BROKERS > 1)) && echo s)"; fi
  behind_lb && out+=", HAProxy"
  echo "$out"
}
stop_pid() {
  local name=$1 signal=${2:-TERM} pid i
  pid=$(pid_of "$name") || return 0
  if [[ -n $pid ]] && alive "$pid"; then
    kill -"$signal" "$pid" 2>/dev/null
    for ((i = 0; i < 60; i++)); do alive "$pid" || break; sleep 0.5; done
    if alive "$pid"; then
      say "  $name did not stop in 30 s; killing it"
      kill -KILL "$pid" 2>/dev/null
    fi
    say "  $name stopped"
  fi
  rm -f "$RUN/$name.pid"
}

down() {
  trap - INT TERM
  local c
  load_topology 2>/dev/null || true
  # The supervisor first, or it would start again what is being stopped.
  if [[ $(pid_of supervisor) != "$$" ]]; then stop_pid supervisor; else rm -f "$RUN/supervisor.pid"; fi
  stop_pid prometheus
  stop_pid lag-exporter
  stop_pid lb
  for c in $(instances gateway) $(instances lobby) $(instances scoring) $(instances game); do stop_pid "$c" & done
  wait
  stop_pid zipkin
  for c in $(kafka_nodes); do stop_pid "$c" & done
  wait
  # PostgreSQL's fast shutdown (SIGINT): open transactions are rolled back, the data is consistent on disk.
  [[ -f $RUN/postgres.pid ]] && stop_pid postgres INT
  # A PostgreSQL that outlived the record of it (an earlier version of this script ran it as the child of a JVM).
  if [[ -f $DATA/postgres/postmaster.pid ]]; then
    local pg
    pg=$(head -1 "$DATA/postgres/postmaster.pid")
    alive "$pg" && { kill -INT "$pg"; sleep 2; }
  fi
  say "Tessera is down."
}

status() {
  local c port code any=0 line
  load_topology || { say "Tessera is not running (no topology in $RUN)"; return 1; }
  say "$(describe_topology)"
  for c in supervisor $(components); do
    if pid_alive "$c"; then
      any=1
      case $c in
        supervisor) line="running (pid $(pid_of "$c"))" ;;
        postgres | kafka.* | lb) line="running (pid $(pid_of "$c"), port $(port_of "$c"))" ;;
        *)
          port=$(port_of "$c")
          code=$(http_status "$port" /q/health/ready)
          line="running (pid $(pid_of "$c"), port $port, $([[ $code == 200 ]] && echo ready || echo "not ready: $code"))" ;;
      esac
    else
      line="stopped$([[ -e $RUN/hold/$c ]] && echo " (held)")"
    fi
    say "$(printf '%-11s' "$c") $line"
  done
  if pid_alive zipkin; then
    say "$(printf '%-11s' zipkin) running (pid $(pid_of zipkin), http://localhost:$(zipkin_port)/zipkin/)"
  fi
  if pid_alive prometheus; then
    say "$(printf '%-11s' prometheus) running (pid $(pid_of prometheus), http://localhost:$(prometheus_port))"
    say "$(printf '%-11s' lag-export) $(pid_alive lag-exporter && echo "running (pid $(pid_of lag-exporter), port $(lag_exporter_port))" || echo stopped)"
  fi
  [[ $any == 1 ]]
}

reset() {
  down
  rm -rf "$DATA" "$RUN/topology"
  say "All data deleted ($DATA)."
}

logs() {
  local name=gateway files=() json=false a
  for a in "$@"; do
    case $a in
      --json) json=true ;;
      -*) fail "usage: ./tessera logs [name] [--json]" ;;
      *) name=$a ;;
    esac
  done
  local f c
  if [[ -f $RUN/$name.log ]]; then
    files=("$RUN/$name.log")
  elif load_topology 2>/dev/null; then
    # the instances of the last topology, not those an earlier, larger one left logs of
    if [[ $name == kafka ]]; then
      for c in $(kafka_nodes); do [[ -f $RUN/$c.log ]] && files+=("$RUN/$c.log"); done
    elif [[ -n ${SCALE[$name]:-} ]]; then
      for c in $(instances "$name"); do [[ -f $RUN/$c.log ]] && files+=("$RUN/$c.log"); done
    fi
  fi
  if [[ ${#files[@]} -eq 0 ]]; then
    for f in "$RUN/$name".*.log; do [[ -f $f ]] && files+=("$f"); done
  fi
  [[ ${#files[@]} -gt 0 ]] || fail "no log for '$name' (one of: postgres kafka lobby game scoring gateway lb supervisor, or an instance such as game.2)"
  # The services write one JSON object per line (service-kit's observe.LogFormat): shown as text unless --json.
  if [[ $json == true ]]; then
    tail -f "${files[@]}"
  else
    tail -f "${files[@]}" | as_text
  fi
}

# Rebuilds a service's read model from the topics: stop every instance of it, run its Rebuild (record where the
# replay ends, reset its consumer group to the earliest offsets, empty its tables), start them again.
rebuild() {
  local s main module was_running=() c
  case ${1:-} in
    scoring) s=scoring main=dev.tessera.scoring.Rebuild ;;
    stats) s=scoring main=dev.tessera.scoring.stats.StatsReset ;;
    lobby) s=lobby main=dev.tessera.lobby.Rebuild ;;
    *) fail "usage: ./tessera rebuild scoring|stats|lobby" ;;
  esac
  module=$(module_of "$s")
  check_java
  mkdir -p "$RUN"
  load_topology || fail "the infrastructure is not running: ./tessera up --detach first"
  build
  for c in $(instances "$s"); do
    if pid_alive "$c"; then
      was_running+=("$c")
      hold "$c"
      say "stopping $c…"
      stop_pid "$c"
    fi
  done
  # The tool of the release the platform runs (./tessera upgrade changes it), not of whatever the checkout built since.
  local app
  app=$(dirname "$(release_jar "$module")")
  if ! SCORING_STATS_STATE_DIR=${SCORING_STATS_STATE_DIR:-$DATA/scoring-stats} java -cp "$app/app/*:$app/lib/boot/*:$app/lib/main/*" "$main"; then
    restart_held "${was_running[@]}"
    fail "the rebuild of $s failed or was refused (see above); its read model is as it was"
  fi
  # Kafka Streams keeps a state folder per instance: the reset cleaned instance 1's; the others' go too.
  [[ $s == scoring && $main == *StatsReset ]] && rm -rf "$DATA"/scoring-stats-*
  if [[ ${#was_running[@]} -gt 0 ]]; then
    restart_held "${was_running[@]}"
    say "$s is up again and replays the topics into its read model."
  else
    say "start Tessera (./tessera up) and $s replays the topics into its read model."
  fi
}
restart_held() {
  local c
  [[ $# -gt 0 ]] || return 0
  for c in "$@"; do start_service "$c"; done
  wait_ready "$@"
  for c in "$@"; do release "$c"; done
}
