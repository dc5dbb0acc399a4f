/*
 * Threads through the C API (C99 + pthreads): many threads of a program using
 * the library at once, over shared read-only inputs.
 *
 *  - The stress test: 8 threads (more than this machine's cores), at once and
 *    several rounds each, run a flow of 300,000 items (large enough that the
 *    library splits it over its pool; lk_set_max_threads(8)), lk_layout_place
 *    of six kinds, lk_layout_many of 400 flows (40,000 items: split over the
 *    pool too), lk_first_fit, and an engine of their own through a sequence of
 *    updates, inserts and removals. Every result equals, byte for byte, the
 *    one computed first on one thread (lk_set_max_threads(1)) with no other
 *    thread running.
 *  - The pool starts on demand: no thread of the library exists before a call
 *    may use more than one, and workers exist after (when this machine has
 *    more than one CPU).
 *  - The per-thread error state: 8 threads fail at once, each with an error of
 *    its own (another status, item index, required capacity or message), and
 *    each reads back its own error, also after a successful call of its own.
 *  - One engine shared by 6 threads: every call returns LK_OK or LK_ERR_BUSY
 *    (with the thread's error state saying so and nothing written); then the
 *    engine's answers equal a fresh layout of the items the successful
 *    mutations imply (each thread updates items of its own and records which
 *    updates succeeded; one thread appends items and removes them again).
 *
 * Run by Tests/c/run.sh (plain, ASan + UBSan, valgrind) and by `make test-tsan`
 * with the library and this program built with ThreadSanitizer.
 * Ends with "N passed, M failed"; exits 1 on any failure.
 */
#define _POSIX_C_SOURCE 200809L

#include "check.h"

#include <dirent.h>
#include <sched.h>
#include <sys/wait.h>
#include <unistd.h>

enum {
    THREADS = 8,        /* stress threads: more than the cores of a small machine */
    ROUNDS = 2,         /* rounds each stress thread runs */
    FLOW_N = 300000,    /* a flow split over the pool (from 131,072 items) */
    PLACE_N = 20000,    /* items of each lk_layout_place kind */
    MANY_CONTAINERS = 400,
    MANY_EACH = 100,    /* 40,000 items in all: split over the pool (from 32,768) */
    FIT_N = 200,
    ENGINE_N = 6000,    /* more than one chunk of 4096 */
    ENGINE_STEPS = 24,
    SHARED_THREADS = 6,
    SHARED_N = 20000,
    SHARED_SLOTS = 1000, /* items each updating thread of the shared engine owns */
    SHARED_APPEND = 50,
    SHARED_ITERATIONS = 400,
};

/* ------------------------------------------------------------------------ */
/* Small helpers                                                             */
/* ------------------------------------------------------------------------ */

/* A counter-based generator: threads draw from states of their own. */
static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static size_t below(uint64_t *state, size_t n) { return n ? (size_t)(next_random(state) % n) : 0; }

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

/* A barrier (pthread_barrier_t is optional in POSIX): threads leave together. */
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t all_here;
    int expected, arrived, generation;
} Barrier;

static void barrier_init(Barrier *b, int expected)
{
    pthread_mutex_init(&b->lock, NULL);
    pthread_cond_init(&b->all_here, NULL);
    b->expected = expected;
    b->arrived = 0;
    b->generation = 0;
}

static void barrier_wait(Barrier *b)
{
    int generation;
    pthread_mutex_lock(&b->lock);
    generation = b->generation;
    if (++b->arrived == b->expected) {
        b->arrived = 0;
        b->generation++;
        pthread_cond_broadcast(&b->all_here);
    } else {
        while (generation == b->generation)
            pthread_cond_wait(&b->all_here, &b->lock);
    }
    pthread_mutex_unlock(&b->lock);
}

static void barrier_destroy(Barrier *b)
{
    pthread_mutex_destroy(&b->lock);
    pthread_cond_destroy(&b->all_here);
}

/* Runs `body(arg_t)` on `count` threads and joins them. */
static void run_threads(int count, void *(*body)(void *), void *args, size_t arg_size)
{
    pthread_t threads[THREADS];
    int started[THREADS], t;
    for (t = 0; t < count; t++)
        started[t] = CHECK(pthread_create(&threads[t], NULL, body, (char *)args + (size_t)t * arg_size) == 0);
    for (t = 0; t < count; t++)
        if (started[t])
            pthread_join(threads[t], NULL);
}

/* Whether two results of n items are the same bytes (size, rows, every column
 * both ask for). */
static int same_out(const Out *a, const Out *b, size_t n)
{
    size_t rows = b->r.rows;
    return memcmp(&a->r.width, &b->r.width, sizeof(float)) == 0 &&
           memcmp(&a->r.height, &b->r.height, sizeof(float)) == 0 && a->r.rows == rows &&
           memcmp(a->x, b->x, n * sizeof(float)) == 0 && memcmp(a->y, b->y, n * sizeof(float)) == 0 &&
           memcmp(a->item_w, b->item_w, n * sizeof(float)) == 0 &&
           memcmp(a->item_h, b->item_h, n * sizeof(float)) == 0 &&
           ((memcmp(a->row_start, b->row_start, rows * sizeof(int64_t)) == 0 &&
                         memcmp(a->row_length, b->row_length, rows * sizeof(int64_t)) == 0 &&
                         memcmp(a->row_y, b->row_y, rows * sizeof(double)) == 0 &&
                         memcmp(a->row_w, b->row_w, rows * sizeof(float)) == 0 &&
                         memcmp(a->row_h, b->row_h, rows * sizeof(float)) == 0)) &&
           out_guards_intact(a);
}

