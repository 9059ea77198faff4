# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: ./tessera soak, a long run of mixed load on a scaled platform with a kill
# every few minutes, every process's memory, descriptors, threads and database connections sampled throughout, and
# a verdict on their growth (docs/operations.md, "Soak").
#
# The soak starts its own platform (scaled: TESSERA_SOAK_SCALE, TESSERA_SOAK_BROKERS) on data of its own
# ($HOME_DIR/soak-data, deleted at the next soak's start), every JVM of it writing a GC log
# (-Xlog:gc) from which the heap after each collection is read, and stops it at the end. The bots are the chaos
# run's (three titles, undos, 2 % invalid moves, every player subscribed to webhooks). Every TESSERA_SOAK_KILL_EVERY
# seconds (default 180) one process is SIGKILLed and started again: a service instance other than the first, or a
# broker other than the first. The first instance of each service, the first broker, PostgreSQL and the load
# balancer are never killed, so that they live through the whole run and their growth can be judged.
#
# Every TESSERA_SOAK_SAMPLE seconds (default 30), for every process: resident memory (PostgreSQL: the proportional
# set size of the server and all its backends, so that shared buffers count once), the lowest heap after a garbage
# collection since the last sample (from -Xlog:gc), open file descriptors (PostgreSQL: its processes', each file of its
# data directory counted once), threads, and connections to PostgreSQL (PostgreSQL: all of them). Near the end of the
# second quarter and of the last, a class histogram of every JVM (jcmd GC.class_histogram, after a full collection): its
# live heap. Every JVM records, with JFR's leak profiler, a
# sample of its old objects, and for a heap that grew the report says where those allocated since the first
# histogram come from (soak_leaks_report). The services' heaps are taken and touched at the start, as the brokers'
# always are, so that resident memory measures what lies outside the heap; every JVM tracks its native memory, and for
# resident memory that grew the report shows which of the JVM's parts did (soak_native_report).
#
# The verdict compares the second quarter with the last, for each process that ran without a restart from the first
# quarter to the end: the mean of each count, and the live heap of the two histograms. A growth of more than 10 %
# fails, unless it is a single descriptor, thread or connection. The sampled heap after a young collection is reported,
# not judged: it holds old garbage that G1 has not needed to collect yet, and in the first hour a broker's rose by a
# quarter while its live heap stayed flat. Runs shorter than TESSERA_SOAK_JUDGE_MINUTES (default 20) report growth
# without judging it: in the first minutes a JVM still grows into its heap, code cache and pools. The chaos invariants
# are checked at the end, and fail the soak whatever its length.

