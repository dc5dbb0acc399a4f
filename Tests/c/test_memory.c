/*
 * Memory running out (C99 + POSIX): in a child process whose address-space
 * limit (RLIMIT_AS) is lowered to a little above what it maps, for margins
 * from nothing to more than enough, engines of every kind take mutations
 * and requests that need more memory than that:
 *  - every call returns LK_OK or LK_ERR_OUT_OF_MEMORY (with a message), and
 *    the process never crashes;
 *  - a call that failed changed nothing: its engine's answers are those of
 *    the items before it;
 *  - once the limit is raised again, every engine's layout equals
 *    lk_layout_place of the items its successful calls imply, bit for bit;
 *  - the stateless calls, whose buffers are the caller's, still succeed under
 *    the limit: a flow that would use the thread pool and row collectors
 *    falls back to what it can get.
 * The parent runs one child per margin and fails on a child's failure or
 * signal.
 */
#define _DEFAULT_SOURCE
#include "check.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static size_t mapped_bytes(void)
{
    FILE *file = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (file) {
        if (fscanf(file, "%lu", &pages) != 1) pages = 0;
        fclose(file);
    }
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

static int limit_to(size_t margin)
{
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) != 0) return 0;
    limit.rlim_cur = mapped_bytes() + margin;
    return setrlimit(RLIMIT_AS, &limit) == 0;
}

static void unlimit(void)
{
    struct rlimit limit;
    getrlimit(RLIMIT_AS, &limit);
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_AS, &limit);
}

/* The items an engine should hold: its successful mutations applied by hand. */
typedef struct {
    size_t n;
    float *w, *h;
} Items;

static Items items_new(size_t n, unsigned seed)
{
    Items it = {n, xmalloc((n + 1) * sizeof(float)), xmalloc((n + 1) * sizeof(float))};
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        it.w[i] = (float)(8 + (seed >> 16) % 120);
        it.h[i] = (float)(8 + (seed >> 8) % 40);
    }
    return it;
}

static lk_items view(const Items *it)
{
    lk_items items = lk_items_default();
    items.count = it->n;
    items.widths = it->w;
    items.heights = it->h;
    return items;
}

/* What an engine answers for a few requests (held ones: they need no memory). */
typedef struct {
    lk_size size;
    size_t found;
    int64_t first, hit;
    float x[64], y[64];
} Answers;

static void answers(lk_engine *engine, lk_proposal p, size_t n, Answers *a)
{
    int64_t indices[4096];
    memset(a, 0, sizeof *a);
    CHECK_ST(lk_engine_size(engine, p, &a->size), LK_OK);
    CHECK_ST(lk_engine_visible(engine, p, 0, a->size.height / 2, 400, a->size.height / 2 + 300, indices, 4096,
                               &a->found), LK_OK);
    a->first = a->found ? indices[0] : -1;
    CHECK_ST(lk_engine_item_at(engine, p, 10, a->size.height / 2, &a->hit), LK_OK);
    if (n >= 64) CHECK_ST(lk_engine_positions(engine, p, n / 2, 64, a->x, a->y), LK_OK);
}

/* The engine's whole layout equals lk_layout_place of `it` (after the limit is lifted). */
static void equals_fresh(lk_engine *engine, const lk_layout *layout, const Items *it, lk_proposal p)
{
    lk_items items = view(it);
    Out mine, fresh;
    out_alloc(&mine, it->n + 1, it->n + 1);
    out_alloc(&fresh, it->n + 1, it->n + 1);
    CHECK_ST(lk_engine_layout(engine, p, &mine.r), LK_OK);
    CHECK_ST(lk_layout_place(&items, layout, p, &fresh.r), LK_OK);
    CHECK(mine.r.width == fresh.r.width && mine.r.height == fresh.r.height && mine.r.rows == fresh.r.rows);
    CHECK(memcmp(mine.r.x, fresh.r.x, it->n * sizeof(float)) == 0);
    CHECK(memcmp(mine.r.y, fresh.r.y, it->n * sizeof(float)) == 0);
    out_free(&mine);
    out_free(&fresh);
}

/* One status: LK_OK, or LK_ERR_OUT_OF_MEMORY naming what it needed. Returns 1 for LK_OK. */
static int ok_or_out_of_memory(lk_status status, int *refused)
{
    if (status == LK_ERR_OUT_OF_MEMORY) {
        CHECK_HAS(lk_last_error_message(), "nothing was changed");
        (*refused)++;
        return 0;
    }
    CHECK_ST(status, LK_OK);
    return status == LK_OK;
}

/* Under a limit `margin` above what the process maps: big mutations and new
 * requests on a flow, a featured flow and a grid. */
