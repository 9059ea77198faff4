#!/bin/bash
# kafka-topics.sh: lists, creates, describes, alters and deletes topics (org.apache.kafka.tools.TopicCommand).
exec /opt/kafka/bin/kafka-run-class.sh org.apache.kafka.tools.TopicCommand "$@"
