#!/bin/bash
# kafka-storage.sh: formats a KRaft node's log directories (format, info, random-uuid) (kafka.tools.StorageTool).
exec /opt/kafka/bin/kafka-run-class.sh kafka.tools.StorageTool "$@"
