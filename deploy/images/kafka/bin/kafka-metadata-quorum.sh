#!/bin/bash
# kafka-metadata-quorum.sh: the KRaft quorum's state and replication (org.apache.kafka.tools.MetadataQuorumCommand).
exec /opt/kafka/bin/kafka-run-class.sh org.apache.kafka.tools.MetadataQuorumCommand "$@"
