/*
 * The in-use flag of an engine handle: a call takes it for its duration, and a
 * second call that finds it taken reports LK_ERR_BUSY instead of running.
 */
#include "LayoutKernelSupport.h"

int lkx_flag_take(int32_t *flag)
{
    return __atomic_exchange_n(flag, 1, __ATOMIC_ACQUIRE) == 0;
}

void lkx_flag_give(int32_t *flag)
{
    __atomic_store_n(flag, 0, __ATOMIC_RELEASE);
}
