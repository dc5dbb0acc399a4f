/*
 * check.h — the small check framework of the C tests (test_api.c, test_layouts.c):
 * counted checks with the closing line "N passed, M failed", a crash handler that
 * names the section, and output buffers filled with canaries so that a test can
 * prove nothing was written on error and nothing past a capacity on success.
 * Header-only (one test program per translation unit); helpers a program does not
 * use cost nothing.
 */
#ifndef LK_TESTS_CHECK_H
#define LK_TESTS_CHECK_H

#include "layoutkernel.h"

#include <ctype.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
/* ======================================================================== */
/* A tiny check framework                                                    */
/* ======================================================================== */

#define STR_(x) #x
#define STR(x) STR_(x)
/* "test_api.c:123", a compile-time string naming the checking line. */
#define LOC __FILE__ ":" STR(__LINE__)

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static int g_passed;
static int g_failed;
/* What is running, for failure lines and crash reports (main thread only). */
static const char *volatile g_section = "start";
static char g_case[200] = "";

static inline void set_case(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(g_case, sizeof g_case, fmt, ap);
    va_end(ap);
}

/* Counts one check; on failure prints where, in which section, and why. */
static inline int ck(int ok, const char *loc, const char *fmt, ...)
{
    va_list ap;
    pthread_mutex_lock(&g_lock);
    if (ok) {
        g_passed++;
    } else {
        g_failed++;
        printf("FAIL %s [%s%s%s]: ", loc, g_section, g_case[0] ? " / " : "",
               g_case);
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
        putchar('\n');
    }
    pthread_mutex_unlock(&g_lock);
    return ok;
}

static inline int ck_true(const char *loc, const char *what, int ok)
{
    return ck(ok, loc, "%s", what);
}

/* Exact float comparison; NaN equals NaN so that "untouched" checks work. */
static inline int ck_f(const char *loc, const char *what, float got, float want)
{
    int ok = got == want || (isnan(got) && isnan(want));
    return ck(ok, loc, "%s: got %.9g (%a), want %.9g (%a)", what, got, got,
              want, want);
}

static inline int ck_d(const char *loc, const char *what, double got, double want)
{
    int ok = got == want || (isnan(got) && isnan(want));
    return ck(ok, loc, "%s: got %.17g (%a), want %.17g (%a)", what, got, got,
              want, want);
}

static inline int ck_i(const char *loc, const char *what, int64_t got, int64_t want)
{
    return ck(got == want, loc, "%s: got %" PRId64 ", want %" PRId64, what, got,
              want);
}

static inline int ck_z(const char *loc, const char *what, size_t got, size_t want)
{
    return ck(got == want, loc, "%s: got %zu, want %zu", what, got, want);
}

static inline int ck_st(const char *loc, const char *what, lk_status got,
                 lk_status want)
{
    return ck(got == want, loc, "%s: got status %d (%s), want %d (%s); "
              "last error message: \"%s\"", what, (int)got, lk_status_name(got),
              (int)want, lk_status_name(want), lk_last_error_message());
}

static inline int ck_str(const char *loc, const char *what, const char *got,
                  const char *want)
{
    int ok = got != NULL && strcmp(got, want) == 0;
    return ck(ok, loc, "%s: got \"%s\", want \"%s\"", what,
              got ? got : "(NULL)", want);
}

static inline int ck_has(const char *loc, const char *what, const char *got,
                  const char *needle)
{
    int ok = got != NULL && strstr(got, needle) != NULL;
    return ck(ok, loc, "%s: \"%s\" does not contain \"%s\"", what,
              got ? got : "(NULL)", needle);
}

/* Whether `word` occurs in s as a whole identifier: "x" matches "result.x
 * overlaps" but not "index" or "x_axis". */
static inline int is_ident_char(char c)
{
    return isalnum((unsigned char)c) || c == '_';
}

static inline int has_word(const char *s, const char *word)
{
    size_t len = strlen(word);
    const char *p = s;
    while (s != NULL && (p = strstr(p, word)) != NULL) {
        if ((p == s || !is_ident_char(p[-1])) && !is_ident_char(p[len]))
            return 1;
        p++;
    }
    return 0;
}

static inline int ck_has_word(const char *loc, const char *what, const char *got,
                       const char *word)
{
    return ck(has_word(got, word), loc, "%s: \"%s\" does not name \"%s\"",
              what, got ? got : "(NULL)", word);
}

