import LayoutKernelCore

/// The result of a layout other than the flow (or of a featured flow whose kept lines
/// cannot answer, `FeaturedLines`) for one proposal, kept between changes and brought up
/// to date after one by recomputing only what the change moves, where that gives a fresh
/// layout's values bit for bit:
///
/// - ZStack, extents `(max w, max h)` unchanged: the changed items' positions (each is
///   `anchor * (extent - length)`, one expression, as the kernels compute it).
/// - Balanced stack with a fixed gap, cell unchanged, cell and gap on the 1/64 grid:
///   offsets depend only on the index (`k * (cell + gap)`, exact), so a change computes
///   only the indices it adds.
/// - HStack and VStack, extent across unchanged, every length and gap a multiple of 1/64
///   below 2^13: each offset is then the exact sum of the lengths and gaps before it,
///   rounded once, whatever the order of the additions (the kernels' blocks of 16 and
///   the reference's sequence agree), so offsets are summed again from the last
///   checkpoint (every 4096 items) before the change — when at most a quarter of the
///   items follow it; the changed items' positions across are computed.
///
/// - Grid, column widths unchanged (`HeldGrid`): the rows holding changed items take their
///   heights again, and from the first row whose height changed (or the first row whose
///   items moved to other cells) tops are summed again and items placed again — when at
///   most a quarter of the items follow.
///
/// - Circle, same number of items and container size: the changed items' positions
///   (`LayoutKernelSet.placeCircleItems`).
///
/// Anything else — an insert or removal in a circle, extents that changed, lengths off the grid, a change near
/// the start of a stack or a grid, any change to a featured flow — drops the result, and the next request
/// lays out afresh.
struct HeldResult {
    let proposal: Proposal
    private(set) var layout: Layout
    /// A stack's exact offset along the axis at items 0, `span`, `2 span`, ... (summed
    /// when first needed).
    private var checkpoints: [Double] = []
    /// A grid's columns (and their widest items per block of rows).
    private var grid: HeldGrid?

    static let span = 4096

    /// Bytes held: positions, item sizes, rows, checkpoints and a grid's columns.
    var bytes: Int {
        (layout.x.count + layout.y.count + layout.itemWidth.count + layout.itemHeight.count) * 4
            + layout.rows.count * 32 + checkpoints.count * 8 + (grid?.bytes ?? 0)
    }

    /// `layout`, laid out afresh from `store` for `proposal`. A grid takes its column
    /// widths once more (O(n) for columns as wide as their widest item).
    init(proposal: Proposal, layout: Layout, _ kind: AnyLayout, _ store: ItemStore, _ staging: Staging,
         _ tuning: EngineTuning) {
        self.proposal = proposal
        self.layout = layout
        if case .grid(let parameters) = kind {
            grid = HeldGrid(parameters, proposal, store, staging, itemsPerBlock: tuning.gridItemsPerBlock)
        }
    }

