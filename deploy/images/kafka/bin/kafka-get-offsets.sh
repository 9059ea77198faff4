#!/bin/bash
# kafka-get-offsets.sh: a topic's partitions' earliest or latest offsets (org.apache.kafka.tools.GetOffsetShell).
exec /opt/kafka/bin/kafka-run-class.sh org.apache.kafka.tools.GetOffsetShell "$@"
