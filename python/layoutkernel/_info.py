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
