/*
 * The thread-local error state behind lk_last_error_*(). One small struct per
 * thread; written only by failing calls, so successful calls cost nothing.
 */
#include "LayoutKernelSupport.h"
#include "layoutkernel.h" /* the public declarations these definitions must match */

#include <string.h>

enum { MESSAGE_CAPACITY = 512 };

typedef struct error_state {
    int32_t status;
    int64_t index;
    size_t required;
    char message[MESSAGE_CAPACITY];
} error_state;

static _Thread_local error_state last_error = { 0, -1, 0, { 0 } };

void lkx_set_error(int32_t status, int64_t index, size_t required, const char *message) {
    last_error.status = status;
    last_error.index = index;
    last_error.required = required;
    size_t length = message ? strlen(message) : 0;
    if (length >= MESSAGE_CAPACITY) length = MESSAGE_CAPACITY - 1;
    if (length) memcpy(last_error.message, message, length);
    last_error.message[length] = '\0';
}

const char *lk_last_error_message(void) { return last_error.message; }
lk_status lk_last_error_status(void) { return last_error.status; }
int64_t lk_last_error_index(void) { return last_error.index; }
size_t lk_last_error_required(void) { return last_error.required; }
