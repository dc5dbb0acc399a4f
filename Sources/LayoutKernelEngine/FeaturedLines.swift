import LayoutKernelCore

/// A featured flow (lk_flow_layout's "Features" in layoutkernel.h: justify, rtl, reverse,
/// wrap-reverse, columns, align-content, growing items) answered for one proposal from
/// the lines the engine keeps: `FlowRows` over the items' main view
/// (`FlowFeatures.mainView`) at the main limit (`FlowFeatures.packingProposal`), which
/// are the lines a fresh layout packs. Every amount is `FlowFeatures.Frame`'s and
/// `FlowFeatures.write`'s, computed with their rules (`distribute`, `Offset`, `growLine`)
/// from the same inputs, so every answer equals a fresh layout's bit for bit; but the
/// container and a line's place across come from the kept rows in O(log rows) instead of
/// a pass over every line, and a line's items are read only when asked for.
///
/// Lines across. The frame places line j (in frame order: line `n - 1 - j` under
/// wrap-reverse) at `lead + increment(j) + position_j`, where `position_j` sums the sizes
/// (grown by stretch) and gaps of the lines before it in frame order, in units of 1/64
/// px, one after another, and the container's cross size (without a definite one) is the
/// lines' total `T` (their sizes, then their gaps, summed apart). When every line size
/// and the gap are multiples of 1/64 and every sum stays below 2^53 units, each of those
/// sums is an exact integer, whatever the order of the additions, so:
/// - `T` is the kept last row's bottom times 64, and without wrap-reverse the sizes and
///   gaps before line k are its kept top times 64 (tops are summed as `top + height +
///   gap`, exactly, and equal one pass's);
/// - under wrap-reverse the lines before line k in frame order are those after it:
///   `T - (top_k + size_k)` (times 64);
/// - stretch grows line j by `rhu((j+1)F/n) - rhu(jF/n)` (integers), so the growth of
///   the lines before j telescopes to `rhu(jF/n)` (`rhu(0) = 0`).
/// `FeaturedLines.init` returns nil — and the engine answers from a whole result laid out
/// afresh (`HeldResult`) — unless all of that holds, checked in O(log rows) per request:
/// - the line gap is fixed, a multiple of 1/64 below 2^30 (`keepsLines`; otherwise the
///   engine keeps no lines for the flow at all: per-item line spacing, or a gap off the
///   grid, is always answered from whole results);
/// - every kept line's size across (its tallest item) is a multiple of 1/64 below 2^34
///   px (`RowBlocks.offGridHeights == 0`; the items' heights for rows, their widths for
///   columns);
/// - the lines' total is below 2^40 px (2^46 units);
/// - with `alignContent` stretch sharing free space F > 0, F is below 2^52 units (the
///   proposal across below about 2^46 px).
/// The last two keep every sum below 2^53 units: a line's position, its stretch
/// included, is at most the total plus F (the total alone bounds each line's size, so
/// the per-row bound of `RowBlocks.onGrid` is not what matters here). Past them a sum of
/// units may round (`FeaturedEngineTests` shows a row table that then differs).
/// Nothing else needs the grid: the items' sizes along the lines, their gaps, the main
/// size, the proposal across and the anchors may take any value, since each line's own
/// amounts (its free space, growth, justification, offsets, items across) are computed
/// from the same values by the same expressions as in a fresh layout.
///
/// Lines meeting a range across are found by binary search (`lines(meeting:)`): their
/// places across rise with the line index (fall under wrap-reverse, and again reversed
/// for right-to-left columns, which mirror x).
struct FeaturedLines {
    let parameters: FlowParameters
    /// The number of lines.
    let count: Int
    /// The container's size along the lines, and the container, in units of 1/64 px.
    let mainSize: Double
    let width: Double, height: Double
    /// The lines' sizes and gaps, in units.
    let total: Double
    /// How the lines share the free space across (`alignContent`).
    let spread: FlowFeatures.Spots
    /// A `nowrap` flow's line's size across when the container gives it one.
    let singleLineSize: Double?
    /// How a line shares its free space among its items, and an item's offset in its line.
    let itemSpace: FlowFeatures.FreeSpaceRule
    let within: FlowFeatures.Offset