static void run_under_limit(size_t margin)
{
    static const int kinds[] = {LK_LAYOUT_FLOW, LK_LAYOUT_FLOW, LK_LAYOUT_GRID};
    enum { KINDS = 3, N = 100000, MORE = 1500000 };
    lk_layout layouts[KINDS];
    lk_engine *engines[KINDS];
    Items held[KINDS];
    Answers before[KINDS], after;
    lk_proposal p = {400, LK_UNSPECIFIED}, other = {300, LK_UNSPECIFIED};
    Items more = items_new(MORE, 99);
    lk_items more_items = view(&more);
    int refused = 0;

    for (int k = 0; k < KINDS; k++) {
        lk_layout_default(kinds[k], &layouts[k]);
        if (k == 1) layouts[k].flow.justify = LK_DISTRIBUTE_SPACE_BETWEEN;
        if (kinds[k] == LK_LAYOUT_GRID) layouts[k].grid.columns = 7;
        held[k] = items_new(N, 7 + k);
        lk_items items = view(&held[k]);
        CHECK_ST(lk_engine_create(&layouts[k], &engines[k]), LK_OK);
        CHECK_ST(lk_engine_set_items(engines[k], &items), LK_OK);
        answers(engines[k], p, held[k].n, &before[k]);
    }
    /* The stateless flow's buffers, the caller's: made before the limit. */
    Out out;
    out_alloc(&out, more.n, more.n);
    lk_flow_params params = lk_flow_params_default();

    if (!CHECK(limit_to(margin))) return;
    for (int k = 0; k < KINDS; k++) {
        /* set_items with 15 times the items: refused, or done. */
        if (ok_or_out_of_memory(lk_engine_set_items(engines[k], &more_items), &refused)) {
            free(held[k].w);
            free(held[k].h);
            held[k] = items_new(MORE, 99);
        }
        /* An insert of as many. */
        if (ok_or_out_of_memory(lk_engine_insert(engines[k], held[k].n / 3, &more_items), &refused)) {
            Items grown = {held[k].n + more.n, malloc((held[k].n + more.n) * sizeof(float)),
                           malloc((held[k].n + more.n) * sizeof(float))};
            if (!grown.w || !grown.h) {
                /* The test's own copy could not be made under the limit: lift it to make it. */
                unlimit();
                free(grown.w);
                free(grown.h);
                grown.w = xmalloc((held[k].n + more.n) * sizeof(float));
                grown.h = xmalloc((held[k].n + more.n) * sizeof(float));
                limit_to(margin);
            }
            size_t at = held[k].n / 3;
            memcpy(grown.w, held[k].w, at * sizeof(float));
            memcpy(grown.w + at, more.w, more.n * sizeof(float));
            memcpy(grown.w + at + more.n, held[k].w + at, (held[k].n - at) * sizeof(float));
            memcpy(grown.h, held[k].h, at * sizeof(float));
            memcpy(grown.h + at, more.h, more.n * sizeof(float));
            memcpy(grown.h + at + more.n, held[k].h + at, (held[k].n - at) * sizeof(float));
            free(held[k].w);
            free(held[k].h);
            held[k] = grown;
        }
        /* A request at a width not held: its rows or result are computed anew. */
        lk_size size;
        ok_or_out_of_memory(lk_engine_size(engines[k], other, &size), &refused);
        /* Nothing changed: the answers at the first width are the first ones. */
        if (held[k].n == N) {
            answers(engines[k], p, held[k].n, &after);
            CHECK(memcmp(&after, &before[k], sizeof after) == 0);
        }
    }
    /* A stateless flow under the same limit: its buffers are the caller's. */
    CHECK_ST(lk_flow_layout(&more_items, &params, p, &out.r), LK_OK);
    unlimit();

    for (int k = 0; k < KINDS; k++) {
        equals_fresh(engines[k], &layouts[k], &held[k], p);
        equals_fresh(engines[k], &layouts[k], &held[k], other);
        lk_engine_destroy(engines[k]);
        free(held[k].w);
        free(held[k].h);
    }
    printf("     margin %zu MB: %d calls refused\n", margin >> 20, refused);
    out_free(&out);
    free(more.w);
    free(more.h);
}

int main(int argc, char **argv)
{
    int status = start_tests(argc, argv);
    if (status >= 0)
        return status;
    printf("kernel: %s\n", lk_active_kernel());
    /* From nothing to enough for everything, one child process each. */
    static const size_t margins[] = {0, 1, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 4096};
    for (size_t m = 0; m < sizeof margins / sizeof margins[0]; m++) {
        size_t margin = margins[m] << 20;
        set_case("margin %zu MB", margins[m]);
        fflush(stdout);
        pid_t child = fork();
        if (child == 0) {
            run_under_limit(margin);
            exit(finish_tests());
        }
        int wait_status = 0;
        CHECK(child > 0 && waitpid(child, &wait_status, 0) == child);
        if (WIFSIGNALED(wait_status))
            ck(0, LOC, "the child under a %zu MB margin died of signal %d", margins[m], WTERMSIG(wait_status));
        else
            CHECK_I(WEXITSTATUS(wait_status), 0);
    }
    return finish_tests();
}
