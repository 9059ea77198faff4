# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: the measurements, the CPU and memory of every process (for bench),
# the idle platform's CPU (./tessera idle) and PostgreSQL's counters (./tessera counters, for bench).

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat" 2>/dev/null || echo 0; }
rss_mb() { awk '/VmRSS/ {printf "%.0f", $2 / 1024}' "/proc/$1/status" 2>/dev/null || echo "?"; }
# CPU ticks of a JVM's JIT compiler threads (C1/C2), which run beside the application's. The JVM starts and
# ends compiler threads as it needs them; one that ends during a run takes its ticks with it (a lower bound).
jit_ticks() {
  # One awk over every thread's stat, not a process per thread (which took 30 s of a saturated machine). The name
  # "(C2 CompilerThre)" splits in two fields, so utime and stime are fields 15 and 16 there.
  local stats=(/proc/"$1"/task/*/stat)
  [[ -e ${stats[0]} ]] || { echo 0; return; }
  awk '$2 ~ /^\(C[12]$/ && $3 ~ /^CompilerThre/ {sum += $15 + $16} END {print sum + 0}' "${stats[@]}" 2>/dev/null || echo 0
}
# CPU ticks of our PostgreSQL: its server (found by its port) and its children (backends and workers alive now; one that ended took its ticks).
# The server's own ticks are counted by $1 (default cpu_ticks; all_ticks adds the backends it reaped).
pg_ticks() {
  local server_ticks=${1:-cpu_ticks} pm sum=0 p
  for pm in $(pgrep -f -- "bin/postgres -D .* -p $PG_PORT " 2>/dev/null); do
    sum=$((sum + $($server_ticks "$pm")))
    for p in $(pgrep -P "$pm" 2>/dev/null); do sum=$((sum + $(cpu_ticks "$p"))); done
  done
  echo "$sum"
}
# The processes of one part of the platform: a service's instances, or the brokers ("kafka").
processes_of() { if [[ $1 == kafka ]]; then kafka_nodes; else instances "$1"; fi; }
# The CPU seconds (user + system) of this shell's finished children so far, from the builtin times (which must
# run in this shell, not in a command substitution's subshell: hence the file).
children_cpu() {
  times > "$RUN/times"
  awk 'NR == 2 {gsub(/s/, ""); split($1, u, "m"); split($2, y, "m"); print u[1] * 60 + u[2] + y[1] * 60 + y[2]}' "$RUN/times"
}
# The whole machine's busy and total CPU ticks (all cores), from /proc/stat.
machine_ticks() { awk '/^cpu / {print $2 + $3 + $4 + $7 + $8, $2 + $3 + $4 + $5 + $6 + $7 + $8}' /proc/stat; }
# CPU counters of every process a phase of the benchmark involves, one "name ticks jit-ticks" line each (the load
# generator's in seconds, as children of this shell; the machine's busy and total ticks), for cpu_report. The bench's
# measured window takes the same from inside the load generator (dev.tessera.bench.ProcessCpu, from window_processes).
cpu_snapshot() {
  local s c ticks jit
  for s in "${SERVICES[@]}" kafka; do
    ticks=0 jit=0
    for c in $(processes_of "$s"); do
      ticks=$((ticks + $(cpu_ticks "$(pid_of "$c" || echo 0)"))) jit=$((jit + $(jit_ticks "$(pid_of "$c" || echo 0)")))
    done
    echo "$s $ticks $jit"
  done
  echo "pg $(pg_ticks) 0"
  # Not in a $(…): children_cpu reads this shell's own children's times, which a subshell has none of.
  children_cpu > "$RUN/loadgen.cpu"
  echo "loadgen $(cat "$RUN/loadgen.cpu") 0"
  echo "machine $(machine_ticks)"
}
# Resident memory of every instance of a service, summed.
# An instance that is gone (rss_mb answers "?") counts 0, not an arithmetic error.
service_rss() {
  local c sum=0 mb
  for c in $(instances "$1"); do
    mb=$(rss_mb "$(pid_of "$c" || echo 0)" | tr -dc 0-9)
    sum=$((sum + ${mb:-0}))
  done
  echo "$sum"
}
# What each process used between two cpu_snapshot files, and per accepted move ($3 moves).
cpu_report() {
  local before=$1 after=$2 moves=${3:-0} hz s joined
  hz=$(getconf CLK_TCK)
  joined=$(join <(sort "$before") <(sort "$after"))
  say "| service | resident memory (MB) | CPU (s) | of which JIT compilers (s) | CPU per accepted move (ms) |"
  say "|---|---|---|---|---|"
  for s in "${SERVICES[@]}"; do
    # shellcheck disable=SC2004 # SCALE is associative (topology.sh): its key needs the $
    say "| $s$( ((SCALE[$s] > 1)) && echo " (${SCALE[$s]} instances)") | $(service_rss "$s") | $(awk -v n="$s" -v hz="$hz" -v m="$moves" '$1 == n {
      d = ($4 - $2) / hz; j = ($5 - $3) / hz; printf "%.1f | %.1f | %s", d, (j < 0 ? 0 : j), (m > 0 ? sprintf("%.1f", 1000 * d / m) : "n/a")}' <<< "$joined") |"
  done
  say ""
  awk -v hz="$hz" -v m="$moves" '
    $1 == "kafka" {kafka = ($4 - $2) / hz; kjit = ($5 - $3) / hz}
    $1 == "pg" {pg = ($4 - $2) / hz}
    $1 == "loadgen" {gen = $4 - $2}
    $1 == "machine" {busy = $4 - $2; total = $5 - $3}
    $1 != "machine" && $1 != "loadgen" {all += ($4 - $2) / hz}
    END {
      all += gen
      printf "Beside them, in the same window: Kafka (the brokers) %.1f s CPU (its JIT compilers %.1f s), PostgreSQL %.1f s (server and the backends alive at the end), the load generator %.1f s.\n\n", kafka, (kjit < 0 ? 0 : kjit), pg, gen
      printf "The whole machine (services, PostgreSQL, Kafka, the load generator) was busy %s of its CPU time during the load", (total > 0 ? sprintf("%.0f%%", 100 * busy / total) : "?")
      if (m > 0) printf "; all of these processes together used %.2f ms of CPU per accepted move (Kafka %.2f, PostgreSQL %.2f, the load generator %.2f)", 1000 * all / m, 1000 * kafka / m, 1000 * pg / m, 1000 * gen / m
      printf ".\n"
    }' <<< "$joined" | while IFS= read -r line; do say "$line"; done
}

# ---- idle ---------------------------------------------------------------------------------------------------------
# CPU ticks of a process and of its children that ended and were waited for (PostgreSQL's backends, the
# supervisor's forks), from /proc/<pid>/stat fields 14-17.
all_ticks() { awk '{print $14 + $15 + $16 + $17}' "/proc/$1/stat" 2>/dev/null || echo 0; }
# One "name ticks" line per part of the platform: every instance of a service summed, the brokers, PostgreSQL (its
# server, its live children and the children it reaped), the supervisor, the load balancer.
idle_snapshot() {
  local s c t
  for s in "${SERVICES[@]}" kafka; do
    t=0
    for c in $(processes_of "$s"); do t=$((t + $(all_ticks "$(pid_of "$c" || echo 0)"))); done
    echo "$s $t"
  done
  echo "postgres $(pg_ticks all_ticks)"
  echo "supervisor $(all_ticks "$(pid_of supervisor || echo 0)")"
  behind_lb && echo "lb $(all_ticks "$(pid_of lb || echo 0)")"
  return 0
}
# One "part<TAB>thread id<TAB>thread name<TAB>ticks" line per thread of the services and the brokers, the name's digits
# as # (so that "C2 CompilerThread0" and "C1 CompilerThread1" group as compilers). Read with builtins only: no process
# is started per thread.
idle_threads_snapshot() {
  local s c pid t name stat
  for s in "${SERVICES[@]}" kafka; do
    for c in $(processes_of "$s"); do
      pid=$(pid_of "$c") || continue
      for t in /proc/"$pid"/task/*; do
        { read -r name < "$t/comm" && read -r stat < "$t/stat"; } 2>/dev/null || continue
        # The name may hold spaces and parentheses: utime and stime are the 12th and 13th fields after its last ')'.
        # shellcheck disable=SC2086 # split on purpose
        set -- ${stat##*) }
        printf '%s\t%s\t%s\t%s\n' "$s" "${t##*/}" "${name//[0-9]/#}" "$((${12} + ${13}))"
      done
    done
  done
}
# The idle platform's CPU: after [quiet] seconds with nothing asked of it, what each part uses in [seconds], in cores
# (issue 41's goal: at most 0.02 of a core single, 0.08 scaled). Markdown on stdout.
idle_measure() {
  local seconds=$1 quiet=$2 hz
  hz=$(getconf CLK_TCK)
  sleep "$quiet"
  idle_snapshot > "$RUN/idle.before"
  idle_threads_snapshot > "$RUN/idle.threads.before"
  sleep "$seconds"
  idle_snapshot > "$RUN/idle.after"
  idle_threads_snapshot > "$RUN/idle.threads.after"
  # A part not running at the first snapshot (no ticks), or whose counters went back (started again in between),
  # would make a measure of nothing read as a goal met: no report then.
  join <(sort "$RUN/idle.before") <(sort "$RUN/idle.after") > "$RUN/idle.parts"
  local missing
  missing=$(awk '($2 == 0 && $1 != "lb") || $3 < $2 {printf "%s%s", sep, $1; sep = ", "}' "$RUN/idle.parts")
  if [[ -n $missing ]]; then
    printf 'tessera: not running for the whole measure: %s; nothing reported\n' "$missing" >&2
    return 1
  fi
  local scaled=0 goal=0.02 s
  (( BROKERS > 1 )) && scaled=1
  # shellcheck disable=SC2004 # SCALE is associative (topology.sh): its key needs the $
  for s in "${SERVICES[@]}"; do (( SCALE[$s] > 1 )) && scaled=1; done
  (( scaled == 1 )) && goal=0.08
  say "## Idle: $(describe_topology), measured for $seconds s after $quiet s without requests"
  say ""
  say "| process | CPU (s) | cores |"
  say "|---|---|---|"
  awk -v hz="$hz" -v t="$seconds" -v goal="$goal" '
    {d = ($3 - $2) / hz; all += d; printf "| %s | %.2f | %.4f |\n", $1, d, d / t}
    END {printf "| **all** | %.2f | **%.4f** |\n\nGoal (issue 41): at most %s of a core for all of them together: %s.\n", all, all / t, goal, (all / t <= goal ? "met" : "not met")}' "$RUN/idle.parts"
  # By thread: the totals move by 0.005-0.01 of a core between runs (the JIT compilers still at work minutes after a
  # start), while a thread with a fixed job (a timer, a polling loop) costs the same in every run; a change to one is
  # judged here (bench/results/journal.md, thirty-fifth session).
  say ""
  say "The busiest threads of the services and brokers in the same $seconds s (the threads of one name in the processes of one part together, digits as #):"
  say ""
  say "| process | threads | cores |"
  say "|---|---|---|"
  awk -F '\t' -v hz="$hz" -v t="$seconds" '
    NR == FNR {before[$1 FS $2] = $4; next}
    {d = $4 - (($1 FS $2) in before ? before[$1 FS $2] : 0); if (d > 0) used[$1 FS $3] += d}
    END {for (k in used) {split(k, p, FS); printf "%s\t%s\t%.4f\n", p[1], p[2], used[k] / hz / t}}' \
    "$RUN/idle.threads.before" "$RUN/idle.threads.after" | sort -t $'\t' -k3,3 -gr | head -15 \
    | awk -F '\t' '{printf "| %s | %s | %s |\n", $1, $2, $3}'
}
# ./tessera idle [seconds] [quiet seconds]: the running platform's idle CPU (started here, and stopped after, when
# it is not running), also written to bench/results/<date>-idle.md.
idle() {
  local seconds=${1:-60} quiet=${2:-120} report
  ensure_platform
  mkdir -p bench/results
  report="bench/results/$(date -u +%Y-%m-%d-%H%M)-idle.md"
  say "measuring the idle platform: $quiet s without requests, then $seconds s measured…"
  if ! { say "# Tessera idle, $(date -u '+%Y-%m-%d %H:%M') UTC (commit $(git rev-parse --short HEAD 2>/dev/null))"
    say ""
    idle_measure "$seconds" "$quiet"
  } > "$report.part"; then
    rm -f "$report.part"
    [[ $STARTED_HERE == 1 ]] && down
    return 1
  fi
  mv "$report.part" "$report"
  cat "$report"
  say "report: $report"
  [[ $STARTED_HERE == 1 ]] && down
  return 0
}

# ---- PostgreSQL's counters ------------------------------------------------------------------------------------------
# One "name value" line per counter of the platform's PostgreSQL: statements run (pg_stat_statements' calls, BEGIN and
# COMMIT included) and transactions, per database; the WAL's writes, flushes (fsyncs) and bytes, for the server; and
# the events the databases hold. Nothing for a counter psql cannot read (pg_stat_statements not loaded, say).
pg_counters() {
  local pg=(-qtA -F ' ' -h "${TESSERA_DB_HOST:-localhost}" -p "${TESSERA_DB_PORT:-$PG_PORT}" -U "${TESSERA_DB_USER:-postgres}") dbs d
  local each=()
  dbs="'${DATABASES//,/\',\'}'"
  psql "${pg[@]}" -d postgres -c 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements' >/dev/null 2>&1
  # One psql for all of it (\c moves to each database for its events).
  for d in ${DATABASES//,/ }; do each+=(-c "\\c $d" -c "SELECT 'events.$d', count(*) FROM events"); done
  psql "${pg[@]}" -d postgres -c "SELECT 'statements.' || d.datname, sum(s.calls) FROM pg_stat_statements s
      JOIN pg_database d ON d.oid = s.dbid WHERE d.datname IN ($dbs) GROUP BY d.datname" \
    -c "SELECT 'transactions.' || datname, xact_commit + xact_rollback FROM pg_stat_database WHERE datname IN ($dbs)" \
    -c "SELECT 'wal.writes', wal_write FROM pg_stat_wal UNION ALL SELECT 'wal.flushes', wal_sync FROM pg_stat_wal
      UNION ALL SELECT 'wal.bytes', wal_bytes FROM pg_stat_wal" "${each[@]}" 2>/dev/null
  return 0
}
# ./tessera counters NAME: pg_counters into $RUN/counters.NAME (the rejections phase of the bench runs it).
counters() { load_topology || fail "Tessera is not running"; pg_counters > "$RUN/counters.$1"; }
# What a bench's measured window reads, for the load generator (ProcessCpu, PgCounters): the clock ticks' rate, one
# "name pid…" line per service and the brokers, "pg" with PostgreSQL's server (whose children it finds itself), and
# "db host port user database…" for PostgreSQL's counters, which it reads over JDBC as pg_counters does with psql.
window_processes() {
  local s c
  echo "hz $(getconf CLK_TCK)"
  for s in "${SERVICES[@]}" kafka; do
    echo "$s $(for c in $(processes_of "$s"); do pid_of "$c" || true; done | xargs)"
  done
  echo "pg $(pgrep -f -- "bin/postgres -D .* -p $PG_PORT " 2>/dev/null | xargs)"
  echo "db ${TESSERA_DB_HOST:-localhost} ${TESSERA_DB_PORT:-$PG_PORT} ${TESSERA_DB_USER:-postgres} ${DATABASES//,/ }"
}
# PostgreSQL's work between two pg_counters files, per accepted move ($3): statements and transactions by
# database, WAL flushes and bytes, events written (counted, or, from the bench's window, "events_inserted": rows inserted
# as the statistics count them, which needs no scan of the events beside the moves in flight; PgCounters). Markdown.
pg_report() {
  local before=$1 after=$2 moves=${3:-0}
  join <(sort "$before") <(sort "$after") | awk -v m="$moves" '
    function per(x) { return m > 0 ? sprintf("%.2f", x / m) : "n/a" }
    {d[$1] = $3 - $2}
    $1 ~ /^statements\./ {db = substr($1, 12); dbs[db] = 1; st += $3 - $2}
    $1 ~ /^transactions\./ {db = substr($1, 14); dbs[db] = 1; tx += $3 - $2}
    $1 ~ /^events\./ {ev += $3 - $2}
    $1 ~ /^events_inserted\./ {ev += $3 - $2; stats = 1}
    END {
      print "| database | statements | per move | transactions | per move |"
      print "|---|---|---|---|---|"
      for (db in dbs) printf "| %s | %d | %s | %d | %s |\n", db, d["statements." db], per(d["statements." db]), d["transactions." db], per(d["transactions." db])
      printf "| **all** | %d | **%s** | %d | %s |\n\n", st, per(st), tx, per(tx)
      printf "WAL: %d flushes (%s per move), %d writes, %.1f KiB (%s KiB per move); %d events written (%s per move%s).\n", \
        d["wal.flushes"], per(d["wal.flushes"]), d["wal.writes"], d["wal.bytes"] / 1024, (m > 0 ? sprintf("%.2f", d["wal.bytes"] / 1024 / m) : "n/a"), ev, per(ev), \
        (stats ? "; rows inserted, as PostgreSQL'"'"'s statistics count them, to within about a second'"'"'s" : "")
    }'
}

