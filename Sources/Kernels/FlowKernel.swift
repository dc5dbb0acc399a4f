import LayoutKernelCPU
import LayoutKernelCore

/// The fast flow (SPEC.md section 2) over the packing kernel. This file is compiled into
/// each ISA module (LayoutKernelSSE2, LayoutKernelAVX2, LayoutKernelAVX512) as
/// module-private code, so each module's copy has its own symbols and carries only
/// that module's instructions (see `LayoutKernelSet`).
///
/// Same results as `FlowReference` (bit-identical under SPEC.md's exactness conditions),
/// without allocating, except as noted on `layout`.
enum FlowKernel {

    /// Lays out `items`, writing positions and rows to `output`; returns the container
    /// size and the number of rows.
    ///
    /// Top-leading alignment with fixed line spacing (the common case) is one pass that
    /// writes final positions. Other alignments need the row sizes first: a packing pass
    /// writes offsets and collects the rows (O(rows) memory), then a placement pass
    /// shifts each row and aligns each item in it.
    /// - Complexity: O(n).
    @inline(__always)
    static func layout(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                              into output: LayoutOutput) -> (size: Size, rows: Int) {
        let limit = proposal.width ?? .infinity
        let alignment = parameters.alignment
        if alignment.x == 0 && alignment.y == 0 && parameters.lineSpacing != .perItem {
            if output.rows.isEmpty {     // no row table wanted: a sink that writes nothing
                var extent = RowExtent()
                packFlowRows(items, spacing: parameters.spacing, lineSpacing: parameters.lineSpacing,
                             limit: limit, offsets: output.x, rowTops: output.y, into: &extent)
                return (containerSize(items, extent, proposal), extent.rows)
            }
            var writer = output.rows
            packFlowRows(items, spacing: parameters.spacing, lineSpacing: parameters.lineSpacing,
                         limit: limit, offsets: output.x, rowTops: output.y, into: &writer)
            return (containerSize(items, writer.extent, proposal), writer.extent.rows)
        }
        var collector = RowCollector()
        packFlowRows(items, spacing: parameters.spacing, lineSpacing: parameters.lineSpacing,
                     limit: limit, offsets: output.x, rowTops: nil, into: &collector)
        let size = containerSize(items, collector.extent, proposal)
        if let x = output.x, let y = output.y {
            placeRows(collector, items, alignment: alignment, containerWidth: size.width, x: x, y: y)
        }
        var writer = output.rows
        collector.replay(into: &writer)
        return (size, collector.count)
    }

    /// The container size `layout` reports, without writing anything.
    /// - Complexity: O(n) time, O(1) memory.
    @inline(__always)
    static func size(_ items: Items, _ parameters: FlowParameters,
                            _ proposal: Proposal) -> Size {
        var extent = RowExtent()
        packFlowRows(items, spacing: parameters.spacing, lineSpacing: parameters.lineSpacing,
                     limit: proposal.width ?? .infinity, offsets: nil, rowTops: nil, into: &extent)
        return containerSize(items, extent, proposal)
    }

    /// The number of rows at row limit `width` (`nil` = unspecified).
    /// - Complexity: O(n) time, O(1) memory; heights are not read.
    @inline(__always)
    static func rowCount(_ items: Items, _ parameters: FlowParameters, width: Float?) -> Int {
        var counter = RowCounter()
        packFlowRows(items, spacing: parameters.spacing, lineSpacing: parameters.lineSpacing,
                     limit: width ?? .infinity, offsets: nil, rowTops: nil, into: &counter)
        return counter.rows
    }

    /// SPEC.md's size rule: `(max w, max h)` when both proposal axes are specified and
    /// smaller than it on both; else a finite proposal width (or the widest row) by the
    /// rows' height.
    @inline(__always)
    static func containerSize(_ items: Items, _ extent: RowExtent, _ proposal: Proposal) -> Size {
        if let proposedWidth = proposal.width, let proposedHeight = proposal.height {
            let minimum = maxItemSize(items)
            if minimum.width > proposedWidth && minimum.height > proposedHeight { return minimum }
        }
        let width = proposal.width.flatMap { $0.isFinite ? $0 : nil } ?? extent.widest
        return Size(width: width, height: extent.height)
    }

    /// Shifts each row's offsets by `ax * (containerWidth - rowWidth)` and sets each
    /// item's y to `rowY + ay * (rowHeight - h)`, summed in Double and rounded once.
    @inline(__always)
    static func placeRows(_ rows: RowCollector, _ items: Items, alignment: Anchor, containerWidth: Float,
                          x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>) {
        guard let heights = items.heights.baseAddress else { return }
        let ay = Lanes(repeating: alignment.y)
        for index in 0..<rows.count {
            let row = rows.row(at: index)
            let shift = alignment.x * (containerWidth - row.width)
            let rowHeight = Lanes(repeating: row.height)
            var i = row.start
            let end = row.start + row.count
            while i < end {
                let m = min(laneCount, end - i)
                let full = m == laneCount
                let h = full ? Lanes.load(heights + i) : Lanes.load(heights + i, count: m, fill: 0)
                lk_add_rounded(row.y, ay * (rowHeight - h)).store(to: y + i, count: m)
                if alignment.x != 0 {
                    let offsets = full ? Lanes.load(x + i) : Lanes.load(x + i, count: m, fill: 0)
                    (offsets + Lanes(repeating: shift)).store(to: x + i, count: m)
                }
                i += m
            }
        }
    }
}
