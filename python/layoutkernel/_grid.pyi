from typing import Literal

from ._descriptor import Descriptor
from ._layout import Layout
from ._typing import Alignment, Axis, Floats

class Grid(Descriptor):
    def __init__(self, columns: int | None = None, min_column_width: float | None = None,
                 sizing: Literal["fit", "fill"] = "fit", spacing: float = 0.0,
                 line_spacing: float = 0.0, alignment: Alignment = "center") -> None: ...
    @property
    def columns(self) -> int | None: ...
    @property
    def min_column_width(self) -> float | None: ...
    @property
    def sizing(self) -> Literal["fit", "fill"]: ...
    @property
    def spacing(self) -> float: ...
    @property
    def line_spacing(self) -> float: ...
    @property
    def alignment(self) -> Alignment: ...
    @property
    def anchor(self) -> tuple[float, float]: ...

def grid(widths: Floats, heights: Floats, width: Axis = None, height: Axis = None, *,
         columns: int | None = None, min_column_width: float | None = None,
         sizing: Literal["fit", "fill"] = "fit", spacing: float = 0.0,
         line_spacing: float = 0.0, alignment: Alignment = "center",
         out: Layout | None = None, exact: bool = False) -> Layout: ...
