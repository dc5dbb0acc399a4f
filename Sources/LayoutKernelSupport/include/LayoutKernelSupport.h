/*
 * Internal support for the LayoutKernel export layer: what Swift cannot
 * express directly. Nothing here is part of the public C interface; the
 * public functions defined in error_state.c are declared in
 * Include/layoutkernel.h.
 */
#ifndef LAYOUTKERNEL_SUPPORT_H
#define LAYOUTKERNEL_SUPPORT_H

#include <stddef.h>
#include <stdint.h>

#define LKX_HIDDEN __attribute__((visibility("hidden")))

/*
 * Records the calling thread's last error: its status, the item index it is
 * about (-1 for none), the capacity a buffer needs (0 if not a capacity
 * error) and a message (copied; truncated to the buffer, always terminated).
 */
LKX_HIDDEN void lkx_set_error(int32_t status, int64_t index, size_t required,
                              const char *message);

/* A task of a parallel loop: library code run for one index. */
typedef void (*lkx_task)(void *context, size_t index);

/*
 * Runs task(context, i) for every i in [0, count) on up to `threads` threads
 * (the calling thread included; at most lkx_thread_limit()), and returns when
 * all have finished. Safe to call from several threads at once.
 */
LKX_HIDDEN void lkx_parallel_for(size_t count, size_t threads, lkx_task task, void *context);

/* Threads a call may use: the setting, at most the usable CPUs (all of them for 0).
 * One system call (the affinity mask): ask for calls large enough to split. */
LKX_HIDDEN size_t lkx_thread_limit(void);
/* The setting itself (0 = every usable CPU); LAYOUTKERNEL_THREADS gives its first value. */
LKX_HIDDEN size_t lkx_thread_setting(void);
LKX_HIDDEN void lkx_set_thread_setting(size_t threads);
/* The CPUs the calling thread may run on now (its affinity mask; the online CPUs
 * where it cannot be read). */
LKX_HIDDEN size_t lkx_usable_cpus(void);
/*
 * Scratch blocks from a process-wide cache (scratch.c): at least `bytes`,
 * 64-byte aligned, NULL when memory runs out; *capacity is the block's size,
 * to give back with it. A block given back is kept for later calls (up to 16
 * blocks of at most 32 MiB) or freed.
 */
LKX_HIDDEN void *lkx_scratch_take(size_t bytes, size_t *capacity);
LKX_HIDDEN void lkx_scratch_give(void *memory, size_t capacity);
LKX_HIDDEN size_t lkx_scratch_cached_bytes(void);

/* An in-use flag (busy_flag.c): take returns 1 when the caller got it (it was
 * 0), 0 when another holder has it; give releases it. */
LKX_HIDDEN int lkx_flag_take(int32_t *flag);
LKX_HIDDEN void lkx_flag_give(int32_t *flag);

/*
 * Bytes the process can still allocate, as far as the system tells
 * (memory.c): the room left under the address-space limit (RLIMIT_AS) when
 * one is set, and never more than the machine's physical memory. Cheap when
 * no limit is set (one getrlimit call); a few microseconds otherwise.
 */
LKX_HIDDEN size_t lkx_memory_headroom(void);

/* Workers started so far (for tests). */
LKX_HIDDEN size_t lkx_worker_count(void);

/*
 * How many times each packing loop of the flow has run, by kernel level (1 sse2,
 * 2 avx2, 3 avx512) and loop (`PackingLoop` in Sources/Kernels: the general loop
 * once per sink, then the lean rows once per rule), counted by debug builds of the
 * kernels (loop_counts.c): tests check that every one runs.
 */
#define LKX_KERNEL_LEVELS 4
#define LKX_COUNTED_PATHS 7
LKX_HIDDEN void lkx_count_loop(int32_t level, int32_t loop);
LKX_HIDDEN uint64_t lkx_loop_count(int32_t level, int32_t loop);

#endif
