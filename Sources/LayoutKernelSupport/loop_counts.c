/* How often each packing loop ran (debug builds of the kernels count them). */
#include <stdatomic.h>
#include "LayoutKernelSupport.h"

static _Atomic uint64_t counts[LKX_KERNEL_LEVELS][LKX_COUNTED_PATHS];

static int valid(int32_t level, int32_t loop) {
    return level >= 0 && level < LKX_KERNEL_LEVELS && loop >= 0 && loop < LKX_COUNTED_PATHS;
}

void lkx_count_loop(int32_t level, int32_t loop) {
    if (valid(level, loop)) atomic_fetch_add_explicit(&counts[level][loop], 1, memory_order_relaxed);
}

uint64_t lkx_loop_count(int32_t level, int32_t loop) {
    return valid(level, loop) ? atomic_load_explicit(&counts[level][loop], memory_order_relaxed) : 0;
}
