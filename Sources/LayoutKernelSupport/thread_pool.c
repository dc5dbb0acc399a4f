/*
 * The thread pool that splits a large call's work over cores.
 *
 * One pool per process, shared by every calling thread. A call hands the pool a
 * job: a task (library code, never the caller's) to run for indices 0..count-1.
 * The calling thread takes indices itself, so a job always finishes even with
 * no worker; idle workers take indices of any job queued. Workers start on
 * demand, the first time a job could use them, up to the thread limit; they
 * wait on a condition variable between jobs and are joined when the library is
 * unloaded (or the process exits). In a child created by fork() the pool
 * starts over empty: the parent's workers do not exist there.
 *
 * The thread limit: lk_set_max_threads(); 0 means every CPU the calling thread
 * may run on (its affinity mask). Its first value comes from the environment
 * variable LAYOUTKERNEL_THREADS.
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT_S */
#include "LayoutKernelSupport.h"
#include "layoutkernel.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

enum { MAX_WORKERS = 256 };

typedef struct job {
    lkx_task task;
    void *context;
    size_t count;
    atomic_size_t next;      /* the next index to take */
    atomic_size_t remaining; /* indices not finished yet */
    size_t holders;          /* workers inside take_indices() for it (under the lock) */
    struct job *following;   /* the queue */
} job;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t work = PTHREAD_COND_INITIALIZER; /* a job was queued, or stop */
static pthread_cond_t done = PTHREAD_COND_INITIALIZER; /* a job's last index finished */
static job *queue;
static pthread_t workers[MAX_WORKERS];
static size_t worker_count;
static int stopping;

static atomic_size_t limit_setting;     /* lk_set_max_threads(); 0 = every CPU */
static pthread_once_t limit_once = PTHREAD_ONCE_INIT;

/* Runs indices of `j` until none is left; returns after its own last one. */
static void take_indices(job *j) {
    for (;;) {
        size_t index = atomic_fetch_add(&j->next, 1);
        if (index >= j->count) return;
        j->task(j->context, index);
        if (atomic_fetch_sub(&j->remaining, 1) == 1) {
            pthread_mutex_lock(&lock);
            pthread_cond_broadcast(&done);
            pthread_mutex_unlock(&lock);
        }
    }
}

/* The first queued job with an index left, or NULL. Called with the lock held. */
static job *open_job(void) {
    for (job *j = queue; j; j = j->following)
        if (atomic_load(&j->next) < j->count) return j;
    return NULL;
}

static void *worker(void *unused) {
    (void)unused;
    pthread_mutex_lock(&lock);
    for (;;) {
        job *j;
        while (!(j = open_job()) && !stopping) pthread_cond_wait(&work, &lock);
        if (!j) break;
        j->holders++;
        pthread_mutex_unlock(&lock);
        take_indices(j);
        pthread_mutex_lock(&lock);
        /* The caller may return (and its job go) once no worker holds it. */
        if (--j->holders == 0) pthread_cond_broadcast(&done);
    }
    pthread_mutex_unlock(&lock);
    return NULL;
}

/* The online CPUs, read once: sysconf() reads /sys on every call. */
static atomic_size_t online_cpus;

static size_t online(void) {
    size_t cpus = atomic_load_explicit(&online_cpus, memory_order_relaxed);
    if (cpus == 0) {
        long count = sysconf(_SC_NPROCESSORS_ONLN);
        cpus = count < 1 ? 1 : (size_t)count;
        atomic_store_explicit(&online_cpus, cpus, memory_order_relaxed);
    }
    return cpus;
}

/*
 * The CPUs the calling thread may run on: its affinity mask (sched_getaffinity,
 * which the kernel intersects with the active CPUs), read at every call, so that
 * a thread pinned after the library loaded (a forked worker pinning itself) is
 * seen at its next call. One system call;
 * callers ask only for calls large enough to split (and lk_max_threads()). The
 * online CPUs where the mask cannot be read.
 */
