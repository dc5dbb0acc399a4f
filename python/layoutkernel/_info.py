"""What the loaded library is: its version and the kernel level it runs layouts with."""

from ._loader import library


def version():
    """The C library's version, ``"MAJOR.MINOR.PATCH"`` (``lk_version_string``)."""
    return library().lk_version_string().decode("ascii")


def active_kernel():
    """The name of the kernel level that runs layouts in this process (``lk_active_kernel``).

    One of ``"avx512"``, ``"avx2"``, ``"sse2"`` (the x86-64 baseline;
    ``"portable"`` on other CPUs) or ``"reference"`` (the scalar reference).
    The level is chosen once per process, at the first layout: the best one
    this CPU and operating system support. The environment variable
    ``LAYOUTKERNEL_ISA`` (``reference``, ``sse2`` or ``portable``, ``avx2``,
    ``avx512``), set before the process starts, forces a level; a level the
    CPU cannot run, or an unknown name, falls back to the best level. Every
    level gives the same results: bit-identical when every length is a
    multiple of 1/64 and coordinates stay below 2**17, and within 1e-5 of the
    layout's size elsewhere (a circle's positions always).
    """
    return library().lk_active_kernel().decode("ascii")


def set_max_threads(threads):
    """Set how many threads one layout call may use (``lk_set_max_threads``): 0
    means every usable CPU (the default), 1 only the calling thread, more than
    the usable CPUs all of them. The usable CPUs are those the calling thread
    may run on (its affinity, ``os.sched_getaffinity(0)``), read at each call
    large enough to split: a worker process pinned to one CPU uses one thread.
    Many worker processes on one machine (multiprocessing, Dask) each split
    large calls over the pool: ``set_max_threads(1)`` in each worker (or
    ``LAYOUTKERNEL_THREADS=1`` in their environment) keeps them from sharing
    the cores twice over. Calls with
    enough items split their work over up to that many threads of a pool the
    library owns: a flow of 131,072 items or more without flow features whose
    proposal leaves the height unspecified (and gives a finite width unless the
    alignment is leading), ``layout_many`` of 32,768; other calls run on the
    calling thread. Results never depend on it. The environment variable ``LAYOUTKERNEL_THREADS``
    gives the first value. Takes effect for calls that start afterwards.

    Raises ValueError for a negative number and TypeError for a non-integer."""
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise TypeError(f"threads must be an int, not {type(threads).__name__}")
    if threads < 0:
        raise ValueError(f"threads is {threads} (must be >= 0; 0 = every usable CPU)")
    library().lk_set_max_threads(min(threads, 2 ** 63 - 1))


def max_threads():
    """The number of threads one layout call may use now (``lk_max_threads``):
    the value set, at most the number of CPUs the calling thread may run on
    (``len(os.sched_getaffinity(0))`` where the system has affinity masks; all
    of them for 0)."""
    return library().lk_max_threads()