soak() {
  local minutes=${1:-60} games=${2:-6} every=${TESSERA_SOAK_KILL_EVERY:-180} sample=${TESSERA_SOAK_SAMPLE:-30}
  local judge=${TESSERA_SOAK_JUDGE_MINUTES:-20} cp stamp report work started_at
  [[ $minutes =~ ^[1-9][0-9]*$ && $games =~ ^[1-9][0-9]*$ ]] || fail "usage: ./tessera soak [minutes] [games at once]"
  [[ $every =~ ^[1-9][0-9]*$ && $sample =~ ^[1-9][0-9]*$ ]] || fail "TESSERA_SOAK_KILL_EVERY and TESSERA_SOAK_SAMPLE are seconds"
  check_java
  command -v ss > /dev/null || fail "ss is missing (it counts each process's connections to PostgreSQL): apt-get install iproute2"
  platform_running && fail "Tessera is running: ./tessera down first (the soak starts its own platform, with GC logs)"
  work=$RUN/soak
  rm -rf "$work"
  mkdir -p "$work/gc" bench/results
  stamp=$(date -u +%Y-%m-%d-%H%M)
  report=bench/results/$stamp-soak.md
  # Its own data, new each time, apart from ./tessera up's (which may be of another number of brokers, and holds
  # games the soak has no business with); the supervisor inherits it.
  export TESSERA_DATA=$HOME_DIR/soak-data
  DATA=$TESSERA_DATA
  rm -rf "$DATA"
  # Every JVM the platform starts, now or when one is started again (the supervisor inherits this), logs its GCs.
  export TESSERA_JAVA_OPTS="${TESSERA_JAVA_OPTS:-} -Xlog:gc:file=$work/gc/%p.log"
  export TESSERA_INFRA_JAVA_OPTS="${TESSERA_INFRA_JAVA_OPTS:-} -Xlog:gc:file=$work/gc/%p.log"
  # … and samples its old objects (soak_leaks).
  soak_leaks_config "$work/leaks"
  TESSERA_JAVA_OPTS+=" $(soak_leaks_opts "$work/leaks")"
  TESSERA_INFRA_JAVA_OPTS+=" $(soak_leaks_opts "$work/leaks")"
  # Every service takes and touches its whole heap at the start, as the brokers always do (kafka_jvm_opts): its
  # resident memory is then the rest, the memory outside the heap that a leak in native code or in the JVM would grow,
  # rather than a figure that rises for as long as G1 first touches regions (the third hour's scoring.1: +26 % with a
  # flat live heap). The heap itself is judged by the histograms. Every JVM also tracks its native memory
  # (soak_native), so that resident memory that grew can be told by the JVM's own parts.
  TESSERA_JAVA_OPTS+=" $(soak_pinned_heap) $(soak_native_opts)"
  TESSERA_INFRA_JAVA_OPTS+=" $(soak_native_opts)"
  say "starting a scaled platform for the soak…"
  ( up --detach --scale "${TESSERA_SOAK_SCALE:-lobby=2,game=3,scoring=2,gateway=2}" --brokers "${TESSERA_SOAK_BROKERS:-3}" ) \
    || fail "the platform did not start"
  load_topology
  trap soak_cleanup EXIT
  cp=$(bench_classpath) || exit 1
  started_at=$(date -u '+%Y-%m-%d %H:%M:%S')
  receiver_start "$cp" "$work"
  bots_start "$cp" "$work" "$games" --webhooks "http://127.0.0.1:$(cat "$work/webhooks.port")"
  soak_sampler "$work" "$sample" &
  local sampler_pid=$!
  say "sampling every $sample s; a kill every $every s; $minutes minutes (samples: $work/samples.tsv)"
  local begin=$SECONDS end=$((SECONDS + minutes * 60)) next=$((SECONDS + every)) target killed_at t0 kills=0 histograms=0
  : > "$work/kills.md"
  while (( SECONDS < end )); do
    bots_alive "$work"
    kill -0 "$sampler_pid" 2>/dev/null || fail "the sampler stopped"
    # A class histogram of every JVM near the end of the second quarter and of the last: the live heap after a full
    # collection, which the heap's verdict compares, and what grew.
    # TESSERA_SOAK_HISTOGRAMS=0 takes none (CI's short run: a full collection of every JVM under load takes minutes on
    # 2 cores, and a run that short judges nothing from them).
    if (( ${TESSERA_SOAK_HISTOGRAMS:-1} )) && { (( histograms == 0 && SECONDS >= begin + minutes * 30 - 2 * sample )) \
        || (( histograms == 1 && SECONDS >= end - 2 * sample )); }; then
      histograms=$((histograms + 1))
      soak_histograms "$work/histogram-$histograms"
      soak_descriptors "$work/histogram-$histograms"
      soak_native "$work/histogram-$histograms" $histograms
      if (( histograms == 1 )); then date -u +%T > "$work/leaks/since"; else soak_leaks_dump "$work"; fi
    fi
    if (( SECONDS >= next )) && (( end - SECONDS > 30 )); then
      target=$(soak_target)
      if [[ -n $target ]]; then
        killed_at=$(date -u +%T)
        kill_restart "$target" $((3 + RANDOM % 5))
        t0=$SECONDS
        wait_ready "$target" > /dev/null
        printf '| %s | %s | %s |\n' "$killed_at" "$target" "$((SECONDS - t0))" >> "$work/kills.md"
        kills=$((kills + 1))
      fi
      next=$((SECONDS + every))
    fi
    sleep 1
  done
  touch "$work/stop"
  wait "$sampler_pid"
  bots_finish "$cp" "$work" --kills "$kills" --webhooks-received "$work/webhooks.ndjson"
  local checked=$? judged=1 grew
  (( minutes < judge )) && judged=0
  soak_growth "$work/samples.tsv" "$judged" > "$work/growth.md"
  soak_histogram_report "$work/histogram-1" "$work/histogram-2" "$judged" "$work/samples.tsv" > "$work/histograms.md"
  grew=$(( $(sed -n 's/^grew: //p' "$work/growth.md") + $(sed -n 's/^grew: //p' "$work/histograms.md") ))
  cp "$work/samples.tsv" "bench/results/$stamp-soak.tsv"
  {
    say "# Soak, $started_at UTC"
    say ""
    say "Command: \`./tessera soak $minutes $games\` (a kill every $every s, a sample every $sample s), commit $(git rev-parse --short HEAD 2>/dev/null), $(nproc) cores."
    say "Platform: $(describe_topology); PostgreSQL fsync $(pg_setting fsync), synchronous_commit $(pg_setting synchronous_commit)."
    say "JVM options of the services: \`$(jvm_opts | xargs)\`; of Kafka's JVMs: \`$(kafka_jvm_opts | xargs)\`."
    say ""
    say "## Growth, second quarter against the last"
    say ""
    grep -v '^grew: ' "$work/growth.md"
    say ""
    say "Every sample: [$stamp-soak.tsv]($stamp-soak.tsv) (seconds since the start, process, pid, resident MB, lowest"
    say "heap after GC in MB since the last sample, descriptors, threads, connections to PostgreSQL)."
    say ""
    say "## The heap, second quarter against the last"
    say ""
    grep -v '^grew: ' "$work/histograms.md"
    soak_leaks_report "$work" "$work/histograms.md"
    soak_descriptors_report "$work/histogram-1" "$work/histogram-2" "$work/growth.md"
    soak_native_report "$work/histogram-2" "$work/growth.md"
    say ""
    say "## Kills"
    say ""
    say "| time of the SIGKILL (UTC) | SIGKILLed, started again after 3 to 7 s | ready again after its start (s) |"
    say "|---|---|---|"
    cat "$work/kills.md"
    say ""
    cat "$work/checks.md" 2>/dev/null || { say "The checks did not run:"; say '```'; tail -30 "$work/checks.log"; say '```'; }
    say ""
    if (( judged )); then
      say "soak: $minutes minutes, $kills kills; $grew growths of more than 10 % (heap, memory, descriptors, threads or connections); $(tail -1 "$work/checks.md" 2>/dev/null | sed 's/^chaos: [0-9]* kills, //')"
    else
      say "soak: $minutes minutes (growth reported, judged from $judge minutes), $kills kills; $(tail -1 "$work/checks.md" 2>/dev/null | sed 's/^chaos: [0-9]* kills, //')"
    fi
  } > "$report"
  say "report: $report"
  tail -1 "$report"
  [[ $checked == 0 ]] && { (( judged == 0 )) || [[ $grew == 0 ]]; }
}

