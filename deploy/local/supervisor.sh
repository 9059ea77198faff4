# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: the supervisor, which starts again whatever dies (./tessera supervise
# runs it detached), and the holds with which chaos and rebuild keep it away from a component.

# Starts again every component that died, unless something holds it ($RUN/hold/<name>: chaos, rebuild, which
# start it themselves). At most one start per component every 5 s: one that cannot start (a port still taken,
# PostgreSQL still recovering) is tried again, without a storm of processes.
supervise_loop() {
  declare -A last=()
  local c comps
  comps=$(components)
  # Bash builtins only while everything runs (no command substitution, no awk, no sleep): a fork a second for each
  # component cost the idle platform a few percent of a core. read -t on a FIFO nobody writes is the sleep.
  local tick=$RUN/supervisor.tick
  [[ -p $tick ]] || { rm -f "$tick"; mkfifo "$tick"; }
  exec 9<> "$tick"
  while :; do
    for c in $comps; do
      # Alive first, held second: chaos holds a component before it kills it, so one found dead here and not held
      # afterwards was not killed by chaos (the other order could start it again beside chaos's own restart). Alive
      # again third: chaos writes its restart's pid file before it releases the hold, so a release between the first
      # two looks is seen here (missed, it made two scoring.1 under chaos, and the second one's failed start
      # dead-lettered records).
      quick_alive "$c" && continue
      [[ -e $RUN/hold/$c ]] && continue
      quick_alive "$c" && continue
      (( SECONDS - ${last[$c]:-(-10)} < 5 )) && continue
      last[$c]=$SECONDS
      say "$(date -u +%T) $c is not running (log: $RUN/$c.log); starting it again"
      start_component "$c" || say "$(date -u +%T) $c did not start; trying again shortly"
    done
    read -r -t 1 -u 9 _
  done
}

# pid_alive without a fork: the pid file read by a builtin, and the process's /proc/<pid>/cwd, which resolves for a
# live process and not for a zombie (one stat call; reading /proc/<pid>/stat cost twice the CPU).
quick_alive() {
  local pid
  read -r pid < "$RUN/$1.pid" 2>/dev/null && [[ -n $pid && -e /proc/$pid/cwd ]]
}

supervise() {
  load_topology || fail "Tessera is not running"
  echo $$ > "$RUN/supervisor.pid"
  supervise_loop
}

# Holds a component: the supervisor leaves it alone until release.
hold() { mkdir -p "$RUN/hold"; touch "$RUN/hold/$1"; }
release() { rm -f "$RUN/hold/$1"; }
