#!/usr/bin/env python3
"""Where a service's CPU goes, from a JFR recording: the hottest methods (top frame of the execution
samples) and the share of samples whose stack passes through each area of the code (inclusive).

    jfr print --json --events jdk.ExecutionSample game.jfr > game.json && bench/profile/hot.py game.json
"""
import json
import sys
from collections import Counter

AREAS = [
    ("rules engines (dev.tessera.game.alhambra/carrara/builders)", ("dev.tessera.game.alhambra", "dev.tessera.game.carrara", "dev.tessera.game.builders")),
    ("whose turn for the clock (GameClocks.toAct)", ("dev.tessera.game.play.GameClocks.toAct",)),
    ("legal-moves endpoint (GameResource.legalMoves)", ("dev.tessera.game.api.GameResource.legalMoves",)),
    ("JSON (Jackson)", ("com.fasterxml.jackson",)),
    ("Hibernate", ("org.hibernate",)),
    ("PostgreSQL client (Vert.x pg)", ("io.vertx.pgclient", "io.vertx.sqlclient")),
    ("Kafka clients", ("org.apache.kafka",)),
    ("Kafka Streams / RocksDB", ("org.apache.kafka.streams", "org.rocksdb")),
    ("HTTP server (Vert.x, Quarkus REST)", ("io.vertx.core.http", "org.jboss.resteasy.reactive")),
    ("JWT / security", ("io.smallrye.jwt", "org.jose4j", "io.quarkus.security")),
    ("Netty I/O", ("io.netty",)),
]


def frames(event):
    trace = event["values"].get("stackTrace") or {}
    for f in trace.get("frames", []):
        m = f.get("method") or {}
        yield ((m.get("type") or {}).get("name", "?") + "." + m.get("name", "?")).replace("/", ".")


def main(path, top=25):
    events = json.load(open(path))["recording"]["events"]
    hot = Counter()
    areas = Counter()
    for e in events:
        stack = list(frames(e))
        if not stack:
            continue
        hot[stack[0]] += 1
        for name, prefixes in AREAS:
            if any(f.startswith(p) for f in stack for p in prefixes):
                areas[name] += 1
    n = sum(hot.values()) or 1
    print(f"{n} execution samples")
    print("\n| area (inclusive) | share of samples |\n|---|---|")
    for name, _ in AREAS:
        print(f"| {name} | {100 * areas[name] / n:.1f} % |")
    print(f"\n| hottest methods (self) | share |\n|---|---|")
    for method, c in hot.most_common(top):
        print(f"| `{method}` | {100 * c / n:.1f} % |")


if __name__ == "__main__":
    main(sys.argv[1])