/* ------------------------------------------------------------------------ */
/* The shared inputs and the one-thread results                              */
/* ------------------------------------------------------------------------ */

enum { PLACE_KINDS = 6 };
static const int32_t g_place_kinds[PLACE_KINDS] = {LK_LAYOUT_HSTACK, LK_LAYOUT_VSTACK, LK_LAYOUT_ZSTACK,
                                                   LK_LAYOUT_GRID, LK_LAYOUT_BALANCED, LK_LAYOUT_CIRCLE};
/* The kind of each stress thread's own engine. */
static const int32_t g_engine_kinds[THREADS] = {LK_LAYOUT_FLOW, LK_LAYOUT_GRID, LK_LAYOUT_HSTACK, LK_LAYOUT_FLOW,
                                                LK_LAYOUT_VSTACK, LK_LAYOUT_BALANCED, LK_LAYOUT_ZSTACK,
                                                LK_LAYOUT_CIRCLE};

/* lk_layout_many's outputs (flows: no item sizes asked for). */
typedef struct {
    float *width, *height, *x, *y;
    size_t *rows;
    int64_t *row_offset, *row_start, *row_length;
    double *row_y;
    lk_many_result r;
} Many;

static void many_alloc(Many *m)
{
    size_t c = MANY_CONTAINERS, n = (size_t)MANY_CONTAINERS * MANY_EACH;
    m->r = lk_many_result_default();
    m->r.width = m->width = (float *)xmalloc(c * sizeof(float));
    m->r.height = m->height = (float *)xmalloc(c * sizeof(float));
    m->r.rows = m->rows = (size_t *)xmalloc(c * sizeof(size_t));
    m->r.row_offset = m->row_offset = (int64_t *)xmalloc(c * sizeof(int64_t));
    m->r.x = m->x = (float *)xmalloc(n * sizeof(float));
    m->r.y = m->y = (float *)xmalloc(n * sizeof(float));
    m->r.row_start = m->row_start = (int64_t *)xmalloc(n * sizeof(int64_t));
    m->r.row_length = m->row_length = (int64_t *)xmalloc(n * sizeof(int64_t));
    m->r.row_y = m->row_y = (double *)xmalloc(n * sizeof(double));
    m->r.container_capacity = c;
    m->r.item_capacity = m->r.row_capacity = n;
}

static void many_free(Many *m)
{
    free(m->width);
    free(m->height);
    free(m->rows);
    free(m->row_offset);
    free(m->x);
    free(m->y);
    free(m->row_start);
    free(m->row_length);
    free(m->row_y);
}

static int same_many(const Many *a, const Many *b)
{
    size_t c = MANY_CONTAINERS, n = (size_t)MANY_CONTAINERS * MANY_EACH, rows = b->r.total_rows;
    return a->r.total_rows == rows && memcmp(a->width, b->width, c * sizeof(float)) == 0 &&
           memcmp(a->height, b->height, c * sizeof(float)) == 0 && memcmp(a->rows, b->rows, c * sizeof(size_t)) == 0 &&
           memcmp(a->row_offset, b->row_offset, c * sizeof(int64_t)) == 0 &&
           memcmp(a->x, b->x, n * sizeof(float)) == 0 && memcmp(a->y, b->y, n * sizeof(float)) == 0 &&
           memcmp(a->row_start, b->row_start, rows * sizeof(int64_t)) == 0 &&
           memcmp(a->row_length, b->row_length, rows * sizeof(int64_t)) == 0 &&
           memcmp(a->row_y, b->row_y, rows * sizeof(double)) == 0;
}

static struct {
    float *w, *h;              /* FLOW_N items: every test reads a prefix */
    lk_items flow_items, place_items, many_items, fit_items;
    lk_flow_params flow;
    lk_layout place[PLACE_KINDS], many_layout, fit_layouts[3];
    lk_candidate fit[3];
    size_t many_counts[MANY_CONTAINERS];
    lk_proposal many_proposals[MANY_CONTAINERS];
    /* What one thread computed. */
    Out flow_ref, place_ref[PLACE_KINDS], fit_ref, engine_ref[THREADS];
    size_t fit_chosen;
    Many many_ref;
} g;

static const lk_proposal g_flow_width = {1000, LK_UNSPECIFIED};
static const lk_proposal g_place_proposal = {800, 600};
static const lk_proposal g_fit_proposal = {600, 10000};

