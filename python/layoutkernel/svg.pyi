from ._layout import Layout

MAX_ITEMS: int
DISPLAY_WIDTH: float
MAX_ZOOM: float

def render(layout: Layout, max_items: int = ...,
           window: tuple[float, float, float, float] | None = None) -> str: ...
