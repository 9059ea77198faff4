# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: ./tessera bench, the load benchmark and its report (the saturating
# load, the paced one, invalid moves, the machine's ceiling, the idle platform after), in bench/results/.

# A value from one of LoadBench's tables ("| label | value |"), its spaces removed.
load_value() { awk -F'|' -v label=" $2 " '$2 == label {gsub(/ /, "", $3); print $3}' <<< "$1"; }

# A measured phase is a window inside continuous play, as the peer's harness measures: the load generator signs its
# players up and starts every game, then at each end of the seconds it counts, while its bots play on, reads
# PostgreSQL's counters (JDBC) and every process's CPU (/proc) itself, into $RUN/pg.* and $RUN/cpu.* (a psql and a
# fork per thread took seconds of a saturated machine); it reads the round trips after it (bench/README.md).
measured_window() {
  window_processes > "$RUN/window.processes"
  echo "-Dtessera.bench.processes=$RUN/window.processes"
}
window_taken() { [[ -s $RUN/cpu.before && -s $RUN/cpu.after && -s $RUN/pg.before && -s $RUN/pg.after ]]; }

bench() {
  local seconds=${1:-60} per=${2:-4} bot=${3:-random} titles=${4:-alhambra,carrara,builders} warmup=${5:-180} s
  check_java
  mkdir -p "$RUN" bench/results
  ensure_platform
  say "preparing the benchmark…"
  local cp
  cp=$(bench_classpath) || exit 1
  local report="bench/results/$(date -u +%Y-%m-%d-%H%M).md"
  if [[ $warmup -gt 0 ]]; then
    # The same load, not measured: on a small machine the JIT compilers take more CPU than the services for
    # the first minutes (bench/results/journal.md), which a service that runs for days pays once.
    say "warming up for $warmup s (the same load, not measured)…"
    java $(loadgen_opts) -cp "$cp" dev.tessera.bench.LoadBench "http://localhost:$GATEWAY_PORT" "$warmup" "$per" "$bot" "$titles" > /dev/null 2> "$RUN/bench-warmup-errors.log" \
      || fail "the warm-up failed ($RUN/bench-warmup-errors.log)"
  fi
  rm -f "$RUN/pg.before" "$RUN/cpu.before" "$RUN/cpu.after" "$RUN/pg.after"

  say "playing for $seconds s ($per games per title of $titles, $bot bots)…"
  local load
  load=$(java $(loadgen_opts) $(measured_window) -cp "$cp" dev.tessera.bench.LoadBench "http://localhost:$GATEWAY_PORT" "$seconds" "$per" "$bot" "$titles" 2> "$RUN/bench-errors.log")
  window_taken || fail "the load generator took no measured window ($RUN/bench-errors.log)"
  cp "$RUN/cpu.before" "$RUN/cpu.saturated.before"; cp "$RUN/cpu.after" "$RUN/cpu.saturated.after"
  cp "$RUN/pg.before" "$RUN/pg.saturated.before"; cp "$RUN/pg.after" "$RUN/pg.saturated.after"
  rm -f "$RUN/idle.before" "$RUN/idle.after"
  local moves
  moves=$(load_value "$load" "moves accepted")
  {
    say "# Tessera benchmark, $(date -u '+%Y-%m-%d %H:%M') UTC"
    say ""
    say "Platform: $(describe_topology); PostgreSQL fsync $(pg_setting fsync), synchronous_commit $(pg_setting synchronous_commit)."
    say "Machine: $(nproc) cores ($(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)), $(free -g | awk '/Mem/ {print $2}') GiB; everything on it (load generator included). Commit $(git rev-parse --short HEAD 2>/dev/null)."
    say "Command: \`./tessera bench $seconds $per $bot $titles $warmup\` (after $warmup s of the same load, not measured)"
    say "JVM options of the services: \`$(jvm_opts | xargs)\`; of Kafka's JVM: \`$(kafka_jvm_opts | xargs)\`; of the load generator: \`$(loadgen_opts | xargs)\`."
    say "CPU scheduling policy (TESSERA_BACKGROUND_POLICY): $(for s in kafka.1 scoring.1 lobby.1 game.1 gateway.1; do
      printf '%s %s; ' "${s%.1}" "$(chrt -p "$(pid_of "$s")" 2>/dev/null | sed -n 's/.*policy: //p' | head -1)"; done)"
    say ""
    say "$load"
    say ""
    say "## Services during the run"
    say ""
    cpu_report "$RUN/cpu.before" "$RUN/cpu.after" "$moves"
    say ""
    say "PostgreSQL's work in the same window, per accepted move (issue 41's goals: at most 6 statements and 2 WAL flushes):"
    say ""
    pg_report "$RUN/pg.before" "$RUN/pg.after" "$moves"
    say ""
    say "## Lag at the end of the run"
    say ""
    if command -v psql >/dev/null 2>&1; then
      for s in lobby game scoring; do
        say "- outbox rows not yet published ($s): $(psql -qtA -h localhost -p "${TESSERA_DB_PORT:-$PG_PORT}" -U postgres -d "tessera_$s" -c 'SELECT count(*) FROM outbox WHERE published_at IS NULL' 2>/dev/null || echo '?')"
      done
    fi
    say "- consumer lag (records not yet consumed by the services' groups, the statistics' Kafka Streams included): $(consumer_lag "$cp")"
  } > "$report"
  # The latency target of issue 11 is set at half the saturating load: the same games again, paced, once the
  # services have caught up with the saturating phase (else the first seconds measure its backlog too).
  # TESSERA_BENCH_PACE (moves/s) paces it at a fixed rate instead, the same in every run: CPU per move at one pace
  # compares builds better than the saturated phase, whose rate moves with the machine (bench/results/journal.md, tenth session).
  local half paced="" since=$SECONDS lag heading="At half the saturating load"
  half=$(awk -v r="$(load_value "$load" "moves per second")" 'BEGIN {if (r != "") printf "%.1f", r / 2}')
  if [[ -n ${TESSERA_BENCH_PACE:-} ]]; then
    half=$TESSERA_BENCH_PACE heading="At a fixed pace (TESSERA_BENCH_PACE)"
  fi
  if [[ -n $half && $half != 0.0 ]]; then
    say "waiting for the services to consume what the saturating phase published…"
    while lag=$(consumer_lag "$cp"); [[ $lag != 0 && $((SECONDS - since)) -lt 120 ]]; do sleep 1; done
    local started_when="once the consumer groups had no lag left, after about $((SECONDS - since)) s"
    [[ $lag != 0 ]] && started_when="after waiting $((SECONDS - since)) s, with $lag records still not consumed"
    say "playing for $seconds s more at $half moves/s…"
    rm -f "$RUN/pg.before" "$RUN/cpu.before" "$RUN/cpu.after" "$RUN/pg.after"
    paced=$(java $(loadgen_opts) $(measured_window) -cp "$cp" dev.tessera.bench.LoadBench "http://localhost:$GATEWAY_PORT" "$seconds" "$per" "$bot" "$titles" "$half" 2> "$RUN/bench-paced-errors.log")
    window_taken || fail "the load generator took no measured window ($RUN/bench-paced-errors.log)"
    { say ""; say "${paced/\#\# Load:/## $heading:}"; say ""
      say "(Started $started_when.)"; say ""
      cpu_report "$RUN/cpu.before" "$RUN/cpu.after" "$(load_value "$paced" "moves accepted")"
      say ""
      pg_report "$RUN/pg.before" "$RUN/pg.after" "$(load_value "$paced" "moves accepted")"
    } >> "$report"
  fi
  # What an invalid move costs: only invalid moves, sent to a game of each title, with PostgreSQL's counters and
  # the topics' end offsets around them (issue 41: no event, no record, no statement beyond the game's read).
  local rejections=${TESSERA_BENCH_REJECTIONS:-300} refusals
  if (( rejections > 0 )); then
    say "sending $rejections invalid moves…"
    refusals=$(java $(loadgen_opts) -cp "$cp" dev.tessera.bench.LoadBench rejections "http://localhost:$GATEWAY_PORT" "$rejections" \
      "$titles" "$TESSERA_KAFKA" "$ROOT/tessera counters" 2> "$RUN/bench-rejections-errors.log" | grep '^|')
    { say ""; say "## Invalid moves only"; say ""
      say "$refusals"; say ""
      say "PostgreSQL's work meanwhile, per invalid move (the platform's background work in the same seconds included):"
      say ""
      pg_report "$RUN/counters.before" "$RUN/counters.after" "$(load_value "$refusals" "refused (status and rule: count)" | tr ',' '\n' | awk -F: '{n += $NF} END {print n + 0}')"
    } >> "$report"
  fi
  bench_ceiling "$cp" "$load" "$paced" "$heading" >> "$report"
  # The idle platform, after all this (TESSERA_BENCH_IDLE=0 skips it; TESSERA_BENCH_IDLE_QUIET, default 120 s).
  if [[ ${TESSERA_BENCH_IDLE:-60} != 0 ]]; then
    say "measuring the idle platform (${TESSERA_BENCH_IDLE_QUIET:-120} s quiet, then ${TESSERA_BENCH_IDLE:-60} s)…"
    { say ""; idle_measure "${TESSERA_BENCH_IDLE:-60}" "${TESSERA_BENCH_IDLE_QUIET:-120}" | sed 's/^## Idle:/## Idle after the run:/'; } >> "$report"
  fi
  bench_summary "$report" "$moves" "$(load_value "$paced" "moves accepted")" "$heading" >> "$report"
  say "report: $report"
  cat "$report"
  [[ $STARTED_HERE == 1 ]] && down
  return 0
}

