#!/bin/bash
# kafka-console-consumer.sh: prints the records of a topic (org.apache.kafka.tools.consumer.ConsoleConsumer).
exec /opt/kafka/bin/kafka-run-class.sh org.apache.kafka.tools.consumer.ConsoleConsumer "$@"
