# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: ./tessera upgrade, a rolling upgrade of the running scaled platform to the
# current checkout, and ./tessera drill upgrade, the same while bots play, then the chaos invariants
# (docs/operations.md, "Rolling upgrade").
#
# An instance is drained by SIGTERM (service-kit's defaults, quarkus.shutdown.*): for 3 s it says it is not ready
# while it still serves, so that HAProxy's checks take it out; then it refuses new requests with a 503 and waits up to
# 15 s for those in flight; then its consumers commit their offsets and leave their groups, whose partitions go to the
# other instances, and its relay ends its run. The new instance starts from the new release and must be ready before
# the next old one is drained. PostgreSQL and the brokers are not touched.

UPGRADE_ORDER=(scoring lobby game gateway)

upgrade() {
  check_java
  load_topology && pid_alive supervisor \
    || fail "Tessera is not running: ./tessera up --detach --scale lobby=2,game=2,scoring=2,gateway=2 first"
  local s single=()
  for s in "${UPGRADE_ORDER[@]}"; do (( SCALE[$s] > 1 )) || single+=("$s"); done
  local list
  list=$(IFS=,; echo "${single[*]}")
  [[ ${#single[@]} == 0 ]] || fail "an upgrade replaces instances one at a time, and one instance only runs of: ${list//,/, }; \
stopping it would stop the service. Scale first: ./tessera down, then ./tessera up --detach --scale lobby=2,game=2,scoring=2,gateway=2. Nothing was changed"
  local from c t0
  : > "$RUN/upgrade.md"
  from=$(cat "$RUN/release" 2>/dev/null)
  say "building the current checkout…"
  build
  release_make
  say "upgrading from $(basename "${from:-the build}") to $(basename "$(cat "$RUN/release")"), one instance at a time:"
  t0=$SECONDS
  for s in "${UPGRADE_ORDER[@]}"; do
    for c in $(instances "$s"); do upgrade_instance "$c" || return 1; done
  done
  say "every instance runs the new release ($((SECONDS - t0)) s)"
}

# Drains instance $1 and starts it again from the current release; prints a line with the times (seconds): drained
# (SIGTERM to exit) and ready (start to ready).
upgrade_instance() {
  local c=$1 pid t0 drained forced=""
  hold "$c"
  pid=$(pid_of "$c")
  t0=$SECONDS
  if [[ -n $pid ]] && alive "$pid"; then
    kill -TERM "$pid"
    # The drain's own bound is 3 s + 15 s; a JVM that outlives 60 s is stuck and is killed.
    while alive "$pid" && (( SECONDS - t0 < 60 )); do sleep 0.2; done
    if alive "$pid"; then kill -KILL "$pid"; forced=" (did not exit in 60 s: killed)"; fi
  fi
  drained=$((SECONDS - t0))
  start_service "$c"
  t0=$SECONDS
  wait_ready "$c" > /dev/null || { release "$c"; return 1; }
  release "$c"
  printf '  %s drained in %s s%s; the new one ready %s s after its start\n' "$c" "$drained" "$forced" "$((SECONDS - t0))"
  printf '| %s | %s | %s%s | %s |\n' "$(date -u +%T)" "$c" "$drained" "$forced" "$((SECONDS - t0))" >> "$RUN/upgrade.md"
}

# ./tessera drill upgrade [games at once]: bots play on the running scaled platform while it is upgraded to the current
# checkout; then the invariants, which count every error a client could not ride out with its usual retries.
drill_upgrade() {
  local games=${1:-6} cp stamp report work started_at
  [[ $games =~ ^[1-9][0-9]*$ ]] || fail "usage: ./tessera drill upgrade [games at once]"
  check_java
  load_topology && pid_alive supervisor \
    || fail "Tessera is not running: ./tessera up --detach --scale lobby=2,game=2,scoring=2,gateway=2 first"
  work=$RUN/drill
  drill_prepare upgrade "$work"
  bots_start "$cp" "$work" "$games"
  sleep 20
  local t0 upgraded=0 upgrade_s
  t0=$SECONDS
  ( upgrade ) 2>&1 | tee "$work/upgrade.log" | sed 's/^/  /'
  [[ ${PIPESTATUS[0]} == 0 ]] && upgraded=1
  upgrade_s=$((SECONDS - t0))
  sleep 20
  bots_finish "$cp" "$work" --kills 0
  local checked=$?
  (( BOTS_STATUS == 0 )) || { tail -20 "$work/load.log"; fail "the bots failed (log: $work/load.log)"; }
  {
    say "# Rolling upgrade drill, $started_at UTC"
    say ""
    say "Command: \`./tessera drill upgrade $games\`, commit $(git rev-parse --short HEAD 2>/dev/null), $(nproc) cores."
    say "Platform: $(describe_topology); PostgreSQL fsync $(pg_setting fsync), synchronous_commit $(pg_setting synchronous_commit)."
    say ""
    say "## The upgrade"
    say ""
    say "Bots played for 20 s, then \`./tessera upgrade\` replaced every instance, one at a time ($upgrade_s s in all,"
    say "the build included$( ((upgraded)) || echo "; IT FAILED: see below")); the bots played 20 s more."
    say ""
    say "| time (UTC) | instance | drained in (s) | new one ready after its start (s) |"
    say "|---|---|---|---|"
    cat "$RUN/upgrade.md"
    say ""
    ((upgraded)) || { say '```'; tail -20 "$work/upgrade.log"; say '```'; say ""; }
    cat "$work/checks.md" 2>/dev/null | sed '$d'
    say ""
    say "upgrade: $( ((upgraded)) && echo "every instance replaced" || echo "FAILED") in $upgrade_s s; $(tail -1 "$work/checks.md" 2>/dev/null | sed 's/^chaos: 0 kills, //')"
  } > "$report"
  say "report: $report"
  tail -1 "$report"
  [[ $checked == 0 && $upgraded == 1 ]]
}
