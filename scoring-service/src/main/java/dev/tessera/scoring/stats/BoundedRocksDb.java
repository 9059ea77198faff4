package dev.tessera.scoring.stats;

import java.util.Map;
import org.apache.kafka.streams.state.RocksDBConfigSetter;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.Cache;
import org.rocksdb.LRUCache;
import org.rocksdb.Options;
import org.rocksdb.WriteBufferManager;

/**
 * Bounds the off-heap memory of every RocksDB store of the statistics together: one block cache of
 * {@value #CACHE_BYTES} bytes shared by all stores and tasks, which also accounts for their memtables
 * (at most {@value #WRITE_BUFFER_BYTES} bytes). Without it each store of each task takes its own 50 MB
 * cache and 48 MB of memtables, a lot beside a service with a 256 MB heap.
 */
public class BoundedRocksDb implements RocksDBConfigSetter {
    static final long CACHE_BYTES = 16L * 1024 * 1024;
    static final long WRITE_BUFFER_BYTES = 8L * 1024 * 1024;

    private static Cache cache;
    private static WriteBufferManager writeBuffers;

    private static synchronized void init() {
        if (cache == null) {
            cache = new LRUCache(CACHE_BYTES, -1, false, 0.1);
            writeBuffers = new WriteBufferManager(WRITE_BUFFER_BYTES, cache);
        }
    }

    @Override
    public void setConfig(String storeName, Options options, Map<String, Object> configs) {
        init();
        BlockBasedTableConfig table = (BlockBasedTableConfig) options.tableFormatConfig();
        table.setBlockCache(cache);
        table.setCacheIndexAndFilterBlocks(true);
        table.setCacheIndexAndFilterBlocksWithHighPriority(true);
        options.setWriteBufferManager(writeBuffers);
        options.setWriteBufferSize(1024 * 1024);
        options.setMaxWriteBufferNumber(2);
        options.setTableFormatConfig(table);
    }

    @Override
    public void close(String storeName, Options options) {
        // The cache and the write buffer manager are shared by every store for the life of the process.
    }
}