static void make_inputs(void)
{
    uint64_t state = 42;
    size_t i;
    int k;
    g.w = (float *)xmalloc(FLOW_N * sizeof(float));
    g.h = (float *)xmalloc(FLOW_N * sizeof(float));
    for (i = 0; i < FLOW_N; i++) {
        g.w[i] = (float)(24 + below(&state, 177)) + (float)below(&state, 64) / 64.0f;
        g.h[i] = (float)(16 + below(&state, 25));
    }
    g.flow_items = items_of(FLOW_N, g.w, g.h);
    g.place_items = items_of(PLACE_N, g.w, g.h);
    g.many_items = items_of((size_t)MANY_CONTAINERS * MANY_EACH, g.w, g.h);
    g.fit_items = items_of(FIT_N, g.w, g.h);

    g.flow = lk_flow_params_default();
    g.flow.spacing = 6;
    g.flow.line_spacing = 4;
    g.flow.alignment.x = 0.5f;

    for (k = 0; k < PLACE_KINDS; k++) {
        lk_layout_default(g_place_kinds[k], &g.place[k]);
        g.place[k].stack.spacing = 2;
        g.place[k].grid.columns = 7;
        g.place[k].grid.spacing = 3;
        g.place[k].grid.line_spacing = 1;
        g.place[k].balanced.spacing = 1;
        g.place[k].circle.radius = 500;
    }

    lk_layout_default(LK_LAYOUT_FLOW, &g.many_layout);
    g.many_layout.flow.spacing = 2;
    g.many_layout.flow.line_spacing = 2;
    for (i = 0; i < MANY_CONTAINERS; i++) {
        g.many_counts[i] = MANY_EACH;
        g.many_proposals[i] = prop((float)(300 + i % 5 * 50), U);
    }

    /* First fit: an HStack too wide for 600, a grid of 2 columns that fits,
     * a VStack. */
    lk_layout_default(LK_LAYOUT_HSTACK, &g.fit_layouts[0]);
    lk_layout_default(LK_LAYOUT_GRID, &g.fit_layouts[1]);
    g.fit_layouts[1].grid.columns = 2;
    lk_layout_default(LK_LAYOUT_VSTACK, &g.fit_layouts[2]);
    for (k = 0; k < 3; k++) {
        g.fit[k].items = &g.fit_items;
        g.fit[k].layout = &g.fit_layouts[k];
    }
}

/* ------------------------------------------------------------------------ */
/* An engine's mutation script: the same steps on a mirror and on an engine  */
/* ------------------------------------------------------------------------ */

typedef struct {
    size_t n, cap;
    float *w, *h;
} Mirror;

static void mirror_init(Mirror *m, size_t n, const float *w, const float *h)
{
    m->n = n;
    m->cap = n + ENGINE_STEPS * 300 + 16;
    m->w = (float *)xmalloc(m->cap * sizeof(float));
    m->h = (float *)xmalloc(m->cap * sizeof(float));
    memcpy(m->w, w, n * sizeof(float));
    memcpy(m->h, h, n * sizeof(float));
}

static void mirror_free(Mirror *m)
{
    free(m->w);
    free(m->h);
}

/* Replaces items [at, at + removed) of the mirror with `added` items from
 * w and h. */
static void mirror_splice(Mirror *m, size_t at, size_t removed, size_t added, const float *w, const float *h)
{
    size_t tail = m->n - at - removed;
    memmove(m->w + at + added, m->w + at + removed, tail * sizeof(float));
    memmove(m->h + at + added, m->h + at + removed, tail * sizeof(float));
    memcpy(m->w + at, w, added * sizeof(float));
    memcpy(m->h + at, h, added * sizeof(float));
    m->n = m->n - removed + added;
}

static lk_layout engine_layout_of(int32_t kind)
{
    lk_layout L;
    lk_layout_default(kind, &L);
    L.flow.spacing = 4;
    L.flow.line_spacing = 2;
    L.stack.spacing = 2;
    L.grid.columns = 5;
    L.grid.spacing = 3;
    L.balanced.spacing = 1;
    L.circle.radius = 300;
    return L;
}

static lk_proposal engine_proposal(int t) { return prop((float)(700 + 50 * t), U); }

/*
 * Thread t's script: ENGINE_STEPS updates, inserts and removals drawn from a
 * seed of its own, applied to the mirror and, when `engine` is not NULL, to the
 * engine too (with a size request after each, so that the engine re-packs
 * around each change rather than once at the end). Returns 0 when an engine
 * call failed.
 */
static int run_script(int t, Mirror *m, lk_engine *engine)
{
    uint64_t state = 1000 + (uint64_t)t;
    float w[300], h[300];
    int step, ok = 1;
    for (step = 0; step < ENGINE_STEPS; step++) {
        size_t op = below(&state, 3), count = 1 + below(&state, 300), i, at;
        lk_items items = lk_items_default();
        lk_size size;
        for (i = 0; i < count; i++) {
            w[i] = (float)below(&state, 120 * 64) / 64.0f;
            h[i] = (float)below(&state, 60 * 64) / 64.0f;
        }
        items = items_of(count, w, h);
        if (op == 2 && m->n < count)
            op = 1;
        if (op == 0 && m->n < count)
            op = 1;
        at = op == 1 ? below(&state, m->n + 1) : below(&state, m->n - count + 1);
        if (op == 0) {
            mirror_splice(m, at, count, count, w, h);
            if (engine)
                ok &= lk_engine_update(engine, at, &items) == LK_OK;
        } else if (op == 1) {
            mirror_splice(m, at, 0, count, w, h);
            if (engine)
                ok &= lk_engine_insert(engine, at, &items) == LK_OK;
        } else {
            mirror_splice(m, at, count, 0, w, h);
            if (engine)
                ok &= lk_engine_remove(engine, at, count) == LK_OK;
        }
        if (engine)
            ok &= lk_engine_size(engine, engine_proposal(t), &size) == LK_OK;
    }
    return ok;
}

