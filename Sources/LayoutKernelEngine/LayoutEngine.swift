import LayoutKernelCore

/// The sizes the engine cuts its storage into, and the shortest run of identical items
/// whose rows it takes over; tests make them small so that every boundary is met by a
/// few items.
struct EngineTuning {
    /// Items per chunk of the store (a chunk holds up to twice this).
    var chunkSize = 4096
    /// Rows per block of a flow's rows.
    var rowsPerBlock = 256
    /// The shortest run of identical items in which a flow's re-packing takes over old
    /// rows moved rather than packing them again (shorter runs pack as fast as they copy).
    var shortestRunCopied = 4096
    /// Items per block of a grid's column maxima (at least one row a block).
    var gridItemsPerBlock = 4096
}

/// What the engine did lately, for users and tests.
public struct EngineStats: Equatable, Sendable {
    /// Items the last mutation (or the last request that had to lay out) packed again.
    public var itemsPacked = 0
    /// Rows the last mutation kept as they were (moved, not re-packed).
    public var rowsReused = 0
    /// Requests answered from results already held, since the engine was made.
    public var cacheHits = 0
    /// Bytes the engine holds: items, their digests, rows and cached results.
    public var bytes = 0

    public init() {}
}

/// A layout that keeps its items and results between calls: for a UI that holds
/// millions of items between frames, changes a few and asks again.
///
/// The engine owns copies of every item field in chunks (`ItemStore`) and a layout of
/// any kind. A flow keeps its rows for the last two row limits asked for and re-packs
/// only around a change (`FlowRows`), and reads positions from them when asked. A flow
/// with CSS features (or items that grow, or item rules: items with bounds packed
/// clamped, lines sized by baseline groups where items may align to baselines, a line's
/// items flexed and aligned when read, `FlowFeatures.LineItems`) keeps the same rows for
/// the items' main view at the main limit — its lines (columns, for a vertical flow) — when its line gap is
/// fixed and on the 1/64 grid, and answers each request from them (`FeaturedLines`:
/// O(log rows) for the container, O(items read + log rows) for positions, visible items
/// and hit tests) when every line's size across is on the grid too, the lines' total is
/// below 2^40 px and a stretch's free space below 2^46 px; otherwise it answers that
/// request from a whole result, laid out afresh and held until the next change (and a
/// featured flow whose line gap is per item or off the grid keeps no lines: whole
/// results only; so does a balanced flow, `wrap = .balance`, whose lines depend on every
/// item: the first request after a change lays it out afresh, O(n log n); a flow with
/// `maxLines` that wraps greedily lays out only the items up to the first hidden one,
/// `keptLayout`). Every other kind keeps its last two results and recomputes what a
/// change moves where that is exact (`HeldResult`: a ZStack's changed items, a balanced
/// stack's added indices, a stack's offsets from the change, a grid's rows from the
/// first that moved, a circle's changed items), else lays out again at the next request.
/// A request the engine holds the result of (same proposal, no change since) does no
/// layout work. Every answer equals what a fresh layout of the same items gives, bit for
/// bit.
///
/// Not thread-safe: one caller at a time (the C layer reports a second one).
/// Preconditions (checked by the C layer): items valid, ranges inside the items.
public final class LayoutEngine {
    public let layout: AnyLayout
    let kernels: LayoutKernelSet
    private(set) var store: ItemStore
    private let staging = Staging()
    /// Room for a featured flow's placement of one line, reused between calls; grows to
    /// the longest line read.
    private let scratch = FlowFeatures.LineItems.Scratch()
    /// Rows at the last two row limits (a featured flow's lines: at the last two main
    /// limits), the most recent first.
    private(set) var flows: [FlowRows] = []
    /// Results of the last two proposals (kinds other than the flow, and featured flows
    /// answered from whole results), the most recent first.
    private var results: [HeldResult] = []
    /// Every item's exact position for one proposal (kinds answered from whole results),
    /// once asked for; dropped at every change.
    private var exact: (proposal: Proposal, x: [Double], y: [Double])?
    /// The items' largest width and height (the minimum-size rule), once asked for.
    private var largest: Size?
    public private(set) var stats = EngineStats()
    /// When true, every answer is checked against a fresh layout and a difference stops
    /// the process (`LAYOUTKERNEL_VERIFY=1` turns it on for every engine).
    public var verifies: Bool
    /// Bytes the process can still allocate (the C layer asks the system); a mutation
    /// drops a held result it has no room to bring up to date (see `MemoryNeeds`).
    public var headroom: () -> Int = { .max }
    let tuning: EngineTuning

