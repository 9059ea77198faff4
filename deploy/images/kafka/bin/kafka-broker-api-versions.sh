#!/bin/bash
# kafka-broker-api-versions.sh: the API versions each broker supports; the compose healthcheck (org.apache.kafka.tools.BrokerApiVersionsCommand).
exec /opt/kafka/bin/kafka-run-class.sh org.apache.kafka.tools.BrokerApiVersionsCommand "$@"
