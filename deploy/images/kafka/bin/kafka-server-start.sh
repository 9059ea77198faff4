#!/bin/bash
# kafka-server-start.sh SERVER.PROPERTIES [--override KEY=VALUE ...]: runs the Kafka node (broker and/or
# KRaft controller) in the foreground, as the process itself (exec), so SIGTERM shuts it down cleanly.
# The environment variables of Apache's kafka-server-start.sh and kafka-run-class.sh, with smaller defaults:
#   KAFKA_HEAP_OPTS             the heap (default -Xmx384m -Xms384m; Apache's is 1 GB)
#   KAFKA_JVM_PERFORMANCE_OPTS  collector and compiler (default G1 as Apache sets it)
#   KAFKA_GC_LOG_OPTS           GC logging (none by default)
#   KAFKA_JMX_OPTS, JMX_PORT    remote JMX (off unless JMX_PORT or KAFKA_JMX_OPTS is set; KAFKA_JMX_HOSTNAME)
#   KAFKA_LOG4J_OPTS            logging (default: /opt/kafka/config/log4j2.properties, INFO to stdout)
#   KAFKA_OPTS                  anything else, last
# The broker's classes come from the class-data archive made with the image (/opt/kafka/kafka.jsa,
# /etc/kafka/docker/make-cds): 1.0 s to start instead of 1.7 (KAFKA_OPTS=-Xshare:off to do without).
if [[ $# -lt 1 ]]; then
  echo "usage: ${0##*/} server.properties [--override property=value]*" >&2
  exit 2
fi
jmx=${KAFKA_JMX_OPTS:-}
if [[ -n ${JMX_PORT:-} ]]; then
  jmx="${jmx:--Dcom.sun.management.jmxremote=true -Dcom.sun.management.jmxremote.authenticate=false -Dcom.sun.management.jmxremote.ssl=false}"
  jmx+=" -Dcom.sun.management.jmxremote.local.only=false -Dcom.sun.management.jmxremote.port=$JMX_PORT -Dcom.sun.management.jmxremote.rmi.port=$JMX_PORT"
  [[ -z ${KAFKA_JMX_HOSTNAME:-} ]] || jmx+=" -Djava.rmi.server.hostname=$KAFKA_JMX_HOSTNAME"
fi
cds=
[[ ! -r /opt/kafka/kafka.jsa ]] || cds=-XX:SharedArchiveFile=/opt/kafka/kafka.jsa
# The JVM's performance counters are sampled once a second, not every 50 ms: an idle broker wakes less (issue 41).
# shellcheck disable=SC2086 # the *_OPTS are lists of JVM options, split on spaces as in Apache's scripts
exec java ${KAFKA_HEAP_OPTS:--Xmx384m -Xms384m} \
  ${KAFKA_JVM_PERFORMANCE_OPTS:--server -XX:+UseG1GC -XX:MaxGCPauseMillis=20 -XX:InitiatingHeapOccupancyPercent=35 -XX:+ExplicitGCInvokesConcurrent -XX:MaxInlineLevel=15 -Djava.awt.headless=true} \
  -XX:PerfDataSamplingInterval=1000 ${KAFKA_GC_LOG_OPTS:-} $jmx $cds \
  ${KAFKA_LOG4J_OPTS:--Dlog4j2.configurationFile=/opt/kafka/config/log4j2.properties} \
  ${KAFKA_OPTS:-} -cp '/opt/kafka/libs/*' kafka.Kafka "$@"
