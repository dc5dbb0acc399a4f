import LayoutKernelCore

/// What an engine call may allocate at its peak, so that a caller can refuse a call the
/// process has no room for (`LK_ERR_OUT_OF_MEMORY`) before anything changes, and so
/// that a mutation drops a held result it has no room to bring up to date rather than
/// fail halfway. The figures are upper bounds from the storage's layout, not
/// measurements:
///
/// - storing k items: two copies of their fields (the new chunks and the arrays they are
///   built from) plus the chunks around them, and every held item's new fields when the
///   call brings fields the engine did not hold;
/// - packing rows: `rowBytes` per row while re-packing (the new rows' columns, their
///   records and the blocks built from them), a flow having at most one row per item;
/// - any other kind's result: `resultBytes` per item (positions, sizes, rows, and the
///   fresh layout they are computed in).
extension LayoutEngine {
    static let rowBytes = 160
    static let resultBytes = 128
    static let exactBytes = 96
    /// Staging windows, chunk copies and small tables.
    static let fixedBytes = 8 << 20

    /// Bytes storing `items` (set, updated or inserted) may take.
    public func bytesToStore(_ items: Items) -> Int {
        let held = store.held.union(HeldFields(items))
        let perItem = ItemStore.bytesPerItem(held)
        let widened = perItem - ItemStore.bytesPerItem(store.held)
        return Self.sum(Self.product(2 * items.count, perItem), Self.product(store.count, widened),
                        Self.product(4 * tuning.chunkSize, perItem), Self.fixedBytes)
    }

    /// Bytes answering a request for `proposal` may take: nothing when its result is
    /// held, else a packing of every row (a flow) or a whole result (any other kind). A
    /// featured flow whose lines are kept may need both: its lines, then a whole result
    /// when they cannot give the answer (unknown before the lines are packed).
    public func bytesToAnswer(_ proposal: Proposal) -> Int {
        let rows = flowParameters != nil && heldRows(proposal) == nil ? Self.product(count, Self.rowBytes) : 0
        let whole = (flowParameters == nil || featured) && heldResult(proposal) == nil
            && !answersFromLines(proposal) ? Self.product(count, Self.resultBytes) : 0
        return rows == 0 && whole == 0 ? 0 : Self.sum(rows, whole, Self.fixedBytes)
    }

    /// Bytes answering an exact request (`exactPositions`, `visibleExact`, `itemExact`)
    /// for `proposal` may take: `bytesToAnswer`, and for a kind answered from whole
    /// results whose exact positions are not held, `exactBytes` per item (the positions
    /// and the reference's arrays they are computed in).
    public func bytesToAnswerExact(_ proposal: Proposal) -> Int {
        let whole = (flowParameters == nil || featured) && !answersFromLines(proposal) && !holdsExact(proposal)
        return Self.sum(bytesToAnswer(proposal), whole ? Self.sum(Self.product(count, Self.exactBytes), Self.fixedBytes) : 0)
    }

    /// Bytes bringing `rows` up to date after `edit` may take: every row re-packed, at
    /// worst.
    func bytesToRepack(_ rows: FlowRows, _ edit: Edit) -> Int {
        Self.sum(Self.product(rows.rowCount + max(edit.delta, 0) + 1, Self.rowBytes), Self.fixedBytes)
    }

    /// Bytes recomputing a held result after a change may take.
    var bytesToRecompute: Int { Self.sum(Self.product(count, Self.resultBytes), Self.fixedBytes) }

    static func product(_ a: Int, _ b: Int) -> Int {
        let (value, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? .max : value
    }

    static func sum(_ values: Int...) -> Int {
        values.reduce(0) { total, value in
            let (next, overflow) = total.addingReportingOverflow(value)
            return overflow ? .max : next
        }
    }
}
