# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: the processes, how each component (PostgreSQL, a Kafka node, a
# service instance, HAProxy) is started, with which JVM options and scheduling policy, and when it is ready.

# An HTTP status code from localhost, with bash alone (no curl needed).
http_status() {
  local port=$1 path=$2 line
  { exec 3<>"/dev/tcp/127.0.0.1/$port"; } 2>/dev/null || { echo 000; return; }
  printf 'GET %s HTTP/1.0\r\nHost: localhost\r\n\r\n' "$path" >&3
  IFS= read -r -t 5 line <&3 || line=""
  exec 3>&- 3<&-
  line=${line#HTTP/* }
  echo "${line%% *}"
}

port_in_use() { { (exec 3<>"/dev/tcp/127.0.0.1/$1"); } 2>/dev/null; }

# Alive, and not a zombie: a killed process stays a zombie until it is reaped, and on some machines (containers,
# micro-VMs) that takes a moment; PostgreSQL's postmaster is reaped by init, not by us.
alive() { local state; state=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) && [[ $state != Z ]]; }
pid_of() { cat "$RUN/$1.pid" 2>/dev/null; }
pid_alive() { local p; p=$(pid_of "$1") && [[ -n $p ]] && alive "$p"; }

# Where the services find PostgreSQL and Kafka: the external ones named in the environment, else ours.
# shellcheck disable=SC2034 # EXTERNAL_PG and EXTERNAL_KAFKA are read by the other parts
infra_env() {
  EXTERNAL_PG=0 EXTERNAL_KAFKA=0
  if [[ -n ${TESSERA_DB_HOST:-} ]]; then
    EXTERNAL_PG=1
  else
    export TESSERA_DB_HOST=localhost TESSERA_DB_PORT=$PG_PORT TESSERA_DB_USER=postgres TESSERA_DB_PASSWORD=
  fi
  if [[ -n ${TESSERA_KAFKA:-} ]]; then
    EXTERNAL_KAFKA=1
  else
    export TESSERA_KAFKA=$(bootstrap)
  fi
}

infra_cp() { echo "$(cat "$RUN/infra.classpath"):infra/target/classes"; }

# The services' JSON log lines on standard input as text (infra's LogView), every other line as it is; as they are
# when infra is not built yet.
as_text() {
  if [[ -f $RUN/infra.classpath && -d infra/target/classes ]]; then
    java -XX:TieredStopAtLevel=1 -Xmx32m -cp "$(infra_cp)" dev.tessera.infra.LogView
  else
    cat
  fi
}

# TESSERA_PG_DURABLE=off runs PostgreSQL with fsync and synchronous_commit off, as the tests do: only to measure
# what durability costs (./tessera bench); an acknowledged move can then be lost when the machine crashes.
start_postgres() {
  local line durable=${TESSERA_PG_DURABLE:-on}
  [[ $durable == on || $durable == off ]] || fail "TESSERA_PG_DURABLE is on (the default) or off, not '$durable'"
  # The server outlives the JVM that starts it: its pid is the postmaster's, which the JVM prints.
  if ! java $(infra_jvm_opts) -cp "$(infra_cp)" dev.tessera.infra.LocalPlatform postgres --data "$DATA/postgres" \
      --port "$PG_PORT" --databases "$DATABASES" --log "$RUN/postgres.server.log" --durable "$durable" \
      >> "$RUN/postgres.log" 2>&1; then
    return 1
  fi
  line=$(grep "postgres ready" "$RUN/postgres.log" | tail -1)
  echo "${line##* pid }" > "$RUN/postgres.pid"
}

