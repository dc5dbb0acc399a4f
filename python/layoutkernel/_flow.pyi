from collections.abc import Iterable, Sequence
from typing import Literal

import numpy as np
import numpy.typing as npt

from ._descriptor import Descriptor
from ._layout import Layout
from ._many import Layouts
from ._typing import (Alignment, Axis, AxisName, Bounds, Breaks, Distribution, Floats, ItemAlignment,
                      ItemSpacing, Spacing)

class Flow(Descriptor):
    def __init__(self, spacing: Spacing = 0.0, line_spacing: Spacing = 0.0,
                 alignment: Alignment = "topLeading", *, justify: Distribution | None = None,
                 direction: Literal["ltr", "rtl"] = "ltr", reverse: bool = False,
                 wrap_reverse: bool = False, axis: AxisName = "horizontal",
                 align_content: Distribution | Literal["stretch"] | None = None,
                 wrap: Literal["wrap", "nowrap", "balance"] = "wrap", min_lines: int = 1,
                 max_lines: int | None = None, overflow_item: tuple[float, float] | None = None,
                 align_items: ItemAlignment | None = None) -> None: ...
    @property
    def spacing(self) -> Spacing: ...
    @property
    def line_spacing(self) -> Spacing: ...
    @property
    def alignment(self) -> Alignment: ...
    @property
    def anchor(self) -> tuple[float, float]: ...
    @property
    def justify(self) -> Distribution | None: ...
    @property
    def direction(self) -> Literal["ltr", "rtl"]: ...
    @property
    def reverse(self) -> bool: ...
    @property
    def wrap_reverse(self) -> bool: ...
    @property
    def axis(self) -> AxisName: ...
    @property
    def align_content(self) -> Distribution | Literal["stretch"] | None: ...
    @property
    def wrap(self) -> Literal["wrap", "nowrap", "balance"]: ...
    @property
    def min_lines(self) -> int: ...
    @property
    def max_lines(self) -> int | None: ...
    @property
    def overflow_item(self) -> tuple[float, float] | None: ...
    @property
    def align_items(self) -> ItemAlignment | None: ...
    def layout(self, widths: Floats, heights: Floats, width: Axis = None, height: Axis = None, *,
               breaks: Breaks | None = None, item_spacing: ItemSpacing | None = None,
               grow: Floats | None = None, out: Layout | None = None,
               exact: bool = False, align_self: Sequence[ItemAlignment | Literal["auto"] | None] | None = None,
               baseline: Bounds | None = None, last_baseline: Bounds | None = None,
               stretchable: bool | Iterable[bool] | npt.NDArray[np.bool_] | None = None,
               min_width: Bounds | float | None = None, max_width: Bounds | float | None = None,
               min_height: Bounds | float | None = None, max_height: Bounds | float | None = None,
               shrink: Floats | float | None = None) -> Layout: ...
    def layout_many(self, widths: Floats, heights: Floats, counts: npt.ArrayLike,
                    width: Axis = None, height: Axis = None, *,
                    proposals: npt.ArrayLike | None = None, breaks: Breaks | None = None,
                    item_spacing: ItemSpacing | None = None, grow: Floats | None = None,
                    out: Layouts | None = None, align_self: Sequence[ItemAlignment | Literal["auto"] | None] | None = None,
                    baseline: Bounds | None = None, last_baseline: Bounds | None = None,
                    stretchable: bool | Iterable[bool] | npt.NDArray[np.bool_] | None = None,
                    min_width: Bounds | float | None = None, max_width: Bounds | float | None = None,
                    min_height: Bounds | float | None = None, max_height: Bounds | float | None = None,
                    shrink: Floats | float | None = None) -> Layouts: ...
    def size(self, widths: Floats, heights: Floats, width: Axis = None, height: Axis = None, *,
             breaks: Breaks | None = None, item_spacing: ItemSpacing | None = None,
             grow: Floats | None = None, align_self: Sequence[ItemAlignment | Literal["auto"] | None] | None = None,
             baseline: Bounds | None = None, last_baseline: Bounds | None = None,
             stretchable: bool | Iterable[bool] | npt.NDArray[np.bool_] | None = None,
             min_width: Bounds | float | None = None, max_width: Bounds | float | None = None,
             min_height: Bounds | float | None = None, max_height: Bounds | float | None = None,
             shrink: Floats | float | None = None) -> tuple[float, float]: ...
    # A flow's rows depend only on the row limit: no height.
    def row_count(self, widths: Floats, heights: Floats,  # type: ignore[override]
                  width: Axis = None, *, breaks: Breaks | None = None,
                  item_spacing: ItemSpacing | None = None, min_width: Bounds | float | None = None,
                  max_width: Bounds | float | None = None, min_height: Bounds | float | None = None,
                  max_height: Bounds | float | None = None) -> int: ...

def flow(widths: Floats, heights: Floats, width: Axis = None, height: Axis = None, *,
         spacing: Spacing = 0.0, line_spacing: Spacing = 0.0,
         alignment: Alignment = "topLeading", breaks: Breaks | None = None,
         item_spacing: ItemSpacing | None = None, out: Layout | None = None,
         justify: Distribution | None = None, direction: Literal["ltr", "rtl"] = "ltr",
         reverse: bool = False, wrap_reverse: bool = False, axis: AxisName = "horizontal",
         align_content: Distribution | Literal["stretch"] | None = None,
         grow: Floats | None = None, exact: bool = False,
         wrap: Literal["wrap", "nowrap", "balance"] = "wrap", min_lines: int = 1, max_lines: int | None = None,
         overflow_item: tuple[float, float] | None = None, align_items: ItemAlignment | None = None,
         align_self: Sequence[ItemAlignment | Literal["auto"] | None] | None = None,
         baseline: Bounds | None = None, last_baseline: Bounds | None = None,
         stretchable: bool | Iterable[bool] | npt.NDArray[np.bool_] | None = None,
         min_width: Bounds | float | None = None, max_width: Bounds | float | None = None,
         min_height: Bounds | float | None = None, max_height: Bounds | float | None = None,
         shrink: Floats | float | None = None) -> Layout: ...
