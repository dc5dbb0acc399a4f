import LayoutKernelCore

/// A row sink as the flow's kernel drives it: Core's `RowSink` plus the hooks of the
/// kernel's straight path and of its one-pass featured placement (`FeatureSink`). The
/// hooks belong to this level's kernel, not to Core's sinks, which get the defaults.
protocol KernelRowSink: RowSink {
    /// Row `index` as `row` gives it, from a packing that vouches for its items: every
    /// offset the packing wrote for them and every width is a multiple of 1/64 px, the
    /// offsets below 2^17 px, the widths at most 2^16 px. By default, `row`.
    mutating func latticeRow(_ index: Int, start: Int, count: Int, y: Double, width: Float, height: Float)
    /// Whether the straight path asks `placeAlong` where a row's items go along it.
    static var placesAlong: Bool { get }
    /// Where the items of a row go along it, for a row the straight path closes (at most
    /// 16 items on the 1/64 px lattice; `placedRow` follows, or `latticeRow` after nil):
    /// items `start ..< start + count`; `offsets` and `ends` are each item's offset and
    /// end in units of 1/64 px from the row's start (lanes past `count` belong to later
    /// items), `extent` the row's length in units. The result is stored as the items'
    /// places; nil (the default) stores the offsets, shifted by the placement's anchor.
    mutating func placeAlong(start: Int, offsets: SIMD16<Int32>, ends: SIMD16<Int32>, count: Int,
                             extent: Int32) -> SIMD16<Float>?
    /// Row `index` as `latticeRow` gives it, its items placed along it by `placeAlong`.
    /// By default, `latticeRow`.
    mutating func placedRow(_ index: Int, start: Int, count: Int, y: Double, width: Float, height: Float)
    /// Whether the sink finds the tops of the rows `placedRow` gives itself: the straight
    /// path then passes 0 for them (and writes no `y`).
    static var findsTops: Bool { get }
    /// `body` run on the sink as a row table that writes every column (`LeanRows.scalar`),
    /// when it is one; nil otherwise (the default).
    mutating func withEveryColumn<R>(_ body: (inout RowTableWriter) -> R) -> R?
    /// Whether the straight path may hand the sink's rows to `closeLean` (by default not).
    static var leans: Bool { get }
    /// Closes rows of `stretch` through `run` (`LeanRows`) from its cursor, the first
    /// ending at `end` (its conditions checked), `chain` past it, items' offsets or
    /// places along to `x` (the straight path's conditions hold: fixed line spacing `gap`
    /// px, no forced breaks); returns the end of the first row it leaves open, or nil
    /// (closing nothing) when the sink's rows cannot take it.
    mutating func closeLean(_ run: inout LeanRows, _ stretch: UnitStretch, _ chain: inout RowChain, end: Int,
                            x: UnsafeMutablePointer<Float>, heights: UnsafePointer<Float>, quickEnd: Int,
                            placement: FlowPlacement, gap: Double) -> Int?
}

extension KernelRowSink {
    static var placesAlong: Bool { false }
    static var findsTops: Bool { false }

    @inline(__always)
    mutating func withEveryColumn<R>(_ body: (inout RowTableWriter) -> R) -> R? { nil }

    static var leans: Bool { false }

    @inline(__always)
    mutating func closeLean(_ run: inout LeanRows, _ stretch: UnitStretch, _ chain: inout RowChain, end: Int,
                            x: UnsafeMutablePointer<Float>, heights: UnsafePointer<Float>, quickEnd: Int,
                            placement: FlowPlacement, gap: Double) -> Int? {
        nil
    }

    @inline(__always)
    mutating func placeAlong(start: Int, offsets: SIMD16<Int32>, ends: SIMD16<Int32>, count: Int,
                             extent: Int32) -> SIMD16<Float>? {
        nil
    }

    @inline(__always)
    mutating func placedRow(_ index: Int, start: Int, count: Int, y: Double, width: Float, height: Float) {
        latticeRow(index, start: start, count: count, y: y, width: width, height: height)
    }

    @inline(__always)
    mutating func latticeRow(_ index: Int, start: Int, count: Int, y: Double, width: Float, height: Float) {
        row(index, start: start, count: count, y: y, width: width, height: height)
    }
}

extension RowCounter: KernelRowSink {}
extension RowExtent: KernelRowSink {}
extension RowTableWriter: KernelRowSink {
    @inline(__always)
    mutating func withEveryColumn<R>(_ body: (inout RowTableWriter) -> R) -> R? {
        guard hasEveryColumn else { return nil }
        return body(&self)
    }

    /// Whether the table has every column (`EveryColumn`).
    var hasEveryColumn: Bool { start != nil && count != nil && y != nil && width != nil && height != nil }

    static var leans: Bool { true }

    /// The plain flow's rows (`PlainRows`), when the table has every column and the items'
    /// tops are written.
    @inline(__always)
    mutating func closeLean(_ run: inout LeanRows, _ stretch: UnitStretch, _ chain: inout RowChain, end: Int,
                            x: UnsafeMutablePointer<Float>, heights: UnsafePointer<Float>, quickEnd: Int,
                            placement: FlowPlacement, gap: Double) -> Int? {
        guard hasEveryColumn, let y = placement.y else { return nil }
        var rule = PlainRows(columns: EveryColumn(self), y: y, anchor: placement.anchor,
                             containerWidth: placement.containerWidth, gap: gap)
        let next = run.run(stretch, &chain, end: end, x: x, heights: heights, quickEnd: quickEnd, &rule)
        rule.columns.keep(in: &self, rows: run.rows, lastY: run.lastY, lastHeight: run.lastHeight)
        return next
    }
}
extension StoppableRowTable: KernelRowSink {}