    var vertical: Bool { parameters.axis == .vertical }
    var rtl: Bool { parameters.direction == .rtl }

    /// Whether the engine keeps lines for a featured flow with `parameters`: its line gap
    /// is fixed, a multiple of 1/64 below 2^30 (`FlowRows.exactGap`).
    static func keepsLines(_ parameters: FlowParameters) -> Bool {
        parameters.wrap != .balance && FlowRows.exactGap(parameters.lineSpacing) != nil
    }

    /// The main limit of `proposal` (where lines wrap): the limit the lines are kept at.
    static func limit(_ proposal: Proposal, _ parameters: FlowParameters) -> Float {
        FlowReference.rowLimit(FlowFeatures.packingProposal(proposal, parameters))
    }

    /// The container and the lines across for `proposal`, from `lines` (kept at its main
    /// limit, for a flow with `parameters` that `keepsLines`); `minimum` is the items'
    /// largest size when it exceeds both specified axes of the proposal (the minimum-size
    /// rule, applied without `alignContent`). Nil when the kept lines cannot give a fresh
    /// layout's bits (see the type's comment). O(log rows).
    init?(_ lines: FlowRows, _ parameters: FlowParameters, _ proposal: Proposal, minimum: Size?) {
        guard lines.rows.offGridHeights == 0 else { return nil }
        let n = lines.rowCount
        @inline(__always) func u(_ value: Float) -> Double { Double(value) * 64 }
        let bottom = n == 0 ? 0 : { let last = lines.record(n - 1); return last.top + Double(last.height) }()
        guard bottom < 0x1p40 else { return nil }
        let total = bottom * 64

        let container = FlowFeatures.Container(parameters, proposal, minimum: { minimum },
                                               widest: n == 0 ? nil : u(lines.widest), total: total)
        let definiteCross = FlowFeatures.Container.definiteAcross(parameters, proposal)
        let spread = FlowFeatures.FreeSpaceRule.lines(parameters).spots(free: definiteCross.map { $0 - total } ?? 0,
                                                                        count: n)
        guard !spread.stretch || spread.free < 0x1p52 else { return nil }

        self.parameters = parameters
        count = n
        mainSize = container.mainSize
        self.total = total
        self.spread = spread
        singleLineSize = FlowFeatures.Container.singleLineSize(parameters, proposal)
        (width, height) = container.size(parameters.axis)
        itemSpace = .items(parameters)
        within = FlowFeatures.Offset(itemsOf: parameters)
    }

    /// A line's start across (units) in the container: mirrored for columns right to left.
    @inline(__always)
    func lineStart(_ across: Double, size: Double) -> Double {
        vertical && rtl ? FlowFeatures.LineFrame.mirrored(across, length: size, width: width) : across
    }

    /// The container size.
    var size: Size { Size(width: Float(width / 64), height: Float(height / 64)) }

    /// Line k (kept row `row`) across, in units: where it starts from the frame's origin,
    /// and its size (grown by stretch). O(1).
    @inline(__always)
    func across(_ k: Int, _ row: RowRecord) -> (start: Double, size: Double) {
        let j = parameters.wrapReverse ? count - 1 - k : k
        let packed = Double(row.height) * 64
        // The sizes and gaps of the lines before j in frame order, and their growth.
        let sums = parameters.wrapReverse ? total - row.top * 64 - packed : row.top * 64
        let grown = spread.stretch ? FlowFeatures.rhu(Double(j) * spread.free, spread.divisor) : 0
        return (spread.start(j, after: sums + grown), singleLineSize ?? packed + spread.growth(j))
    }

    /// Line k's extent across in the container, in px: `[low, high)` on y for rows, on x
    /// for columns (mirrored right to left). O(1).
    @inline(__always)
    func extentAcross(_ k: Int, _ row: RowRecord) -> (low: Double, high: Double) {
        let (start, size) = across(k, row)
        let low = lineStart(start, size: size)
        return (low / 64, (low + size) / 64)
    }

