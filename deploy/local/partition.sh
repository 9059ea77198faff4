# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: ./tessera drill partition, network partitions rehearsed on the running
# platform while bots play, then the data checked with the chaos invariants (docs/operations.md, "Network partitions").
#
# A process is cut off without being stopped: it is moved into a cgroup (v2) of its own, and iptables drops what it
# sends (-m cgroup) to the ports it is cut off from; a broker cut off from everything also gets nothing sent to its
# broker and controller ports. Packets are dropped, not refused: what a pulled cable or a failed switch does, so that
# connections stall rather than fail. Needs root and iptables (Debian's iptables package); Linux only.

PARTITION_COMMENT=tessera-partition

# The cgroup v2 hierarchy's mount point, or nothing.
partition_cgroup_root() { awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts; }

partition_check() {
  [[ $(id -u) == 0 ]] || fail "./tessera drill partition cuts the network with iptables: run it as root"
  command -v iptables > /dev/null || fail "iptables is missing: apt-get install iptables"
  [[ -n $(partition_cgroup_root) ]] || fail "no cgroup v2 hierarchy is mounted (see /proc/mounts): iptables -m cgroup needs one"
  iptables -S OUTPUT > /dev/null 2>&1 || fail "iptables cannot read its rules here (no CAP_NET_ADMIN?)"
}

# Cuts component $1 ("game.2", "kafka.3") off: from PostgreSQL ($2 = postgres), from every broker (kafka), or, for a
# broker, from everything (all: the other brokers, the controllers' quorum and the clients).
partition_cut() {
  local name=$1 what=$2 root pid group port
  root=$(partition_cgroup_root)
  pid=$(pid_of "$name") || fail "$name is not running"
  group=tessera-cut-${name/./-}
  mkdir -p "$root/$group"
  echo "$pid" > "$root/$group/cgroup.procs"
  case $what in
    postgres)
      iptables -I OUTPUT -p tcp -m cgroup --path "$group" --dport "$PG_PORT" -m comment --comment "$PARTITION_COMMENT" -j DROP ;;
    kafka)
      for port in $(kafka_ports | tr , ' '); do
        iptables -I OUTPUT -p tcp -m cgroup --path "$group" --dport "$port" -m comment --comment "$PARTITION_COMMENT" -j DROP
      done ;;
    all)
      port=$(port_of "$name")
      iptables -I OUTPUT -p tcp -m cgroup --path "$group" -m comment --comment "$PARTITION_COMMENT" -j DROP
      # Node i's controller listens one port above its broker (LocalKafka).
      iptables -I OUTPUT -p tcp --dport "$port" -m comment --comment "$PARTITION_COMMENT" -j DROP
      iptables -I OUTPUT -p tcp --dport "$((port + 1))" -m comment --comment "$PARTITION_COMMENT" -j DROP ;;
    *) fail "partition_cut: $what?" ;;
  esac
}

# Heals every cut this script made: its rules deleted, its processes back in the root cgroup.
partition_heal() {
  local root rule group pid
  root=$(partition_cgroup_root)
  iptables -S OUTPUT 2>/dev/null | grep -F -- "--comment $PARTITION_COMMENT" | while read -r rule; do
    # shellcheck disable=SC2086 # the rule's words, as iptables -S printed them
    iptables ${rule/-A /-D }
  done
  [[ -n $root ]] || return 0
  for group in "$root"/tessera-cut-*; do
    [[ -d $group ]] || continue
    while read -r pid; do
      [[ -n $pid ]] && echo "$pid" > "$root/cgroup.procs" 2>/dev/null
    done < "$group/cgroup.procs"
    rmdir "$group" 2>/dev/null
  done
}

