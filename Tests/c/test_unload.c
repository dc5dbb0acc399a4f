/*
 * The thread pool's life across dlopen and dlclose (C99 + pthreads + dlfcn).
 *
 *   test_unload LIBRARY [CYCLES]
 *
 * Loads LIBRARY (a libLayoutKernel.so; this program is not linked against it)
 * with dlopen, CYCLES times (default 3). Each time:
 *  - a flow of 300,000 items laid out on one thread gives the reference;
 *  - with lk_set_max_threads(8) four threads of this program lay it out at
 *    once, twice each, sharing the pool the first of them starts: every
 *    result equals the reference, byte for byte;
 *  - the pool's workers exist while the library is loaded (when the library
 *    may use more than one thread here), and after dlclose the library is
 *    unmapped (dlopen with RTLD_NOLOAD finds nothing) and every worker is gone
 *    (this process has as many threads as before dlopen): the library's
 *    destructor stopped and joined them.
 * Run under ThreadSanitizer (Makefile target test-tsan, with the library built
 * with -sanitize=thread) it also shows that starting, sharing and stopping the
 * pool race with nothing and leak no thread; under AddressSanitizer (Tests/c/
 * run.sh) that unloading touches no freed memory.
 * Ends with "N passed, M failed"; exits 1 on any failure.
 */
#define _POSIX_C_SOURCE 200809L

#include "layoutkernel.h"

#include <dirent.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { ITEMS = 300000, CALLERS = 4, ROUNDS = 2 };

static int g_passed, g_failed;
static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;

static int check(int ok, int cycle, const char *what)
{
    pthread_mutex_lock(&g_lock);
    if (ok) {
        g_passed++;
    } else {
        g_failed++;
        printf("FAIL cycle %d: %s\n", cycle, what);
    }
    pthread_mutex_unlock(&g_lock);
    return ok;
}

/* The functions this program calls, looked up in the loaded library. */
typedef struct {
    lk_flow_params (*flow_params_default)(void);
    lk_status (*flow_layout)(const lk_items *, const lk_flow_params *, lk_proposal, lk_result *);
    void (*set_max_threads)(size_t);
    size_t (*max_threads)(void);
    const char *(*status_name)(lk_status);
    const char *(*last_error_message)(void);
} Api;

static int look_up(void *library, Api *api)
{
    /* POSIX: a function pointer converts to and from void * through memcpy. */
#define LOOK_UP(field, name)                                      \
    do {                                                          \
        void *symbol = dlsym(library, name);                      \
        if (!symbol) {                                            \
            printf("FAIL: %s not found (%s)\n", name, dlerror()); \
            return 0;                                             \
        }                                                         \
        memcpy(&api->field, &symbol, sizeof symbol);              \
    } while (0)
    LOOK_UP(flow_params_default, "lk_flow_params_default");
    LOOK_UP(flow_layout, "lk_flow_layout");
    LOOK_UP(set_max_threads, "lk_set_max_threads");
    LOOK_UP(max_threads, "lk_max_threads");
    LOOK_UP(status_name, "lk_status_name");
    LOOK_UP(last_error_message, "lk_last_error_message");
#undef LOOK_UP
    return 1;
}

/* The threads of this process (entries of /proc/self/task), or -1. */
static int thread_count(void)
{
    DIR *tasks = opendir("/proc/self/task");
    struct dirent *entry;
    int count = 0;
    if (!tasks)
        return -1;
    while ((entry = readdir(tasks)) != NULL)
        if (entry->d_name[0] != '.')
            count++;
    closedir(tasks);
    return count;
}

/* One flow's outputs, in one block so that results compare with memcmp. */
typedef struct {
    float *x, *y;
    int64_t *row_start, *row_length;
    double *row_y;
    lk_result r;
} Out;

static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n, size);
    if (!p) {
        printf("out of memory\n");
        exit(2);
    }
    return p;
}

static void out_alloc(Out *o)
{
    memset(&o->r, 0, sizeof o->r);
    o->r.struct_size = sizeof o->r;
    o->r.x = o->x = (float *)xcalloc(ITEMS, sizeof(float));
    o->r.y = o->y = (float *)xcalloc(ITEMS, sizeof(float));
    o->r.row_start = o->row_start = (int64_t *)xcalloc(ITEMS, sizeof(int64_t));
    o->r.row_length = o->row_length = (int64_t *)xcalloc(ITEMS, sizeof(int64_t));
    o->r.row_y = o->row_y = (double *)xcalloc(ITEMS, sizeof(double));
    o->r.item_capacity = o->r.row_capacity = ITEMS;
}

static void out_free(Out *o)
{
    free(o->x);
    free(o->y);
    free(o->row_start);
    free(o->row_length);
    free(o->row_y);
}

