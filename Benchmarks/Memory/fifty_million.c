/*
 * fifty_million.c — the memory a very large layout takes, through the C API.
 *
 *   fifty_million flow   [N] [BOUND]   lk_flow_layout of N items (default 50,000,000)
 *   fifty_million engine [N] [BOUND]   an engine holding N items: set_items, size,
 *                                      one visible-rectangle query, positions
 *
 * Varied items (widths 24-200, heights 16-40, gaps 6 and 4, rows of 1000). Prints
 * the process's peak resident memory, the bytes the caller itself holds (inputs,
 * and the outputs for the flow: x, y and the row table), and the rest — what the
 * library added — per item. With BOUND (bytes per item), exits 1 when the library's
 * share exceeds it: run.sh passes the bounds docs/engine.md states.
 */
#include <layoutkernel.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

static size_t peak_bytes(void) {
    struct rusage usage;
    getrusage(RUSAGE_SELF, &usage);
    return (size_t)usage.ru_maxrss * 1024;
}

/* Resident bytes now (from /proc/self/statm), to subtract the process's own start. */
static size_t resident_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    unsigned long pages = 0, resident = 0;
    if (file) {
        if (fscanf(file, "%lu %lu", &pages, &resident) != 2) resident = 0;
        fclose(file);
    }
    return (size_t)resident * 4096;
}

static void *filled(size_t bytes) {
    void *memory = malloc(bytes);
    if (!memory) {
        fprintf(stderr, "cannot allocate %zu bytes\n", bytes);
        exit(2);
    }
    memset(memory, 0, bytes);   /* resident, as the caller's buffers are */
    return memory;
}

static int fail(const char *what, lk_status status) {
    fprintf(stderr, "%s: status %d: %s\n", what, (int)status, lk_last_error_message());
    return 2;
}

int main(int argc, char **argv) {
    if (argc < 2 || (strcmp(argv[1], "flow") != 0 && strcmp(argv[1], "engine") != 0)) {
        fprintf(stderr, "usage: %s flow|engine [N] [BOUND]\n", argv[0]);
        return 2;
    }
    int engine_mode = strcmp(argv[1], "engine") == 0;
    size_t n = argc > 2 ? strtoull(argv[2], NULL, 10) : 50000000;
    double bound = argc > 3 ? atof(argv[3]) : 0;
    size_t start = resident_bytes();

    float *widths = filled(n * sizeof(float)), *heights = filled(n * sizeof(float));
    uint32_t state = 12345;
    for (size_t i = 0; i < n; i++) {
        state = state * 1103515245u + 12345u;
        widths[i] = (float)(24 + (state >> 16) % 177);
        heights[i] = (float)(16 + (state >> 8) % 25);
    }
    size_t caller = 2 * n * sizeof(float);
    lk_items items = lk_items_default();
    items.count = n;
    items.widths = widths;
    items.heights = heights;
    lk_proposal proposal = {1000, LK_UNSPECIFIED};
    lk_status status;
    size_t rows = 0, held = 0;

    if (!engine_mode) {
        lk_flow_params params = lk_flow_params_default();
        params.spacing = 6;
        params.line_spacing = 4;
        if ((status = lk_flow_row_count(&items, &params, 1000, &rows)) != LK_OK) return fail("lk_flow_row_count", status);
        lk_result result = lk_result_default();
        result.x = filled(n * sizeof(float));
        result.y = filled(n * sizeof(float));
        result.item_capacity = n;
        result.row_start = filled(rows * sizeof(int64_t));
        result.row_length = filled(rows * sizeof(int64_t));
        result.row_y = filled(rows * sizeof(double));
        result.row_width = filled(rows * sizeof(float));
        result.row_height = filled(rows * sizeof(float));
        result.row_capacity = rows;
        caller += 2 * n * sizeof(float) + rows * (8 + 8 + 8 + 4 + 4);
        if ((status = lk_flow_layout(&items, &params, proposal, &result)) != LK_OK) return fail("lk_flow_layout", status);
        rows = result.rows;
    } else {
        lk_layout flow;
        lk_layout_default(LK_LAYOUT_FLOW, &flow);
        flow.flow.spacing = 6;
        flow.flow.line_spacing = 4;
        lk_engine *engine;
        if ((status = lk_engine_create(&flow, &engine)) != LK_OK) return fail("lk_engine_create", status);
        if ((status = lk_engine_set_items(engine, &items)) != LK_OK) return fail("lk_engine_set_items", status);
        lk_size size;
        if ((status = lk_engine_size(engine, proposal, &size)) != LK_OK) return fail("lk_engine_size", status);
        int64_t visible[4096];
        size_t found;
        if ((status = lk_engine_visible(engine, proposal, 0, size.height / 2, 1000, size.height / 2 + 800, visible,
                                        4096, &found)) != LK_OK)
            return fail("lk_engine_visible", status);
        float x[1000], y[1000];
        if ((status = lk_engine_positions(engine, proposal, n / 2, 1000, x, y)) != LK_OK)
            return fail("lk_engine_positions", status);
        lk_engine_stats stats = lk_engine_stats_default();
        lk_engine_get_stats(engine, &stats);
        held = stats.bytes;
        lk_engine_destroy(engine);
    }

    size_t peak = peak_bytes();
    size_t library = peak > start + caller ? peak - start - caller : 0;
    double per_item = (double)library / (double)n;
    printf("C %s: n=%zu peak=%.1f MB caller=%.1f MB library=%.1f MB (%.2f B/item)", argv[1], n, peak / 1e6,
           caller / 1e6, library / 1e6, per_item);
    if (!engine_mode) printf(" rows=%zu", rows);
    if (engine_mode) printf(" engine-held=%.1f MB (%.2f B/item)", held / 1e6, (double)held / (double)n);
    printf("\n");
    if (bound > 0 && per_item > bound) {
        fprintf(stderr, "the library took %.2f B/item, more than the %.2f stated\n", per_item, bound);
        return 1;
    }
    return 0;
}
