#!/bin/bash
# kafka-run-class.sh CLASS [ARG...]: runs one of Kafka's command-line tools (tessera/kafka); the other
# kafka-*.sh here are this with their class. Small and quick to start, since a tool answers one request and
# exits (the compose healthcheck runs one every 10 s): a 128 MB heap, the C1 compiler alone, the serial
# collector, and the archive of the tools' classes made with the image (/opt/kafka/tools.jsa, see
# /etc/kafka/docker/make-cds): 0.25 s to start instead of 0.55.
# KAFKA_TOOLS_HEAP_OPTS replaces the heap setting (the broker's KAFKA_HEAP_OPTS does not apply to the tools,
# unlike in Apache's scripts); KAFKA_OPTS is appended, as there (JAAS files, truststores). Logging: WARN and
# worse to stderr (KAFKA_TOOLS_LOG4J_LOGLEVEL), so that stdout holds the tool's answer alone.
if [[ $# -lt 1 ]]; then
  echo "usage: ${0##*/} CLASS [ARG...]" >&2
  exit 2
fi
class=$1
shift
cds=-Xshare:auto
[[ ! -r /opt/kafka/tools.jsa ]] || cds+=" -XX:SharedArchiveFile=/opt/kafka/tools.jsa"
# shellcheck disable=SC2086 # the *_OPTS are lists of JVM options, split on spaces as in Apache's scripts
exec java ${KAFKA_TOOLS_HEAP_OPTS:--Xmx128m} -XX:TieredStopAtLevel=1 -XX:+UseSerialGC $cds \
  -Dlog4j2.configurationFile="${KAFKA_TOOLS_LOG4J_CONFIG:-/opt/kafka/config/tools-log4j2.properties}" \
  ${KAFKA_OPTS:-} -cp '/opt/kafka/libs/*' "$class" "$@"