    /// An engine with no items.
    public convenience init(layout: AnyLayout, kernels: LayoutKernelSet, verifies: Bool = false) {
        self.init(layout: layout, kernels: kernels, verifies: verifies, tuning: EngineTuning())
    }

    init(layout: AnyLayout, kernels: LayoutKernelSet, verifies: Bool = false, tuning: EngineTuning) {
        self.layout = layout
        self.kernels = kernels
        self.verifies = verifies
        self.tuning = tuning
        store = ItemStore(digest: kernels.digestStripes, chunkSize: tuning.chunkSize)
        updateBytes()
    }

    public var count: Int { store.count }

    /// The parameters of a flow (lk_flow_layout in layoutkernel.h) whose rows the engine
    /// keeps: a plain flow, or a featured one whose line gap is fixed and on the 1/64 grid
    /// (`FeaturedLines.keepsLines`). Nil for other kinds and other featured flows, which
    /// are held as whole results.
    var flowParameters: FlowParameters? {
        guard case .flow(let parameters) = layout, parameters.maxLines == nil else { return nil }
        return !featured || FeaturedLines.keepsLines(parameters) ? parameters : nil
    }

    /// Whether the layout is a featured flow: CSS features set, items that grow, or item
    /// rules.
    var featured: Bool {
        if case .flow(let parameters) = layout { return parameters.hasFeatures || store.hasGrow || store.hasRules }
        return false
    }

    /// Whether a flow's lines take their sizes across from baseline groups (SPEC.md §13
    /// step 10: `alignItems` or some item's `alignSelf` may be a baseline): its kept
    /// rows then hold those sizes (`FlowRows.baselines`).
    var linesByBaselines: Bool {
        guard case .flow(let parameters) = layout else { return false }
        return parameters.alignItems == .baseline || parameters.alignItems == .lastBaseline
            || store.held.contains(.alignSelf)
    }

    /// The parameters of a flow layout (the defaults for other kinds).
    private var anyFlowParameters: FlowParameters {
        if case .flow(let parameters) = layout { parameters } else { FlowParameters() }
    }

    /// The axis a kept flow's rows run along (`FlowRows.axis`).
    private var axis: Axes { anyFlowParameters.axis }

    // MARK: - Mutations

    /// Replaces every item; only chunks whose digest changed count as changed.
    public func setItems(_ items: Items) {
        let edit = store.replaceAll(items)
        changed(edit)
    }

    /// Overwrites items `start ..< start + items.count`.
    public func update(at start: Int, _ items: Items) {
        guard items.count > 0 else { return changed(nil) }
        changed(store.update(start, items))
    }

    /// Inserts items before item `index` (`index == count` appends).
    public func insert(at index: Int, _ items: Items) {
        guard items.count > 0 else { return changed(nil) }
        changed(store.insert(index, items))
    }

