"""Memory running out: under an address-space limit (in a subprocess), an
Engine call that would need more memory than is left raises OutOfMemoryError
(also a MemoryError) and changes nothing; with the limit lifted the same call
succeeds and the engine equals a fresh layout."""

import textwrap

import layoutkernel as lk


def test_out_of_memory_error_is_a_memory_error_and_a_layout_error():
    assert issubclass(lk.OutOfMemoryError, MemoryError)
    assert issubclass(lk.OutOfMemoryError, lk.LayoutError)


def test_an_engine_refuses_what_the_limit_leaves_no_room_for(run_python):
    code = textwrap.dedent("""
        import resource
        import numpy as np
        import layoutkernel as lk

        def mapped():
            with open("/proc/self/statm") as statm:
                return int(statm.read().split()[0]) * resource.getpagesize()

        rng = np.random.default_rng(3)
        small = rng.integers(8, 120, (2, 50_000)).astype(np.float32)
        big = rng.integers(8, 120, (2, 3_000_000)).astype(np.float32)
        descriptor = lk.Flow(spacing=4, line_spacing=2)
        engine = lk.Engine(descriptor)
        engine.set_items(small[0], small[1])
        before = engine.layout(width=500)
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        resource.setrlimit(resource.RLIMIT_AS, (mapped() + (4 << 20), hard))
        refused = []
        for call in (lambda: engine.set_items(big[0], big[1]),
                     lambda: engine.insert(10, big[0], big[1]),
                     lambda: engine.size(width=321)):
            try:
                call()
            except lk.OutOfMemoryError as error:
                refused.append(str(error))
        again = engine.layout(width=500)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        assert len(refused) == 3, refused
        assert all("nothing was changed" in message for message in refused), refused
        assert len(engine) == 50_000
        for name in ("x", "y"):
            assert np.array_equal(getattr(again, name), getattr(before, name))
        engine.set_items(big[0], big[1])
        fresh = descriptor.layout(big[0], big[1], width=321)
        mine = engine.layout(width=321)
        assert np.array_equal(mine.x, fresh.x) and np.array_equal(mine.y, fresh.y)
        print("ok")
    """)
    result = run_python(code)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"
