package dev.tessera.kit.eventing;

/**
 * An append expected the stream at one version and found another: someone else appended first.
 * Never merged silently; the caller retries with the new state or reports the conflict.
 */
public class ConcurrencyConflictException extends RuntimeException {
    private final String streamId;
    private final long expectedVersion;
    private final long actualVersion;

    public ConcurrencyConflictException(String streamId, long expectedVersion, long actualVersion) {
        super("stream " + streamId + " is at version " + actualVersion + ", not " + expectedVersion);
        this.streamId = streamId;
        this.expectedVersion = expectedVersion;
        this.actualVersion = actualVersion;
    }

    public String streamId() {
        return streamId;
    }

    public long expectedVersion() {
        return expectedVersion;
    }

    /** The stream's version when the conflict was seen; -1 when another append won the race at commit. */
    public long actualVersion() {
        return actualVersion;
    }
}