start_kafka() {
  local name=$1 i=${1##*.} dir
  dir=$(kafka_data_dir "$name")
  nohup java $(kafka_jvm_opts) -cp "$(infra_cp)" dev.tessera.infra.LocalPlatform kafka --data "$dir" --node "$i" \
    --ports "$(kafka_ports)" >> "$RUN/$name.log" 2>&1 &
  echo $! > "$RUN/$name.pid"
  batch_threads_later $!
}

# Starts one instance ("game.2") with the environment every instance of it gets.
start_service() {
  local name=$1 s=${1%%.*} i=${1##*.} module port state
  module=$(module_of "$s")
  port=$(port_of "$name")
  # Kafka Streams' local state (scoring-service's statistics) lives with the data, not in /tmp, one folder per
  # instance; instance 1 keeps the folder of the single-instance platform.
  state=$DATA/scoring-stats
  (( i > 1 )) && state=$DATA/scoring-stats-$i
  # Local development: webhooks may go to http on loopback (a receiver on this machine), as they may not in production.
  # Worked out before the assignments below, which change the port variables urls_of reads.
  local lobby_urls game_urls scoring_urls
  lobby_urls=$(urls_of lobby) game_urls=$(urls_of game) scoring_urls=$(urls_of scoring)
  SCORING_STATS_STATE_DIR=${SCORING_STATS_STATE_DIR:-$state} \
  SCORING_STATS_APPLICATION_SERVER=localhost:$port \
  LOBBY_URL=$lobby_urls GAME_URL=$game_urls SCORING_URL=$scoring_urls \
  TESSERA_WEBHOOKS_LOCAL=${TESSERA_WEBHOOKS_LOCAL:-true} \
  LOBBY_PORT=$port GAME_PORT=$port SCORING_PORT=$port GATEWAY_PORT=$port TESSERA_INSTANCE=$name \
    nohup env $(tracing_env) $(policy_of "$s") java $(jvm_opts) -jar "$(release_jar "$module")" \
    >> "$RUN/$name.log" 2>&1 &
  echo $! > "$RUN/$name.pid"
}

# HAProxy in front of the gateways (from Debian's package, installed here when missing and allowed). It spreads
# requests by a hash of the caller's credential, so that one player's requests meet one gateway's rate limit
# while that gateway lives (gateway/README.md, "Limits"), checks each gateway's readiness every second, sends a
# request whose connection a gateway refused to another one, and answers 503 problem+json when none can.
ensure_haproxy() {
  command -v haproxy >/dev/null 2>&1 && return 0
  if [[ $(id -u) == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    say "installing HAProxy (apt-get install haproxy), the load balancer in front of several gateways…"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q haproxy > "$RUN/apt-haproxy.log" 2>&1 \
      || { apt-get update -q > /dev/null 2>&1 && DEBIAN_FRONTEND=noninteractive apt-get install -y -q haproxy >> "$RUN/apt-haproxy.log" 2>&1; } \
      || fail "could not install HAProxy (log: $RUN/apt-haproxy.log)"
  else
    fail "more than one gateway needs HAProxy in front of them: install it (Debian: apt-get install haproxy)"
  fi
}

write_haproxy_config() {
  local n
  {
    say "# Written by ./tessera up for ${SCALE[gateway]} gateways; see deploy/haproxy/README.md."
    say "global"
    say "  maxconn 4096"
    # Requests up to 32 KiB reach a gateway, which answers a head over its limits (20 KiB of headers, 8 KiB of
    # path) with a 431 or 414 problem; HAProxy's default 16 KiB would refuse them first with its own HTML page.
    say "  tune.bufsize 32768"
    # Only what went wrong reaches the log (lb.log): a request no gateway answered, an answer cut off.
    say "  log stdout format raw daemon"
    say "defaults"
    say "  mode http"
    say "  log global"
    say "  option httplog"
    say "  option dontlog-normal"
    say "  timeout connect 2s"
    say "  timeout client 1h"
    # The live feed is a long answer; a gateway's own upstream timeout bounds every other request.
    say "  timeout server 1h"
    say "  retries 3"
    say "  option redispatch 1"
    say "  retry-on conn-failure"
    for n in 502 503 504; do say "  errorfile $n $ROOT/deploy/haproxy/unavailable.http"; done
    say "frontend api"
    say "  bind :$GATEWAY_PORT"
    say "  http-request set-header X-Tessera-Route %[req.hdr(Authorization)]%[req.hdr(X-Api-Key)]"
    say "  default_backend gateways"
    say "backend gateways"
    say "  balance hdr(X-Tessera-Route)"
    say "  hash-type consistent"
    say "  option httpchk GET /q/health/ready"
    say "  http-check expect status 200"
    say "  default-server check inter 1s fall 2 rise 1"
    for n in $(instances gateway); do say "  server $n 127.0.0.1:$(port_of "$n")"; done
  } > "$RUN/haproxy.cfg"
}

start_lb() {
  haproxy -W -db -f "$RUN/haproxy.cfg" >> "$RUN/lb.log" 2>&1 &
  echo $! > "$RUN/lb.pid"
}

start_component() {
  case $1 in
    postgres) start_postgres ;;
    kafka.*) start_kafka "$1" ;;
    lb) start_lb ;;
    *) start_service "$1" ;;
  esac
}

# Ready: PostgreSQL and HAProxy once they run, a Kafka node once it said so, a service once /q/health/ready is 200.
ready() {
  case $1 in
    postgres | lb) pid_alive "$1" ;;
    kafka.*) pid_alive "$1" && port_in_use "$(port_of "$1")" ;;
    *) [[ $(http_status "$(port_of "$1")" /q/health/ready) == 200 ]] ;;
  esac
}