# ./tessera drill partition [rounds] [seconds cut] [games at once]: each round cuts, in turn, a game-service instance
# off PostgreSQL, a game-service instance off Kafka, and a broker off everything; the cut lasts [seconds], then it is
# healed and the drill waits until every process is ready again (the recovery time reported). Then the bots stop and
# the invariants are checked.
drill_partition() {
  local rounds=${1:-1} cut=${2:-30} games=${3:-6} cp stamp report work started_at
  local usage="usage: ./tessera drill partition [rounds] [seconds cut] [games at once]"
  [[ $rounds =~ ^[1-9][0-9]*$ && $cut =~ ^[1-9][0-9]*$ && $games =~ ^[1-9][0-9]*$ ]] || fail "$usage"
  check_java
  partition_check
  load_topology && pid_alive supervisor \
    || fail "Tessera is not running: ./tessera up --detach --scale lobby=2,game=3,scoring=2,gateway=2 --brokers 3 first"
  (( SCALE[game] > 1 && BROKERS == 3 )) && [[ ${EXTERNAL_KAFKA:-0} == 0 && ${EXTERNAL_PG:-0} == 0 ]] \
    || fail "the drill needs the scaled platform with its own PostgreSQL and 3 brokers: ./tessera up --detach --scale lobby=2,game=3,scoring=2,gateway=2 --brokers 3"
  work=$RUN/partition
  drill_prepare partition "$work"
  partition_heal
  trap 'partition_heal' EXIT
  bots_start "$cp" "$work" "$games"
  sleep 20
  local round kind target what t0 ready_s against cuts=0
  : > "$work/cuts.md"
  for ((round = 0; round < rounds; round++)); do
    for kind in postgres kafka broker; do
      bots_alive "$work"
      # shellcheck disable=SC2004 # SCALE is associative (topology.sh): its key needs the $
      case $kind in
        postgres) target=game.$((cuts % SCALE[game] + 1)) what=postgres against=PostgreSQL ;;
        kafka) target=game.$((cuts % SCALE[game] + 1)) what=kafka against="every broker" ;;
        broker) target=kafka.$((round % BROKERS + 1)) what=all against="the other brokers and every client" ;;
      esac
      printf '%s %s cut off from %s for %s s\n' "$(date -u +%T)" "$target" "$what" "$cut"
      hold "$target"
      partition_cut "$target" "$what"
      sleep "$cut"
      t0=$SECONDS
      partition_heal
      wait_ready $(components) > /dev/null
      ready_s=$((SECONDS - t0))
      release "$target"
      printf '  healed; every process ready %s s later\n' "$ready_s"
      printf '| %s | %s | %s | %s | %s |\n' "$(date -u +%T)" "$target" "$against" "$cut" "$ready_s" >> "$work/cuts.md"
      cuts=$((cuts + 1))
      sleep 15
    done
  done
  bots_finish "$cp" "$work"
  local checked=$? caught_up clients lost duplicated moves slowest
  caught_up=$(caught_up_seconds "$work/checks.md")
  clients=$(grep -o '"clientErrorCount" *: *[0-9]*' "$work/load.json" | grep -o '[0-9]*$')
  moves=$(grep -o '"movesAccepted" *: *[0-9]*' "$work/load.json" | grep -o '[0-9]*$' | head -1)
  lost=$(sed -n 's/^Lost: \([0-9]*\)\..*/\1/p' "$work/checks.md")
  duplicated=$(sed -n 's/.*Duplicated: \([0-9]*\)\..*/\1/p' "$work/checks.md")
  slowest=$(cut -d'|' -f6 "$work/cuts.md" | sort -n | tail -1 | tr -d ' ')
  [[ ${clients:-1} == 0 ]] || checked=1
  {
    say "# Partition drill, $started_at UTC"
    say ""
    say "Command: \`./tessera drill partition $rounds $cut $games\`, commit $(git rev-parse --short HEAD 2>/dev/null)$([[ -n $(git status --porcelain -uno 2>/dev/null) ]] && echo " with uncommitted changes"), $(nproc) cores."
    say "Platform: $(describe_topology); PostgreSQL fsync $(pg_setting fsync), synchronous_commit $(pg_setting synchronous_commit)."
    say ""
    say "Bots played $games games at a time while, in turn, a process was cut off the network for $cut s: its packets"
    say "to the ports it was cut off from dropped by iptables (a cgroup of its own), a broker's also to its ports. The"
    say "process kept running. After each cut, the time until every process of the platform was ready again."
    say ""
    say "| healed at | cut off | from | seconds | ready again after (s) |"
    say "|---|---|---|---|---|"
    cat "$work/cuts.md"
    say ""
    cat "$work/checks.md" 2>/dev/null || { say "The checks did not run:"; say '```'; tail -30 "$work/checks.log"; say '```'; }
    say ""
    say "partition: $cuts cuts of $cut s, every process ready again at most ${slowest:-?} s after each, caught up ${caught_up:-?} s after the load; ${moves:-?} moves; ${lost:-?} lost, ${duplicated:-?} duplicated, ${clients:-?} client errors"
  } > "$report"
  say "report: $report"
  tail -1 "$report"
  return $checked
}
