/*
 * Scratch memory that outlives one call: a small process-wide cache of blocks,
 * so that a large layout does not map fresh pages (and take a page fault on each)
 * every time it runs. A call takes blocks and gives them back; a block given back
 * is kept for the next call when it is not too large and there is room, else
 * freed. Thread-safe.
 */
#include "LayoutKernelSupport.h"

#include <pthread.h>
#include <stdlib.h>

enum {
    CACHED_BLOCKS = 16,
    LARGEST_CACHED = 32 << 20, /* bytes: larger blocks are freed when given back */
    ALIGNMENT = 64,
};

typedef struct block {
    void *memory;
    size_t capacity;
} block;

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static block cache[CACHED_BLOCKS];

void *lkx_scratch_take(size_t bytes, size_t *capacity) {
    if (bytes == 0) bytes = ALIGNMENT;
    pthread_mutex_lock(&cache_lock);
    int best = -1;
    for (int i = 0; i < CACHED_BLOCKS; i++)
        if (cache[i].memory && cache[i].capacity >= bytes &&
            (best < 0 || cache[i].capacity < cache[best].capacity))
            best = i;
    if (best >= 0) {
        void *memory = cache[best].memory;
        *capacity = cache[best].capacity;
        cache[best].memory = NULL;
        pthread_mutex_unlock(&cache_lock);
        return memory;
    }
    pthread_mutex_unlock(&cache_lock);
    size_t rounded = (bytes + ALIGNMENT - 1) / ALIGNMENT * ALIGNMENT;
    if (rounded < bytes) return NULL; /* overflow */
    void *memory = aligned_alloc(ALIGNMENT, rounded);
    *capacity = memory ? rounded : 0;
    return memory;
}

void lkx_scratch_give(void *memory, size_t capacity) {
    if (!memory) return;
    if (capacity <= LARGEST_CACHED) {
        pthread_mutex_lock(&cache_lock);
        int slot = -1;
        for (int i = 0; i < CACHED_BLOCKS; i++) {
            if (!cache[i].memory) { slot = i; break; }
            if (slot < 0 || cache[i].capacity < cache[slot].capacity) slot = i; /* evict the smallest */
        }
        block evicted = cache[slot];
        if (!evicted.memory || evicted.capacity < capacity) {
            cache[slot].memory = memory;
            cache[slot].capacity = capacity;
            memory = evicted.memory;
        }
        pthread_mutex_unlock(&cache_lock);
    }
    free(memory);
}

size_t lkx_scratch_cached_bytes(void) {
    size_t total = 0;
    pthread_mutex_lock(&cache_lock);
    for (int i = 0; i < CACHED_BLOCKS; i++)
        if (cache[i].memory) total += cache[i].capacity;
    pthread_mutex_unlock(&cache_lock);
    return total;
}

/* fork() while another thread holds the cache: the child (one thread) gets it free. */
static void prepare_fork(void) { pthread_mutex_lock(&cache_lock); }
static void after_fork(void) { pthread_mutex_unlock(&cache_lock); }
__attribute__((constructor)) static void install_fork_handlers(void) {
    pthread_atfork(prepare_fork, after_fork, after_fork);
}

__attribute__((destructor)) static void free_cache(void) {
    pthread_mutex_lock(&cache_lock);
    for (int i = 0; i < CACHED_BLOCKS; i++) {
        free(cache[i].memory);
        cache[i].memory = NULL;
    }
    pthread_mutex_unlock(&cache_lock);
}