static inline int contains_ci(const char *s, const char *needle)
{
    size_t i, j, len = strlen(needle);
    if (s == NULL)
        return 0;
    for (i = 0; s[i] != '\0' || len == 0; i++) {
        for (j = 0; j < len && s[i + j] != '\0' &&
                    tolower((unsigned char)s[i + j]) ==
                        tolower((unsigned char)needle[j]);
             j++)
            ;
        if (j == len)
            return 1;
    }
    return 0;
}

static inline int ck_has_ci(const char *loc, const char *what, const char *got,
                     const char *needle)
{
    return ck(contains_ci(got, needle), loc,
              "%s: \"%s\" does not contain \"%s\" (ignoring case)", what,
              got ? got : "(NULL)", needle);
}

#define CHECK(c) ck_true(LOC, #c, !!(c))
#define CHECK_F(g, w) ck_f(LOC, #g, (g), (w))
#define CHECK_D(g, w) ck_d(LOC, #g, (g), (w))
#define CHECK_I(g, w) ck_i(LOC, #g, (int64_t)(g), (int64_t)(w))
#define CHECK_Z(g, w) ck_z(LOC, #g, (size_t)(g), (size_t)(w))
#define CHECK_ST(g, w) ck_st(LOC, #g, (g), (w))
#define CHECK_STR(g, w) ck_str(LOC, #g, (g), (w))
#define CHECK_HAS(g, s) ck_has(LOC, #g, (g), (s))

/* Array literals for expected values (C99 compound literals). */
#define F(...) ((const float[]){__VA_ARGS__})
#define D(...) ((const double[]){__VA_ARGS__})
#define I(...) ((const int64_t[]){__VA_ARGS__})

/* The library must never crash: if it does, say where, then the summary. */
static inline void on_crash(int sig)
{
    char buf[512];
    int len = snprintf(buf, sizeof buf,
                       "CRASH: signal %d during [%s / %s]\n%d passed, %d failed\n",
                       sig, g_section, g_case, g_passed, g_failed + 1);
    if (len > 0 && write(STDOUT_FILENO, buf, (size_t)len) < 0) {
        /* nothing more to do */
    }
    _exit(3);
}

static inline void install_crash_handler(void)
{
    static const int sigs[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT};
    struct sigaction sa;
    size_t i;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_crash;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
        sigaction(sigs[i], &sa, NULL);
}

/* ======================================================================== */
/* Output buffers with canaries                                              */
/* ======================================================================== */

/* Elements of canary past each buffer's capacity. */
#define GUARD 8
/* The canary byte: every output byte starts as 0xAB. */
#define CANARY 0xAB

static inline int bytes_are_canary(const void *p, size_t nbytes)
{
    const unsigned char *b = (const unsigned char *)p;
    size_t i;
    for (i = 0; i < nbytes; i++)
        if (b[i] != CANARY)
            return 0;
    return 1;
}

static inline void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        printf("out of memory\n");
        exit(2);
    }
    return p;
}

/*
 * The caller's side of an lk_result: every buffer has `capacity + GUARD`
 * elements, all bytes (and the result's width, height and rows) start as
 * CANARY, and r points at the buffers with the given capacities. Tests set a
 * pointer of r to NULL to say "not wanted".
 */
typedef struct {
    size_t item_len, row_len; /* allocated elements */
    float *x, *y, *item_w, *item_h;
    int64_t *row_start, *row_length;
    double *row_y;
    float *row_w, *row_h;
    lk_result r;
} Out;

static inline void out_alloc(Out *o, size_t item_cap, size_t row_cap)
{
    o->item_len = item_cap + GUARD;
    o->row_len = row_cap + GUARD;
    o->x = (float *)xmalloc(o->item_len * sizeof(float));
    o->y = (float *)xmalloc(o->item_len * sizeof(float));
    o->item_w = (float *)xmalloc(o->item_len * sizeof(float));
    o->item_h = (float *)xmalloc(o->item_len * sizeof(float));
    o->row_start = (int64_t *)xmalloc(o->row_len * sizeof(int64_t));
    o->row_length = (int64_t *)xmalloc(o->row_len * sizeof(int64_t));
    o->row_y = (double *)xmalloc(o->row_len * sizeof(double));
    o->row_w = (float *)xmalloc(o->row_len * sizeof(float));
    o->row_h = (float *)xmalloc(o->row_len * sizeof(float));
    memset(o->x, CANARY, o->item_len * sizeof(float));
    memset(o->y, CANARY, o->item_len * sizeof(float));
    memset(o->item_w, CANARY, o->item_len * sizeof(float));
    memset(o->item_h, CANARY, o->item_len * sizeof(float));
    memset(o->row_start, CANARY, o->row_len * sizeof(int64_t));
    memset(o->row_length, CANARY, o->row_len * sizeof(int64_t));
    memset(o->row_y, CANARY, o->row_len * sizeof(double));
    memset(o->row_w, CANARY, o->row_len * sizeof(float));
    memset(o->row_h, CANARY, o->row_len * sizeof(float));
    memset(&o->r, CANARY, sizeof o->r);
    o->r.x = o->x;
    o->r.y = o->y;
    o->r.item_width = o->item_w;
    o->r.item_height = o->item_h;
    o->r.item_capacity = item_cap;
    o->r.row_start = o->row_start;
    o->r.row_length = o->row_length;
    o->r.row_y = o->row_y;
    o->r.row_width = o->row_w;
    o->r.row_height = o->row_h;
    o->r.row_capacity = row_cap;
}

