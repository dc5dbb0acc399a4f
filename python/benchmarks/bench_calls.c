/* The C side of bench_calls.py: the same C calls the Python binding makes, on the
 * same inputs, timed from C.
 *
 *   bench_calls DIR THREADS Y
 *
 * DIR holds the inputs bench_calls.py wrote (raw native arrays): flow16_w.f32,
 * flow16_h.f32 (16 items), flow_w.f32, flow_h.f32 (the large flow and the engine's
 * items), many_w.f32, many_h.f32, many_counts.u64 (the containers of
 * lk_layout_many). THREADS goes to lk_set_max_threads(); Y is where the screen of
 * visible and item_at starts (the middle of the large flow).
 *
 * Then it reads commands from standard input, one a line, "CASE CALLS", runs CALLS
 * calls of that case (after one untimed call) and answers one line: the
 * nanoseconds they took in all. Cases:
 *
 *   flow16      lk_flow_layout of the 16 items (width 800, spacing and line spacing 8)
 *   flow        the same of the large flow
 *   flow_sizes  the same, also writing item_width and item_height (the columns a
 *               Python Layout holds)
 *   many        lk_layout_many of the containers (width 400, spacing 6, line spacing 4)
 *   size        lk_engine_size (width 800) of an engine holding the large flow's items
 *   visible     lk_engine_visible of the rectangle [0, 800) x [Y, Y + 600)
 *   update      lk_engine_update of one item: item i = (i + 7919) mod n, width 40 or 48
 *   item_at     lk_engine_item_at of the point (400, Y + 300)
 *
 * Every result goes to buffers allocated (and touched) once, as a caller that reuses
 * its buffers does; the engine's items and the index sequence of update are the ones
 * bench_calls.py gives its own engine. Any failing call ends the program with
 * status 1.
 */

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "layoutkernel.h"

#define VISIBLE_CAPACITY 256

static void *read_file(const char *dir, const char *name, size_t *bytes) {
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    void *data = malloc(size ? (size_t)size : 1);
    if (!data || fread(data, 1, (size_t)size, file) != (size_t)size) { perror(path); exit(1); }
    fclose(file);
    *bytes = (size_t)size;
    return data;
}

static void *zeroed(size_t count, size_t size) {
    void *memory = calloc(count ? count : 1, size);
    if (!memory) { perror("calloc"); exit(1); }
    memset(memory, 0, count * size);  /* every page touched beforehand */
    return memory;
}

static void check(lk_status status, const char *what) {
    if (status != LK_OK) {
        fprintf(stderr, "%s failed: %s\n", what, lk_last_error_message());
        exit(1);
    }
}

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* A flow's items and a result with room for every item and one row per item. */
typedef struct {
    lk_items items;
    lk_result result;
} flow_case;

