import LayoutKernelCPU
import LayoutKernelCore

/// Closes the rows of a flow: the per-row work every packing path shares (a row's
/// height and top, then the placement of its items), each row handed to a `Sink` the
/// packing holds (not this closer: a sink with state of its own is never copied).
struct FlowRowCloser<Sink: KernelRowSink> {
    let items: Items
    let lineSpacing: Spacing
    let placement: FlowPlacement

    /// Whether rows need their heights: for their tops, or for the sink.
    var needsHeights: Bool { Sink.needsHeights || placement.y != nil }

    /// Closes `state`'s open row: items `rowStart ..< next`, `extent` wide, `rowHeight`
    /// tall (its first item of that height is `tallest`). Its top follows the last
    /// row's; each item's `y` is `Float(top + Double(ay * (height - h)))` (the top itself
    /// for `ay == 0`), each `x` gets `ax * (containerWidth - width)` added; the sink
    /// gets the row (as a `latticeRow` when `lattice`: the packing vouches for its
    /// offsets and widths); the state moves on with no row open.
    /// - Complexity: O(row length), 16 items a step.
    @inline(__always)
    func close(_ state: inout FlowPackState, lattice: Bool = false, into sink: inout Sink) {
        let gap = state.rows == 0 ? 0 : items.gapY(state.lastTallest, state.tallest, lineSpacing)
        let top = state.top(lineGap: gap)
        let height: Float = state.rowHeight == 0 ? 0 : state.rowHeight  // +0 for zero heights
        let first = state.rowStart
        let count = state.next &- first
        place(first: first, count: count, top: top, height: height, width: state.extent)
        if lattice {
            sink.latticeRow(state.rows, start: first, count: count, y: top, width: state.extent, height: height)
        } else {
            sink.row(state.rows, start: first, count: count, y: top, width: state.extent, height: height)
        }
        state.closeRow(top: top, height: height)
    }

    /// Places the items of a closed row. The common case, a top-leading row of at most
    /// 16 items away from the end, is one vector store; the rest is out of line.
    @inline(__always)
    func place(first: Int, count: Int, top: Double, height: Float, width: Float) {
        guard let y = placement.y else {
            if placement.x != nil && placement.anchor.x != 0 { placeInGeneral(first, count, top, height, width) }
            return
        }
        if placement.anchor.x == 0 && placement.anchor.y == 0 && count <= laneCount && placement.fullStore(at: first) {
            Lanes(repeating: Float(top)).store(to: y + first, count: laneCount)
        } else {
            placeInGeneral(first, count, top, height, width)
        }
    }

    /// Every other case: long rows, stores near the end, alignments.
    @inline(never)
    func placeInGeneral(_ first: Int, _ count: Int, _ top: Double, _ height: Float, _ width: Float) {
        if let y = placement.y { placeTops(y, first: first, count: count, top: top, height: height) }
        if let x = placement.x, placement.anchor.x != 0 {
            shift(x, first: first, count: count, by: placement.anchor.x * (placement.containerWidth - width))
        }
    }

    /// Each item's `y` in a row whose top is `top`.
    @inline(__always)
    func placeTops(_ y: UnsafeMutablePointer<Float>, first: Int, count: Int, top: Double, height: Float) {
        let ay = placement.anchor.y
        guard ay != 0, let heights = items.heights.baseAddress else {
            let value = Lanes(repeating: Float(top))
            var j = 0
            while j < count {
                store(value, to: y, at: first &+ j, count: min(laneCount, count &- j))
                j &+= laneCount
            }
            return
        }
        let rowHeight = Lanes(repeating: height)
        let anchor = Lanes(repeating: ay)
        var j = 0
        while j < count {
            let i = first &+ j
            let m = min(laneCount, count &- j)
            let h = i &+ laneCount <= items.count ? Lanes.load(heights + i) : Lanes.load(heights + i, count: m)
            store(lk_add_rounded(top, anchor * (rowHeight - h)), to: y, at: i, count: m)
            j &+= laneCount
        }
    }

    /// Stores the first `count` lanes of `value` at `pointer + index` (all 16 when the
    /// placement allows).
    @inline(__always)
    func store(_ value: Lanes, to pointer: UnsafeMutablePointer<Float>, at index: Int, count: Int) {
        value.store(to: pointer + index, count: count == laneCount || placement.fullStore(at: index) ? laneCount : count)
    }

    /// Adds `shift` to each `x` of a row (a read, an add and a write: only this row's items).
    @inline(__always)
    func shift(_ x: UnsafeMutablePointer<Float>, first: Int, count: Int, by shift: Float) {
        let amount = Lanes(repeating: shift)
        var j = 0
        while j < count {
            let i = first &+ j
            let m = min(laneCount, count &- j)
            let value = m == laneCount ? Lanes.load(x + i) : Lanes.load(x + i, count: m)
            (value + amount).store(to: x + i, count: m)
            j &+= laneCount
        }
    }
}