soak_cleanup() {
  touch "$RUN/soak/stop"
  [[ -n ${RECEIVER_PID:-} ]] && kill "$RECEIVER_PID" 2>/dev/null
  [[ -n ${BOTS_PID:-} ]] && kill "$BOTS_PID" 2>/dev/null
  down > /dev/null
}

# A class histogram (jcmd GC.class_histogram: live objects, after a full collection; its first line is the pid) of
# every JVM of the platform, into folder $1; nothing without jcmd (a JRE).
soak_histograms() {
  command -v jcmd > /dev/null || return 0
  mkdir -p "$1"
  local c
  for c in $(kafka_nodes) $(service_components); do
    timeout 60 jcmd "$(pid_of "$c")" GC.class_histogram > "$1/$c.txt" 2>&1
  done
}

# -Xms as the services' -Xmx (the last one of jvm_opts, which TESSERA_JAVA_OPTS may set), and the heap touched at the start.
soak_pinned_heap() {
  local xmx
  xmx=$(jvm_opts | grep -o -- '-Xmx[^ ]*' | tail -1)
  echo "-Xms${xmx#-Xmx} -XX:+AlwaysPreTouch"
}

# The JVM's native memory tracking (its heap, classes, threads, code, GC, symbols, …; not what native libraries such as
# RocksDB allocate themselves). At the first histogram ($2 = 1) every JVM takes a baseline; at the second it writes how
# each part has changed since into $1/<name>.nmt.
soak_native_opts() { echo "-XX:NativeMemoryTracking=summary"; }
soak_native() {
  command -v jcmd > /dev/null || return 0
  local c
  for c in $(kafka_nodes) $(service_components); do
    if (( $2 == 1 )); then
      timeout 60 jcmd "$(pid_of "$c")" VM.native_memory baseline > /dev/null 2>&1 || true
    else
      timeout 60 jcmd "$(pid_of "$c")" VM.native_memory summary.diff scale=KB > "$1/$c.nmt" 2>&1 || true
    fi
  done
}