# The figures issue 41 asks for at the end of the report: the saturated phase's CPU per move by process and
# PostgreSQL's statements and WAL flushes per move, and the idle platform's CPU (when measured).
bench_summary() {
  local moves=$2 hz
  hz=$(getconf CLK_TCK)
  (( moves > 0 )) || return 0
  say ""
  say "## Summary"
  say ""
  say "CPU per accepted move at saturation, by process (ms; the JIT compilers' share included):"
  say ""
  join <(sort "$RUN/cpu.saturated.before") <(sort "$RUN/cpu.saturated.after") | awk -v hz="$hz" -v m="$moves" '
    $1 == "machine" {next}
    {ms = ($1 == "loadgen" ? ($4 - $2) : ($4 - $2) / hz) * 1000 / m; v[$1] = ms; if ($1 != "loadgen") all += ms}
    END {
      print "| lobby | game | scoring | gateway | Kafka | PostgreSQL | **platform** | load generator (not counted) |"
      print "|---|---|---|---|---|---|---|---|"
      printf "| %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | **%.2f** | %.2f |\n", v["lobby"], v["game"], v["scoring"], v["gateway"], v["kafka"], v["pg"], all, v["loadgen"]
    }'
  say ""
  join <(sort "$RUN/pg.saturated.before") <(sort "$RUN/pg.saturated.after") | awk -v m="$moves" '
    $1 ~ /^statements\./ {st += $3 - $2; seen = 1} $1 == "wal.flushes" {fl = $3 - $2}
    END {printf "PostgreSQL per accepted move: %s statements (goal: at most 6), %.2f WAL flushes (goal: at most 2).\n", (seen ? sprintf("%.2f", st / m) : "? (pg_stat_statements not loaded)"), fl / m}'
  # Issue 41 wants a move at half load to cost at most 1.2 times its saturated CPU. The load generator does the same
  # work per move at both rates (it batches nothing), so its own ratio is what the machine adds at a lower load
  # (wake-ups, cold caches), whatever the platform batches: the two side by side (journal, thirty-fifth session).
  local paced_moves=${3:-0} saturated paced_ms
  if [[ $paced_moves =~ ^[0-9]+$ ]] && (( paced_moves > 0 )) && [[ -f $RUN/cpu.before && -f $RUN/cpu.after ]]; then
    saturated=$(per_move_cpu "$RUN/cpu.saturated.before" "$RUN/cpu.saturated.after" "$moves")
    paced_ms=$(per_move_cpu "$RUN/cpu.before" "$RUN/cpu.after" "$paced_moves")
    say ""
    awk -v s="$saturated" -v p="$paced_ms" -v h="${4:-At half the saturating load}" 'BEGIN {
      split(s, a, " "); split(p, b, " ")
      printf "%s, CPU per accepted move against the saturated phase: the platform %.2f ms, **%.2f ×** (goal at half load: at most 1.2); the load generator, which does the same work per move at both rates, %.2f ms, %.2f ×.\n", h, b[1], b[1] / a[1], b[2], b[2] / a[2]
    }'
  fi
  if [[ -f $RUN/idle.after ]]; then
    join <(sort "$RUN/idle.before") <(sort "$RUN/idle.after") | awk -v hz="$hz" -v t="${TESSERA_BENCH_IDLE:-60}" '
      {all += ($3 - $2) / hz} END {printf "\nIdle, after the run: %.4f of a core for all processes together.\n", all / t}'
  fi
}

