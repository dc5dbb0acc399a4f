# Type aliases the stubs share. A stub-only module: nothing here exists at run
# time, and nothing the package runs imports NumPy's typing.
from typing import Any, Iterable, Iterator, Literal, Protocol, SupportsFloat, SupportsIndex, Sequence, overload

import numpy as np
import numpy.typing as npt
from typing_extensions import Buffer, Self, TypeAlias

# Items' sizes (and grow factors, spacing columns): any iterable of numbers
# (list, tuple, array('f'), a NumPy array, ...) or a buffer.
Floats: TypeAlias = Iterable[SupportsFloat] | Buffer
# A proposal axis: a number (math.inf allowed) or None for unspecified.
Axis: TypeAlias = float | None
# A spacing: a number, or None for the items' per-item preferences.
Spacing: TypeAlias = float | None
AlignmentName: TypeAlias = Literal[
    "topLeading", "top", "topTrailing", "leading", "center", "trailing",
    "bottomLeading", "bottom", "bottomTrailing"]
# A named alignment or an (ax, ay) anchor pair, each part in [0, 1].
Alignment: TypeAlias = AlignmentName | tuple[float, float]
# Items that start a row: indices, or a bool/uint8 mask (a list of bools, a
# NumPy array, a buffer).
Breaks: TypeAlias = Iterable[SupportsIndex] | Buffer
# Per-item spacing preferences: four columns (leading, trailing, top, bottom),
# each None for zeros, or an (n, 4) NumPy array.
ItemSpacing: TypeAlias = Sequence[Floats | None] | npt.NDArray[Any]
Distribution: TypeAlias = Literal["start", "center", "end", "space-between", "space-around",
                                  "space-evenly"]
AxisName: TypeAlias = Literal["horizontal", "vertical"]
# How an item sits across its line (CSS align-items / align-self).
ItemAlignment: TypeAlias = Literal["start", "center", "end", "stretch", "baseline", "last-baseline"]
# Per-item bounds and baselines: numbers, with None (in a list) or NaN for none.
Bounds: TypeAlias = Iterable[SupportsFloat | None] | Buffer

class FloatColumn(Protocol):
    """A result column of float32 values: a NumPy array when NumPy is importable,
    an ``array.array`` otherwise (what both offer)."""
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[float]: ...
    @overload
    def __getitem__(self, index: SupportsIndex, /) -> float: ...
    @overload
    def __getitem__(self, index: slice, /) -> Self: ...
    def tolist(self) -> list[float]: ...

class IntColumn(Protocol):
    """A result column of int64 values (NumPy array or ``array.array``)."""
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[int]: ...
    @overload
    def __getitem__(self, index: SupportsIndex, /) -> int: ...
    @overload
    def __getitem__(self, index: slice, /) -> Self: ...
    def tolist(self) -> list[int]: ...

Float32Array: TypeAlias = npt.NDArray[np.float32]
Float64Array: TypeAlias = npt.NDArray[np.float64]
Int64Array: TypeAlias = npt.NDArray[np.int64]
