"""LayoutKernel: where items of fixed size go.

Given the items' widths and heights and a size proposal, a layout returns the
container's size, the top-left corner of every item and a table of rows. This
package binds the C library ``libLayoutKernel`` with ctypes::

    import layoutkernel as lk
    layout = lk.flow([30, 40, 50, 20], [10, 20, 10, 5], width=100, spacing=10)
    layout.x, layout.y, layout.width, layout.height, len(layout.rows)

Importing it loads the library (see ``layoutkernel._loader`` for where it is
looked for) and raises ImportError when none is found or its ABI version does
not match :data:`ABI_VERSION`.

Modules: ``_flow`` (Flow, flow), ``_layout`` (Layout, Rows), ``_params``
(scalars and alignments), ``_items`` and ``_buffers`` (input arrays, zero-copy
where possible), ``_outputs`` (result buffers), ``_info`` (version,
active_kernel), ``_ffi`` and ``_loader`` (the C interface), ``errors``, ``svg``.
"""

__version__ = "0.1.0"

from ._flow import Flow, flow
from ._info import active_kernel, version
from ._layout import Layout, Rows
from ._loader import ABI_VERSION
from ._params import ALIGNMENTS
from .errors import LayoutError

__all__ = [
    "ABI_VERSION", "ALIGNMENTS", "Flow", "Layout", "LayoutError", "Rows",
    "active_kernel", "flow", "version", "__version__",
]
