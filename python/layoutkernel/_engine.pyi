from collections.abc import Iterable, Sequence
from typing import Literal, SupportsIndex

import numpy as np
import numpy.typing as npt

from ._descriptor import Descriptor
from ._layout import Layout
from ._typing import (Axis, Bounds, Breaks, Float32Array, Float64Array, Floats, Int64Array, ItemAlignment,
                      ItemSpacing)

class Engine:
    def __init__(self, descriptor: Descriptor) -> None: ...
    @property
    def descriptor(self) -> Descriptor: ...
    def set_items(self, widths: Floats, heights: Floats, breaks: Breaks | None = None,
                  item_spacing: ItemSpacing | None = None, grow: Floats | None = None, *,
                  align_self: Sequence[ItemAlignment | Literal["auto"] | None] | None = None,
                  baseline: Bounds | None = None, last_baseline: Bounds | None = None,
                  stretchable: bool | Iterable[bool] | npt.NDArray[np.bool_] | None = None,
                  min_width: Bounds | float | None = None, max_width: Bounds | float | None = None,
                  min_height: Bounds | float | None = None, max_height: Bounds | float | None = None,
                  shrink: Floats | float | None = None) -> None: ...
    def update(self, start: SupportsIndex, widths: Floats, heights: Floats,
               breaks: Breaks | None = None, item_spacing: ItemSpacing | None = None,
               grow: Floats | None = None, *,
                  align_self: Sequence[ItemAlignment | Literal["auto"] | None] | None = None,
                  baseline: Bounds | None = None, last_baseline: Bounds | None = None,
                  stretchable: bool | Iterable[bool] | npt.NDArray[np.bool_] | None = None,
                  min_width: Bounds | float | None = None, max_width: Bounds | float | None = None,
                  min_height: Bounds | float | None = None, max_height: Bounds | float | None = None,
                  shrink: Floats | float | None = None) -> None: ...
    def insert(self, at: SupportsIndex, widths: Floats, heights: Floats,
               breaks: Breaks | None = None, item_spacing: ItemSpacing | None = None,
               grow: Floats | None = None, *,
                  align_self: Sequence[ItemAlignment | Literal["auto"] | None] | None = None,
                  baseline: Bounds | None = None, last_baseline: Bounds | None = None,
                  stretchable: bool | Iterable[bool] | npt.NDArray[np.bool_] | None = None,
                  min_width: Bounds | float | None = None, max_width: Bounds | float | None = None,
                  min_height: Bounds | float | None = None, max_height: Bounds | float | None = None,
                  shrink: Floats | float | None = None) -> None: ...
    def remove(self, start: SupportsIndex, count: SupportsIndex) -> None: ...
    def __len__(self) -> int: ...
    def layout(self, width: Axis = None, height: Axis = None) -> Layout: ...
    def size(self, width: Axis = None, height: Axis = None) -> tuple[float, float]: ...
    # float32 arrays, or float64 ones with exact=True.
    def positions(self, start: SupportsIndex, count: SupportsIndex, width: Axis = None,
                  height: Axis = None, *, exact: bool = False,
                  origin: tuple[float, float] | None = None
                  ) -> tuple[Float32Array, Float32Array] | tuple[Float64Array, Float64Array]: ...
    def visible(self, x0: float, y0: float, x1: float, y1: float, width: Axis = None,
                height: Axis = None, *, exact: bool = False) -> Int64Array: ...
    def item_at(self, x: float, y: float, width: Axis = None, height: Axis = None, *,
                exact: bool = False) -> int | None: ...
    @property
    def stats(self) -> dict[str, int]: ...
