import LayoutKernelCPU
import LayoutKernelCore

/// Where the rows of a stretch start (the exact path, in units), found one at a time as
/// the rows are finished.
///
/// The next row start is one vector compare against the open row's threshold, one mask
/// and one bit scan (`UnitStretch.nextRowStart`). That step waits on where the row
/// started: a chain of decisions of about 30 cycles a row. It is not shortened but
/// hidden: each row is finished (offsets, height, top, its row-table entry) right after
/// its end is found, and that work does not depend on the next row's search, so the
/// processor runs the two side by side.
struct RowChain {
    let stretch: UnitStretch
    /// The open row's threshold: its base plus the limit.
    var threshold: Int32
    var from: Int

    /// A chain through `stretch`. `openExtent` nil: a row opens at the stretch's first
    /// item; otherwise a row that far wide (units) is open before it.
    @inline(__always)
    init(_ stretch: UnitStretch, openExtent: Int32?) {
        self.stretch = stretch
        if let openExtent {
            threshold = stretch.limit &- openExtent
            from = 0
        } else {
            threshold = stretch.thresholds[0]
            from = 1
        }
    }

    /// The next row start after the open row's first item: at most the stretch's end.
    @inline(__always)
    mutating func next() -> Int {
        let e = stretch.nextRowStart(threshold: threshold, from: from)
        guard e < stretch.count else { return stretch.count }
        from = e &+ 1
        threshold = stretch.thresholds[e]
        return e
    }
}
