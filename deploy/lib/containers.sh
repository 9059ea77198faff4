# Shared by deploy/build-images and deploy/compose-smoke (sourced, not run): which container engine to
# use, the tools it needs, and how a failure is reported.
#
# The engine: $CONTAINER_ENGINE if set (docker or podman); else Docker when a Docker engine answers;
# else Podman, installed with apt-get when missing (as root on Debian). Podman runs with
# deploy/podman/containers.conf (runc, and ulimits within this kind of machine's hard limits).

say() { printf '%s: %s\n' "${0##*/}" "$*"; }

# die WHAT FIX: stops the script, naming what failed and how to fix it.
die() {
  printf '%s: FAILED: %s\n' "${0##*/}" "$1" >&2
  [[ -n ${2:-} ]] && printf '%s: to fix: %s\n' "${0##*/}" "$2" >&2
  exit 1
}

# ensure_packages CMD:PACKAGE...: installs the Debian packages of the commands that are missing.
ensure_packages() {
  local missing=() pair
  for pair in "$@"; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
  done
  ((${#missing[@]})) || return 0
  if [[ $(id -u) != 0 ]] || ! command -v apt-get >/dev/null; then
    die "missing: ${missing[*]}" "install them (Debian/Ubuntu: sudo apt-get install -y ${missing[*]}), or run this script as root on Debian"
  fi
  say "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  local log=${TMPDIR:-/tmp}/tessera-apt.$$.log
  apt-get install -y -qq "${missing[@]}" >"$log" 2>&1 \
    || { apt-get update -qq >>"$log" 2>&1 && apt-get install -y -qq "${missing[@]}" >>"$log" 2>&1; } \
    || die "apt-get install ${missing[*]} (log: $log)" "check that Debian's package mirror is reachable, then run again"
  rm -f "$log"
}

# choose_engine: sets ENGINE (docker or podman) and, for Podman, CONTAINERS_CONF.
choose_engine() {
  ENGINE=${CONTAINER_ENGINE:-}
  if [[ -z $ENGINE ]]; then
    if command -v docker >/dev/null && docker info >/dev/null 2>&1; then ENGINE=docker; else ENGINE=podman; fi
  fi
  case $ENGINE in
    docker)
      docker info >/dev/null 2>&1 || die "no Docker engine answers ('docker info' failed)" \
        "start Docker, or use Podman: CONTAINER_ENGINE=podman $0" ;;
    podman)
      ensure_packages podman:podman runc:runc buildah:buildah
      export CONTAINERS_CONF=${CONTAINERS_CONF:-$ROOT/deploy/podman/containers.conf}
      podman info >/dev/null 2>&1 || die "podman does not work here ('podman info': $(podman info 2>&1 | tail -1))" \
        "see deploy/README.md, Podman" ;;
    *) die "CONTAINER_ENGINE=$ENGINE" "set it to docker or podman, or leave it unset" ;;
  esac
}

# Whether image $1 exists and carries the inputs hash $2 (label dev.tessera.inputs).
image_current() {
  [[ $("$ENGINE" image inspect --format '{{ index .Config.Labels "dev.tessera.inputs" }}' "$1" 2>/dev/null) == "$2" ]]
}

# inputs_hash TEXT FILE...: a hash of some text (versions, base image ids) and the files' contents.
inputs_hash() {
  local text=$1; shift
  { printf '%s\n' "$text"; for f in "$@"; do printf '%s\n' "$f"; cat "$f"; done; } | sha256sum | cut -c1-16
}