/* ------------------------------------------------------------------------ */
/* One thread first: the reference results                                   */
/* ------------------------------------------------------------------------ */

static void place_kind(int k, Out *o)
{
    out_alloc(o, PLACE_N, PLACE_N);
    CHECK_ST(lk_layout_place(&g.place_items, &g.place[k], g_place_proposal, &o->r), LK_OK);
}

static void run_many(Many *m)
{
    many_alloc(m);
    CHECK_ST(lk_layout_many(&g.many_items, &g.many_layout, g.many_counts, MANY_CONTAINERS, g.many_proposals,
                            MANY_CONTAINERS, &m->r),
             LK_OK);
}

static void run_first_fit(Out *o, size_t *chosen)
{
    out_alloc(o, FIT_N, FIT_N);
    CHECK_ST(lk_first_fit(g.fit, 3, LK_AXES_BOTH, g_fit_proposal, chosen, &o->r), LK_OK);
}

static void compute_references(void)
{
    int k, t;
    g_section = "threads: the one-thread results";
    lk_set_max_threads(1);
    out_alloc(&g.flow_ref, FLOW_N, FLOW_N);
    CHECK_ST(lk_flow_layout(&g.flow_items, &g.flow, g_flow_width, &g.flow_ref.r), LK_OK);
    CHECK(g.flow_ref.r.rows > 100);
    for (k = 0; k < PLACE_KINDS; k++)
        place_kind(k, &g.place_ref[k]);
    run_many(&g.many_ref);
    run_first_fit(&g.fit_ref, &g.fit_chosen);
    CHECK_Z(g.fit_chosen, 1);
    for (t = 0; t < THREADS; t++) {
        Mirror m;
        lk_layout L = engine_layout_of(g_engine_kinds[t]);
        lk_items items = lk_items_default();
        mirror_init(&m, ENGINE_N, g.w + 1000 * t, g.h + 1000 * t);
        run_script(t, &m, NULL);
        items = items_of(m.n, m.w, m.h);
        out_alloc(&g.engine_ref[t], m.n, m.n);
        CHECK_ST(lk_layout_place(&items, &L, engine_proposal(t), &g.engine_ref[t].r), LK_OK);
        mirror_free(&m);
    }
}

/* ------------------------------------------------------------------------ */
/* The stress test                                                           */
/* ------------------------------------------------------------------------ */

static Barrier g_start;

typedef struct {
    int t;
    int flow, place, many, fit, engine; /* results that differed */
    int failed_calls;
} Stress;

static void *stress_thread(void *arg)
{
    Stress *s = (Stress *)arg;
    int round, k;
    barrier_wait(&g_start);
    for (round = 0; round < ROUNDS; round++) {
        Out o;
        Many m;
        size_t chosen = 99;
        /* Each thread starts with another call, so that different calls overlap. */
        int first = (s->t + round) % 5, part;
        for (part = 0; part < 5; part++) {
            switch ((first + part) % 5) {
            case 0:
                out_alloc(&o, FLOW_N, FLOW_N);
                if (lk_flow_layout(&g.flow_items, &g.flow, g_flow_width, &o.r) != LK_OK)
                    s->failed_calls++;
                s->flow += !same_out(&o, &g.flow_ref, FLOW_N);
                out_free(&o);
                break;
            case 1:
                for (k = 0; k < PLACE_KINDS; k++) {
                    int kind = (k + s->t) % PLACE_KINDS;
                    out_alloc(&o, PLACE_N, PLACE_N);
                    if (lk_layout_place(&g.place_items, &g.place[kind], g_place_proposal, &o.r) != LK_OK)
                        s->failed_calls++;
                    s->place += !same_out(&o, &g.place_ref[kind], PLACE_N);
                    out_free(&o);
                }
                break;
            case 2:
                many_alloc(&m);
                if (lk_layout_many(&g.many_items, &g.many_layout, g.many_counts, MANY_CONTAINERS,
                                   g.many_proposals, MANY_CONTAINERS, &m.r) != LK_OK)
                    s->failed_calls++;
                s->many += !same_many(&m, &g.many_ref);
                many_free(&m);
                break;
            case 3:
                out_alloc(&o, FIT_N, FIT_N);
                if (lk_first_fit(g.fit, 3, LK_AXES_BOTH, g_fit_proposal, &chosen, &o.r) != LK_OK)
                    s->failed_calls++;
                s->fit += chosen != g.fit_chosen || !same_out(&o, &g.fit_ref, FIT_N);
                out_free(&o);
                break;
            default: {
                Mirror mirror;
                lk_layout L = engine_layout_of(g_engine_kinds[s->t]);
                lk_engine *engine = NULL;
                lk_items items = lk_items_default();
                size_t n;
                mirror_init(&mirror, ENGINE_N, g.w + 1000 * s->t, g.h + 1000 * s->t);
                items = items_of(mirror.n, mirror.w, mirror.h);
                if (lk_engine_create(&L, &engine) != LK_OK || lk_engine_set_items(engine, &items) != LK_OK ||
                    !run_script(s->t, &mirror, engine)) {
                    s->failed_calls++;
                } else {
                    n = mirror.n;
                    out_alloc(&o, n, n);
                    if (lk_engine_layout(engine, engine_proposal(s->t), &o.r) != LK_OK)
                        s->failed_calls++;
                    s->engine += !same_out(&o, &g.engine_ref[s->t], n);
                    out_free(&o);
                }
                lk_engine_destroy(engine);
                mirror_free(&mirror);
            }
            }
        }
    }
    return NULL;
}