    /// The lines whose extent across meets `[c0, c1)` (y for rows, x for columns), widened
    /// by a slack that covers the rounding of the items' `Float` places and frames (two
    /// ulps of `Float` at the largest finite place of the query, the first line or the
    /// last) and of their `Double` sums (an ulp of the container), so that callers test
    /// each item's frame. Lines' places across are monotone in the line index: two
    /// binary searches. O(log rows). A `nowrap` line given the container's size across
    /// is always met (its items may overflow it).
    func lines(meeting c0: Double, _ c1: Double, _ lines: FlowRows) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        // A single line given the container's size across may be smaller than its items,
        // which then overflow it: its items are the candidates whatever its extent.
        if singleLineSize != nil { return 0..<count }
        let first = extentAcross(0, lines.record(0)), last = extentAcross(count - 1, lines.record(count - 1))
        let largest = [c0, c1, first.low, first.high, last.low, last.high].filter(\.isFinite).map(abs).max() ?? 0
        let slack = largest * 0x1p-22 + max(width, height) / 64 * 0x1p-40
        let rising = parameters.wrapReverse == (vertical && rtl)
        if rising {
            let from = lines.rows.firstIndexedRow { k, row in extentAcross(k, row).high > c0 - slack }
            let past = lines.rows.firstIndexedRow { k, row in extentAcross(k, row).low >= c1 + slack }
            return from..<max(from, past)
        }
        let from = lines.rows.firstIndexedRow { k, row in extentAcross(k, row).low < c1 + slack }
        let past = lines.rows.firstIndexedRow { k, row in extentAcross(k, row).high <= c0 - slack }
        return from..<max(from, past)
    }

    /// Places the items of lines `range` of `lines` as `FlowFeatures.write` does, with its
    /// placement of a line (`FlowFeatures.LineItems`): for each line, its items flexed
    /// (when items grow, or shrink under item rules), then distributed along it by
    /// `justify` (reversed by `reverse`), placed in it across (each by its own alignment
    /// under item rules), and mirrored right to left. Calls `body(i, x, y, width,
    /// height)` for every item, in item order, with its position before its rounding to
    /// `Float` (`FlowFeatures.itemPosition`) and its frame's size, after calling
    /// `starting` with their number; writes each line's row to `table` when given. Items
    /// come from `store` through `staging`; `scratch` holds a line's flexing.
    /// - Complexity: O(the lines' items); one division per growing item, and per item of
    ///   a line spaced between, around or evenly; a flexed line's rounds.
    @inline(__always)
    func forEachItem(ofLines range: Range<Int>, _ lines: FlowRows, _ store: ItemStore, _ staging: Staging,
                     _ scratch: FlowFeatures.LineItems.Scratch, table: RowTableWriter? = nil, starting: (Int) -> Void = { _ in },
                     _ body: (Int, Double, Double, Float, Float) -> Void) {
        guard let (first, view) = lines.stage(range, store, staging) else { return }
        starting(view.count)
        let line = FlowFeatures.LineItems(view, parameters, mainSize: mainSize, width: width, scratch: scratch)
        let vertical = vertical
        lines.rows.forEach(range) { k, row in
            let (across, size) = across(k, row)
            let start = row.start - first, items = start..<(start + row.count), extent = Double(row.width) * 64
            let taken = line.flex(items, extent: extent)
            table?.write(k, row.start, row.count, y: lineStart(across, size: size) / 64,
                         width: Float((extent + taken) / 64), height: Float(size / 64))
            let placing = line.line(items, extent: extent, taken: taken, start: across, size: size)
            FlowRows.forEachOffset(view, row: start, count: row.count, parameters.spacing) { i, offset in
                let placed = line.place(i, offset: offset, placing), breadth = Float(placed.breadth / 64)
                body(first + i, placed.x, placed.y, vertical ? breadth : placed.along, vertical ? placed.along : breadth)
            }
        }
    }
}