# "platform loadgen": CPU per accepted move (ms) between two cpu_snapshot files, as the summary's table counts it.
per_move_cpu() {
  join <(sort "$1") <(sort "$2") | awk -v hz="$(getconf CLK_TCK)" -v m="$3" '
    $1 == "machine" {next}
    {ms = ($1 == "loadgen" ? ($4 - $2) : ($4 - $2) / hz) * 1000 / m; if ($1 == "loadgen") lg = ms; else all += ms}
    END {printf "%.4f %.4f\n", all, lg}'
}

# Records on the topics not yet consumed by the services' consumer groups and the statistics' Kafka Streams
# application, summed (bench/README.md: the relays' transaction markers are not records to consume).
consumer_lag() {
  java -cp "$1" dev.tessera.bench.chaos.Lags "$TESSERA_KAFKA" 2>/dev/null || echo "?"
}

# The machine's own ceiling in the same run: single-row inserts into an events-like table (pgbench)
# and Kafka's producer with 300-byte records, acks=all.
bench_ceiling() {
  local cp=$1 load=$2 paced=$3 heading=${4:-At half the saturating load} tps="" moves
  say ""
  say "## The machine's ceiling, same run"
  say ""
  if command -v pgbench >/dev/null 2>&1 && command -v psql >/dev/null 2>&1; then
    local pg=(-h localhost -p "${TESSERA_DB_PORT:-$PG_PORT}" -U postgres)
    psql -q "${pg[@]}" -d postgres -c 'DROP DATABASE IF EXISTS tessera_bench' >/dev/null 2>&1
    psql -q "${pg[@]}" -d postgres -c 'CREATE DATABASE tessera_bench' >/dev/null
    psql -q "${pg[@]}" -d tessera_bench -c "CREATE TABLE events (stream_id TEXT, version BIGINT, type TEXT, payload JSONB,
      recorded_at TIMESTAMPTZ DEFAULT now(), UNIQUE (stream_id, version))" >/dev/null
    # pgbench computes the version (64-bit): in SQL, :client_id * 1000000000 overflows an integer from the fourth
    # client on.
    printf '%s\n' '\set s random(1, 1000000000)' '\set v :client_id * 1000000000 + :s' \
      "INSERT INTO events (stream_id, version, type, payload) VALUES ('g' || :s, :v, 'tessera.bench.Inserted', '{\"player\": \"ana\", \"cards\": [1, 2, 3]}');" \
      > "$RUN/pgbench.sql"
    tps=$(pgbench -n "${pg[@]}" -c 8 -j 2 -T 15 -f "$RUN/pgbench.sql" tessera_bench 2>/dev/null | awk '/^tps/ {printf "%.0f", $3}')
    say "- pgbench, single-row INSERT into an events-like table (jsonb, unique(stream_id, version)), 8 clients, 15 s: **${tps:-?} inserts/s**"
    psql -q "${pg[@]}" -d postgres -c 'DROP DATABASE IF EXISTS tessera_bench' >/dev/null 2>&1
  else
    say "- pgbench: not installed (Debian: apt-get install -y postgresql-15 brings it); skipped"
  fi
  local kafka
  kafka=$(java -cp "$cp" org.apache.kafka.tools.ProducerPerformance --topic tessera-bench-ceiling --num-records 300000 \
      --record-size 300 --throughput -1 --producer-props "bootstrap.servers=$TESSERA_KAFKA" acks=all 2>/dev/null | tail -1)
  say "- Kafka ProducerPerformance, 300-byte records, acks=all: ${kafka:-failed}"
  moves=$(load_value "$load" "moves per second")
  if [[ -n $tps && -n $moves ]]; then
    say "- Tessera's moves per second as a share of the pgbench insert rate: **$(awk -v m="$moves" -v t="$tps" 'BEGIN {printf "%.1f%%", 100 * m / t}')**"
  fi
  if [[ -n $paced ]]; then
    say "- move latency p99 ${heading,}: **$(printf '%s\n' "$paced" | awk -F'|' '/move latency/ {split($3, p, "/"); gsub(/ /, "", p[3]); print p[3]}') ms** (issue 11's target: at most 25 ms at half the saturating load)"
  fi
}

