/*
 * How much memory the process may still allocate: what the engine checks
 * before a call that may need a lot of it, so that it can answer
 * LK_ERR_OUT_OF_MEMORY instead of failing halfway.
 */
#include "LayoutKernelSupport.h"

#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

/* The process's mapped bytes (the first field of /proc/self/statm), 0 when unknown. */
static size_t mapped_bytes(void)
{
    FILE *file = fopen("/proc/self/statm", "r");
    if (!file) return 0;
    unsigned long pages = 0;
    int read = fscanf(file, "%lu", &pages);
    fclose(file);
    return read == 1 ? (size_t)pages * (size_t)sysconf(_SC_PAGESIZE) : 0;
}

size_t lkx_memory_headroom(void)
{
    /* The machine's memory, read once (racing first callers read the same value). */
    static size_t physical;
    size_t headroom = __atomic_load_n(&physical, __ATOMIC_RELAXED);
    if (headroom == 0) {
        long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
        headroom = pages > 0 && page > 0 ? (size_t)pages * (size_t)page : SIZE_MAX;
        __atomic_store_n(&physical, headroom, __ATOMIC_RELAXED);
    }
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        size_t mapped = mapped_bytes();
        size_t room = limit.rlim_cur > mapped ? (size_t)(limit.rlim_cur - mapped) : 0;
        if (room < headroom) headroom = room;
    }
    return headroom;
}