static int same_out(const Out *a, const Out *b)
{
    size_t rows = a->r.rows;
    return memcmp(&a->r.width, &b->r.width, sizeof(float)) == 0 &&
           memcmp(&a->r.height, &b->r.height, sizeof(float)) == 0 && rows == b->r.rows &&
           memcmp(a->x, b->x, ITEMS * sizeof(float)) == 0 && memcmp(a->y, b->y, ITEMS * sizeof(float)) == 0 &&
           memcmp(a->row_start, b->row_start, rows * sizeof(int64_t)) == 0 &&
           memcmp(a->row_length, b->row_length, rows * sizeof(int64_t)) == 0 &&
           memcmp(a->row_y, b->row_y, rows * sizeof(double)) == 0;
}

/* What every caller shares (read only while they run). */
static Api g_api;
static lk_items g_items;
static lk_flow_params g_params;
static Out g_reference;
static const lk_proposal g_width = {1000, LK_UNSPECIFIED};

typedef struct {
    int cycle, ok;
} Caller;

static void *caller(void *arg)
{
    Caller *c = (Caller *)arg;
    int round;
    c->ok = 1;
    for (round = 0; round < ROUNDS; round++) {
        Out o;
        lk_status st;
        out_alloc(&o);
        st = g_api.flow_layout(&g_items, &g_params, g_width, &o.r);
        if (st != LK_OK) {
            printf("FAIL cycle %d: lk_flow_layout gave %s: %s\n", c->cycle, g_api.status_name(st),
                   g_api.last_error_message());
            c->ok = 0;
        } else if (!same_out(&o, &g_reference)) {
            c->ok = 0;
        }
        out_free(&o);
    }
    return NULL;
}

static void *nothing(void *arg) { return arg; }

static void run_cycle(const char *path, int cycle)
{
    int before = thread_count(), during, after, t;
    void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    pthread_t threads[CALLERS];
    Caller callers[CALLERS];
    int started[CALLERS];
    size_t limit;
    if (!check(library != NULL, cycle, "dlopen")) {
        printf("     %s\n", dlerror());
        return;
    }
    if (!look_up(library, &g_api)) {
        check(0, cycle, "every function found");
        dlclose(library);
        return;
    }
    g_params = g_api.flow_params_default();
    g_params.spacing = 6;
    g_params.line_spacing = 4;

    g_api.set_max_threads(1);
    out_alloc(&g_reference);
    check(g_api.flow_layout(&g_items, &g_params, g_width, &g_reference.r) == LK_OK, cycle,
          "the reference layout on one thread");
    check(thread_count() == before, cycle, "one thread: no worker started");

    g_api.set_max_threads(8);
    limit = g_api.max_threads();
    for (t = 0; t < CALLERS; t++) {
        callers[t].cycle = cycle;
        started[t] = check(pthread_create(&threads[t], NULL, caller, &callers[t]) == 0, cycle, "pthread_create");
    }
    for (t = 0; t < CALLERS; t++)
        if (started[t]) {
            pthread_join(threads[t], NULL);
            check(callers[t].ok == 1, cycle, "four callers at once: every result equals one thread's");
        }
    during = thread_count();
    printf("cycle %d: lk_max_threads() %zu; threads before dlopen %d, with the pool started %d\n", cycle,
           limit, before, during);
    if (limit > 1)
        check(during > before, cycle, "the pool's workers started");
    else
        check(during == before, cycle, "one CPU: no worker started");
    out_free(&g_reference);

    check(dlclose(library) == 0, cycle, "dlclose");
    check(dlopen(path, RTLD_NOW | RTLD_NOLOAD) == NULL, cycle, "after dlclose the library is unloaded");
    after = thread_count();
    printf("cycle %d: threads after dlclose %d\n", cycle, after);
    check(after == before, cycle, "after dlclose every worker is gone (joined at unload)");
}

int main(int argc, char **argv)
{
    int cycles = argc > 2 ? atoi(argv[2]) : 3, cycle;
    float *w, *h;
    size_t i;
    uint64_t seed = 17;
    if (argc < 2 || argc > 3 || cycles < 1) {
        fprintf(stderr, "usage: %s LIBRARY [CYCLES]\n", argv[0]);
        return 2;
    }
    setvbuf(stdout, NULL, _IOLBF, 0);
    w = (float *)xcalloc(ITEMS, sizeof(float));
    h = (float *)xcalloc(ITEMS, sizeof(float));
    for (i = 0; i < ITEMS; i++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        w[i] = (float)(24 + (seed >> 33) % 177);
        h[i] = (float)(16 + (seed >> 45) % 25);
    }
    memset(&g_items, 0, sizeof g_items);
    g_items.struct_size = sizeof g_items; /* lk_items_default(), which this test loads no symbol for */
    g_items.count = ITEMS;
    g_items.widths = w;
    g_items.heights = h;
    {
        /* A sanitizer's runtime starts a thread of its own with the first
         * pthread_create: let it, so that counts compare the pool alone. */
        pthread_t warm_up;
        Caller idle = {0, 1};
        if (pthread_create(&warm_up, NULL, nothing, &idle) == 0)
            pthread_join(warm_up, NULL);
    }
    for (cycle = 1; cycle <= cycles; cycle++)
        run_cycle(argv[1], cycle);
    free(w);
    free(h);
    printf("%d passed, %d failed\n", g_passed, g_failed);
    return g_failed ? 1 : 0;
}