static void test_stress(void)
{
    Stress s[THREADS];
    int t, before, after;
    memset(s, 0, sizeof s);
    g_section = "threads: the pool starts on demand";
    before = thread_count();
    compute_references();
    g_section = "threads: the pool starts on demand";
    ck(thread_count() == before, LOC, "one thread allowed: the library started no thread (%d before, %d after)",
       before, thread_count());

    g_section = "threads: 8 threads at once equal one thread";
    lk_set_max_threads(8);
    printf("     kernel %s, lk_max_threads() %zu, %d threads x %d rounds\n", lk_active_kernel(), lk_max_threads(),
           THREADS, ROUNDS);
    barrier_init(&g_start, THREADS);
    for (t = 0; t < THREADS; t++)
        s[t].t = t;
    run_threads(THREADS, stress_thread, s, sizeof *s);
    barrier_destroy(&g_start);
    for (t = 0; t < THREADS; t++) {
        set_case("thread %d", t);
        ck(s[t].failed_calls == 0, LOC, "%d calls failed", s[t].failed_calls);
        ck(s[t].flow == 0, LOC, "lk_flow_layout: %d of %d results differ from one thread's", s[t].flow, ROUNDS);
        ck(s[t].place == 0, LOC, "lk_layout_place: %d of %d results differ from one thread's", s[t].place,
           ROUNDS * PLACE_KINDS);
        ck(s[t].many == 0, LOC, "lk_layout_many: %d of %d results differ from one thread's", s[t].many, ROUNDS);
        ck(s[t].fit == 0, LOC, "lk_first_fit: %d of %d results differ from one thread's", s[t].fit, ROUNDS);
        ck(s[t].engine == 0, LOC, "own engine: %d of %d final layouts differ from one thread's", s[t].engine,
           ROUNDS);
    }
    set_case("%s", "");

    g_section = "threads: the pool starts on demand";
    after = thread_count();
    printf("     threads of this process: %d before any call, %d after\n", before, after);
    if (lk_max_threads() > 1)
        ck(after > before, LOC, "calls allowed %zu threads: the pool's workers started", lk_max_threads());
    lk_set_max_threads(0);
}

/* ------------------------------------------------------------------------ */
/* The per-thread error state                                                */
/* ------------------------------------------------------------------------ */

enum { ERROR_ROUNDS = 200 };

typedef struct {
    int t;
    int wrong; /* rounds whose error state was not this thread's own */
    char first[300];
} ErrorThread;

/* Thread t's own failure, its expected status, index and required capacity;
 * every thread's differs from every other's in at least one of them or in the
 * message (each names a number of its own). */
static lk_status provoke(int t, float *w, float *h, Out *o, lk_status *status, int64_t *index, size_t *required)
{
    size_t n = 40 + (size_t)t;
    lk_items items = items_of(n, w, h);
    lk_flow_params p = lk_flow_params_default();
    *index = -1;
    *required = 0;
    switch (t % 4) {
    case 0: /* a negative width at an index of its own */
        *status = LK_ERR_INVALID_ITEM_SIZE;
        *index = t + 1;
        return lk_flow_layout(&items, &p, prop(500, U), &o->r);
    case 1: /* a result with room for fewer items than n */
        *status = LK_ERR_BUFFER_TOO_SMALL;
        *required = n;
        o->r.item_capacity = n - 1;
        return lk_flow_layout(&items, &p, prop(500, U), &o->r);
    case 2: /* a negative proposal of its own */
        *status = LK_ERR_INVALID_PROPOSAL;
        return lk_flow_layout(&items, &p, prop(-(float)(t + 1), U), &o->r);
    default: /* a negative spacing of its own */
        *status = LK_ERR_INVALID_PARAMETER;
        p.spacing = -(float)(t + 1);
        return lk_flow_layout(&items, &p, prop(500, U), &o->r);
    }
}