static void flow_setup(flow_case *c, const char *dir, const char *w, const char *h) {
    size_t bytes_w, bytes_h;
    memset(c, 0, sizeof *c);
    c->items = lk_items_default();
    c->result = lk_result_default();
    c->items.widths = read_file(dir, w, &bytes_w);
    c->items.heights = read_file(dir, h, &bytes_h);
    size_t n = c->items.count = bytes_w / sizeof(float);
    if (bytes_h != bytes_w) { fprintf(stderr, "%s and %s differ in length\n", w, h); exit(1); }
    c->result.x = zeroed(n, sizeof(float));
    c->result.y = zeroed(n, sizeof(float));
    c->result.item_capacity = n;
    c->result.row_start = zeroed(n, sizeof(int64_t));
    c->result.row_length = zeroed(n, sizeof(int64_t));
    c->result.row_y = zeroed(n, sizeof(double));
    c->result.row_width = zeroed(n, sizeof(float));
    c->result.row_height = zeroed(n, sizeof(float));
    c->result.row_capacity = n;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: %s DIR THREADS Y\n", argv[0]);
        return 2;
    }
    const char *dir = argv[1];
    lk_set_max_threads((size_t)strtoull(argv[2], NULL, 10));
    const float visible_y = strtof(argv[3], NULL);

    lk_flow_params flow_params = lk_flow_params_default();
    flow_params.spacing = 8;
    flow_params.line_spacing = 8;
    lk_proposal width_800 = {800, NAN};
    flow_case flow16, flow;
    flow_setup(&flow16, dir, "flow16_w.f32", "flow16_h.f32");
    flow_setup(&flow, dir, "flow_w.f32", "flow_h.f32");
    flow_case flow_sizes;
    flow_setup(&flow_sizes, dir, "flow_w.f32", "flow_h.f32");
    flow_sizes.result.item_width = zeroed(flow_sizes.items.count, sizeof(float));
    flow_sizes.result.item_height = zeroed(flow_sizes.items.count, sizeof(float));

    /* Many containers. */
    lk_layout many_layout;
    check(lk_layout_default(LK_LAYOUT_FLOW, &many_layout), "lk_layout_default");
    many_layout.flow.spacing = 6;
    many_layout.flow.line_spacing = 4;
    lk_proposal width_400 = {400, NAN};
    flow_case many;
    flow_setup(&many, dir, "many_w.f32", "many_h.f32");
    size_t count_bytes;
    size_t *counts = read_file(dir, "many_counts.u64", &count_bytes);
    size_t containers = count_bytes / sizeof(size_t), n_many = many.items.count;
    lk_many_result many_result = lk_many_result_default();
    many_result.width = zeroed(containers, sizeof(float));
    many_result.height = zeroed(containers, sizeof(float));
    many_result.rows = zeroed(containers, sizeof(size_t));
    many_result.row_offset = zeroed(containers, sizeof(int64_t));
    many_result.container_capacity = containers;
    many_result.x = many.result.x;
    many_result.y = many.result.y;
    many_result.item_width = zeroed(n_many, sizeof(float));
    many_result.item_height = zeroed(n_many, sizeof(float));
    many_result.item_capacity = n_many;
    many_result.row_start = many.result.row_start;
    many_result.row_length = many.result.row_length;
    many_result.row_y = many.result.row_y;
    many_result.row_width = many.result.row_width;
    many_result.row_height = many.result.row_height;
    many_result.row_capacity = n_many;

    /* The engine, holding the large flow's items. */
    lk_layout engine_layout;
    check(lk_layout_default(LK_LAYOUT_FLOW, &engine_layout), "lk_layout_default");
    engine_layout.flow = flow_params;
    lk_engine *engine;
    check(lk_engine_create(&engine_layout, &engine), "lk_engine_create");
    check(lk_engine_set_items(engine, &flow.items), "lk_engine_set_items");
    lk_size size;
    check(lk_engine_size(engine, width_800, &size), "lk_engine_size");  /* as bench_calls.py does */
    size_t n_engine = flow.items.count, next = 0;
    unsigned updates = 0;
    float one_width, one_height = 32;
    lk_items one = lk_items_default();
    one.count = 1;
    one.widths = &one_width;
    one.heights = &one_height;
    int64_t indices[VISIBLE_CAPACITY], index;
    size_t found;

    static const char *const cases[] = {"flow16", "flow", "many", "size", "visible", "item_at", "update",
                                        "flow_sizes"};
    char name[64];
    unsigned long long calls;
    while (scanf("%63s %llu", name, &calls) == 2) {
        int which = -1;
        for (int k = 0; k < (int)(sizeof cases / sizeof *cases); k++)
            if (!strcmp(name, cases[k])) which = k;
        if (which < 0) {
            fprintf(stderr, "unknown case %s\n", name);
            return 1;
        }
        uint64_t start = 0;
        for (unsigned long long k = 0; k <= calls; k++) {
            if (k == 1) start = now_ns();  /* call 0 is the untimed warm-up */
            lk_status status = LK_OK;
            switch (which) {
            case 0: status = lk_flow_layout(&flow16.items, &flow_params, width_800, &flow16.result); break;
            case 1: status = lk_flow_layout(&flow.items, &flow_params, width_800, &flow.result); break;
            case 2:
                status = lk_layout_many(&many.items, &many_layout, counts, containers, &width_400, 1,
                                        &many_result);
                break;
            case 3: status = lk_engine_size(engine, width_800, &size); break;
            case 4:
                status = lk_engine_visible(engine, width_800, 0, visible_y, 800, visible_y + 600, indices,
                                           VISIBLE_CAPACITY, &found);
                break;
            case 5: status = lk_engine_item_at(engine, width_800, 400, visible_y + 300, &index); break;
            case 6:
                next = (next + 7919) % n_engine;
                one_width = (updates++ & 1) ? 48 : 40;
                status = lk_engine_update(engine, next, &one);
                break;
            case 7: status = lk_flow_layout(&flow_sizes.items, &flow_params, width_800, &flow_sizes.result); break;
            }
            check(status, name);
        }
        printf("%llu\n", (unsigned long long)(now_ns() - start));
        fflush(stdout);
    }
    lk_engine_destroy(engine);
    return 0;
}
