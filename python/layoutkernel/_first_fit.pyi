from typing import Iterable, Literal

from ._descriptor import Descriptor
from ._layout import Layout
from ._typing import Axis, Floats, ItemSpacing

def first_fit(candidates: Iterable[tuple[Descriptor, Floats, Floats]
                                   | tuple[Descriptor, Floats, Floats, ItemSpacing | None]],
              width: Axis = None, height: Axis = None,
              axes: Literal["both", "horizontal", "vertical"] = "both", *,
              out: Layout | None = None) -> tuple[int, Layout]: ...
