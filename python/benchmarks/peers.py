"""Adapters that run the benchmarks' workloads in other layout engines from PyPI.

Each adapter lays out the same flex-wrap container: by default (bench_flow's)
``display:flex; flex-wrap:wrap; width:800px; column-gap:8px; row-gap:8px;
align-content:flex-start; align-items:flex-start``, children of fixed size with
``flex:none`` (no grow, no shrink); a :class:`Container` changes the container's
flexbox properties (bench_features' CSS flow features) and ``build``'s ``grow``
gives children ``flex-grow``. Pixel rounding is off, as in LayoutKernel.

Both packages are optional: :func:`load` returns an adapter for each one that
imports, and the reason for each one that does not. An adapter builds a tree
once (:meth:`build`), then each timed run marks every node dirty
(:meth:`invalidate`, not timed) so that the engine lays out from scratch:

- :meth:`compute`: the engine's layout call alone;
- :meth:`layout`: what a Python caller does to get the positions through the
  package's public API (the layout call plus reading every ``(x, y)`` back).
"""

import math
from dataclasses import dataclass

PEERS = (("stretchable", "stretchable (Taffy)"), ("poga", "poga (Yoga)"))


@dataclass(frozen=True)
class Container:
    """The flex container, in CSS terms (its gaps are the adapters' ``gap``).

    ``width`` and ``height`` are its definite sizes (None: auto); ``direction``
    is flex-direction ("row", "row-reverse" or "column"); ``justify`` and
    ``align_content`` take CSS's values ("flex-start", "space-between",
    "stretch", ...); ``rtl`` is ``direction: rtl``.
    """
    width: float = None
    height: float = None
    direction: str = "row"
    wrap_reverse: bool = False
    justify: str = "flex-start"
    align_content: str = "flex-start"
    rtl: bool = False


class Unsupported(Exception):
    """The engine has no such feature."""


def _enum(enum, css, spelling):
    """The member of ``enum`` for the CSS keyword ``css``, its name spelt by
    ``spelling`` from the keyword's words (:func:`_snake`, :func:`_camel`)."""
    return getattr(enum, spelling(css.split("-")))


def _snake(words):
    """["space", "between"] -> "SPACE_BETWEEN" (stretchable's enums)."""
    return "_".join(word.upper() for word in words)


def _camel(words):
    """["space", "between"] -> "SpaceBetween" (Yoga's enums)."""
    return "".join(word.capitalize() for word in words)


class StretchablePeer:
    """``stretchable``, Python bindings of Taffy (Rust)."""

    def __init__(self, container, gap):
        from stretchable import Node, taffylib
        from stretchable.node import taffy
        from stretchable.style import (AlignContent, AlignItems, Display, FlexDirection, FlexWrap,
                                       JustifyContent, Style)
        from stretchable.style.geometry.size import SizeAvailableSpace
        if container.rtl:
            raise Unsupported("Taffy has no right-to-left direction")
        self._node, self._style, self._taffylib, self._taffy = Node, Style, taffylib, taffy
        self._available = SizeAvailableSpace.default().to_dict()
        self._root_style = Style(display=Display.FLEX,
                                 flex_wrap=FlexWrap.WRAP_REVERSE if container.wrap_reverse else FlexWrap.WRAP,
                                 flex_direction=_enum(FlexDirection, container.direction, _snake),
                                 size=(container.width, container.height), gap=float(gap),
                                 justify_content=_enum(JustifyContent, container.justify, _snake),
                                 align_content=_enum(AlignContent, container.align_content, _snake),
                                 align_items=AlignItems.FLEX_START)

    def build(self, widths, heights, grow=None):
        """A root node with one fixed-size child per item (``flex-grow: grow[i]``).

        Children of equal size and grow share one Style: building a Style costs
        about a millisecond in stretchable 1.1, a Node about 30 microseconds.
        """
        styles = {}
        root = self._node(style=self._root_style)
        for child in zip(widths, heights, grow or [0.0] * len(widths)):
            if child not in styles:
                styles[child] = self._style(size=child[:2], flex_shrink=0.0, flex_grow=child[2])
            root.append(self._node(style=styles[child]))
        return root

    def invalidate(self, root):
        for child in root:
            child.mark_dirty()
        root.mark_dirty()

    def compute(self, root):
        """Taffy's layout call alone (through stretchable's low-level module)."""
        self._taffy.use_rounding = False
        self._taffylib.node_compute_layout(self._taffy._ptr, root._node_id, self._available)

    def layout(self, root):
        """``Node.compute_layout()`` and every child's ``border_box`` position."""
        root.compute_layout()
        boxes = [child.border_box for child in root]
        return [box.x for box in boxes], [box.y for box in boxes]

    def release(self, root):
        """stretchable 1.1 has no call that frees nodes; the tree is left to it."""


