# shellcheck shell=bash
# Sourced by ./tessera, not run on its own: `./tessera up --observe`, a Zipkin and a Prometheus beside the platform
# (issue 39).
#
# Zipkin's server (deploy/zipkin/ensure: the exec jar from Maven Central) starts before the services, keeping the last
# 100,000 spans in memory; every service instance started while it runs (by up, the supervisor, upgrade) sends it its
# spans (tracing_env: QUARKUS_OTEL_SDK_DISABLED=false, TESSERA_ZIPKIN_URL, every trace kept). Without --observe no
# service traces anything.
#
# Debian's Prometheus (deploy/prometheus/ensure unpacks the package once into deploy/.prometheus) scrapes every service
# instance's /q/metrics every 5 s, scaled or not, with the labels the Kubernetes deployment gives (job: gateway,
# game-service, lobby-service, scoring-service; pod: the instance, game.2), and evaluates the alerting rules of
# deploy/prometheus/tessera.rules.yml, so that its Alerts page shows them live. Its data is in $DATA/prometheus (kept a
# day), its log in $RUN/prometheus.log. Beside it, a small JVM (dev.tessera.infra.LagExporter) serves every consumer
# group's lag as kafka_consumergroup_lag, as Kubernetes' Kafka Exporter does, read from the brokers at each scrape (every
# 15 s). `./tessera down` stops both. Without --observe nothing of this runs.

prometheus_port() { echo "${TESSERA_PROMETHEUS_PORT:-9090}"; }
zipkin_port() { echo "${TESSERA_ZIPKIN_PORT:-9411}"; }
lag_exporter_port() { echo "${TESSERA_LAG_EXPORTER_PORT:-9308}"; }
observing() { pid_alive prometheus; }

# Prometheus's configuration for the running topology.
observe_config() {
  local s c
  cat <<YAML
# Written by ./tessera up --observe for $(describe_topology).
global:
  scrape_interval: 5s
  evaluation_interval: 10s
rule_files:
  - $ROOT/deploy/prometheus/tessera.rules.yml
scrape_configs:
YAML
  for s in gateway game lobby scoring; do
    printf '  - job_name: %s\n    metrics_path: /q/metrics\n    static_configs:\n' "$(module_of "$s")"
    for c in $(instances "$s"); do
      printf '      - targets: ["localhost:%s"]\n        labels: {pod: "%s"}\n' "$(port_of "$c")" "$c"
    done
  done
  printf '  - job_name: kafka-lag\n    scrape_interval: 15s\n    static_configs:\n      - targets: ["localhost:%s"]\n' \
    "$(lag_exporter_port)"
}

# Checked by up before anything starts.
observe_ports_free() {
  port_in_use "$(prometheus_port)" && fail "port $(prometheus_port) (Prometheus) is already in use; set TESSERA_PROMETHEUS_PORT"
  port_in_use "$(zipkin_port)" && fail "port $(zipkin_port) (Zipkin) is already in use; set TESSERA_ZIPKIN_PORT"
  port_in_use "$(lag_exporter_port)" && fail "port $(lag_exporter_port) (the lag exporter) is already in use; set TESSERA_LAG_EXPORTER_PORT"
  return 0
}

# The environment a service instance is started with: tracing to the running Zipkin, or nothing.
tracing_env() {
  pid_alive zipkin || return 0
  echo "QUARKUS_OTEL_SDK_DISABLED=false TESSERA_ZIPKIN_URL=http://127.0.0.1:$(zipkin_port) TESSERA_TRACE_RATIO=${TESSERA_TRACE_RATIO:-1.0}"
}

# Before the services, so that their first spans have somewhere to go.
zipkin_start() {
  local jar port i
  port=$(zipkin_port)
  jar=$("$ROOT/deploy/zipkin/ensure") || fail "--observe: Zipkin's server could not be fetched"
  QUERY_PORT=$port MEM_MAX_SPANS=100000 nohup java -Xmx768m -XX:+UseSerialGC -jar "$jar" --server.address=127.0.0.1 \
    --logging.level.root=WARN > "$RUN/zipkin.log" 2>&1 &
  echo $! > "$RUN/zipkin.pid"
  for ((i = 0; i < 120; i++)); do
    [[ $(http_status "$port" /health) == 200 ]] && return 0
    pid_alive zipkin || break
    sleep 0.5
  done
  tail -20 "$RUN/zipkin.log"
  fail "Zipkin did not start (log: $RUN/zipkin.log)"
}

observe_start() {
  local dir port i
  port=$(prometheus_port)
  dir=$("$ROOT/deploy/prometheus/ensure") || fail "--observe: Debian's Prometheus could not be fetched"
  # A JVM of its own, small: a few Admin requests every 15 s.
  nohup java -Xmx64m -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -cp "$(infra_cp)" dev.tessera.infra.LocalPlatform \
    lag-exporter --bootstrap "$TESSERA_KAFKA" --port "$(lag_exporter_port)" > "$RUN/lag-exporter.log" 2>&1 &
  echo $! > "$RUN/lag-exporter.pid"
  observe_config > "$RUN/prometheus.yml"
  mkdir -p "$DATA/prometheus"
  nohup "$dir/usr/bin/prometheus" --config.file="$RUN/prometheus.yml" --storage.tsdb.path="$DATA/prometheus" \
    --storage.tsdb.retention.time=1d --web.listen-address="127.0.0.1:$port" \
    --web.local-assets="$dir/usr/share/prometheus/web/" > "$RUN/prometheus.log" 2>&1 &
  echo $! > "$RUN/prometheus.pid"
  for ((i = 0; i < 60; i++)); do
    [[ $(http_status "$port" /-/ready) == 200 ]] && grep -q "lag exporter ready" "$RUN/lag-exporter.log" && return 0
    pid_alive prometheus && pid_alive lag-exporter || break
    sleep 0.5
  done
  tail -20 "$RUN/prometheus.log" "$RUN/lag-exporter.log"
  fail "Prometheus or the lag exporter did not start (logs: $RUN/prometheus.log, $RUN/lag-exporter.log)"
}

# For up's and status's listing.
observe_urls() {
  pid_alive zipkin && say "  Traces:   http://localhost:$(zipkin_port)/zipkin/ (Zipkin: every move's trace, across the services and Kafka)"
  observing || return 0
  say "  Metrics:  http://localhost:$(prometheus_port) (Prometheus: every instance scraped every 5 s; alerts at /classic/alerts)"
}
