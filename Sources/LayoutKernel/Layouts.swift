import LayoutKernelCore
import LayoutKernelDispatch
import LayoutKernelValidation

// Stateless layouts: any kind, for the items in Swift arrays or buffers, with the kernel
// chosen for this CPU. Input is validated as the C API validates it.

extension AnyLayout {
    /// Lays out items given by their sizes.
    ///
    /// The arrays are read in place (no copy). The result owns its storage.
    ///
    /// ```swift
    /// let flow = AnyLayout.flow(FlowParameters(spacing: .fixed(8), lineSpacing: .fixed(4)))
    /// let result = try flow.layout(widths: [120, 80, 200], heights: [32, 32, 32],
    ///                              proposal: Proposal(width: 320, height: nil))
    /// // result.x == [0, 128, 0], result.y == [0, 0, 36], result.size == Size(width: 320, height: 68)
    /// ```
    ///
    /// - Parameters:
    ///   - widths: Each item's width: finite, `>= 0` and at most 2^64.
    ///   - heights: Each item's height, as many as `widths`.
    ///   - proposal: The size proposed to the container; an axis is nil when unspecified.
    ///   - exactPositions: Also return each position before its rounding to `Float`
    ///     (`x64`, `y64`).
    /// - Throws: `LayoutError` naming the first bad item, parameter or axis; nothing is
    ///   laid out then.
    /// - Complexity: O(n); large calls are split over threads (results never depend on it).
    public func layout(widths: [Float], heights: [Float], proposal: Proposal = .unspecified,
                       exactPositions: Bool = false) throws(LayoutError) -> LayoutResult {
        try layout(ItemList(widths: widths, heights: heights), proposal: proposal, exactPositions: exactPositions)
    }

    /// Lays out items whose sizes are in buffers the caller holds (no copy); see
    /// `layout(widths:heights:proposal:exactPositions:)`.
    public func layout(widths: UnsafeBufferPointer<Float>, heights: UnsafeBufferPointer<Float>,
                       proposal: Proposal = .unspecified, exactPositions: Bool = false) throws(LayoutError) -> LayoutResult {
        let items = try viewOf(widths: widths, heights: heights)
        return try place(items, proposal: proposal, exactPositions: exactPositions)
    }

    /// Lays out items with every per-item field an `ItemList` holds: sizes, spacing
    /// preferences (for `.perItem` spacing), flags (`ItemFlag.breakBefore`) and a flow's
    /// grow factors. The arrays are read in place (no copy).
    ///
    /// ```swift
    /// var items = ItemList(widths: [50, 50, 50], heights: [20, 20, 20])
    /// items.flags = [0, ItemFlag.breakBefore, 0]   // item 1 starts a new row
    /// let result = try AnyLayout.flow(.init()).layout(items)
    /// // result.rows.count == 2
    /// ```
    public func layout(_ items: ItemList, proposal: Proposal = .unspecified,
                       exactPositions: Bool = false) throws(LayoutError) -> LayoutResult {
        try withItems(items) { (view) throws(LayoutError) in
            try place(view, proposal: proposal, exactPositions: exactPositions)
        }
    }

    /// The container's size only (no positions written): cheaper than a layout.
    public func size(widths: [Float], heights: [Float], proposal: Proposal = .unspecified) throws(LayoutError) -> Size {
        try size(ItemList(widths: widths, heights: heights), proposal: proposal)
    }

    /// The container's size for items with every per-item field.
    public func size(_ items: ItemList, proposal: Proposal = .unspecified) throws(LayoutError) -> Size {
        try withItems(items) { (view) throws(LayoutError) in
            let (layout, proposal) = try checked { () throws(APIError) in
                (try validatedLayout(self), try validated(proposal))
            }
            return ActiveKernel.layouts.size(view, layout, proposal)
        }
    }

    /// Validates and lays out `items`.
    func place(_ items: Items, proposal: Proposal, exactPositions: Bool) throws(LayoutError) -> LayoutResult {
        let (items, layout, proposal) = try checked { () throws(APIError) in
            (try validated(items, ""), try validatedLayout(self), try validated(proposal))
        }
        return LayoutResult.placing(items, layout, proposal, with: ActiveKernel.layouts, exactPositions: exactPositions)
    }
}

