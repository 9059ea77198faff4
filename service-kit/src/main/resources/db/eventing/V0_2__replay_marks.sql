-- Written by a projection rebuild (dev.tessera.kit.rebuild.ProjectionRebuild): per partition, the offset the
-- service's consumer group had committed when its read model was wiped. Records below it are replayed to
-- rebuild the read model, but what they once published is not published again.
CREATE TABLE replay_marks (
    topic        TEXT   NOT NULL,
    partition_no INT    NOT NULL,
    until_offset BIGINT NOT NULL,
    PRIMARY KEY (topic, partition_no)
);
