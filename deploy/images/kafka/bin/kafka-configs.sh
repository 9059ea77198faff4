#!/bin/bash
# kafka-configs.sh: describes and alters topic, broker and client configs (kafka.admin.ConfigCommand).
exec /opt/kafka/bin/kafka-run-class.sh kafka.admin.ConfigCommand "$@"