wait_ready() {
  local deadline=$((SECONDS + ${TESSERA_START_TIMEOUT:-180})) c pending
  while :; do
    pending=()
    for c in "$@"; do
      pid_alive "$c" || { tail -30 "$RUN/$c.log" | as_text; fail "$c stopped while starting (log: $RUN/$c.log)"; }
      ready "$c" || pending+=("$c")
    done
    [[ ${#pending[@]} == 0 ]] && return 0
    (( SECONDS > deadline )) && fail "not ready in time: ${pending[*]} (logs in $RUN)"
    (( SECONDS % 5 == 0 )) && say "  waiting for: ${pending[*]}"
    sleep 1
  done
}

# JVM options of every service. Both JIT compilers, on any machine: on 2 cores C2's compilations take a large
# share of the CPU for the first minutes under load, but once they are done a move costs the services about
# 30 % less CPU than with C1 only, and the services run for days (bench/results/journal.md, eighth session; C1 only was
# the default below 4 cores until then, judged on benchmarks that began a minute after the start).
# TESSERA_JAVA_OPTS comes last and wins (-XX:TieredStopAtLevel=1 for C1 only).
jvm_opts() { echo "-Xmx256m $(sampled_once_a_second) ${TESSERA_JAVA_OPTS:-}"; }

# Every JVM of the platform samples its performance counters (what jstat reads) once a second, not every 50 ms:
# idle, the thread that samples them ("VM Periodic Task Thread") took 0.0015-0.0027 of a core in each JVM, the most
# of any thread but the broker's, and less than 0.0002 once a second (issue 41: nothing polls faster than once a
# second when there is no work; bench/results/journal.md, thirty-fifth session). jstat still works, a second apart.
sampled_once_a_second() { echo "-XX:PerfDataSamplingInterval=1000"; }

# The JVMs that run Kafka (and start PostgreSQL): on a machine of fewer than 4 cores, the C1 compiler only. Its
# C2 compilations went on in bursts for minutes after the start, a second or two of a whole core each, and the
# seconds in which they ran were those in which moves were slow (sampled per thread, BENCHMARKS.md); with C1 only
# Kafka used about the same CPU in all. TESSERA_INFRA_JAVA_OPTS comes last and wins.
infra_jvm_opts() { echo "-Xmx768m $(c1_on_small_machine) $(sampled_once_a_second) ${TESSERA_INFRA_JAVA_OPTS:-}"; }
# A broker's JVM also takes its whole heap at the start and touches it (-Xms as -Xmx, as Kafka's own start script
# sets them, and -XX:+AlwaysPreTouch): its resident memory is then what it will be after hours, not a figure that
# grows for half an hour while G1 first touches its regions (the soak's second hour, docs/operations.md, "Soak").
# A TESSERA_INFRA_JAVA_OPTS with a smaller -Xmx needs its own -Xms too.
kafka_jvm_opts() { echo "-Xms768m -XX:+AlwaysPreTouch $(infra_jvm_opts)"; }
c1_on_small_machine() { [[ $(nproc 2>/dev/null || echo 4) -lt 4 ]] && echo "-XX:TieredStopAtLevel=1"; return 0; }

# The load generator: a JVM of a minute per phase, where C2 would still be compiling when it ends; with C1 only it
# took 9 instead of 16 CPU-seconds in 40 s of load, CPU the platform it measures gets back (BENCHMARKS.md).
# TESSERA_BENCH_JAVA_OPTS comes last and wins.
loadgen_opts() { echo "-XX:TieredStopAtLevel=1 -Dtessera.bench.invalid=${TESSERA_BENCH_INVALID:-0.02} ${TESSERA_BENCH_JAVA_OPTS:-}"; }

# TESSERA_BACKGROUND_POLICY=batch (the default) or normal. The asynchronous side of the platform, which consumes
# the events (Kafka, scoring-service, lobby-service), runs under Linux's SCHED_BATCH scheduling policy: the same
# share of the CPU as the rest, but a thread of theirs that wakes up does not preempt the path a move's answer
# waits for (gateway, game-service, PostgreSQL); Kafka's and the consumers' threads wake up all the time. Measured
# (BENCHMARKS.md): move p99 at half load lower in every paired run, saturated throughput and the scoring round
# trips unchanged (a lower nice, tried first, starved the projections when saturated). Skipped where chrt cannot
# set it (not Linux).
background_batch() {
  [[ ${TESSERA_BACKGROUND_POLICY:-batch} == batch ]] && command -v chrt >/dev/null 2>&1 && chrt -b 0 true 2>/dev/null
}
# The command a service starts under: chrt -b 0 for the asynchronous ones.
policy_of() { case $1 in lobby|scoring) background_batch && echo "chrt -b 0" ;; esac; return 0; }
# Kafka's JVM runs under SCHED_BATCH too (see above); set on the whole process once its threads run, in the
# background, since the policy is per thread and threads started later inherit it.
batch_threads_later() {
  background_batch || return 0
  ( sleep 5; for t in /proc/"$1"/task/*; do chrt -b -p 0 "${t##*/}" >/dev/null 2>&1 || true; done ) &
}
