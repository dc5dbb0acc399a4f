"""Adapters that run bench_flow's workload in other layout engines from PyPI.

Each adapter lays out the same flex-wrap container: ``display:flex;
flex-wrap:wrap; width:800px; column-gap:8px; row-gap:8px;
align-content:flex-start; align-items:flex-start``, children of fixed size with
``flex:none`` (no grow, no shrink). Pixel rounding is off, as in LayoutKernel.

Both packages are optional: :func:`load` returns an adapter for each one that
imports, and the reason for each one that does not. An adapter builds a tree
once (:meth:`build`), then each timed run marks every node dirty
(:meth:`invalidate`, not timed) so that the engine lays out from scratch:

- :meth:`compute`: the engine's layout call alone;
- :meth:`layout`: what a Python caller does to get the positions through the
  package's public API (the layout call plus reading every ``(x, y)`` back).
"""

import math

PEERS = (("stretchable", "stretchable (Taffy)"), ("poga", "poga (Yoga)"))


class StretchablePeer:
    """``stretchable``, Python bindings of Taffy (Rust)."""

    def __init__(self, container_width, gap):
        from stretchable import Node, taffylib
        from stretchable.node import taffy
        from stretchable.style import AlignContent, AlignItems, Display, FlexWrap, Style
        from stretchable.style.geometry.size import SizeAvailableSpace
        self._node, self._style, self._taffylib, self._taffy = Node, Style, taffylib, taffy
        self._available = SizeAvailableSpace.default().to_dict()
        self._root_style = Style(display=Display.FLEX, flex_wrap=FlexWrap.WRAP,
                                 size=(float(container_width), None), gap=float(gap),
                                 align_content=AlignContent.FLEX_START,
                                 align_items=AlignItems.FLEX_START)

    def build(self, widths, heights):
        """A root node with one fixed-size child per item.

        Children of equal size share one Style: building a Style costs about a
        millisecond in stretchable 1.1, a Node about 30 microseconds.
        """
        styles = {}
        root = self._node(style=self._root_style)
        for size in zip(widths, heights):
            if size not in styles:
                styles[size] = self._style(size=size, flex_shrink=0.0, flex_grow=0.0)
            root.append(self._node(style=styles[size]))
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
    each child gets ``margin-right`` and ``margin-bottom`` of one gap and the
    container is one gap wider. Greedy line breaking then sees the same widths
    (an item fits when ``x + gap + w <= W``), and every position is the same as
    with gaps, for top-leading alignment.
    """

    def __init__(self, container_width, gap):
        import poga.libpoga_capi as yoga
        self._yoga, self._gap = yoga, float(gap)
        self._width = float(container_width) + self._gap
        self._config = yoga.YGConfigNew()
        yoga.YGConfigSetPointScaleFactor(self._config, 0.0)  # no rounding

    def _new_node(self):
        return self._yoga.YGNodeNewWithConfig(self._config)

    def build(self, widths, heights):
        """``(root, children)``: the container and one fixed-size node per item."""
        yoga = self._yoga
        root = self._new_node()
        yoga.YGNodeStyleSetFlexDirection(root, yoga.YGFlexDirection.Row)
        yoga.YGNodeStyleSetFlexWrap(root, yoga.YGWrap.Wrap)
        yoga.YGNodeStyleSetAlignContent(root, yoga.YGAlign.FlexStart)
        yoga.YGNodeStyleSetAlignItems(root, yoga.YGAlign.FlexStart)
        yoga.YGNodeStyleSetWidth(root, self._width)
        children = []
        for index, (width, height) in enumerate(zip(widths, heights)):
            child = self._new_node()
            yoga.YGNodeStyleSetWidth(child, width)
            yoga.YGNodeStyleSetHeight(child, height)
            yoga.YGNodeStyleSetFlexGrow(child, 0.0)
            yoga.YGNodeStyleSetFlexShrink(child, 0.0)
            yoga.YGNodeStyleSetMargin(child, yoga.YGEdge.Right, self._gap)
            yoga.YGNodeStyleSetMargin(child, yoga.YGEdge.Bottom, self._gap)
            yoga.YGNodeInsertChild(root, child, index)
            children.append(child)
        return root, children

    def invalidate(self, tree):
        self._yoga.YGNodeMarkDirtyAndPropogateToDescendants(tree[0])

    def compute(self, tree):
        """``YGNodeCalculateLayout`` alone."""
        self._yoga.YGNodeCalculateLayout(tree[0], math.nan, math.nan, self._yoga.YGDirection.LTR)

    def layout(self, tree):
        """``YGNodeCalculateLayout`` and every child's left and top."""
        self.compute(tree)
        left, top = self._yoga.YGNodeLayoutGetLeft, self._yoga.YGNodeLayoutGetTop
        return [left(child) for child in tree[1]], [top(child) for child in tree[1]]

    def release(self, tree):
        self._yoga.YGNodeFreeRecursive(tree[0])


_ADAPTERS = {"stretchable": StretchablePeer, "poga": PogaPeer}


def load(container_width, gap):
    """``[(label, adapter or None, reason)]`` for every peer package, in PEERS order."""
    peers = []
    for package, label in PEERS:
        try:
            peers.append((label, _ADAPTERS[package](container_width, gap), ""))
        except ImportError:
            peers.append((label, None, f"{package}: not installed, skipped"))
        except Exception as error:  # an installed package that does not work here
            peers.append((label, None, f"{package}: cannot be used ({error!r}), skipped"))
    return peers
