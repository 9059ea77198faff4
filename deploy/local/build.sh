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
  if [[ ! -f $RUN/infra.classpath || -n $(find infra/pom.xml infra/src -type f -newer "$RUN/infra.classpath" -print -quit 2>/dev/null) ]]; then
    missing=1
  fi
  if [[ $missing == 1 ]]; then
    say "building (./mvnw install -DskipTests: a module is not built yet or its sources changed)…"
    ./mvnw -q -B -DskipTests install > "$RUN/build.log" 2>&1 || { tail -30 "$RUN/build.log"; fail "build failed (log: $RUN/build.log)"; }
    ./mvnw -q -B -pl infra dependency:build-classpath -Dmdep.includeScope=runtime \
      -Dmdep.outputFile="$RUN/infra.classpath" >> "$RUN/build.log" 2>&1 || fail "could not resolve the infrastructure classpath (log: $RUN/build.log)"
  fi
}