# A PostgreSQL setting of the platform's server, or "?" (psql missing, external server unreachable).
pg_setting() {
  psql -qtA -h "${TESSERA_DB_HOST:-localhost}" -p "${TESSERA_DB_PORT:-$PG_PORT}" -U "${TESSERA_DB_USER:-postgres}" -d postgres \
    -c "SHOW $1" 2>/dev/null || echo "?"
}

# The bench module built and its class path resolved (for the load generators and the checks).
bench_classpath() {
  ./mvnw -q -B -pl bench -am -DskipTests install > "$RUN/bench-build.log" 2>&1 || fail "bench build failed ($RUN/bench-build.log)"
  ./mvnw -q -B -pl bench dependency:build-classpath -Dmdep.outputFile="$RUN/bench.classpath" >> "$RUN/bench-build.log" 2>&1 \
    || fail "bench classpath failed ($RUN/bench-build.log)"
  echo "bench/target/classes:$(cat "$RUN/bench.classpath")"
}

# How fast a past position answers (issue 37): one whole game played by the bots, then views at random versions of it
# (dev.tessera.bench.PastViews), on the running platform (started here, and stopped after, when it is not running).
past_views() {
  local title=${1:-alhambra} reads=${2:-300} report cp
  ensure_platform
  cp=$(bench_classpath)
  mkdir -p bench/results
  report="bench/results/$(date -u +%Y-%m-%d-%H%M)-past-views.md"
  say "playing a whole $title game, then $reads views at random versions of it…"
  { say "# Tessera past positions, $(date -u '+%Y-%m-%d %H:%M') UTC (commit $(git rev-parse --short HEAD 2>/dev/null))"
    say ""
    java $(loadgen_opts) -cp "$cp" dev.tessera.bench.PastViews --gateway "http://localhost:$GATEWAY_PORT" \
      --title "$title" --reads "$reads" 2> "$RUN/past-views-errors.log" || fail "the past views failed ($RUN/past-views-errors.log)"
  } > "$report"
  cat "$report"
  say "report: $report"
  [[ $STARTED_HERE == 1 ]] && down
  return 0
}
