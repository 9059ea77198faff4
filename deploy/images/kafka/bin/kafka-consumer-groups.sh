#!/bin/bash
# kafka-consumer-groups.sh: lists and describes consumer groups, their lag; resets offsets (org.apache.kafka.tools.consumer.group.ConsumerGroupCommand).
exec /opt/kafka/bin/kafka-run-class.sh org.apache.kafka.tools.consumer.group.ConsumerGroupCommand "$@"
