"""LayoutKernel: where items of fixed size go.

Given the items' widths and heights and a size proposal, a layout returns the
container's size, the top-left corner of every item and a table of rows. This
package binds the C library ``libLayoutKernel`` with ctypes::

    import layoutkernel as lk
    layout = lk.flow([30, 40, 50, 20], [10, 20, 10, 5], width=100, spacing=10)
    layout.x, layout.y, layout.width, layout.height, len(layout.rows)

Every layout kind of the library has a descriptor (``Flow``, ``HStack``,
``VStack``, ``ZStack``, ``Grid``, ``Balanced``, ``Circle``: the library's
``AnyLayout``) and a shorthand function (``flow``, ``hstack``, ...);
``first_fit`` chooses among candidate layouts as SwiftUI's ``ViewThatFits``.
An :class:`Engine` keeps items and results between calls and re-lays only
what changed. Every descriptor's ``layout_many`` lays out many containers in one call
(a :class:`Layouts`); ``set_max_threads`` and ``max_threads`` say how many
threads one call may use. Every call that returns a Layout takes ``out=``, an earlier result whose
buffers receive the new one (``lk.flow(w, h, width=800, out=layout)``).

Values the library rejects raise ``LayoutError`` (a ``ValueError``) or, by
family, one of its subclasses: ``InvalidItemError``, ``InvalidProposalError``,
``InvalidParameterError``, ``BufferTooSmallError``, ``SizeOverflowError``,
``NullPointerError``, ``EngineBusyError``, ``OutOfMemoryError`` (also a
``MemoryError``; see :mod:`layoutkernel.errors`).

Importing it loads the library (see ``layoutkernel._loader`` for where it is
looked for) and raises ImportError when none is found or its ABI version does
not match :data:`ABI_VERSION`.

Modules: ``_descriptor`` (what every descriptor shares), ``_flow``,
``_stacks``, ``_grid``, ``_balanced``, ``_circle`` (one per layout kind),
``_first_fit``, ``_many`` (many containers in one call), ``_engine``, ``_call`` (one layout call, the path every layout takes),
``_layout`` (Layout, Rows), ``_params`` (scalars, names and alignments),
``_items`` and ``_buffers`` (input arrays, zero-copy where possible),
``_outputs`` (result buffers), ``_info`` (version, active_kernel), ``_ffi``
and ``_loader`` (the C interface), ``errors``, ``svg``.
"""

__version__ = "0.3.0"

from ._balanced import Balanced, balanced
from ._circle import Circle, circle
from ._engine import Engine
from ._first_fit import first_fit
from ._flow import Flow, flow
from ._grid import Grid, grid
from ._info import active_kernel, max_threads, set_max_threads, version
from ._layout import Layout, Rows
from ._many import Layouts
from ._loader import ABI_VERSION
from ._params import ALIGNMENTS
from ._stacks import HStack, VStack, ZStack, hstack, vstack, zstack
from .errors import (BufferTooSmallError, EngineBusyError, InvalidItemError, InvalidParameterError,
                     InvalidProposalError, LayoutError, NullPointerError, OutOfMemoryError, SizeOverflowError)

__all__ = [
    "ABI_VERSION", "ALIGNMENTS", "Balanced", "BufferTooSmallError", "Circle", "Engine",
    "EngineBusyError", "Flow", "Grid",
    "HStack", "InvalidItemError", "InvalidParameterError", "InvalidProposalError", "Layout",
    "Layouts", "LayoutError", "NullPointerError", "OutOfMemoryError", "Rows", "SizeOverflowError", "VStack", "ZStack",
    "active_kernel", "balanced", "circle", "first_fit", "flow", "grid", "hstack", "max_threads",
    "set_max_threads", "version", "vstack", "zstack", "__version__",
]
