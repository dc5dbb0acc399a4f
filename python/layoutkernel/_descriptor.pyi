import numpy.typing as npt

from ._layout import Layout
from ._many import Layouts
from ._typing import Axis, Floats, ItemSpacing

class Descriptor:
    # The base of the descriptors (lk.Flow, lk.HStack, ...), not made directly.
    def __init__(self, given_keywords: dict[str, object], key: tuple[object, ...]) -> None: ...
    def layout(self, widths: Floats, heights: Floats, width: Axis = None, height: Axis = None, *,
               item_spacing: ItemSpacing | None = None, out: Layout | None = None,
               exact: bool = False) -> Layout: ...
    def layout_many(self, widths: Floats, heights: Floats, counts: npt.ArrayLike,
                    width: Axis = None, height: Axis = None, *,
                    proposals: npt.ArrayLike | None = None,
                    item_spacing: ItemSpacing | None = None,
                    out: Layouts | None = None) -> Layouts: ...
    def size(self, widths: Floats, heights: Floats, width: Axis = None, height: Axis = None, *,
             item_spacing: ItemSpacing | None = None) -> tuple[float, float]: ...
    def row_count(self, widths: Floats, heights: Floats, width: Axis = None,
                  height: Axis = None, *, item_spacing: ItemSpacing | None = None) -> int: ...
