from typing import Iterator, SupportsIndex

from ._layout import Layout
from ._typing import Float32Array, Float64Array, Int64Array

class Layouts:
    width: Float32Array
    height: Float32Array
    rows: Int64Array
    row_offset: Int64Array
    item_offset: Int64Array
    x: Float32Array
    y: Float32Array
    item_width: Float32Array
    item_height: Float32Array
    row_start: Int64Array
    row_length: Int64Array
    row_y: Float64Array
    row_width: Float32Array
    row_height: Float32Array
    total_rows: int
    hidden: Int64Array
    overflow: Float32Array
    def __len__(self) -> int: ...
    def __getitem__(self, index: SupportsIndex) -> Layout: ...
    def __iter__(self) -> Iterator[Layout]: ...
