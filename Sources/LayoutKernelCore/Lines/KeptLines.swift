/// A flow with at most `maxLines` lines (SPEC.md §12 `maxLines`): only the first
/// `maxLines` lines are kept; the items of later lines are hidden (always the last items).
/// With an overflow item (the caller's "+N" chip), when items are hidden it ends the last
/// kept line, and items leave the end of that line, one at a time, until the line with
/// the overflow item fits the main limit (or holds the overflow item alone). Everything
/// after the lines sees only the kept lines: the kept items (and the overflow item after
/// them, at index n − hidden) are laid out as a flow of their own, with the same rules.
///
/// Greedy lines are found by packing until the line after the last kept one starts: no
/// item past the first hidden one is read. Balanced lines need every item.
public enum KeptLines {

    /// What keeping the lines decided.
    public struct Kept {
        /// The items kept: the first `count`.
        public var count: Int
        /// The overflow item's size, when it is placed (at index `count`).
        public var overflow: Size?
    }

    /// Calls `body` with what to lay out in place of `items`: the kept items, and the
    /// overflow item after them (flags marking each line's first item), the parameters
    /// without `maxLines` and `overflowItem` (for `balance`: items whose flags mark every
    /// line, as `BalancedFlow.withLines` gives them, and its proposal), and what was kept.
    public static func withKept<R>(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                                   _ body: (Items, FlowParameters, Proposal, Kept) -> R) -> R {
        var inner = parameters
        inner.maxLines = nil
        inner.overflowItem = nil
        let n = items.count
        let most = max(parameters.maxLines ?? n, 1)
        switch parameters.wrap {
        case .nowrap:
            return body(items, inner, proposal, Kept(count: n, overflow: nil))
        case .balance:
            return BalancedFlow.withLines(items, inner, proposal) { flagged, placed in
                // The kept lines' first items, from the flags, up to the line after them.
                var starts: [Int] = [], end = 0
                while end < n {
                    if end == 0 || flagged.breaksBefore(end) {
                        if starts.count == most { break }
                        starts.append(end)
                    }
                    end += 1
                }
                return keep(flagged, starts, end, parameters, inner, placed, body)
            }
        case .wrap:
            let view = FlowFeatures.mainView(items, parameters)
            var lines = LineStarts(most: most)
            var state = FlowPackState.start
            FlowReference.pack(view, spacing: parameters.spacing, lineSpacing: parameters.lineSpacing,
                               limit: FlowReference.rowLimit(FlowFeatures.packingProposal(proposal, parameters)),
                               from: &state, to: n, offsets: nil, into: &lines)
            if !lines.isDone { FlowReference.finish(view, lineSpacing: parameters.lineSpacing, &state, into: &lines) }
            return keep(items, lines.starts, lines.end, parameters, inner, proposal, body)
        }
    }

    /// The number of lines: at most `maxLines`.
    public static func lineCount(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                                 lines: (Items, FlowParameters, Proposal) -> Int) -> Int {
        withKept(items, parameters, proposal) { kept, inner, proposal, _ in
            inner.wrap == .balance ? countFlagged(kept) : lines(kept, inner, proposal)
        }
    }

    /// Lines marked by flags, as `withKept` gives a balanced flow's.
    static func countFlagged(_ items: Items) -> Int {
        (0..<items.count).reduce(0) { $0 + ($1 == 0 || items.breaksBefore($1) ? 1 : 0) }
    }

    /// Lays out `items` with `place` (the level's flow, which lays out what `withKept`
    /// gives) into `output`: the hidden items' positions are NaN and their sizes 0, and
    /// the kept items' sizes are written too (their own unless they grew: a flow with
    /// `maxLines` always writes sizes); the outcome reports the hidden items and the
    /// overflow item's frame.
    public static func place(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                             _ output: LayoutOutput,
                             _ place: (Items, FlowParameters, Proposal, LayoutOutput) -> LayoutOutcome) -> LayoutOutcome {
        withKept(items, parameters, proposal) { kept, inner, proposal, what in
            var outcome = place(kept, inner, proposal, output)
            let n = items.count, count = what.count
            if count < n, let x = output.x, let y = output.y {
                if let size = what.overflow {
                    outcome.overflow = Rect(x: x[count], y: y[count], width: size.width, height: size.height)
                }
                (x + count).update(repeating: .nan, count: n - count)
                (y + count).update(repeating: .nan, count: n - count)
            }
            // Each size column asked for (either may be alone): the kept items' own sizes
            // unless the layout wrote them, then 0 for the hidden ones.
            for (column, own) in [(output.itemWidth, items.widths), (output.itemHeight, items.heights)] {
                guard let column, let own = own.baseAddress else { continue }
                if !outcome.sizesWritten { column.update(from: own, count: count) }
                (column + count).update(repeating: 0, count: n - count)
            }
            outcome.sizesWritten = true
            outcome.hidden = n - count
            return outcome
        }
    }

