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

#endif
