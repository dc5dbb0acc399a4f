"""Functions a spawned worker process runs for test_pickle.py (importable by name, as
``multiprocessing`` needs). Not a test module (pytest does not collect it)."""

import layoutkernel as lk


def lay_out(task):
    """``(descriptor, widths, heights, width)`` -> what the descriptor's layout gives."""
    descriptor, widths, heights, width = task
    return frame(descriptor.layout(widths, heights, width))


def engine_answers(task):
    """``(engine, width)`` -> the engine's layout and size, and its item count."""
    engine, width = task
    return frame(engine.layout(width)), engine.size(width), len(engine)


def frame(layout):
    """A Layout as plain values: the container, rows, and every item's frame as bytes."""
    return (layout.width, layout.height, len(layout.rows), bytes(memoryview(layout.x)),
            bytes(memoryview(layout.y)), bytes(memoryview(layout.item_width)),
            bytes(memoryview(layout.item_height)))