    /// A reference layout of what `withKept` gives, by `layout`, as a layout of all the
    /// items (`place`'s rules).
    public static func layout(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                              _ layout: (Items, FlowParameters, Proposal) -> Layout) -> Layout {
        withKept(items, parameters, proposal) { kept, inner, proposal, what in
            var result = layout(kept, inner, proposal)
            let n = items.count, count = what.count
            if let size = what.overflow {
                result.overflow = Rect(x: result.x[count], y: result.y[count], width: size.width, height: size.height)
            }
            result.x = Array(result.x.prefix(count)) + Array(repeating: .nan, count: n - count)
            result.y = Array(result.y.prefix(count)) + Array(repeating: .nan, count: n - count)
            let widths = result.itemWidth.isEmpty ? Array(items.widths) : result.itemWidth
            let heights = result.itemHeight.isEmpty ? Array(items.heights) : result.itemHeight
            result.itemWidth = Array(widths.prefix(count)) + Array(repeating: 0, count: n - count)
            result.itemHeight = Array(heights.prefix(count)) + Array(repeating: 0, count: n - count)
            result.hidden = n - count
            return result
        }
    }

    /// Exact positions (`ExactPositions`) of what `withKept` gives, by `write`; the
    /// hidden items' NaN.
    public static func exactPositions(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                                      x: UnsafeMutablePointer<Double>?, y: UnsafeMutablePointer<Double>?,
                                      _ write: (Items, FlowParameters, Proposal) -> Void) {
        withKept(items, parameters, proposal) { kept, inner, proposal, what in
            write(kept, inner, proposal)
            let n = items.count, count = what.count
            x.map { ($0 + count).update(repeating: .nan, count: n - count) }
            y.map { ($0 + count).update(repeating: .nan, count: n - count) }
        }
    }

    /// `body` over the first `end` items of `items` (the kept lines', which start at
    /// `starts`), the overflow item added when items are hidden, after the last line gave
    /// up what it must for it to fit.
    private static func keep<R>(_ items: Items, _ starts: [Int], _ end: Int, _ parameters: FlowParameters,
                                _ inner: FlowParameters, _ proposal: Proposal,
                                _ body: (Items, FlowParameters, Proposal, Kept) -> R) -> R {
        let n = items.count
        guard end < n else { return body(items, inner, proposal, Kept(count: n, overflow: nil)) }
        guard let overflow = parameters.overflowItem else {
            return body(items.slice(0..<end), inner, proposal, Kept(count: end, overflow: nil))
        }
        // The last kept line gives up items from its end until the overflow item fits.
        let view = FlowFeatures.mainView(items, parameters.axis)
        let first = starts.last ?? 0
        let limit = FlowReference.rowLimit(FlowFeatures.packingProposal(proposal, FlowParameters(axis: parameters.axis)))
        let along = parameters.axis == .vertical ? overflow.height : overflow.width
        var kept = end
        while kept > first
                && extent(view, first, kept, parameters.spacing) + gapAfter(view, kept - 1, parameters.spacing) + along
                    > limit {
            kept -= 1
        }
        // The kept items and the overflow item after them, each line's first flagged (the
        // overflow item's too, when it is alone on its line).
        let sub = SubItems(items, count: kept + 1)
        return withExtendedLifetime(sub) {
            sub.copy(items, kept, overflow: overflow)
            for start in starts where start < kept { sub.flags[start] = ItemFlag.breakBefore }
            if kept == first { sub.flags[kept] = ItemFlag.breakBefore }
            return body(sub.items, inner, proposal, Kept(count: kept, overflow: overflow))
        }
    }

    /// Items `first ..< end`'s extent along their line, summed as the packing sums it.
    static func extent(_ view: Items, _ first: Int, _ end: Int, _ spacing: Spacing) -> Float {
        guard end > first else { return 0 }
        var x = view.widths[first]
        for i in (first + 1)..<end { x = x + view.gapX(i - 1, i, spacing) + view.widths[i] }
        return x
    }

    /// The gap between item `i` and an overflow item after it: the spacing, or with
    /// per-item spacing item `i`'s own after it (the overflow item has none).
    static func gapAfter(_ view: Items, _ i: Int, _ spacing: Spacing) -> Float {
        guard i >= 0 else { return 0 }
        switch spacing {
        case .fixed(let gap): return gap
        case .perItem: return max(view.trailing?[i] ?? 0, 0)
        }
    }
}

/// Collects the first item of each line the packing closes, and stops after `most`.
struct LineStarts: RowSink {
    let most: Int
    var starts: [Int] = []
    /// The end of the last line collected.
    var end = 0

    init(most: Int) { self.most = most }

    static var needsHeights: Bool { false }
    static var canStop: Bool { true }
    var isDone: Bool { starts.count >= most }