    /// Removes items `range`.
    public func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return changed(nil) }
        changed(store.remove(range))
    }

    private func changed(_ edit: Edit?) {
        stats.itemsPacked = 0
        stats.rowsReused = 0
        if let edit {
            largest = nil
            exact = nil
            // Other kinds: each held result recomputes what the change moves, or is dropped
            // (also when there is no room to recompute it: the next request lays out again).
            let room = headroom()
            results = results.compactMap { held in
                guard bytesToRecompute <= room else { return nil }
                var held = held
                guard let recomputed = held.apply(edit, layout, &store, staging, kernels) else { return nil }
                stats.itemsPacked += recomputed
                return held
            }
            if let parameters = flowParameters {
                // Rows sized by baseline groups, or not, as the items now ask.
                let baselines = linesByBaselines
                flows.removeAll { bytesToRepack($0, edit) > room || $0.baselines != baselines }
                for k in flows.indices {
                    flows[k].apply(edit, store, parameters, kernels, staging, shortestRunCopied: tuning.shortestRunCopied)
                    stats.itemsPacked += flows[k].itemsPacked
                    stats.rowsReused += flows[k].rowsReused
                }
            } else {
                flows.removeAll()   // the items now grow: a featured flow without lines kept
            }
        }
        updateBytes()
    }

    private func updateBytes() {
        stats.bytes = store.bytes + staging.bytes + scratch.bytes + flows.reduce(0) { $0 + $1.bytes }
            + results.reduce(0) { $0 + $1.bytes } + (exact?.x.count ?? 0) * 16
    }

    // MARK: - Results held

    private func minimum(_ proposal: Proposal) -> Size? {
        guard let width = proposal.width, let height = proposal.height, store.count > 0 else { return nil }
        if largest == nil { largest = store.largest() }
        let minimum = largest!
        return minimum.width > width && minimum.height > height ? minimum : nil
    }

    /// A flow's rows for `proposal`'s row limit (a featured flow's lines: its main
    /// limit): held (a cache hit, when `countsHit`), or packed now.
    private func rows(_ proposal: Proposal, _ parameters: FlowParameters, countsHit: Bool = true) -> FlowRows {
        if let k = heldRows(proposal) {
            if countsHit { stats.cacheHits += 1 }
            if k != 0 { flows.insert(flows.remove(at: k), at: 0) }
            return flows[0]
        }
        var rows = FlowRows(limit: FeaturedLines.limit(proposal, parameters), rowsPerBlock: tuning.rowsPerBlock, axis: axis,
                            breaks: parameters.wrap == .wrap, baselines: linesByBaselines)
        rows.packAll(store, parameters, kernels, staging)
        stats.itemsPacked = rows.itemsPacked
        flows.insert(rows, at: 0)
        if flows.count > 2 { flows.removeLast() }
        updateBytes()
        return rows
    }

    /// The whole result for `proposal` (other kinds, and featured flows answered so).
    private func result(_ proposal: Proposal) -> Layout { held(proposal).layout }

    /// Where a request for `proposal` is answered from.
    private enum Source {
        /// A plain flow's rows.
        case plain(FlowRows, FlowParameters)
        /// A featured flow's lines (its rows), and what they give for the proposal.
        case featured(FlowRows, FeaturedLines)
        /// A whole result (`held`): kinds other than the flow, featured flows whose lines
        /// are not kept, and those whose lines cannot give a fresh layout's bits for the
        /// proposal (`FeaturedLines.init`).
        case whole
    }

    /// Where a request for `proposal` is answered from: a flow's rows are packed if they
    /// are not held (a cache hit when they are, unless the request falls back to a whole
    /// result, which counts its own hit).
    private func source(_ proposal: Proposal) -> Source {
        guard let parameters = flowParameters else { return .whole }
        let hit = heldRows(proposal) != nil
        let held = rows(proposal, parameters, countsHit: false)
        if !featured {
            if hit { stats.cacheHits += 1 }
            return .plain(held, parameters)
        }
        guard let lines = lines(held, parameters, proposal) else { return .whole }
        if hit { stats.cacheHits += 1 }
        return .featured(held, lines)
    }

    /// What a featured flow's lines `held` give for `proposal` (`FeaturedLines.init`); the
    /// items' largest size (O(chunks) after a change) is only looked at when the
    /// minimum-size rule can apply: without `alignContent`, both axes specified.
    private func lines(_ held: FlowRows, _ parameters: FlowParameters, _ proposal: Proposal) -> FeaturedLines? {
        FeaturedLines(held, parameters, proposal, minimum: parameters.alignContent == nil ? minimum(proposal) : nil)
    }

    /// The whole result for `proposal` (`result`): held, or laid out now.
    private func held(_ proposal: Proposal) -> HeldResult {
        if let k = heldResult(proposal) {
            stats.cacheHits += 1
            if k != 0 { results.insert(results.remove(at: k), at: 0) }
            return results[0]
        }
        let fresh = keptLayout(proposal) ?? freshLayout(proposal)
        stats.itemsPacked = fresh.x.count
        results.insert(HeldResult(proposal: proposal, layout: fresh, layout, store, staging, tuning), at: 0)
        if results.count > 2 { results.removeLast() }
        updateBytes()
        return results[0]
    }

    /// Whether a featured flow's lines for `proposal` are held and give its answers
    /// (`FeaturedLines.init`). O(log rows).
    func answersFromLines(_ proposal: Proposal) -> Bool {
        guard featured, let parameters = flowParameters, let k = heldRows(proposal) else { return false }
        return lines(flows[k], parameters, proposal) != nil
    }

    /// Where the rows for `proposal`'s row limit (main limit) are held, if they are.
    func heldRows(_ proposal: Proposal) -> Int? {
        let limit = FeaturedLines.limit(proposal, anyFlowParameters)
        return flows.firstIndex { $0.limit.bitPattern == limit.bitPattern }
    }

    /// Where the result for `proposal` is held, if it is (kinds other than the plain flow).
    func heldResult(_ proposal: Proposal) -> Int? { results.firstIndex { Self.same($0.proposal, proposal) } }

    static func same(_ a: Proposal, _ b: Proposal) -> Bool {
        a.width?.bitPattern == b.width?.bitPattern && a.height?.bitPattern == b.height?.bitPattern
    }

    /// Whether the layout is a flow with `maxLines` that wraps greedily: its kept lines,
    /// and so every answer, depend only on the items up to the first hidden one.
    private var keepsFirstLines: Bool {
        guard case .flow(let parameters) = layout else { return false }
        return parameters.maxLines != nil && parameters.wrap == .wrap
    }

    /// For a flow that `keepsFirstLines`: a layout of only as many of the first items as
    /// hold its kept lines and the first hidden item (every item when none is hidden),
    /// which a layout of every item equals on them, with `hidden` counting every item
    /// left out. The items laid out double from 1,024 until one is hidden: O(kept items).
    /// Nil for other layouts.
    func keptLayout(_ proposal: Proposal) -> Layout? {
        guard keepsFirstLines else { return nil }
        let n = store.count
        var first = min(n, 1024)
        while true {
            var kept = freshLayout(proposal, first: first)
            if kept.hidden > 0 || first == n {
                kept.hidden += n - first
                return kept
            }
            first = min(n, 2 * first)
        }
    }

    /// The number of items a whole result for `proposal` holds positions of (`keptLayout`:
    /// the first items only); the items past them are hidden.
    private func wholeCount(_ proposal: Proposal) -> Int {
        keepsFirstLines ? held(proposal).layout.x.count : store.count
    }

    /// A layout of every item (or of the `first` items) from scratch, with the kernels
    /// (what every answer must equal).
    func freshLayout(_ proposal: Proposal, first: Int? = nil) -> Layout {
        let n = first ?? store.count
        let items = store.stage(0..<n, into: staging)
        var x = [Float](repeating: 0, count: n), y = x
        var start = [Int64](repeating: 0, count: n), length = start
        var top = [Double](repeating: 0, count: n)
        var width = [Float](repeating: 0, count: n), height = width
        var itemWidth = [Float](repeating: 0, count: n), itemHeight = itemWidth
        let outcome = x.withUnsafeMutableBufferPointer { x in
            y.withUnsafeMutableBufferPointer { y in
                kernels.place(items, layout, proposal, LayoutOutput(
                    x: x.baseAddress, y: y.baseAddress,
                    rows: RowTableWriter(start: &start, count: &length, y: &top, width: &width, height: &height),
                    itemWidth: &itemWidth, itemHeight: &itemHeight))
            }
        }
        let rows = (0..<outcome.rows).map {
            Row(start: Int(start[$0]), count: Int(length[$0]), y: top[$0], width: width[$0], height: height[$0])
        }
        if outcome.sizesWritten {   // grown items, or some hidden
            return Layout(size: outcome.size, x: x, y: y, rows: rows, itemWidth: itemWidth, itemHeight: itemHeight,
                          hidden: outcome.hidden, overflow: outcome.overflow)
        }
        let cell = outcome.cell
        return Layout(size: outcome.size, x: x, y: y, rows: rows,
                      itemWidth: cell.map { Array(repeating: $0.width, count: n) } ?? [],
                      itemHeight: cell.map { Array(repeating: $0.height, count: n) } ?? [])
    }

    // MARK: - Queries

    /// The container size for `proposal`. O(1) when the rows or result are held (a
    /// featured flow's lines: O(log rows)).
    public func size(_ proposal: Proposal) -> Size {
        let answer: Size
        switch source(proposal) {
        case .plain(let held, _): answer = held.size(proposal, minimum: minimum(proposal))
        case .featured(_, let lines): answer = lines.size
        case .whole: answer = result(proposal).size
        }
        if verifies { check(answer == freshLayout(proposal).size, "size", proposal) }
        return answer
    }

    /// The number of rows for `proposal` (a featured flow's lines, held whether or not
    /// they give its other answers).
    public func rowCount(_ proposal: Proposal) -> Int {
        if let parameters = flowParameters { return rows(proposal, parameters).rowCount }
        return result(proposal).rows.count
    }

    /// Every item's position and the rows, as `LayoutKernelSet.place` writes them for the
    /// same items (x and y required when there are items), and a flow's grown item sizes
    /// when items grow. O(n).
    public func place(_ proposal: Proposal, _ output: LayoutOutput) -> LayoutOutcome {
        let n = store.count
        switch source(proposal) {
        case .plain(let held, let parameters):
            let size = held.size(proposal, minimum: minimum(proposal))
            if n > 0, let x = output.x, let y = output.y {
                held.forEachItem(ofRows: 0..<held.rowCount, store, staging, parameters, containerWidth: size.width) {
                    i, xi, yi, _, _ in
                    x[i] = Float(xi)
                    y[i] = Float(yi)
                }
            }
            var table = output.rows
            held.rows.forEach(0..<held.rowCount) { r, row in
                table.row(r, start: row.start, count: row.count, y: row.top, width: row.width, height: row.height)
            }
            return LayoutOutcome(size: size, rows: held.rowCount)
        case .featured(let held, let lines):
            let x = output.y == nil ? nil : output.x, y = output.x == nil ? nil : output.y
            // Items that grow, or whose rules may resize them, report their sizes.
            let sizes = store.hasGrow || !store.held.isDisjoint(with: HeldFields.bounds.union([.stretchable, .shrink]))
            lines.forEachItem(ofLines: 0..<held.rowCount, held, store, staging, scratch, table: output.rows) {
                i, xi, yi, width, height in
                x?[i] = Float(xi)
                y?[i] = Float(yi)
                if sizes {
                    output.itemWidth?[i] = width
                    output.itemHeight?[i] = height
                }
            }
            return LayoutOutcome(size: lines.size, rows: held.rowCount, sizesWritten: sizes)
        case .whole:
            break
        }
        let held = result(proposal)
        // Items past those the result holds are hidden (`keptLayout`): NaN, size 0.
        let laid = held.x.count
        if let x = output.x, let y = output.y {
            for i in 0..<n {
                x[i] = i < laid ? held.x[i] : .nan
                y[i] = i < laid ? held.y[i] : .nan
            }
        }
        var table = output.rows
        for (r, row) in held.rows.enumerated() {
            table.row(r, start: row.start, count: row.count, y: row.y, width: row.width, height: row.height)
        }
        if case .flow = layout, !held.itemWidth.isEmpty {   // grown or hidden items: sizes of their own
            output.itemWidth?.update(from: held.itemWidth, count: laid)
            output.itemHeight?.update(from: held.itemHeight, count: laid)
            output.itemWidth?.advanced(by: laid).update(repeating: 0, count: n - laid)
            output.itemHeight?.advanced(by: laid).update(repeating: 0, count: n - laid)
            return LayoutOutcome(size: held.size, rows: held.rows.count, sizesWritten: true, hidden: held.hidden,
                                 overflow: held.overflow)
        }
        let cell = held.itemWidth.first.map { Size(width: $0, height: held.itemHeight[0]) }
        return LayoutOutcome(size: held.size, rows: held.rows.count, cell: cell)
    }

    /// The positions of items `range` (inside the items) into `x` and `y` (indexed from
    /// the range's first item). Flow, from its rows or lines: O(items of the rows holding
    /// them + log rows).
    public func positions(_ range: Range<Int>, _ proposal: Proposal, x: UnsafeMutablePointer<Float>,
                          y: UnsafeMutablePointer<Float>) {
        forEachPosition(range, proposal, exact: false) { j, xi, yi in
            x[j] = Float(xi)
            y[j] = Float(yi)
        }
        if verifies {
            let fresh = freshLayout(proposal)
            check(range.allSatisfy { x[$0 - range.lowerBound].bitPattern == fresh.x[$0].bitPattern
                    && y[$0 - range.lowerBound].bitPattern == fresh.y[$0].bitPattern }, "positions", proposal)
        }
    }

    /// The positions of items `range` before their rounding to `Float` (`ExactPositions`)
    /// into `x` and `y` (indexed from the range's first item): exact `Double` values,
    /// whatever the layout's extent. Flow, from its rows or lines, as `positions`; other
    /// kinds from every item's exact position, computed once per result (O(n)) and kept
    /// until the next change.
    public func exactPositions(_ range: Range<Int>, _ proposal: Proposal, x: UnsafeMutablePointer<Double>,
                               y: UnsafeMutablePointer<Double>) {
        forEachPosition(range, proposal, exact: true) { j, xi, yi in
            x[j] = xi
            y[j] = yi
        }
        // Equal, or both NaN (hidden items).
        verifyExact(range, proposal) { j, fx, fy in
            (x[j] == fx || x[j].isNaN && fx.isNaN) && (y[j] == fy || y[j].isNaN && fy.isNaN)
        }
    }

    /// The exact positions of items `range` less `origin` (a scroll offset), each
    /// difference rounded to `Float` once, into `x` and `y`: `Float` coordinates that
    /// are exact near the origin however far it lies from the layout's.
    public func relativePositions(_ range: Range<Int>, _ proposal: Proposal, origin: (x: Double, y: Double),
                                  x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>) {
        forEachPosition(range, proposal, exact: true) { j, xi, yi in
            x[j] = Float(xi - origin.x)
            y[j] = Float(yi - origin.y)
        }
        verifyExact(range, proposal) { j, fx, fy in
            x[j].bitPattern == Float(fx - origin.x).bitPattern && y[j].bitPattern == Float(fy - origin.y).bitPattern
        }
    }

    /// With `verifies`: stops the process unless `agrees(j, x, y)` for every item of
    /// `range` and its position `(x, y)` in a fresh exact layout.
    private func verifyExact(_ range: Range<Int>, _ proposal: Proposal, _ agrees: (Int, Double, Double) -> Bool) {
        guard verifies else { return }
        let fresh = ExactPositions.positions(store.stage(0..<store.count, into: staging), layout, proposal)
        check(range.allSatisfy { agrees($0 - range.lowerBound, fresh.x[$0], fresh.y[$0]) }, "exact positions", proposal)
    }

    /// `body(i - range.lowerBound, x, y)` for the items of `range` with their positions
    /// before the rounding to `Float`: the flow's rows and lines give them; a whole
    /// result gives its `Float` positions, or with `exact` the exact ones.
    private func forEachPosition(_ range: Range<Int>, _ proposal: Proposal, exact: Bool,
                                 _ body: (Int, Double, Double) -> Void) {
        guard !range.isEmpty else { return }
        switch source(proposal) {
        case .plain(let held, let parameters):
            let width = held.containerWidth(proposal, minimum: minimum(proposal))
            held.forEachItem(ofRows: held.rows(holding: range), store, staging, parameters, containerWidth: width) {
                i, xi, yi, _, _ in
                if range.contains(i) { body(i - range.lowerBound, xi, yi) }
            }
        case .featured(let held, let lines):
            lines.forEachItem(ofLines: held.rows(holding: range), held, store, staging, scratch) { i, xi, yi, _, _ in
                if range.contains(i) { body(i - range.lowerBound, xi, yi) }
            }
        case .whole:
            // Items past those the result holds are hidden (`keptLayout`).
            if exact {
                let positions = exactWhole(proposal)
                for i in range {
                    let held = i < positions.x.count
                    body(i - range.lowerBound, held ? positions.x[i] : .nan, held ? positions.y[i] : .nan)
                }
            } else {
                let held = result(proposal)
                for i in range {
                    body(i - range.lowerBound, i < held.x.count ? Double(held.x[i]) : .nan,
                         i < held.x.count ? Double(held.y[i]) : .nan)
                }
            }
        }
    }

    /// Whether every item's exact position for `proposal` is held.
    func holdsExact(_ proposal: Proposal) -> Bool { exact.map { Self.same($0.proposal, proposal) } ?? false }

    /// Every item's exact position for `proposal` (a kind answered from whole results;
    /// with `keptLayout`, of the items it holds), kept until the next change.
    private func exactWhole(_ proposal: Proposal) -> (x: [Double], y: [Double]) {
        if holdsExact(proposal), let held = exact { return (held.x, held.y) }
        let items = store.stage(0..<wholeCount(proposal), into: staging)
        let positions = ExactPositions.positions(items, layout, proposal)
        exact = (proposal, positions.x, positions.y)
        updateBytes()
        return positions
    }

    /// A rectangle or point asked about, in `Double` (`exact`) or as the `Float` values
    /// the `Float` queries take.
    private struct Probe {
        let x0: Double, y0: Double, x1: Double, y1: Double
        let exact: Bool

        /// Whether the frame `[x, x + w) × [y, y + h)` of an item placed at `(x, y)`
        /// (before rounding) shares area with the rectangle: in `Double` when exact, else
        /// with the `Float` position and the `Float` sums the `Float` queries compare.
        @inline(__always)
        func meets(_ x: Double, _ y: Double, _ w: Float, _ h: Float) -> Bool {
            guard w > 0 && h > 0 else { return false }
            if exact { return x < x1 && x0 < x + Double(w) && y < y1 && y0 < y + Double(h) }
            let xf = Float(x), yf = Float(y)
            return xf < Float(x1) && Float(x0) < xf + w && yf < Float(y1) && Float(y0) < yf + h
        }

        /// Whether that frame holds the point `(x0, y0)`.
        @inline(__always)
        func holds(_ x: Double, _ y: Double, _ w: Float, _ h: Float) -> Bool {
            if exact { return x <= x0 && x0 < x + Double(w) && y <= y0 && y0 < y + Double(h) }
            let xf = Float(x), yf = Float(y), px = Float(x0), py = Float(y0)
            return xf <= px && px < xf + w && yf <= py && py < yf + h
        }

        /// The rectangle as `Float` bounds that hold it (rounded outward).
        var outward: (x0: Float, y0: Float, x1: Float, y1: Float) {
            func down(_ v: Double) -> Float { let f = Float(v); return Double(f) > v ? f.nextDown : f }
            func up(_ v: Double) -> Float { let f = Float(v); return Double(f) < v ? f.nextUp : f }
            return (down(x0), down(y0), up(x1), up(y1))
        }
    }

    /// The indices, ascending, of the items whose frames share area with the rectangle
    /// `[x0, x1) × [y0, y1)` (frames are `[x, x + width) × [y, y + height)` with the size
    /// the item is given; items of zero width or height have no area and are never
    /// visible). Flow: binary searches over the rows (a featured flow's lines, across:
    /// y for rows, x for columns), then the items of the rows met. Other kinds: the items
    /// `HeldResult.candidates` gives (a grid's rows or a stack's items near the rectangle,
    /// found by binary search; every item of a ZStack or circle).
    public func visible(x0: Float, y0: Float, x1: Float, y1: Float, _ proposal: Proposal) -> [Int] {
        visible(Probe(x0: Double(x0), y0: Double(y0), x1: Double(x1), y1: Double(y1), exact: false), proposal)
    }

    /// `visible` with the items' exact positions (`exactPositions`) and a rectangle in
    /// `Double`: frames `[x, x + width) × [y, y + height)` in `Double`.
    public func visibleExact(x0: Double, y0: Double, x1: Double, y1: Double, _ proposal: Proposal) -> [Int] {
        visible(Probe(x0: x0, y0: y0, x1: x1, y1: y1, exact: true), proposal)
    }

    private func visible(_ probe: Probe, _ proposal: Proposal) -> [Int] {
        var found: [Int] = []
        forEachCandidate(probe, proposal, starting: { found.reserveCapacity($0) }) { i, x, y, w, h in
            if probe.meets(x, y, w, h) { found.append(i) }
        }
        return found
    }

    /// The first item whose frame `[x, x + width) × [y, y + height)` holds the point, or
    /// nil. Flow: the items of the rows (lines) at the point across.
    public func item(atX px: Float, y py: Float, _ proposal: Proposal) -> Int? {
        item(Probe(x0: Double(px), y0: Double(py), x1: Double(px.nextUp), y1: Double(py.nextUp), exact: false),
             proposal)
    }

    /// `item(atX:y:)` with the items' exact positions and a point in `Double`.
    public func itemExact(atX px: Double, y py: Double, _ proposal: Proposal) -> Int? {
        item(Probe(x0: px, y0: py, x1: px.nextUp, y1: py.nextUp, exact: true), proposal)
    }

    private func item(_ probe: Probe, _ proposal: Proposal) -> Int? {
        var hit: Int?
        forEachCandidate(probe, proposal) { i, x, y, w, h in
            if hit == nil && probe.holds(x, y, w, h) { hit = i }
        }
        return hit
    }

    /// Every item that can meet the probe's rectangle, ascending, with its position (as
    /// `forEachPosition` gives it) and the size it is given, after calling `starting`
    /// with an upper bound of their number. Flow: the items of the rows (lines) the
    /// rectangle meets across; other kinds: `HeldResult.candidates`.
    private func forEachCandidate(_ probe: Probe, _ proposal: Proposal, starting: (Int) -> Void = { _ in },
                                  _ body: (Int, Double, Double, Float, Float) -> Void) {
        switch source(proposal) {
        case .plain(let held, let parameters):
            let width = held.containerWidth(proposal, minimum: minimum(proposal))
            held.forEachItem(ofRows: held.rows(overlapping: probe.y0, probe.y1), store, staging, parameters,
                             containerWidth: width, starting: starting) { i, x, y, items, j in
                body(i, x, y, items.widths[j], items.heights[j])
            }
        case .featured(let held, let lines):
            let (c0, c1) = lines.vertical ? (probe.x0, probe.x1) : (probe.y0, probe.y1)
            lines.forEachItem(ofLines: lines.lines(meeting: c0, c1, held), held, store, staging, scratch,
                              starting: starting, body)
        case .whole:
            let held = held(proposal)
            if largest == nil { largest = store.largest() }
            let bounds = probe.outward
            let range = held.candidates(x0: bounds.x0, y0: bounds.y0, x1: bounds.x1, y1: bounds.y1, layout,
                                        longest: largest!)
            starting(range.count)
            // The exact positions first: computing them stages every item, in the same
            // staging the range's items are read from.
            let exact = probe.exact ? exactWhole(proposal) : nil
            let items = store.stage(range, into: staging)
            let result = held.layout
            for (j, i) in range.enumerated() {
                let w = result.itemWidth.isEmpty ? items.widths[j] : result.itemWidth[i]
                let h = result.itemHeight.isEmpty ? items.heights[j] : result.itemHeight[i]
                body(i, exact?.x[i] ?? Double(result.x[i]), exact?.y[i] ?? Double(result.y[i]), w, h)
            }
        }
    }

    /// Copies every item's own width and height to `widths` and `heights` (either may be
    /// nil), chunk by chunk.
    public func copySizes(widths: UnsafeMutablePointer<Float>?, heights: UnsafeMutablePointer<Float>?) {
        var i = 0
        for chunk in store.chunks {
            chunk.widths.withUnsafeBufferPointer { widths?.advanced(by: i).update(from: $0.baseAddress!, count: $0.count) }
            chunk.heights.withUnsafeBufferPointer { heights?.advanced(by: i).update(from: $0.baseAddress!, count: $0.count) }
            i += chunk.count
        }
    }

    private func check(_ same: Bool, _ what: String, _ proposal: Proposal) {
        precondition(same, "LayoutEngine: \(what) for \(proposal) differs from a fresh layout of the same items")
    }
}
