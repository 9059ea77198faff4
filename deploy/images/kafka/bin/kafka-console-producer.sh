#!/bin/bash
# kafka-console-producer.sh: writes records read from stdin (org.apache.kafka.tools.ConsoleProducer).
exec /opt/kafka/bin/kafka-run-class.sh org.apache.kafka.tools.ConsoleProducer "$@"