    mutating func row(_ index: Int, start: Int, count: Int, y: Double, width: Float, height: Float) {
        starts.append(start)
        end = start + count
    }
}

/// The items a flow with hidden items lays out: the kept items' columns copied, and the
/// overflow item after them (no spacing preferences, no growth, no flags or item rules
/// of its own).
final class SubItems {
    let count: Int
    /// Every `Float` column, one after another: widths, heights, then the optional ones
    /// given (`floatColumns` order).
    private let block: Column<Float>
    /// Every byte column: flags, then the optional ones given (`byteColumns` order).
    private let bytes: Column<UInt8>
    /// Each optional column's place in its block (nil: not given).
    private let floats: [Int?], byteIndices: [Int?]
    let flags: UnsafeMutablePointer<UInt8>

    init(_ items: Items, count: Int) {
        self.count = count
        func places(_ given: [Bool], from first: Int) -> [Int?] {
            var next = first
            return given.map { present in
                guard present else { return nil }
                defer { next += 1 }
                return next
            }
        }
        floats = places(Self.floatColumns(items).map { $0.0 != nil }, from: 2)
        byteIndices = places(Self.byteColumns(items).map { $0 != nil }, from: 1)
        block = Column(capacity: (2 + floats.compactMap { $0 }.count) * count, scratch: true)
        bytes = Column(capacity: (1 + byteIndices.compactMap { $0 }.count) * count, scratch: true)
        flags = bytes.pointer
        flags.initialize(repeating: 0, count: count)
    }

    /// The optional `Float` columns of `items` in a fixed order, each with the value of
    /// an overflow item of size `overflow` (its given size is its size: it is not clamped).
    private static func floatColumns(_ items: Items, overflow: Size = .zero) -> [(UnsafeBufferPointer<Float>?, Float)] {
        let r = items.rules
        return [(items.leading, 0), (items.trailing, 0), (items.top, 0), (items.bottom, 0), (items.grow, 0),
                (r?.baseline, .nan), (r?.lastBaseline, .nan), (r?.minWidth, .nan), (r?.maxWidth, .nan),
                (r?.minHeight, .nan), (r?.maxHeight, .nan), (r?.shrink, 0), (r?.givenWidths, overflow.width),
                (r?.givenHeights, overflow.height)]
    }

    /// The optional byte columns of `items` (the overflow item's value is 0).
    private static func byteColumns(_ items: Items) -> [UnsafeBufferPointer<UInt8>?] {
        [items.rules?.alignSelf, items.rules?.stretchable]
    }

    private func pointer(_ index: Int?) -> UnsafeMutablePointer<Float>? { index.map { block.pointer + $0 * count } }

    /// Items `0 ..< kept` of `items`, then the overflow item of size `overflow`.
    func copy(_ items: Items, _ kept: Int, overflow: Size) {
        func fill<T>(_ column: UnsafeMutablePointer<T>?, _ given: UnsafeBufferPointer<T>?, _ last: T) {
            guard let column, let given else { return }
            column.update(from: given.baseAddress!, count: kept)
            column[kept] = last
        }
        fill(pointer(0), items.widths, overflow.width)
        fill(pointer(1), items.heights, overflow.height)
        for (k, (given, last)) in Self.floatColumns(items, overflow: overflow).enumerated() {
            fill(pointer(floats[k]), given, last)
        }
        for (k, given) in Self.byteColumns(items).enumerated() {
            fill(byteIndices[k].map { bytes.pointer + $0 * count }, given, 0)
        }
    }

    /// The items, valid while this lives.
    var items: Items {
        func buffer(_ index: Int?) -> UnsafeBufferPointer<Float>? {
            pointer(index).map { UnsafeBufferPointer(start: $0, count: count) }
        }
        func byteBuffer(_ index: Int?) -> UnsafeBufferPointer<UInt8>? {
            index.map { UnsafeBufferPointer(start: bytes.pointer + $0 * count, count: count) }
        }
        // The rules' columns in `floatColumns` and `byteColumns` order (all nil: none).
        let rules = ItemRules(alignSelf: byteBuffer(byteIndices[0]), baseline: buffer(floats[5]),
                              lastBaseline: buffer(floats[6]), stretchable: byteBuffer(byteIndices[1]),
                              minWidth: buffer(floats[7]), maxWidth: buffer(floats[8]), minHeight: buffer(floats[9]),
                              maxHeight: buffer(floats[10]), shrink: buffer(floats[11]),
                              givenWidths: buffer(floats[12]), givenHeights: buffer(floats[13]))
        return Items(widths: buffer(0)!, heights: buffer(1)!, leading: buffer(floats[0]), trailing: buffer(floats[1]),
                     top: buffer(floats[2]), bottom: buffer(floats[3]),
                     flags: UnsafeBufferPointer(start: flags, count: count), grow: buffer(floats[4]), rules: rules)
    }
}