static void *error_thread(void *arg)
{
    ErrorThread *e = (ErrorThread *)arg;
    float w[64], h[64];
    int round, i;
    Out o;
    for (i = 0; i < 64; i++) {
        w[i] = 10;
        h[i] = 10;
    }
    if (e->t % 4 == 0)
        w[e->t + 1] = -1;
    out_alloc(&o, 64, 64);
    barrier_wait(&g_start);
    for (round = 0; round < ERROR_ROUNDS; round++) {
        lk_status want, got;
        int64_t index;
        size_t required;
        lk_size size;
        lk_items ok_items = items_of(8, w + 56, h + 56);
        const char *message;
        o.r.item_capacity = 64;
        got = provoke(e->t, w, h, &o, &want, &index, &required);
        message = lk_last_error_message();
        if (round == 0)
            snprintf(e->first, sizeof e->first, "%s", message);
        e->wrong += got != want || lk_last_error_status() != want || lk_last_error_index() != index ||
                    lk_last_error_required() != required || strcmp(message, e->first) != 0;
        /* A successful call of this thread keeps its last error; other threads'
         * failures meanwhile never show here. */
        if (lk_flow_size(&ok_items, NULL, prop(100, U), &size) != LK_OK)
            e->wrong++;
        sched_yield();
        e->wrong += lk_last_error_status() != want || lk_last_error_index() != index ||
                    lk_last_error_required() != required || strcmp(lk_last_error_message(), e->first) != 0;
    }
    out_free(&o);
    return NULL;
}

static void test_error_state(void)
{
    ErrorThread e[THREADS];
    int t, u;
    g_section = "threads: each thread reads its own last error";
    memset(e, 0, sizeof e);
    barrier_init(&g_start, THREADS);
    for (t = 0; t < THREADS; t++)
        e[t].t = t;
    run_threads(THREADS, error_thread, e, sizeof *e);
    barrier_destroy(&g_start);
    for (t = 0; t < THREADS; t++) {
        printf("     thread %d: %s\n", t, e[t].first);
        set_case("thread %d: \"%s\"", t, e[t].first);
        ck(e[t].wrong == 0, LOC, "%d of %d rounds read another error state than the thread's own", e[t].wrong,
           ERROR_ROUNDS);
        ck(e[t].first[0] != '\0', LOC, "a message");
        for (u = 0; u < t; u++)
            ck(strcmp(e[t].first, e[u].first) != 0, LOC, "its message differs from thread %d's", u);
    }
    set_case("%s", "");
    /* This thread failed nothing: the others' failures never show here. */
    CHECK_ST(lk_last_error_status(), LK_OK);
    CHECK_STR(lk_last_error_message(), "");
    CHECK_I(lk_last_error_index(), -1);
}

/* ------------------------------------------------------------------------ */
/* One engine, six threads                                                   */
/* ------------------------------------------------------------------------ */

static struct {
    lk_engine *engine;
    lk_layout layout;
    float w0[SHARED_N], h0[SHARED_N]; /* the items the engine starts with */
} gs;

typedef struct {
    int t;
    int ok, busy, other;        /* calls by outcome */
    int updated;                /* successful updates */
    int busy_wrong;             /* busy calls whose error state or outputs were wrong */
    int count_wrong;            /* counts outside the possible ones */
    size_t appended, removed;   /* thread 0: items appended, and removed again */
    /* Threads 1..: the last value each owned item was given by a successful update. */
    float w[SHARED_SLOTS], h[SHARED_SLOTS];
    unsigned char set[SHARED_SLOTS];
} Hammer;

static void note(Hammer *s, lk_status st)
{
    if (st == LK_OK) {
        s->ok++;
    } else if (st == LK_ERR_BUSY) {
        s->busy++;
        s->busy_wrong += lk_last_error_status() != LK_ERR_BUSY || !contains_ci(lk_last_error_message(), "in use");
    } else {
        s->other++;
        pthread_mutex_lock(&g_lock);
        printf("     thread %d: %s: %s\n", s->t, lk_status_name(st), lk_last_error_message());
        pthread_mutex_unlock(&g_lock);
    }
}

