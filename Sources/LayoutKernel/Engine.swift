import LayoutKernelCore
import LayoutKernelDispatch
import LayoutKernelEngine
import LayoutKernelValidation

/// A layout that keeps its items and results between calls: for a UI that holds
/// millions of items between frames, changes a few and asks again.
///
/// The engine owns a copy of its items (in chunks, so an insert or a remove in the
/// middle moves one chunk), re-packs a flow's rows only around a change, answers a
/// request it holds the result of without layout work, and answers queries (positions
/// of a range, visible items, the item at a point) touching only what they return.
/// Every answer equals a fresh layout of the same items, bit for bit. A call that
/// throws leaves the engine exactly as it was.
///
/// Not thread-safe: one caller at a time (it is not `Sendable`).
///
/// ```swift
/// let engine = try Engine(.flow(FlowParameters(spacing: .fixed(8))))
/// try engine.setItems(widths: widths, heights: heights)
/// let proposal = Proposal(width: 1024, height: nil)
/// let size = try engine.size(proposal)
/// try engine.insert(at: 10, widths: [64], heights: [20])          // re-packs a few rows
/// let onScreen = try engine.visible(x0: 0, y0: 5000, x1: 1024, y1: 5800, proposal)
/// let (x, y) = try engine.positions(onScreen.first! ..< onScreen.last! + 1, proposal)
/// ```
public final class Engine {
    private let engine: LayoutEngine

    /// An engine with no items, for `layout`.
    public init(_ layout: AnyLayout) throws(LayoutError) {
        let layout = try checked { () throws(APIError) in
            let layout = try validatedLayout(layout)
            return layout
        }
        engine = LayoutEngine(layout: layout, kernels: ActiveKernel.layouts)
        engine.headroom = memoryHeadroom
    }

    /// The layout the engine was made for.
    public var layout: AnyLayout { engine.layout }

    /// The number of items.
    public var count: Int { engine.count }

    /// What the engine did lately: items packed and rows reused by the last change,
    /// cache hits, bytes held.
    public var stats: EngineStats { engine.stats }

    // MARK: Changes

    /// Replaces every item. Chunks of items equal to those held count as unchanged.
    public func setItems(_ items: ItemList) throws(LayoutError) {
        try change(items) { engine.setItems($0) }
    }

    public func setItems(widths: [Float], heights: [Float]) throws(LayoutError) {
        try setItems(ItemList(widths: widths, heights: heights))
    }

    /// Overwrites items `start ..< start + items.count`.
    public func update(at start: Int, _ items: ItemList) throws(LayoutError) {
        try change(items, range: (start, items.count, "start", "items.count")) { engine.update(at: start, $0) }
    }

    public func update(at start: Int, widths: [Float], heights: [Float]) throws(LayoutError) {
        try update(at: start, ItemList(widths: widths, heights: heights))
    }

    /// Inserts items before item `index` (`index == count` appends).
    public func insert(at index: Int, _ items: ItemList) throws(LayoutError) {
        guard items.count <= maxItemCount - engine.count else {
            throw LayoutError(code: .sizeOverflow, message: "items.count is \(items.count): the engine would hold more "
                              + "items than fit in memory")
        }
        try change(items, range: (index, 0, "index", "0")) { engine.insert(at: index, $0) }
    }

    public func insert(at index: Int, widths: [Float], heights: [Float]) throws(LayoutError) {
        try insert(at: index, ItemList(widths: widths, heights: heights))
    }

    /// Removes items `range`.
    public func remove(_ range: Range<Int>) throws(LayoutError) {
        try checked { () throws(APIError) in
            try checkRange(range.lowerBound, range.count, in: engine.count, "start", "count")
        }
        engine.remove(range)
    }

    /// Validates `list` (and the range it goes to), checks memory, then applies `apply`.
    private func change(_ list: ItemList, range: (Int, Int, String, String)? = nil,
                        _ apply: (Items) -> Void) throws(LayoutError) {
        try withItems(list) { (items) throws(LayoutError) in
            try checked { () throws(APIError) in
                _ = try validated(items, "")
                if let (start, count, startName, countName) = range {
                    try checkRange(start, count, in: engine.count, startName, countName)
                }
                try affordable(engine.bytesToStore(items))
            }
            apply(items)
        }
    }

    // MARK: Requests

    /// Every item's position and the rows for `proposal`, as the stateless layout gives
    /// them. O(n) for the result; O(1) extra when the result is held.
    public func layout(_ proposal: Proposal = .unspecified) throws(LayoutError) -> LayoutResult {
        let proposal = try answerable(proposal)
        let n = engine.count
        let capacity = engine.rowCount(proposal)
        return LayoutResult.made(count: n, rowCapacity: capacity, place: { engine.place(proposal, $0) },
                                 ownSizes: { engine.copySizes(widths: $0, heights: $1) })
    }

    /// The container's size for `proposal`. O(1) when the rows or result are held.
    public func size(_ proposal: Proposal = .unspecified) throws(LayoutError) -> Size {
        engine.size(try answerable(proposal))
    }

    /// The number of rows for `proposal`.
    public func rowCount(_ proposal: Proposal = .unspecified) throws(LayoutError) -> Int {
        engine.rowCount(try answerable(proposal))
    }

    /// The positions of items `range`. A flow reads only the rows holding them.
    public func positions(_ range: Range<Int>, _ proposal: Proposal = .unspecified) throws(LayoutError)
        -> (x: [Float], y: [Float]) {
        let proposal = try answerable(proposal, range: range)
        return writtenPair(range.count) { engine.positions(range, proposal, x: $0, y: $1) }
    }

    /// The positions of items `range` before their rounding to `Float`: exact however
    /// large the layout.
    public func exactPositions(_ range: Range<Int>, _ proposal: Proposal = .unspecified) throws(LayoutError)
        -> (x: [Double], y: [Double]) {
        let proposal = try answerable(proposal, range: range, exact: true)
        return writtenPair(range.count) { engine.exactPositions(range, proposal, x: $0, y: $1) }
    }

    /// The items whose frames intersect the rectangle `(x0, y0)`–`(x1, y1)`, in
    /// increasing order: what a virtualised list draws.
    public func visible(x0: Float, y0: Float, x1: Float, y1: Float,
                        _ proposal: Proposal = .unspecified) throws(LayoutError) -> [Int] {
        let proposal = try answerable(proposal)
        for (value, name) in [(x0, "x0"), (y0, "y0"), (x1, "x1"), (y1, "y1")] where value.isNaN {
            throw .parameter("\(name) is NaN (the rectangle's corners must be numbers)")
        }
        return engine.visible(x0: x0, y0: y0, x1: x1, y1: y1, proposal)
    }

    /// The item at the point `(x, y)`, or nil: a hit test.
    public func item(atX x: Float, y: Float, _ proposal: Proposal = .unspecified) throws(LayoutError) -> Int? {
        engine.item(atX: x, y: y, try answerable(proposal))
    }

    /// Validates a request's proposal (and range), and checks memory for its answer.
    private func answerable(_ proposal: Proposal, range: Range<Int>? = nil,
                            exact: Bool = false) throws(LayoutError) -> Proposal {
        try checked { () throws(APIError) in
            let proposal = try validated(proposal)
            try affordable(exact ? engine.bytesToAnswerExact(proposal) : engine.bytesToAnswer(proposal))
            if let range { try checkRange(range.lowerBound, range.count, in: engine.count, "start", "count") }
            return proposal
        }
    }
}