size_t lkx_usable_cpus(void) {
#ifdef __linux__
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int count = CPU_COUNT(&set);
        if (count > 0) return (size_t)count;
    } else {
        /* More CPUs than a cpu_set_t holds (1024): a mask sized for them. */
        for (size_t cpus = 2048; cpus <= ((size_t)1 << 20); cpus *= 2) {
            cpu_set_t *large = CPU_ALLOC(cpus);
            if (!large) break;
            size_t bytes = CPU_ALLOC_SIZE(cpus);
            int got = sched_getaffinity(0, bytes, large) == 0;
            int count = got ? CPU_COUNT_S(bytes, large) : 0;
            CPU_FREE(large);
            if (got) {
                if (count > 0) return (size_t)count;
                break;
            }
        }
    }
#endif
    return online();
}

static void read_limit(void) {
    const char *text = getenv("LAYOUTKERNEL_THREADS");
    /* A decimal number only (strtoull would take "-1" as a huge count). */
    if (!text || *text < '0' || *text > '9') return;
    char *end;
    unsigned long long value = strtoull(text, &end, 10);
    if (*end == '\0') atomic_store(&limit_setting, (size_t)value);
}

size_t lkx_thread_setting(void) {
    pthread_once(&limit_once, read_limit);
    return atomic_load(&limit_setting);
}

void lkx_set_thread_setting(size_t threads) {
    pthread_once(&limit_once, read_limit);
    atomic_store(&limit_setting, threads);
}

size_t lkx_thread_limit(void) {
    size_t setting = lkx_thread_setting();
    size_t cpus = lkx_usable_cpus();
    size_t limit = setting == 0 || setting > cpus ? cpus : setting;
    return limit > MAX_WORKERS + 1 ? MAX_WORKERS + 1 : limit;
}

void lkx_parallel_for(size_t count, size_t threads, lkx_task task, void *context) {
    if (count == 0) return;
    size_t limit = lkx_thread_limit();
    if (threads > limit) threads = limit;
    if (threads > count) threads = count;
    if (threads <= 1) {
        for (size_t i = 0; i < count; i++) task(context, i);
        return;
    }
    job j = { task, context, count, 0, count, 0, NULL };
    pthread_mutex_lock(&lock);
    /* Start the workers this job can use (the caller is one of its threads). */
    while (worker_count < threads - 1 && !stopping) {
        if (pthread_create(&workers[worker_count], NULL, worker, NULL) != 0) break;
        worker_count++;
    }
    j.following = queue;
    queue = &j;
    pthread_cond_broadcast(&work);
    pthread_mutex_unlock(&lock);

    take_indices(&j);

    pthread_mutex_lock(&lock);
    while (atomic_load(&j.remaining) != 0 || j.holders != 0) pthread_cond_wait(&done, &lock);
    job **link = &queue;
    while (*link != &j) link = &(*link)->following;
    *link = j.following;
    pthread_mutex_unlock(&lock);
}

size_t lkx_worker_count(void) {
    pthread_mutex_lock(&lock);
    size_t count = worker_count;
    pthread_mutex_unlock(&lock);
    return count;
}

/* At unload or exit: wake every worker, let it see `stopping`, join it. */
__attribute__((destructor)) static void stop_workers(void) {
    pthread_mutex_lock(&lock);
    stopping = 1;
    pthread_cond_broadcast(&work);
    size_t count = worker_count;
    pthread_mutex_unlock(&lock);
    for (size_t i = 0; i < count; i++) pthread_join(workers[i], NULL);
    pthread_mutex_lock(&lock);
    worker_count = 0;
    pthread_mutex_unlock(&lock);
}

/* In a forked child only the forking thread exists: start over with no worker. */
static void prepare_fork(void) { pthread_mutex_lock(&lock); }
static void parent_after_fork(void) { pthread_mutex_unlock(&lock); }
static void child_after_fork(void) {
    pthread_mutex_init(&lock, NULL);
    pthread_cond_init(&work, NULL);
    pthread_cond_init(&done, NULL);
    worker_count = 0;
    queue = NULL;
}

__attribute__((constructor)) static void install_fork_handlers(void) {
    pthread_atfork(prepare_fork, parent_after_fork, child_after_fork);
}