    /// Brings the result up to date after `edit` (the store holds the new items).
    /// Returns the number of items whose positions were computed again, or nil when the
    /// result must be laid out afresh.
    mutating func apply(_ edit: Edit, _ kind: AnyLayout, _ store: inout ItemStore, _ staging: Staging,
                        _ kernels: LayoutKernelSet) -> Int? {
        let n = store.count, before = layout.x.count
        guard before > 0, n > 0 else { return nil }
        let largest = store.largest()
        switch kind {
        case .zstack(let parameters):
            guard same(largest, layout.size) else { return nil }
            layout.splice(edit)
            let items = store.stage(edit.start..<edit.newEnd, into: staging)
            for j in 0..<items.count {
                layout.x[edit.start + j] = parameters.alignment.x * (largest.width - items.widths[j])
                layout.y[edit.start + j] = parameters.alignment.y * (largest.height - items.heights[j])
            }
            layout.rows = [Row(start: 0, count: n, y: 0, width: largest.width, height: largest.height)]
            return items.count
        case .balanced(let parameters):
            let cell = Size(width: layout.itemWidth[0], height: layout.itemHeight[0])
            guard same(largest, cell), case .fixed(let gap) = parameters.spacing else { return nil }
            let horizontal = parameters.axis == .horizontal
            let length = Double(horizontal ? cell.width : cell.height)
            let step = length + Double(gap)
            guard Self.onGrid(length), Self.onGrid(Double(gap)), step * 16 < 0x1p18, step * Double(n) < 0x1p40
            else { return nil }
            var along = horizontal ? layout.x : layout.y
            along.removeLast(max(0, before - n))
            for k in before..<max(before, n) { along.append(Float(Double(k) * step)) }
            let zeros = [Float](repeating: 0, count: n)
            let total = Float(Double(n) * step - Double(gap))
            layout.x = horizontal ? along : zeros
            layout.y = horizontal ? zeros : along
            layout.itemWidth = [Float](repeating: cell.width, count: n)
            layout.itemHeight = [Float](repeating: cell.height, count: n)
            layout.size = horizontal ? Size(width: total, height: cell.height) : Size(width: cell.width, height: total)
            layout.rows = [Row(start: 0, count: n, y: 0, width: layout.size.width, height: layout.size.height)]
            return abs(n - before)
        case .hstack(let parameters), .vstack(let parameters):
            let horizontal = if case .hstack = kind { true } else { false }
            let across = horizontal ? largest.height : largest.width
            guard across.bitPattern == (horizontal ? layout.size.height : layout.size.width).bitPattern,
                  store.lengthsOnGrid() else { return nil }
            if case .fixed(let gap) = parameters.spacing, !(gap < 0x1p13 && Self.onGrid(Double(gap))) { return nil }
            // Offsets up to the item before the change are unchanged: resume at the last
            // checkpoint at or before it.
            let resume = edit.start == 0 ? 0 : (edit.start - 1) / Self.span
            let first = resume * Self.span
            guard n - first <= n / 4 + Self.span else { return nil }
            if checkpoints.count <= resume {
                checkpoints = Self.checkpoints(store, staging, parameters.spacing, horizontal, through: resume)
            }
            layout.splice(edit)
            let changed = store.stage(edit.start..<edit.newEnd, into: staging)
            for j in 0..<changed.count {
                let length = horizontal ? changed.heights[j] : changed.widths[j]
                let anchor = horizontal ? parameters.alignment.y : parameters.alignment.x
                let value = anchor * (across - length)
                if horizontal { layout.y[edit.start + j] = value } else { layout.x[edit.start + j] = value }
            }
            checkpoints.removeLast(checkpoints.count - resume - 1)
            var offset = checkpoints[resume]
            let items = store.stage(first..<n, into: staging)
            let lengths = horizontal ? items.widths : items.heights
            for j in 0..<items.count {
                let i = first + j
                if j > 0 {
                    let gap = horizontal ? items.gapX(j - 1, j, parameters.spacing)
                                         : items.gapY(j - 1, j, parameters.spacing)
                    offset += Double(lengths[j - 1]) + Double(gap)
                    if i % Self.span == 0 { checkpoints.append(offset) }
                }
                if horizontal { layout.x[i] = Float(offset) } else { layout.y[i] = Float(offset) }
            }
            let total = Float(offset + Double(lengths[items.count - 1]))
            guard offset + Double(lengths[items.count - 1]) < 0x1p40 else { return nil }
            layout.size = horizontal ? Size(width: total, height: across) : Size(width: across, height: total)
            layout.rows = [Row(start: 0, count: n, y: 0, width: layout.size.width, height: layout.size.height)]
            return n - first
        case .grid:
            return grid?.apply(edit, proposal, &layout, store, staging, span: Self.span)
        case .circle(let parameters):
            // An item's angle depends only on its index and n; its position besides on
            // its own size and the container's (the circle's and the largest item's).
            let diameter = 2 * parameters.radius
            let size = Size(width: diameter + largest.width, height: diameter + largest.height)
            guard edit.delta == 0, same(size, layout.size) else { return nil }
            let items = store.stage(edit.start..<edit.newEnd, into: staging)
            layout.x.withUnsafeMutableBufferPointer { x in
                layout.y.withUnsafeMutableBufferPointer { y in
                    kernels.placeCircleItems(items, edit.start, n, parameters, layout.size,
                                             x.baseAddress! + edit.start, y.baseAddress! + edit.start)
                }
            }
            return items.count
        default:
            return nil
        }
    }

