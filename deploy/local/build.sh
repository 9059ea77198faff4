# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: the build, a JDK 17 checked for, and the services and the
# infrastructure's class path built with ./mvnw when missing or older than their sources.

check_java() {
  command -v java >/dev/null 2>&1 || fail "no java on PATH: install a JDK 17 (e.g. apt-get install openjdk-17-jdk)"
  local v
  v=$(java -XshowSettings:properties -version 2>&1 | awk -F'= ' '/java.specification.version/ {print $2}')
  [[ ${v%%.*} -ge 17 ]] 2>/dev/null || fail "java $v found; Tessera needs a JDK 17 or newer"
}

build() {
  local missing=0 s
  for s in "${SERVICES[@]}"; do
    local m jar
    m=$(module_of "$s")
    jar=$m/target/quarkus-app/quarkus-run.jar
    # Missing, or older than a source or pom it is built from (after a pull or an edit): build again.
    if [[ ! -f $jar ]] || [[ -n $(find pom.xml events/pom.xml events/src service-kit/pom.xml service-kit/src "$m/pom.xml" "$m/src/main" \
        -type f -newer "$jar" -print -quit 2>/dev/null) ]]; then
      missing=1
    fi
  done
  # The infrastructure's class path: its classes (infra/target/classes) and its dependencies.
  local classpath=0
  if [[ ! -f $RUN/infra.classpath || -n $(find infra/pom.xml infra/src -type f -newer "$RUN/infra.classpath" -print -quit 2>/dev/null) ]]; then
    classpath=1
    # Packaged already, after its last change (./mvnw verify on a fresh clone, as CI runs before the soak): only the
    # class path is missing, which needs no build.
    local packaged
    packaged=$(ls infra/target/infra-*.jar 2>/dev/null | head -1)
    if [[ -z $packaged || ! -d infra/target/classes \
        || -n $(find infra/pom.xml infra/src -type f -newer "$packaged" -print -quit 2>/dev/null) ]]; then
      missing=1
    fi
  fi
  if [[ $missing == 1 ]]; then
    say "building (./mvnw install -DskipTests: a module is not built yet or its sources changed)…"
    # The services and the infrastructure with what they are built from, nothing else: the TypeScript SDK
    # (clients/typescript) needs node, and running Tessera needs only a JDK 17.
    local modules=infra
    for s in "${SERVICES[@]}"; do modules+=,$(module_of "$s"); done
    ./mvnw -q -B -DskipTests install -pl "$modules" -am > "$RUN/build.log" 2>&1 \
      || { tail -30 "$RUN/build.log"; fail "build failed (log: $RUN/build.log)"; }
    classpath=1
  fi
  if [[ $classpath == 1 ]]; then
    ./mvnw -q -B -pl infra dependency:build-classpath -Dmdep.includeScope=runtime \
      -Dmdep.outputFile="$RUN/infra.classpath" >> "$RUN/build.log" 2>&1 || fail "could not resolve the infrastructure classpath (log: $RUN/build.log)"
    # The plugin leaves the file as it was when the class path did not change: touched, or every later command would
    # find the infrastructure's sources newer than it and build everything again.
    touch "$RUN/infra.classpath"
  fi
}

# The services run from a release: their built quarkus-app folders copied (as hard links, which a build never
# changes: it writes new files) into $HOME_DIR/releases/<time>-<commit>, so that building, as ./tessera upgrade does
# while instances run, never changes the files of a running one. $RUN/release names the release that instances
# start from; the two newest releases are kept (the running one and the one before), and any older one that a process
# still runs from (an upgrade stopped halfway); the others are deleted.
release_make() {
  local id dir s m
  id=$(date -u +%Y%m%d-%H%M%S)-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
  dir=$HOME_DIR/releases/$id
  mkdir -p "$dir"
  for s in "${SERVICES[@]}"; do
    m=$(module_of "$s")
    cp -al "$m/target/quarkus-app" "$dir/$m" 2>/dev/null || cp -a "$m/target/quarkus-app" "$dir/$m" \
      || fail "could not copy $m's build into $dir"
  done
  echo "$dir" > "$RUN/release"
  local old
  for old in $(ls -1d "$HOME_DIR"/releases/*/ 2>/dev/null | sort | head -n -2); do
    pgrep -f -- "${old%/}/" > /dev/null || rm -rf "$old"
  done
}
# The jar a new instance of a module starts from: the current release's, or the build's before any release was made.
release_jar() {
  local dir
  dir=$(cat "$RUN/release" 2>/dev/null)
  if [[ -n $dir && -f $dir/$1/quarkus-run.jar ]]; then echo "$dir/$1/quarkus-run.jar"; else echo "$1/target/quarkus-app/quarkus-run.jar"; fi
}

# Decides finished games again from an export (issue 37, verify/README.md): the verifier built when missing or older
# than its sources, then run on the file (a path from where ./tessera was called, or - for stdin).
verify_export() {
  [[ $# == 1 ]] || fail "usage: ./tessera verify <export.ndjson>   (an export of GET /api/v1/exports/events)"
  local file=$1
  [[ $file == - || $file == /* ]] || file=$CALLER_DIR/$file
  mkdir -p "$RUN"
  if [[ ! -f $RUN/verify.classpath || -n $(find pom.xml events/pom.xml events/src game-service/pom.xml game-service/src/main \
      scoring-service/pom.xml scoring-service/src/main verify/pom.xml verify/src/main -type f -newer "$RUN/verify.classpath" \
      -print -quit 2>/dev/null) ]]; then
    say "building the verifier (once; log: $RUN/verify-build.log)…" >&2
    ./mvnw -q -B -pl verify -am -DskipTests install > "$RUN/verify-build.log" 2>&1 || fail "the verifier's build failed ($RUN/verify-build.log)"
    ./mvnw -q -B -pl verify dependency:build-classpath -Dmdep.includeScope=runtime -Dmdep.outputFile="$RUN/verify.classpath" \
      >> "$RUN/verify-build.log" 2>&1 || fail "the verifier's class path failed ($RUN/verify-build.log)"
    touch "$RUN/verify.classpath"
  fi
  java -cp "verify/target/classes:$(cat "$RUN/verify.classpath")" dev.tessera.verify.Main "$file"
}
