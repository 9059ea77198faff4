#!/bin/bash
# kafka-transactions.sh: lists, describes and aborts transactions (hanging ones too) (org.apache.kafka.tools.TransactionsCommand).
exec /opt/kafka/bin/kafka-run-class.sh org.apache.kafka.tools.TransactionsCommand "$@"