    /// The items that can meet the rectangle `[x0, x1) × [y0, y1)`, a contiguous range:
    /// a grid's rows near the y-range (row tops and bottoms never decrease), a stack's or
    /// balanced stack's items near the range along its axis, and every item of a ZStack
    /// or circle. O(log n) for the row-based and stacked kinds. Bounds are widened past
    /// the rounding of the sums that placed the items, so the exact test on each frame
    /// decides.
    ///
    /// A stack's offsets are sums in `Float` within blocks of 16 items (`StackKernel`):
    /// each lies within a few roundings of those sums, at most 2^-21 of the stack's
    /// length, of the exact offset, which never decreases. An offset itself may be far
    /// smaller than that error (an item after a long one may start short of the one
    /// before it: 0 after 0.5 when 2^27 px follow), so the margin is taken from the
    /// stack's length, twice the bound: then every item before the first one whose offset
    /// plus the longest length and the margin passes the range's start ends before it,
    /// and every item from the first one whose offset less the margin reaches the range's
    /// end starts past it, whatever the order of the offsets between.
    func candidates(x0: Float, y0: Float, x1: Float, y1: Float, _ kind: AnyLayout, longest: Size) -> Range<Int> {
        let n = layout.x.count
        func below(_ value: Double) -> Double { value - abs(value) * 0x1p-20 - 0x1p-20 }
        func above(_ value: Double) -> Double { value + abs(value) * 0x1p-20 + 0x1p-20 }
        /// The first index in `0 ..< count` at which `test` (false, then true) holds.
        func first(_ count: Int, _ test: (Int) -> Bool) -> Int {
            var low = 0, high = count
            while low < high {
                let middle = (low + high) / 2
                if test(middle) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        /// Items of a stack `length` long along an axis (see above).
        func along(_ offsets: [Float], _ from: Float, _ to: Float, _ longest: Float, length: Float) -> Range<Int> {
            let margin = (abs(Double(length)) + Double(longest)) * 0x1p-20 + 0x1p-20
            let start = first(n) { Double(offsets[$0]) + Double(longest) + margin > Double(from) }
            let end = first(n) { Double(offsets[$0]) - margin >= Double(to) }
            return start..<max(start, end)
        }
        switch kind {
        case .grid:
            let rows = layout.rows
            let firstRow = first(rows.count) { above(rows[$0].y + Double(rows[$0].height)) > Double(y0) }
            let endRow = first(rows.count) { below(rows[$0].y) >= Double(y1) }
            guard firstRow < endRow else { return 0..<0 }
            return rows[firstRow].start..<(rows[endRow - 1].start + rows[endRow - 1].count)
        case .hstack:
            return along(layout.x, x0, x1, longest.width, length: layout.size.width)
        case .vstack:
            return along(layout.y, y0, y1, longest.height, length: layout.size.height)
        case .balanced(let parameters):
            return parameters.axis == .horizontal
                ? along(layout.x, x0, x1, layout.itemWidth.first ?? 0, length: layout.size.width)
                : along(layout.y, y0, y1, layout.itemHeight.first ?? 0, length: layout.size.height)
        default:
            return 0..<n
        }
    }

    private func same(_ a: Size, _ b: Size) -> Bool {
        a.width.bitPattern == b.width.bitPattern && a.height.bitPattern == b.height.bitPattern
    }

    /// Whether `value` is a multiple of 1/64 (exact in `Double` for values below 2^40).
    static func onGrid(_ value: Double) -> Bool {
        let units = value * 64
        return units == units.rounded(.towardZero)
    }

    /// A stack's exact offsets at items 0, `span`, ... `last * span` (every length and gap
    /// on the grid: the sums are exact). O(last * span).
    static func checkpoints(_ store: ItemStore, _ staging: Staging, _ spacing: Spacing, _ horizontal: Bool,
                            through last: Int) -> [Double] {
        var checkpoints: [Double] = [0]
        var offset: Double = 0
        var first = 0
        while checkpoints.count <= last {
            // Items first ..< first + span, and the gap to the next one.
            let items = store.stage(first..<(first + span + 1), into: staging)
            let lengths = horizontal ? items.widths : items.heights
            for j in 0..<span {
                let gap = horizontal ? items.gapX(j, j + 1, spacing) : items.gapY(j, j + 1, spacing)
                offset += Double(lengths[j]) + Double(gap)
            }
            checkpoints.append(offset)
            first += span
        }
        return checkpoints
    }
}

extension Layout {
    /// Makes room in `x` and `y` for `edit`: items `start ..< oldEnd` become
    /// `newEnd - start` slots (to be written), later items move.
    mutating func splice(_ edit: Edit) {
        let slots = repeatElement(Float(0), count: edit.newEnd - edit.start)
        x.replaceSubrange(edit.start..<edit.oldEnd, with: slots)
        y.replaceSubrange(edit.start..<edit.oldEnd, with: slots)
    }
}