static void *hammer_thread(void *arg)
{
    Hammer *s = (Hammer *)arg;
    lk_proposal p = prop((float)(600 + 100 * (s->t % 3)), U);
    float x[16], y[16], w[SHARED_APPEND], h[SHARED_APPEND];
    int64_t indices[4096], index;
    size_t found, count, i;
    int iteration;
    for (i = 0; i < SHARED_APPEND; i++) {
        w[i] = 33;
        h[i] = 21;
    }
    barrier_wait(&g_start);
    for (iteration = 0; iteration < SHARED_ITERATIONS; iteration++) {
        lk_status st;
        lk_size size;
        int op = (iteration + s->t) % 5;
        if (op == 0 && s->t == 0) {
            /* Append items, then remove them again (each retried while busy):
             * the items the others own never move. */
            lk_items extra = items_of(SHARED_APPEND, w, h);
            int tries = 0;
            do {
                st = lk_engine_insert(gs.engine, SHARED_N, &extra);
                note(s, st);
                if (st == LK_ERR_BUSY)
                    sched_yield();
            } while (st == LK_ERR_BUSY && ++tries < 1000);
            if (st == LK_OK) {
                s->appended += SHARED_APPEND;
                do {
                    st = lk_engine_remove(gs.engine, SHARED_N, SHARED_APPEND);
                    note(s, st);
                    if (st == LK_ERR_BUSY)
                        sched_yield();
                } while (st == LK_ERR_BUSY);
                if (st == LK_OK)
                    s->removed += SHARED_APPEND;
            }
        } else if (op == 0) {
            /* Update an item of this thread's own with a value of its own
             * (retried while busy, up to 100 times). */
            size_t slot = (size_t)(iteration * 7 + s->t) % SHARED_SLOTS;
            size_t at = (size_t)s->t * SHARED_SLOTS + slot;
            float nw = (float)(20 + (iteration * 13 + s->t * 29) % 150), nh = (float)(16 + iteration % 20);
            lk_items one = items_of(1, &nw, &nh);
            int tries = 0;
            do {
                st = lk_engine_update(gs.engine, at, &one);
                note(s, st);
                if (st == LK_ERR_BUSY)
                    sched_yield();
            } while (st == LK_ERR_BUSY && ++tries < 100);
            if (st == LK_OK) {
                s->updated++;
                s->w[slot] = nw;
                s->h[slot] = nh;
                s->set[slot] = 1;
            }
        } else if (op == 1) {
            memset(&size, CANARY, sizeof size);
            st = lk_engine_size(gs.engine, p, &size);
            note(s, st);
            if (st == LK_ERR_BUSY)
                s->busy_wrong += !bytes_are_canary(&size, sizeof size);
        } else if (op == 2) {
            memset(x, CANARY, sizeof x);
            st = lk_engine_positions(gs.engine, p, (size_t)(iteration * 37) % (SHARED_N - 16), 16, x, y);
            note(s, st);
            if (st == LK_ERR_BUSY)
                s->busy_wrong += !bytes_are_canary(x, sizeof x);
        } else if (op == 3) {
            st = lk_engine_visible(gs.engine, p, 0, (float)(iteration % 50) * 40, 600, (float)(iteration % 50) * 40 + 200,
                                   indices, sizeof indices / sizeof *indices, &found);
            note(s, st);
            st = lk_engine_item_at(gs.engine, p, 100, (float)iteration, &index);
            note(s, st);
        } else {
            memset(&count, CANARY, sizeof count);
            st = lk_engine_count(gs.engine, &count);
            note(s, st);
            if (st == LK_OK)
                s->count_wrong += count != SHARED_N && count != SHARED_N + SHARED_APPEND;
            else if (st == LK_ERR_BUSY)
                s->busy_wrong += !bytes_are_canary(&count, sizeof count);
        }
    }
    return NULL;
}

static void test_shared_engine(void)
{
    static Hammer s[SHARED_THREADS];
    static float w[SHARED_N], h[SHARED_N];
    uint64_t state = 77;
    size_t i, count = 0;
    int t, calls = 0, busy = 0, updated = 0;
    lk_items items = lk_items_default();
    Out want, got;
    lk_proposal p = prop(700, U);
    lk_size size, fresh_size;

    g_section = "threads: one engine, six threads";
    memset(s, 0, sizeof s);
    for (i = 0; i < SHARED_N; i++) {
        gs.w0[i] = (float)(24 + below(&state, 177));
        gs.h0[i] = (float)(16 + below(&state, 25));
    }
    lk_layout_default(LK_LAYOUT_FLOW, &gs.layout);
    gs.layout.flow.spacing = 3;
    gs.layout.flow.line_spacing = 2;
    items = items_of(SHARED_N, gs.w0, gs.h0);
    if (!CHECK_ST(lk_engine_create(&gs.layout, &gs.engine), LK_OK))
        return;
    CHECK_ST(lk_engine_set_items(gs.engine, &items), LK_OK);

    barrier_init(&g_start, SHARED_THREADS);
    for (t = 0; t < SHARED_THREADS; t++)
        s[t].t = t;
    run_threads(SHARED_THREADS, hammer_thread, s, sizeof *s);
    barrier_destroy(&g_start);

    /* The items the successful mutations imply. */
    memcpy(w, gs.w0, sizeof w);
    memcpy(h, gs.h0, sizeof h);
    for (t = 0; t < SHARED_THREADS; t++) {
        set_case("thread %d", t);
        ck(s[t].other == 0, LOC, "%d calls returned neither LK_OK nor LK_ERR_BUSY", s[t].other);
        ck(s[t].busy_wrong == 0, LOC, "%d busy calls set another error state or wrote an output", s[t].busy_wrong);
        ck(s[t].count_wrong == 0, LOC, "%d counts were neither %d nor %d", s[t].count_wrong, SHARED_N,
           SHARED_N + SHARED_APPEND);
        ck(s[t].appended == s[t].removed, LOC, "appended %zu items, removed %zu", s[t].appended, s[t].removed);
        calls += s[t].ok + s[t].busy + s[t].other;
        busy += s[t].busy;
        updated += s[t].updated;
        if (t > 0)
            for (i = 0; i < SHARED_SLOTS; i++)
                if (s[t].set[i]) {
                    w[(size_t)t * SHARED_SLOTS + i] = s[t].w[i];
                    h[(size_t)t * SHARED_SLOTS + i] = s[t].h[i];
                }
    }
    set_case("%s", "");
    printf("     %d of %d calls found the engine busy; %d updates succeeded; thread 0 appended and removed %zu "
           "items\n", busy, calls, updated, s[0].appended);
    CHECK(updated > 0);

    /* The engine after the storm equals a fresh layout of those items. */
    items = items_of(SHARED_N, w, h);
    CHECK_ST(lk_engine_count(gs.engine, &count), LK_OK);
    CHECK_Z(count, SHARED_N);
    out_alloc(&want, SHARED_N, SHARED_N);
    out_alloc(&got, SHARED_N, SHARED_N);
    CHECK_ST(lk_layout_place(&items, &gs.layout, p, &want.r), LK_OK);
    CHECK_ST(lk_engine_layout(gs.engine, p, &got.r), LK_OK);
    CHECK(same_out(&got, &want, SHARED_N));
    CHECK_ST(lk_engine_size(gs.engine, prop(600, U), &size), LK_OK);
    CHECK_ST(lk_layout_size(&items, &gs.layout, prop(600, U), &fresh_size), LK_OK);
    CHECK(memcmp(&size, &fresh_size, sizeof size) == 0);
    {
        /* Every item's position, by ranges, and hit tests at item centres. */
        float x[1000], y[1000];
        int64_t index;
        int same = 1, hits = 1;
        for (i = 0; i < SHARED_N; i += 1000) {
            same &= lk_engine_positions(gs.engine, p, i, 1000, x, y) == LK_OK &&
                    memcmp(x, want.x + i, sizeof x) == 0 && memcmp(y, want.y + i, sizeof y) == 0;
        }
        CHECK(same);
        for (i = 0; i < SHARED_N; i += 997) {
            if (w[i] == 0 || h[i] == 0)
                continue;
            hits &= lk_engine_item_at(gs.engine, p, want.x[i] + w[i] / 2, want.y[i] + h[i] / 2, &index) == LK_OK &&
                    index == (int64_t)i;
        }
        CHECK(hits);
    }
    out_free(&want);
    out_free(&got);
    lk_engine_destroy(gs.engine);
}

