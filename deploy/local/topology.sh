# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: the topology, how many instances of each service and Kafka broker
# run, where each one listens, and the list of every process the script runs (written by up, read by the rest).

module_of() { case $1 in gateway) echo gateway ;; *) echo "$1-service" ;; esac; }
base_port() {
  case $1 in
    gateway) echo "$GATEWAY_PORT" ;; lobby) echo "$LOBBY_PORT" ;;
    game) echo "$GAME_PORT" ;; scoring) echo "$SCORING_PORT" ;;
  esac
}

# Instance i of a service listens on its base port + 10 (i - 1): game 8082, 8092, 8102… With more than one gateway,
# HAProxy takes the public port (8080) and gateway i listens on 8080 + 10 i (8090, 8100…). Kafka node i listens on
# 9092 + 2 (i - 1), its controller one port above.
declare -A SCALE=([lobby]=1 [game]=1 [scoring]=1 [gateway]=1)
BROKERS=1

# Reads "lobby=2,game=3" into SCALE, refusing what cannot be run.
parse_scale() {
  local spec=$1 pair name count
  [[ -z $spec ]] && return 0
  for pair in ${spec//,/ }; do
    name=${pair%%=*} count=${pair#*=}
    [[ -n ${SCALE[$name]+x} ]] || fail "--scale: '$name' is not a service (lobby, game, scoring, gateway)"
    [[ $count =~ ^[1-9][0-9]*$ ]] || fail "--scale: $name=$count is not a number of instances (1 or more)"
    # A consumer group spreads partitions over its members: a member without a partition would idle.
    (( count <= PARTITIONS )) || fail "--scale: $name=$count is more instances than the topics' $PARTITIONS partitions (TESSERA_PARTITIONS, before the first up)"
    SCALE[$name]=$count
  done
}

parse_brokers() {
  [[ $1 =~ ^[1-9]$ ]] || fail "--brokers: '$1' is not a number of Kafka brokers (1 to 9)"
  BROKERS=$1
}

# The topology of the running platform, written by up and read by every other command.
save_topology() {
  { declare -p SCALE BROKERS
    # Where the services find PostgreSQL and Kafka, and the options they were started with: a restart (by the
    # supervisor, by chaos) must start a process exactly as up did.
    declare -p TESSERA_DB_HOST TESSERA_DB_PORT TESSERA_DB_USER TESSERA_DB_PASSWORD TESSERA_KAFKA TESSERA_KEY_DIR \
      EXTERNAL_PG EXTERNAL_KAFKA 2>/dev/null
    local v
    for v in $(compgen -e | grep -E '^(TESSERA_|LOBBY_DB|GAME_DB|SCORING_DB|GATEWAY_DB|QUARKUS_|MP_JWT|SMALLRYE_JWT|SCORING_STATS_)' || true); do
      case $v in TESSERA_DB_*|TESSERA_KAFKA|TESSERA_KEY_DIR) ;; *) declare -p "$v" ;; esac
    done
  } | sed 's/^declare -\(-\|x\) /declare -gx /; s/^declare -A /declare -gA /' > "$RUN/topology"
}
load_topology() {
  [[ -f $RUN/topology ]] || return 1
  # shellcheck disable=SC1091
  source "$RUN/topology"
  read_ports
}

# Whether a platform started by ./tessera up runs now. Asked in a subshell: the last run's topology, once loaded, names
# its PostgreSQL and Kafka, which would make a new `up` take them for external ones.
platform_running() { ( load_topology 2>/dev/null && pid_alive supervisor ); }

# The running platform's topology loaded, after starting one when none runs (then STARTED_HERE=1, so that the caller
# stops it again when done).
ensure_platform() {
  STARTED_HERE=0
  if ! platform_running; then
    ( up --detach ) || fail "the platform did not start"
    STARTED_HERE=1
  fi
  load_topology
}

instances() { local i; for ((i = 1; i <= SCALE[$1]; i++)); do echo "$1.$i"; done; }
behind_lb() { (( SCALE[gateway] > 1 )); }
# The port of a component named "game.2", "kafka.3", "postgres" or "lb".
port_of() {
  local name=$1 s=${1%%.*} i=${1##*.}
  case $s in
    postgres) echo "$PG_PORT" ;;
    kafka) echo $((KAFKA_PORT + 2 * (i - 1))) ;;
    lb) echo "$GATEWAY_PORT" ;;
    gateway) if behind_lb; then echo $((GATEWAY_PORT + 10 * i)); else echo "$GATEWAY_PORT"; fi ;;
    *) echo $(($(base_port "$s") + 10 * (i - 1))) ;;
  esac
}
# Base URLs of every instance of a service, comma-separated (the gateway spreads its requests over them).
urls_of() {
  local n out=""
  for n in $(instances "$1"); do out+="${out:+,}http://localhost:$(port_of "$n")"; done
  echo "$out"
}
kafka_nodes() { [[ ${EXTERNAL_KAFKA:-0} == 1 ]] || { local i; for ((i = 1; i <= BROKERS; i++)); do echo "kafka.$i"; done; }; }
kafka_ports() { local i out=""; for ((i = 1; i <= BROKERS; i++)); do out+="${out:+,}$((KAFKA_PORT + 2 * (i - 1)))"; done; echo "$out"; }
bootstrap() { local i out=""; for ((i = 1; i <= BROKERS; i++)); do out+="${out:+,}127.0.0.1:$((KAFKA_PORT + 2 * (i - 1)))"; done; echo "$out"; }
# Every process this script runs, in start order.
components() {
  [[ ${EXTERNAL_PG:-0} == 1 ]] || echo postgres
  kafka_nodes
  local s
  for s in game scoring lobby gateway; do instances "$s"; done
  if behind_lb; then echo lb; fi
}
service_components() { local s; for s in game scoring lobby gateway; do instances "$s"; done; }