# For each JVM whose resident memory GREW in the samples' verdict ($2): how the parts the JVM tracks changed between the
# two histograms ($1/<name>.nmt of soak_native): the total the JVM tracks first, then the parts that changed the most
# (what it does not track, such as a native library's own allocations, is the rest of the resident memory's growth).
soak_native_report() {
  local c
  for c in $(sed -n 's/^| \([a-z]*\.[0-9]*\) |.*| GREW: .*resident memory.*|$/\1/p' "$2"); do
    [[ -s $1/$c.nmt ]] && grep -q '^Total: ' "$1/$c.nmt" || continue
    say ""
    say "Native memory of $c as the JVM tracks it (\`jcmd VM.native_memory summary.diff\`), change between the histograms,"
    say "committed; the parts that changed the most:"
    say ""
    say "| part | committed now (MB) | change (MB) |"
    say "|---|---|---|"
    awk '
      function mb(x) { sub(/KB$/, "", x); return x / 1024 }
      /^Total: / || /^-  *[A-Z][A-Za-z ]* \(reserved=/ {
        part = $0; sub(/^- */, "", part); sub(/ *\(.*$/, "", part)
        if (part ~ /^Total:/) part = "all it tracks"
        if (!match($0, /committed=[0-9]+KB( [+-][0-9]+KB)?/)) next
        f = substr($0, RSTART + 10, RLENGTH - 10); split(f, v, " ")
        d = v[2] == "" ? 0 : v[2]; sub(/KB$/, "", d); d += 0
        printf "%.1f\t| %s | %.1f | %+.1f |\n", (d < 0 ? -d : d) + (part == "all it tracks" ? 1e9 : 0), part, mb(v[1]), d / 1024
      }' "$1/$c.nmt" | sort -rn | head -8 | cut -f2
  done
}

# Every process's open descriptors by kind, into $1/<name>.fds ("count<TAB>kind", the most first): sockets, pipes and
# the like by their type, files by their path with every number made N (so that a topic's partitions, a database's
# relations or a log's segments count as one kind). PostgreSQL's are per process kind ("postgres: checkpointer",
# "postgres: <user> <database>" for a backend), the server's and all its children's.
soak_descriptors() {
  mkdir -p "$1"
  local c pid p
  for c in $(components); do
    pid=$(pid_of "$c")
    [[ -n $pid && -e /proc/$pid ]] || continue
    if [[ $c == postgres ]]; then
      for p in "$pid" $(pgrep -P "$pid"); do
        find "/proc/$p/fd" -mindepth 1 -maxdepth 1 -printf '%l\n' 2>/dev/null \
          | sed "s|^|$({ tr '\0' ' ' < "/proc/$p/cmdline"; } 2>/dev/null | awk '{print $1, $2, $3}') |"
      done
    else
      find "/proc/$pid/fd" -mindepth 1 -maxdepth 1 -printf '%l\n' 2>/dev/null
    fi | sed -E 's/(socket|pipe):\[[0-9]+\]/\1/; s/[0-9]+/N/g' | sort | uniq -c | sort -rn \
      | awk '{ n = $1; sub(/^ *[0-9]+ /, ""); printf "%d\t%s\n", n, $0 }' > "$1/$c.fds"
  done
}

# For each process whose descriptors GREW in the samples' verdict ($3): the kinds of descriptor that grew the most
# between the two listings of soak_descriptors ($1, $2).
soak_descriptors_report() {
  local c
  [[ -d $1 && -d $2 ]] || return 0
  for c in $(sed -n 's/^| \([a-z]*\(\.[0-9]*\)\{0,1\}\) |.*| GREW: .*descriptors.*|$/\1/p' "$3"); do
    [[ -f $1/$c.fds && -f $2/$c.fds ]] || continue
    say ""
    say "Open descriptors of $c by kind, near the end of the second quarter and of the last; the kinds that grew the most:"
    say ""
    say "| kind | second quarter | last quarter |"
    say "|---|---|---|"
    awk -F'\t' 'FNR == 1 { file++ } { n[file, $2] = $1; seen[$2] = 1 }
      END { for (k in seen) if (n[2, k] - n[1, k] > 0) printf "%d\t| %s | %d | %d |\n", n[2, k] - n[1, k], k, n[1, k], n[2, k] }' \
      "$1/$c.fds" "$2/$c.fds" | sort -rn | head -8 | cut -f2
  done
}

# Where a growing heap's objects come from: every JVM of the soak runs, from its start, a JFR recording of only
# jdk.OldObjectSample, the JDK's leak profiler (a sample of the objects allocated that are still alive, with the stack
# that allocated each; 1,024 of them rather than 256, so that those alive since the start leave room for the growth),
# dumped at the second histogram with each sample's path from a GC root into <folder>/<name>.jfr. It runs from the
# start so that its own threads and heap are in both quarters the verdict compares.
soak_leaks_config() {
  mkdir -p "$1"
  cat > "$1/old-objects.jfc" <<'JFC'
<?xml version="1.0" encoding="UTF-8"?>
<configuration version="2.0" label="Tessera soak: old objects">
  <event name="jdk.OldObjectSample">
    <setting name="enabled">true</setting>
    <setting name="stackTrace">true</setting>
    <setting name="cutoff">infinity</setting>
  </event>
</configuration>
JFC
}
soak_leaks_opts() {
  echo "-XX:StartFlightRecording:name=soak-leaks,settings=$1/old-objects.jfc -XX:FlightRecorderOptions:old-object-queue-size=1024"
}

soak_leaks_dump() {
  command -v jcmd > /dev/null && [[ -d $1/leaks ]] || return 0
  local c
  for c in $(kafka_nodes) $(service_components); do
    timeout 120 jcmd "$(pid_of "$c")" JFR.dump name=soak-leaks path-to-gc-roots=true filename="$1/leaks/$c.jfr" \
      > /dev/null 2>&1 || true
  done
}

# For each JVM whose live heap GREW in the histograms' report $2: the old objects sampled in it that were allocated after
# the first histogram (the time in $1/leaks/since; a run that passes midnight takes those of either side), grouped by their type
# and the first frame outside java.*, jdk.*, sun.* and scala.* of the stack that allocated them, the most frequent
# first, with the chain of referrers of one of them (its nearest four, and the one at the GC root).
soak_leaks_report() {
  local c f
  command -v jfr > /dev/null || return 0
  local since end
  since=$(cat "$1/leaks/since" 2>/dev/null) || return 0
  end=$(date -u +%T)
  for c in $(sed -n 's/^| \([a-z]*\.[0-9]*\) |.*| GREW |$/\1/p' "$2"); do
    f=$1/leaks/$c.jfr
    [[ -s $f ]] || continue
    say ""
    say "Old objects sampled in $c, allocated after the first histogram and alive at the second (\`jfr print --events jdk.OldObjectSample\`,"
    say "$f), by where they were allocated:"
    say ""
    say "| samples | object | allocated in | held by (the nearest first, … the GC root's) |"
    say "|---|---|---|---|"
    jfr print --events jdk.OldObjectSample --stack-depth 20 "$f" | awk -v since="$since" -v end="$end" '
      function clean(x) { gsub(/^ +| +$/, "", x); gsub(/\|/, "/", x); return x }
      /^jdk.OldObjectSample/ { type = ""; site = ""; n_chain = 0; in_object = 0; after = 0 }
      /^  allocationTime = / { t = $3; after = since <= end ? t >= since : (t >= since || t <= end); next }
      /^  object = +\[$/ { in_object = 1; next }
      /^  object = / { type = clean(substr($0, 12)); next }
      in_object && /^  \]$/ { in_object = 0; next }
      in_object { if (type == "") type = clean($0); else chain[++n_chain] = clean($0); next }
      /^    [a-zA-Z_$][a-zA-Z0-9_.$]*\(/ && site == "" && $1 !~ /^(java|jdk|sun|scala)\./ { site = $1 }
      /^}/ && after {
        sub(/\[[0-9]+\]$/, "[]", type)
        k = type " | " (site == "" ? "(the JDK only)" : site)
        n[k]++
        if (!(k in held)) {
          h = ""
          for (i = 1; i <= n_chain && i <= 4; i++) h = h (h == "" ? "" : " ← ") chain[i]
          if (n_chain > 4) h = h " ← … ← " chain[n_chain]
          held[k] = h == "" ? "-" : h
        }
      }
      END { for (k in n) printf "%d | %s | %s\n", n[k], k, held[k] }' | sort -rn | head -8 | sed 's/^/| /; s/$/ |/'
  done
}

# The heap's verdict: for each JVM that was the same process (pid) at both histograms of soak_histograms, its live
# heap after a full collection at each, the three classes that grew the most, and whether it grew by more than 10 %
# (judged when $3 is 1, and only for a process that has run since the first sample in $4, as the samples' verdict
# judges: one started again during the run grows into its caches and pools); a last line "grew: N".
soak_histogram_report() {
  local a=$1 b=$2 judged=$3 samples=$4 f c grew=0 line first
  if [[ ! -d $a || ! -d $b ]]; then
    say "No class histograms (jcmd missing, TESSERA_SOAK_HISTOGRAMS=0, or the run ended before the second): the heap was not judged."
    say "grew: 0"
    return
  fi
  say "Live objects after a full collection (\`jcmd GC.class_histogram\`), near the end of the second quarter and of the"
  say "last, in each JVM that was the same process at both; the three classes that grew the most:"
  say ""
  say "| process | live heap (MB) | grew the most (MB) | verdict |"
  say "|---|---|---|---|"
  for f in "$a"/*.txt; do
    c=$(basename "$f" .txt)
    [[ -f $b/$c.txt && $(head -1 "$f") == "$(head -1 "$b/$c.txt")" ]] || continue
    first=$(awk -F'\t' -v c="$c" '$2 == c { print $3; exit }' "$samples")
    [[ "$first:" == "$(head -1 "$f")" ]] || { say "| $c | | | started again during the run: not judged |"; continue; }
    line=$(awk -v name="$c" -v judged="$judged" '
      FNR == 1 { file++ }
      $1 ~ /^[0-9]+:$/ { bytes[file, $4] = $3; seen[$4] = 1 }
      $1 == "Total" { total[file] = $3 }
      END {
        if (!total[1] || !total[2]) exit
        for (k in seen) { d = bytes[2, k] - bytes[1, k]; if (d > 0) grown[k] = d }
        out = ""
        for (i = 1; i <= 3; i++) {
          best = ""; for (k in grown) if (best == "" || grown[k] > grown[best]) best = k
          if (best == "" || grown[best] < 1048576) break
          out = out (out == "" ? "" : ", ") sprintf("%s +%.1f", best, grown[best] / 1048576); delete grown[best]
        }
        g = (total[2] - total[1]) * 100 / total[1]
        verdict = g > 10 ? (judged ? "GREW" : "grew (not judged)") : "steady"
        printf "| %s | %.1f → %.1f (%+.0f %%) | %s | %s |\n", name, total[1] / 1048576, total[2] / 1048576, g, out == "" ? "nothing by more than 1 MB" : out, verdict
      }' "$f" "$b/$c.txt")
    [[ -n $line ]] || continue
    say "$line"
    [[ $line == *"| GREW |" ]] && grew=$((grew + 1))
  done
  say ""
  say "grew: $grew"
}

# A ready service instance other than the first, or a broker other than the first when every broker runs.
soak_target() {
  local c candidates=() all_up=1
  for c in $(kafka_nodes); do pid_alive "$c" || all_up=0; done
  for c in $(service_components) $(kafka_nodes); do
    [[ ${c##*.} == 1 ]] && continue
    [[ $c == kafka.* ]] && (( all_up == 0 )) && continue
    ready "$c" && candidates+=("$c")
  done
  [[ ${#candidates[@]} -gt 0 ]] && printf '%s\n' "${candidates[@]}" | shuf -n 1
}

# Writes a line per process to $1/samples.tsv every $2 s (on the clock, whatever a sample took) until $1/stop exists.
soak_sampler() {
  local work=$1 every=$2 t0=$SECONDS next
  declare -A gc_seen=()
  next=$t0
  while [[ ! -e $work/stop ]]; do
    soak_sample $((SECONDS - t0)) "$work" >> "$work/samples.tsv"
    next=$((next + every))
    (( next > SECONDS )) && sleep $((next - SECONDS))
  done
}

# One sample of every process: seconds, name, pid, resident MB, lowest heap after GC in MB since the last sample (or
# -), descriptors, threads, connections to PostgreSQL. gc_seen (the sampler's) holds each GC log's lines read so far.
soak_sample() {
  local t=$1 work=$2 c pid rss heap fds threads db conns log lines server
  conns=$(ss -tnpH state established "( dport = :$PG_PORT )" 2>/dev/null)
  for c in $(components); do
    pid=$(pid_of "$c")
    [[ -n $pid && -e /proc/$pid ]] || continue
    heap=-
    if [[ $c == postgres ]]; then
      server=("/proc/$pid" $(pgrep -P "$pid" | sed "s|^|/proc/|"))
      rss=$(cat "${server[@]/%//smaps_rollup}" 2>/dev/null | awk '/^Pss:/ {kb += $2} END {printf "%.0f", kb / 1024}')
      # A file of the data directory once, however many processes hold it open: a backend keeps every relation file it
      # has read open until it ends (up to max_files_per_process), so the sum over backends grows for hours as each
      # pooled connection comes to read more of its database, with no file and no connection more (the fourth hour).
      # A leak still shows: a socket, pipe or log per process, or files that multiply (relations, WAL segments).
      fds=$(find "${server[@]/%//fd}" -mindepth 1 -maxdepth 1 -printf '%l\n' 2>/dev/null \
        | awk -v data="$DATA/postgres/" 'index($0, data) != 1 || !seen[$0]++ { n++ } END { print n + 0 }')
      threads=${#server[@]}
      # Every client is on this machine: each of its connections is one of those listed from the clients' side.
      db=$(grep -c . <<< "$conns")
    else
      rss=$(rss_mb "$pid")
      fds=$(find "/proc/$pid/fd" -mindepth 1 -maxdepth 1 2>/dev/null | wc -l)
      threads=$(awk '/^Threads:/ {print $2}' "/proc/$pid/status" 2>/dev/null)
      db=$(grep -c "pid=$pid," <<< "$conns")
      log=$work/gc/$pid.log
      if [[ -f $log ]]; then
        lines=$(wc -l < "$log")
        heap=$(tail -n +"$((${gc_seen[$pid]:-0} + 1))" "$log" | head -n "$((lines - ${gc_seen[$pid]:-0}))" | soak_heap_after)
        gc_seen[$pid]=$lines
      fi
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$c" "$pid" "$rss" "${heap:--}" "$fds" "$threads" "$db"
  done
}

# The lowest heap after a collection (MB) among the -Xlog:gc lines read ("… Pause Young (Normal) (G1 Evacuation
# Pause) 120M->45M(256M) 3.1ms"), or nothing.
soak_heap_after() {
  awk 'match($0, /[0-9]+[KMG]->[0-9]+[KMG]\(/) {
         s = substr($0, RSTART, RLENGTH - 1); sub(/.*->/, "", s)
         u = substr(s, length(s)); v = substr(s, 1, length(s) - 1) + 0
         if (u == "K") v /= 1024; else if (u == "G") v *= 1024
         if (min == "" || v < min) min = v
       }
       END { if (min != "") printf "%.0f", min }'
}

# The growth table from the samples, and a last line "grew: N" (processes judged that grew by more than 10 %). With
# $2 = 0 the growth is reported and nothing is judged.
soak_growth() {
  awk -F'\t' -v judged="$2" '
    { t[NR] = $1; c[NR] = $2; if ($1 > last) last = $1; if (!($2 in order)) { order[$2] = ++n; name[n] = $2 } }
    { row[NR] = $0 }
    END {
      q2 = last / 4; q3 = last / 2; q4 = last * 3 / 4
      for (i = 1; i <= NR; i++) {
        split(row[i], f, "\t"); p = f[2]
        # Judged: the process that ran before the second quarter, still the same one (no restart) to the end.
        if (f[1] < q2) before[p] = f[3]; else if (!(p in before) || before[p] != f[3]) restarted[p] = 1
        if (f[1] >= q2 && f[1] < q3) k = 2; else if (f[1] >= q4) k = 4; else continue
        cnt[p, k]++
        for (j = 4; j <= 8; j++) if (j != 5) sum[p, k, j] += f[j]
        if (f[5] != "-" && (!((p, k) in low) || f[5] + 0 < low[p, k])) low[p, k] = f[5] + 0
      }
      print "| process | resident MB | heap after a young GC, lowest (MB; not judged) | descriptors | threads | PostgreSQL connections | verdict |"
      print "|---|---|---|---|---|---|---|"
      grew = 0
      for (x = 1; x <= n; x++) {
        p = name[x]; out = "| " p " |"; bad = ""
        if (restarted[p] || !cnt[p, 2] || !cnt[p, 4]) {
          print out " | | | | | started again during the run: not judged |"; continue
        }
        for (j = 4; j <= 8; j++) {
          if (j == 5) {
            if (!((p, 2) in low) || !((p, 4) in low)) { out = out " - |"; continue }
            a = low[p, 2]; b = low[p, 4]
          } else { a = sum[p, 2, j] / cnt[p, 2]; b = sum[p, 4, j] / cnt[p, 4] }
          g = a > 0 ? (b - a) * 100 / a : 0
          out = out sprintf(" %.0f → %.0f (%+.0f %%) |", a, b, g)
          if (j != 5 && g > 10 && (j == 4 || b - a > 1)) bad = bad (bad == "" ? "" : ", ") label(j)
        }
        if (bad != "" && judged) grew++
        print out " " (bad == "" ? "steady" : (judged ? "GREW: " : "grew (not judged): ") bad) " |"
      }
      print ""
      printf "Second quarter: %d–%d s; last quarter: %d–%d s. Means over each quarter of its samples; for the heap, the lowest value after a collection in each.\n", q2, q3, q4, last
      print "grew: " grew
    }
    function label(j) { return j == 4 ? "resident memory" : j == 5 ? "heap" : j == 6 ? "descriptors" : j == 7 ? "threads" : "connections" }
  ' "$1"
}