static inline void out_no_rows(Out *o)
{
    o->r.row_start = NULL;
    o->r.row_length = NULL;
    o->r.row_y = NULL;
    o->r.row_width = NULL;
    o->r.row_height = NULL;
}

static inline void out_free(Out *o)
{
    free(o->x);
    free(o->y);
    free(o->item_w);
    free(o->item_h);
    free(o->row_start);
    free(o->row_length);
    free(o->row_y);
    free(o->row_w);
    free(o->row_h);
}

/* A byte-for-byte copy of an Out (its r still points at the original's buffers). */
static inline Out out_snapshot(const Out *o)
{
    Out s = *o;
#define COPY_BUF(f, len)                                    \
    s.f = xmalloc((len) * sizeof *o->f);                    \
    memcpy(s.f, o->f, (len) * sizeof *o->f)
    COPY_BUF(x, o->item_len);
    COPY_BUF(y, o->item_len);
    COPY_BUF(item_w, o->item_len);
    COPY_BUF(item_h, o->item_len);
    COPY_BUF(row_start, o->row_len);
    COPY_BUF(row_length, o->row_len);
    COPY_BUF(row_y, o->row_len);
    COPY_BUF(row_w, o->row_len);
    COPY_BUF(row_h, o->row_len);
#undef COPY_BUF
    return s;
}

/* Whether every byte of o (buffers and the result struct) equals snapshot s. */
static inline int out_unchanged(const Out *o, const Out *s)
{
#define SAME_BUF(f, len) (memcmp(o->f, s->f, (len) * sizeof *o->f) == 0)
    return memcmp(&o->r, &s->r, sizeof o->r) == 0 &&
           SAME_BUF(x, o->item_len) && SAME_BUF(y, o->item_len) &&
           SAME_BUF(item_w, o->item_len) && SAME_BUF(item_h, o->item_len) &&
           SAME_BUF(row_start, o->row_len) && SAME_BUF(row_length, o->row_len) &&
           SAME_BUF(row_y, o->row_len) && SAME_BUF(row_w, o->row_len) &&
           SAME_BUF(row_h, o->row_len);
#undef SAME_BUF
}

/*
 * Whether nothing was written past a capacity: every element from the
 * capacity on is still canary. A buffer whose pointer r does not carry (NULL,
 * "not wanted") must be canary from element 0.
 */
static inline int out_guards_intact(const Out *o)
{
    size_t ic = o->item_len - GUARD, rc = o->row_len - GUARD;
#define TAIL_OK(f, ptr, cap, len)                                            \
    bytes_are_canary(o->f + ((ptr) ? (cap) : 0),                             \
                     ((len) - ((ptr) ? (cap) : 0)) * sizeof *o->f)
    return TAIL_OK(x, o->r.x, ic, o->item_len) &&
           TAIL_OK(y, o->r.y, ic, o->item_len) &&
           TAIL_OK(item_w, o->r.item_width, ic, o->item_len) &&
           TAIL_OK(item_h, o->r.item_height, ic, o->item_len) &&
           TAIL_OK(row_start, o->r.row_start, rc, o->row_len) &&
           TAIL_OK(row_length, o->r.row_length, rc, o->row_len) &&
           TAIL_OK(row_y, o->r.row_y, rc, o->row_len) &&
           TAIL_OK(row_w, o->r.row_width, rc, o->row_len) &&
           TAIL_OK(row_h, o->r.row_height, rc, o->row_len);
#undef TAIL_OK
}

#endif