class PogaPeer:
    """``poga``, Python bindings of Yoga (C++), through its Yoga C API module.

    The Yoga bundled with poga 0.1 has no gap property, so the gaps are margins:
    each child gets ``margin-right`` and ``margin-bottom`` of one gap and each
    definite size of the container is one gap larger. Greedy line breaking then
    sees the same widths (an item fits when ``x + gap + w <= W``), each line's
    free space is the same, and every position is the same as with gaps, for
    children aligned at their lines' start (right to left too: the first item's
    margin is at the container's right edge). Under wrap-reverse this Yoga puts
    a child's margin across the lines on the other side of it, so there the gap
    is ``margin-top``.
    """

    def __init__(self, container, gap):
        import poga.libpoga_capi as yoga
        self._yoga, self._gap, self._container = yoga, float(gap), container
        self._config = yoga.YGConfigNew()
        yoga.YGConfigSetPointScaleFactor(self._config, 0.0)  # no rounding

    def _new_node(self):
        return self._yoga.YGNodeNewWithConfig(self._config)

    def build(self, widths, heights, grow=None):
        """``(root, children)``: the container (each definite size one gap larger)
        and one fixed-size node per item (``flex-grow: grow[i]``)."""
        yoga, container = self._yoga, self._container
        root = self._new_node()
        yoga.YGNodeStyleSetFlexDirection(root, _enum(yoga.YGFlexDirection, container.direction, _camel))
        yoga.YGNodeStyleSetFlexWrap(root, yoga.YGWrap.WrapReverse if container.wrap_reverse else yoga.YGWrap.Wrap)
        yoga.YGNodeStyleSetJustifyContent(root, _enum(yoga.YGJustify, container.justify, _camel))
        yoga.YGNodeStyleSetAlignContent(root, _enum(yoga.YGAlign, container.align_content, _camel))
        yoga.YGNodeStyleSetAlignItems(root, yoga.YGAlign.FlexStart)
        if container.width is not None:
            yoga.YGNodeStyleSetWidth(root, container.width + self._gap)
        if container.height is not None:
            yoga.YGNodeStyleSetHeight(root, container.height + self._gap)
        across = yoga.YGEdge.Top if container.wrap_reverse else yoga.YGEdge.Bottom  # see the class's text
        children = []
        for index, (width, height, factor) in enumerate(zip(widths, heights, grow or [0.0] * len(widths))):
            child = self._new_node()
            yoga.YGNodeStyleSetWidth(child, width)
            yoga.YGNodeStyleSetHeight(child, height)
            yoga.YGNodeStyleSetFlexGrow(child, factor)
            yoga.YGNodeStyleSetFlexShrink(child, 0.0)
            yoga.YGNodeStyleSetMargin(child, yoga.YGEdge.Right, self._gap)
            yoga.YGNodeStyleSetMargin(child, across, self._gap)
            yoga.YGNodeInsertChild(root, child, index)
            children.append(child)
        return root, children

    def invalidate(self, tree):
        self._yoga.YGNodeMarkDirtyAndPropogateToDescendants(tree[0])

    def compute(self, tree):
        """``YGNodeCalculateLayout`` alone."""
        direction = self._yoga.YGDirection.RTL if self._container.rtl else self._yoga.YGDirection.LTR
        self._yoga.YGNodeCalculateLayout(tree[0], math.nan, math.nan, direction)

    def layout(self, tree):
        """``YGNodeCalculateLayout`` and every child's left and top."""
        self.compute(tree)
        left, top = self._yoga.YGNodeLayoutGetLeft, self._yoga.YGNodeLayoutGetTop
        return [left(child) for child in tree[1]], [top(child) for child in tree[1]]

    def release(self, tree):
        self._yoga.YGNodeFreeRecursive(tree[0])


_ADAPTERS = {"stretchable": StretchablePeer, "poga": PogaPeer}


def load(container, gap):
    """``[(label, adapter or None, reason)]`` for every peer package, in PEERS order:
    each lays out ``container`` (a :class:`Container`) with gaps of ``gap``."""
    peers = []
    for package, label in PEERS:
        try:
            peers.append((label, _ADAPTERS[package](container, gap), ""))
        except ImportError:
            peers.append((label, None, f"{package}: not installed, skipped"))
        except Unsupported as error:
            peers.append((label, None, f"{package}: {error}"))
        except Exception as error:  # an installed package that does not work here
            peers.append((label, None, f"{package}: cannot be used ({error!r}), skipped"))
    return peers
