from typing import Any

from ._typing import Float32Array, FloatColumn, IntColumn

class Rows:
    start: IntColumn
    count: IntColumn
    y: FloatColumn
    width: FloatColumn
    height: FloatColumn
    @property
    def length(self) -> IntColumn: ...
    def __init__(self, start: IntColumn, count: IntColumn, y: FloatColumn, width: FloatColumn,
                 height: FloatColumn) -> None: ...
    def __len__(self) -> int: ...

class Layout:
    width: float
    height: float
    x: FloatColumn
    y: FloatColumn
    item_width: FloatColumn
    item_height: FloatColumn
    rows: Rows
    x64: FloatColumn | None
    y64: FloatColumn | None
    hidden: int
    overflow: tuple[float, float, float, float] | None
    def __init__(self, width: float, height: float, x: FloatColumn, y: FloatColumn,
                 item_width: FloatColumn, item_height: FloatColumn, rows: Rows) -> None: ...
    def __len__(self) -> int: ...
    def frames(self) -> Float32Array | list[tuple[float, float, float, float]]: ...
    def to_svg(self, max_items: int = ...,
               window: tuple[float, float, float, float] | None = None) -> str: ...
    def _repr_svg_(self) -> str: ...
