# Type hints of the public API (PEP 561: the package ships py.typed). The stubs
# beside the modules describe what they export; the modules themselves carry no
# annotations, so no call pays for them.
from . import errors as errors, svg as svg
from ._balanced import Balanced as Balanced, balanced as balanced
from ._circle import Circle as Circle, circle as circle
from ._engine import Engine as Engine
from ._first_fit import first_fit as first_fit
from ._flow import Flow as Flow, flow as flow
from ._grid import Grid as Grid, grid as grid
from ._info import (active_kernel as active_kernel, max_threads as max_threads,
                    set_max_threads as set_max_threads, version as version)
from ._layout import Layout as Layout, Rows as Rows
from ._many import Layouts as Layouts
from ._stacks import (HStack as HStack, VStack as VStack, ZStack as ZStack, hstack as hstack,
                      vstack as vstack, zstack as zstack)
from .errors import (BufferTooSmallError as BufferTooSmallError,
                     EngineBusyError as EngineBusyError, InvalidItemError as InvalidItemError,
                     InvalidParameterError as InvalidParameterError,
                     InvalidProposalError as InvalidProposalError, LayoutError as LayoutError,
                     NullPointerError as NullPointerError, OutOfMemoryError as OutOfMemoryError,
                     SizeOverflowError as SizeOverflowError)

__version__: str
ABI_VERSION: int
ALIGNMENTS: tuple[str, ...]

__all__ = [
    "ABI_VERSION", "ALIGNMENTS", "Balanced", "BufferTooSmallError", "Circle", "Engine",
    "EngineBusyError", "Flow", "Grid",
    "HStack", "InvalidItemError", "InvalidParameterError", "InvalidProposalError", "Layout",
    "Layouts", "LayoutError", "NullPointerError", "OutOfMemoryError", "Rows", "SizeOverflowError",
    "VStack", "ZStack",
    "active_kernel", "balanced", "circle", "first_fit", "flow", "grid", "hstack", "max_threads",
    "set_max_threads", "version", "vstack", "zstack", "__version__",
]
