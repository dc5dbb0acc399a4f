from ._descriptor import Descriptor
from ._layout import Layout
from ._typing import Axis, AxisName, Floats, ItemSpacing, Spacing

class Balanced(Descriptor):
    def __init__(self, axis: AxisName = "horizontal", spacing: Spacing = 0.0) -> None: ...
    @property
    def axis(self) -> AxisName: ...
    @property
    def spacing(self) -> Spacing: ...

def balanced(widths: Floats, heights: Floats, width: Axis = None, height: Axis = None, *,
             axis: AxisName = "horizontal", spacing: Spacing = 0.0,
             item_spacing: ItemSpacing | None = None, out: Layout | None = None,
             exact: bool = False) -> Layout: ...