static void *nothing(void *arg) { return arg; }

#if defined(__SANITIZE_THREAD__)
#define UNDER_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define UNDER_TSAN 1
#endif
#endif

/* fork() while another thread lays out a flow over the pool: the child, with
 * only the forking thread, lays out the same flow over a pool of its own and
 * gets one thread's result. */
static volatile int g_stop_looping;
/* The looping thread's buffers: global, so that in a child (where that thread
 * does not exist) they stay reachable rather than leaked. */
static Out g_looping_out;

static void *lay_out_until_stopped(void *unused)
{
    (void)unused;
    while (!g_stop_looping)
        if (lk_flow_layout(&g.flow_items, &g.flow, g_flow_width, &g_looping_out.r) != LK_OK) break;
    return NULL;
}

static void test_fork(void)
{
    pthread_t looping;
    int k;
    g_section = "fork";
#ifdef UNDER_TSAN
    /* ThreadSanitizer cannot start threads in a child of a threaded process. */
    printf("     skip fork: not under ThreadSanitizer\n");
    return;
#endif
    /* Under a leak checker the child reports the memory of the call the other
     * thread had in flight at the fork (gone with that thread) as lost. */
    if (getenv("LK_TEST_SKIP_FORK")) {
        printf("     skip fork: LK_TEST_SKIP_FORK is set\n");
        return;
    }
    lk_set_max_threads(0);
    out_alloc(&g_looping_out, FLOW_N, FLOW_N);
    CHECK(pthread_create(&looping, NULL, lay_out_until_stopped, NULL) == 0);
    for (k = 0; k < 3; k++) {
        pid_t child;
        int wait_status = 0;
        set_case("fork %d", k);
        fflush(stdout);
        child = fork();
        if (child == 0) {
            Out o;
            int same;
            out_alloc(&o, FLOW_N, FLOW_N);
            lk_set_max_threads(2);
            same = lk_flow_layout(&g.flow_items, &g.flow, g_flow_width, &o.r) == LK_OK
                   && same_out(&o, &g.flow_ref, FLOW_N);
            out_free(&o);
            _exit(same ? 0 : 1);
        }
        CHECK(child > 0 && waitpid(child, &wait_status, 0) == child);
        CHECK(WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0);
    }
    g_stop_looping = 1;
    pthread_join(looping, NULL);
    out_free(&g_looping_out);
    set_case("%s", "");
}

int main(int argc, char **argv)
{
    int status = start_tests(argc, argv);
    if (status >= 0)
        return status;
    {
        /* A sanitizer's runtime starts a thread of its own with the first
         * pthread_create: let it, so that thread counts see the pool alone. */
        pthread_t warm_up;
        if (pthread_create(&warm_up, NULL, nothing, NULL) == 0)
            pthread_join(warm_up, NULL);
    }
    make_inputs();
    test_stress();
    test_error_state();
    test_shared_engine();
    test_fork();
    return finish_tests();
}