extension LayoutResult {
    /// `items` (validated) laid out with `kernels` into storage of the result's own.
    static func placing(_ items: Items, _ layout: AnyLayout, _ proposal: Proposal, with kernels: LayoutKernelSet,
                        exactPositions: Bool) -> LayoutResult {
        let n = items.count
        // Rows never outnumber items; for many items, count them first rather than hold
        // room for one row per item.
        let capacity = n <= 4096 ? n : kernels.rowCount(items, layout, proposal)
        var result = made(count: n, rowCapacity: capacity, place: { kernels.place(items, layout, proposal, $0) },
                          ownSizes: { widths, heights in
            widths.initialize(from: items.widths.baseAddress!, count: n)
            heights.initialize(from: items.heights.baseAddress!, count: n)
        })
        if exactPositions {
            (result.x64, result.y64) = writtenPair(n) { ExactPositions.write(items, layout, proposal, x: $0, y: $1) }
        }
        return result
    }
}

/// Buffers of sizes as the core's view of items, after checking they match.
func viewOf(widths: UnsafeBufferPointer<Float>, heights: UnsafeBufferPointer<Float>) throws(LayoutError) -> Items {
    guard widths.count == heights.count else {
        throw .parameter("heights has \(heights.count) elements, widths \(widths.count) (one each per item)")
    }
    return Items(widths: widths, heights: heights)
}

/// `body` with a view of `list`'s arrays (no copy), after checking each per-item array
/// holds one element per item.
func withItems<R>(_ list: ItemList, _ body: (Items) throws(LayoutError) -> R) throws(LayoutError) -> R {
    let n = list.widths.count
    func check(_ count: Int?, _ name: String) throws(LayoutError) {
        if let count, count != n {
            throw .parameter("\(name) has \(count) elements, widths \(n) (one each per item)")
        }
    }
    try check(list.heights.count, "heights")
    try check(list.leading?.count, "leading")
    try check(list.trailing?.count, "trailing")
    try check(list.top?.count, "top")
    try check(list.bottom?.count, "bottom")
    try check(list.flags?.count, "flags")
    try check(list.grow?.count, "grow")
    for (name, count) in list.rules?.counts ?? [] { try check(count, "rules." + name) }
    let result: Result<R, LayoutError> = list.withItems { items in
        do throws(LayoutError) { return .success(try body(items)) } catch { return .failure(error) }
    }
    return try result.get()
}

/// The rules of `AnyLayout`'s parameters (the C API reads the same rules out of its
/// structs): lengths in `[0, 2^64]`, anchors in `[0, 1]`, one axis where one is meant.
func validatedLayout(_ layout: AnyLayout) throws(APIError) -> AnyLayout {
    func spacing(_ value: Spacing, _ name: String) throws(APIError) {
        if case .fixed(let gap) = value { _ = try validatedLength(gap, name) }
    }
    func oneAxis(_ axis: Axes, _ name: String) throws(APIError) {
        guard axis == .horizontal || axis == .vertical else {
            throw .parameter("\(name) is \(axis.rawValue) (must be .horizontal or .vertical)")
        }
    }
    switch layout {
    case .flow(let p):
        try spacing(p.spacing, "flow.spacing")
        try spacing(p.lineSpacing, "flow.lineSpacing")
        _ = try validated(p.alignment, "flow.alignment")
        try oneAxis(p.axis, "flow.axis")
        if p.justify == .stretch { throw .parameter("flow.justify is stretch (stretch applies to lines: alignContent)") }
        try checkWrap(p.wrap, wrapReverse: p.wrapReverse, "flow")
        if p.minLines < 1 { throw .parameter("flow.minLines is \(p.minLines) (must be >= 1)") }
        if let most = p.maxLines, most < 1 { throw .parameter("flow.maxLines is \(most) (must be >= 1, or nil)") }
        if let item = p.overflowItem {
            _ = try validatedLength(item.width, "flow.overflowItem.width")
            _ = try validatedLength(item.height, "flow.overflowItem.height")
        }
    case .hstack(let p), .vstack(let p), .zstack(let p):
        try spacing(p.spacing, "stack.spacing")
        _ = try validated(p.alignment, "stack.alignment")
    case .grid(let p):
        switch p.columns {
        case .count(let c): if c < 1 { throw .parameter("grid.columns is \(c) (must be >= 1)") }
        case .adaptive(let m): _ = try validatedMinimumColumnWidth(m, "grid.minimumWidth")
        }
        _ = try validatedLength(p.spacing, "grid.spacing")
        _ = try validatedLength(p.lineSpacing, "grid.lineSpacing")
        _ = try validated(p.alignment, "grid.alignment")
    case .balanced(let p):
        try oneAxis(p.axis, "balanced.axis")
        try spacing(p.spacing, "balanced.spacing")
    case .circle(let p):
        _ = try validatedLength(p.radius, "circle.radius")
        _ = try validatedAngle(p.startAngle, "circle.startAngle")
        _ = try validated(p.anchor, "circle.anchor")
    }
    return layout
}
