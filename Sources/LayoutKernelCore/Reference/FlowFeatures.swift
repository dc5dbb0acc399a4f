/// The placement of a featured flow (lk_flow_layout's "Features" in layoutkernel.h:
/// justification, right to left, reversed lines, wrap-reverse, columns, line
/// distribution, growing items) over the lines the packing produced, written as the
/// rules' steps.
///
/// Lines come from the plain flow's greedy packing on the items' main sizes (widths for
/// rows, heights for columns), so every kernel level packs them and this one placement
/// finishes them: results are bit-identical at every level by construction.
///
/// The packing gives each line's extent and each item's offset in its line (the plain
/// flow's `Float` sums); every rule's amount is then computed in `Double` in units of 1/64 px,
/// the browser's lattice, and each coordinate rounded to `Float` once. With inputs on
/// the lattice and extents below 2^17 px every value equals the browser's exactly (the
/// fixtures prove it); off the lattice the same formulas apply to real values, with
/// increments rounded to the lattice.
public enum FlowFeatures {

    /// A line as the plain flow's packing closes it: items `start ..< start + count`, its
    /// extent along (the items' own sizes and the gaps, summed in `Float`) and its
    /// tallest item across.
    public struct Line: Equatable, Sendable {
        public var start: Int
        public var count: Int
        public var extent: Float
        public var size: Float

        @inlinable
        public init(start: Int, count: Int, extent: Float, size: Float) {
            self.start = start
            self.count = count
            self.extent = extent
            self.size = size
        }
    }

    /// The flow's items seen along its main axis: for columns, widths and heights (and
    /// the per-item spacings) trade places, so that packing them as rows gives the columns;
    /// without `breaks`, no flags.
    public static func mainView(_ items: Items, _ axis: Axes, breaks: Bool = true) -> Items {
        guard axis == .vertical || !breaks else { return items }
        let v = axis == .vertical
        return Items(widths: v ? items.heights : items.widths, heights: v ? items.widths : items.heights,
                     leading: v ? items.top : items.leading, trailing: v ? items.bottom : items.trailing,
                     top: v ? items.leading : items.top, bottom: v ? items.trailing : items.bottom,
                     flags: breaks ? items.flags : nil, grow: items.grow, rules: v ? items.rules?.transposed : items.rules)
    }

    /// The main view a flow with `parameters` packs: forced breaks (`ItemFlag`) unless
    /// it is a `nowrap` flow's one line (a balanced flow's flags mark all its lines).
    public static func mainView(_ items: Items, _ parameters: FlowParameters) -> Items {
        mainView(items, parameters.axis, breaks: parameters.wrap != .nowrap)
    }

    /// The main limit (the proposal along the lines) as a packing proposal: unbounded
    /// for `nowrap` (one line) and `balance` (its lines are forced breaks, `BalancedFlow`).
    @inline(__always)
    public static func packingProposal(_ proposal: Proposal, _ parameters: FlowParameters) -> Proposal {
        guard parameters.wrap == .wrap else { return Proposal(width: nil, height: nil) }
        return Proposal(width: parameters.axis == .vertical ? proposal.height : proposal.width, height: nil)
    }

    /// The packing a featured flow builds on: the plain flow's greedy packing of the main
    /// view's items for a packing proposal, each line's first item, length, extent
    /// (`Float` sums) and tallest item to the row table, and each item's offset in its
    /// line (the same sums) to `offsets` when given.
    public typealias Pack = (Items, Proposal, inout RowTableWriter, UnsafeMutablePointer<Float>?) -> Void

    /// Places the items of every line once `frame` has placed the lines: writes the row
    /// table, x and y when the output has both (then `offsets` is the output's coordinate
    /// along the lines, holding each item's offset in its line), and the grown sizes when
    /// items grow. `write` is the reference's; a kernel level may give its own, which
    /// must write the same bits.
    public typealias Write = (Items, Frame, UnsafeMutablePointer<Float>?, LayoutOutput) -> Void

    /// SPEC.md §13 step 10 over the first `lines` packed lines of `storage` (each line's
    /// first item and count given): each line's size across, its items' and its baseline
    /// groups', into `packedSize` (px) and `groups`. `linesAcross` is the reference's; a
    /// kernel level may give its own, which must write the same bits.
    public typealias LinesAcross = (ItemsAcross, Frame.Storage, _ lines: Int) -> Void

    /// The reference's `LinesAcross`: `ItemsAcross.line` for each line.
    public static func linesAcross(_ across: ItemsAcross, _ storage: Frame.Storage, lines: Int) {
        linesAcross(storage, lines: lines, across.line)
    }

    /// Each of the first `lines` lines of `storage` sized across by `line` (its size and
    /// groups, from the line's items), into `packedSize` (px) and `groups`.
    @inlinable @inline(__always)
    public static func linesAcross(_ storage: Frame.Storage, lines: Int,
                                   _ line: (Range<Int>) -> (size: Double, groups: ItemsAcross.Groups)) {
        for k in 0..<lines {
            let first = Int(storage.start[k])
            let sized = line(first..<(first + Int(storage.count[k])))
            storage.packedSize[k] = Float(sized.size / 64)
            storage.groups?[k] = sized.groups
        }
    }

    /// Lays out a featured flow into `output` (x and y when both are given, the row
    /// table, the grown sizes when items grow) over the lines `pack` makes (a kernel
    /// level's packing, or the reference's), placing the items with `write`. `storage`
    /// has room for one line per item (at least one); without it, it is allocated.
    /// - Complexity: O(n) time; room for n lines (40 bytes each), of which only the
    ///   pages of the lines made are touched.
    public static func place(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                             _ output: LayoutOutput, lines pack: Pack, storage given: Frame.Storage? = nil,
                             linesAcross: LinesAcross = FlowFeatures.linesAcross(_:_:lines:),
                             write: Write = FlowFeatures.write(_:_:offsets:_:)) -> LayoutOutcome {
        guard let storage = given else {
            let owned = Frame.OwnedStorage(capacity: max(items.count, 1))
            return withExtendedLifetime(owned) {
                place(items, parameters, proposal, output, lines: pack, storage: owned.storage,
                      linesAcross: linesAcross, write: write)
            }
        }
        var table = RowTableWriter(start: storage.start, count: storage.count, y: nil, width: storage.extent,
                                   height: storage.packedSize)
        // The offsets along the lines go where each item's coordinate along them will be
        // written (each read before it is overwritten).
        let offsets = output.x != nil && output.y != nil ? (parameters.axis == .vertical ? output.y : output.x) : nil
        let view = mainView(items, parameters)
        pack(view, packingProposal(proposal, parameters), &table, offsets)
        let lines = table.extent.rows
        if ItemsAcross.hasBaselines(parameters, items) {
            // SPEC.md §13 step 10: baseline groups set their lines' sizes across.
            linesAcross(ItemsAcross(parameters, view), storage, lines)
        }
        let frame = Frame(items, parameters, proposal, lines: lines, storage)
        write(items, frame, offsets, output)
        return LayoutOutcome(size: Size(width: Float(frame.width / 64), height: Float(frame.height / 64)),
                             rows: frame.count, sizesWritten: writesSizes(items))
    }

    /// Every item's position before its rounding to `Float` (see `ExactPositions`) into
    /// `x` and `y` (either may be nil), over the reference's packing.
    static func exactPositions(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                               x: UnsafeMutablePointer<Double>?, y: UnsafeMutablePointer<Double>?) {
        guard parameters.wrap != .balance else {
            return BalancedFlow.withLines(items, parameters, proposal) { items, proposal in
                exactPositionsOfLines(items, parameters, proposal, x: x, y: y)
            }
        }
        exactPositionsOfLines(items, parameters, proposal, x: x, y: y)
    }

    /// `exactPositions` over the lines the items' own packing makes.
    static func exactPositionsOfLines(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                                              x: UnsafeMutablePointer<Double>?, y: UnsafeMutablePointer<Double>?) {
        let room = max(items.count, 1)
        let offsetsX = Column<Float>(capacity: room), offsetsY = Column<Float>(capacity: room)
        withExtendedLifetime(offsetsX) {
            withExtendedLifetime(offsetsY) {
                let output = LayoutOutput(x: offsetsX.pointer, y: offsetsY.pointer,
                                          rows: RowTableWriter(start: nil, count: nil, y: nil, width: nil, height: nil))
                _ = place(items, parameters, proposal, output, lines: { items, proposal, table, offsets in
                    FlowReference.packAll(items, parameters, FlowReference.rowLimit(proposal), offsets: offsets,
                                          into: &table)
                }, write: exactWrite(x: x, y: y))
            }
        }
    }

    /// Whether a flow of `items` with `parameters` has item rules (SPEC.md §13: per-item
    /// rules, or `alignItems`), which the reference places item by item (`write`).
    public static func hasItemRules(_ parameters: FlowParameters, _ items: Items) -> Bool {
        items.rules != nil || parameters.alignItems != nil
    }

    /// Whether the lines of a flow of `items` flex by §13's rule (`flexLine`) rather than
    /// by §11's growth: its items shrink, or grow under item rules. Not inlined (see
    /// `Items.fit`).
    public static func flexesByRule(_ items: Items) -> Bool {
        items.rules.map { $0.shrink != nil || items.grow != nil } ?? false
    }

    /// Whether the items of a flow with `parameters` sit across their lines each by its
    /// own rule (`ItemsAcross`): alignments of their own, baselines, or stretch with
    /// stretchable items. Otherwise every item sits by one anchor (`Offset(itemsOf:)`,
    /// which `alignItems` sets: `ItemAlignment.anchor`), as §11 places them. Not inlined.
    public static func placesAcrossByItem(_ parameters: FlowParameters, _ items: Items) -> Bool {
        let rules = items.rules
        guard let alignment = parameters.alignItems else { return rules?.alignSelf != nil }
        return rules?.alignSelf != nil || alignment.anchor == nil || (alignment == .stretch && rules?.stretchable != nil)
    }

    /// Whether a flow of `items` with `parameters` is a featured one (placed here).
    public static func applies(_ parameters: FlowParameters, _ items: Items) -> Bool {
        parameters.hasFeatures || items.grow != nil || items.rules != nil
    }

    /// The reference's whole result: lines and offsets from `FlowReference`'s packing.
    public static func layout(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal) -> Layout {
        guard parameters.wrap != .balance else {
            return BalancedFlow.withLines(items, parameters, proposal) { layoutOfLines($0, parameters, $1) }
        }
        return layoutOfLines(items, parameters, proposal)
    }

    /// The reference's whole result over the lines the reference's packing makes (for a
    /// balanced flow, the lines its flags mark).
    static func layoutOfLines(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal) -> Layout {
        layoutPacked(items, parameters, proposal) { items, proposal, table, offsets in
            FlowReference.packAll(items, parameters, FlowReference.rowLimit(proposal), offsets: offsets, into: &table)
        }
    }

    /// The reference's whole result over the lines `pack` makes (another breaking's,
    /// such as `BalancedLines`', given as the plain packing's rows).
    public static func layoutPacked(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                                    lines pack: Pack) -> Layout {
        let n = items.count
        let columns = ResultColumns(max(n, 1))
        return withExtendedLifetime(columns) {
            let outcome = place(items, parameters, proposal, columns.output, lines: pack)
            let rows = (0..<outcome.rows).map {
                Row(start: Int(columns.start.pointer[$0]), count: Int(columns.count.pointer[$0]),
                    y: columns.top.pointer[$0], width: columns.rowWidth.pointer[$0],
                    height: columns.rowHeight.pointer[$0])
            }
            func array(_ values: UnsafeMutablePointer<Float>) -> [Float] {
                Array(UnsafeBufferPointer(start: values, count: n))
            }
            let sizes = outcome.sizesWritten
            return Layout(size: outcome.size, x: array(columns.x.pointer), y: array(columns.y.pointer), rows: rows,
                          itemWidth: sizes ? array(columns.width.pointer) : [],
                          itemHeight: sizes ? array(columns.height.pointer) : [])
        }
    }

    /// Room for a whole layout's result: positions, item sizes and the row table.
    struct ResultColumns: ~Copyable {
        let x: Column<Float>, y: Column<Float>, width: Column<Float>, height: Column<Float>
        let start: Column<Int64>, count: Column<Int64>, top: Column<Double>
        let rowWidth: Column<Float>, rowHeight: Column<Float>

        init(_ room: Int) {
            x = Column(capacity: room); y = Column(capacity: room)
            width = Column(capacity: room); height = Column(capacity: room)
            start = Column(capacity: room); count = Column(capacity: room); top = Column(capacity: room)
            rowWidth = Column(capacity: room); rowHeight = Column(capacity: room)
        }

        /// The columns as a layout's output, valid while they live.
        var output: LayoutOutput {
            LayoutOutput(x: x.pointer, y: y.pointer,
                         rows: RowTableWriter(start: start.pointer, count: count.pointer, y: top.pointer,
                                              width: rowWidth.pointer, height: rowHeight.pointer),
                         itemWidth: width.pointer, itemHeight: height.pointer)
        }
    }

    /// The container and its lines across: every amount the items of a line need that
    /// does not depend on the line's items (units of 1/64 px), over the lines the packing
    /// wrote to its storage. Written as the spec's steps: lines' sizes and the gaps
    /// between them, the container, then the lines across, distributed by `alignContent`
    /// (in frame order: reversed by wrap-reverse), each starting after the ones before it.
    /// Valid while its storage is (during `place`).
    /// - Complexity: O(lines), or O(n) with per-item line spacing (each line's tallest item).
    public struct Frame {
        /// Room for the lines: the packing's row table (first item, length, extent and
        /// size across, as `Float` sums), then each line's size and start across in units.
        public struct Storage {
            public let start: UnsafeMutablePointer<Int64>, count: UnsafeMutablePointer<Int64>
            public let extent: UnsafeMutablePointer<Float>, packedSize: UnsafeMutablePointer<Float>
            public let size: UnsafeMutablePointer<Double>, across: UnsafeMutablePointer<Double>
            /// Each line's baseline groups, where items may align to baselines and the
            /// caller gave room (else nil: placing a line finds them again).
            public let groups: UnsafeMutablePointer<ItemsAcross.Groups>?

            /// Room for as many lines as each column holds (the caller's memory).
            public init(start: UnsafeMutablePointer<Int64>, count: UnsafeMutablePointer<Int64>,
                        extent: UnsafeMutablePointer<Float>, packedSize: UnsafeMutablePointer<Float>,
                        size: UnsafeMutablePointer<Double>, across: UnsafeMutablePointer<Double>,
                        groups: UnsafeMutablePointer<ItemsAcross.Groups>? = nil) {
                self.start = start; self.count = count; self.extent = extent; self.packedSize = packedSize
                self.size = size; self.across = across; self.groups = groups
            }

        }

        /// `Storage` in columns of its own, for lines as many as `capacity`.
        struct OwnedStorage: ~Copyable {
            let start: Column<Int64>, count: Column<Int64>
            let extent: Column<Float>, packedSize: Column<Float>
            let size: Column<Double>, across: Column<Double>

            init(capacity: Int) {
                start = Column(capacity: capacity); count = Column(capacity: capacity)
                extent = Column(capacity: capacity); packedSize = Column(capacity: capacity)
                size = Column(capacity: capacity); across = Column(capacity: capacity)
            }

            /// The columns as a `Storage`, valid while this lives.
            var storage: Storage {
                Storage(start: start.pointer, count: count.pointer, extent: extent.pointer,
                        packedSize: packedSize.pointer, size: size.pointer, across: across.pointer)
            }
        }

        public let parameters: FlowParameters
        /// The number of lines.
        public let count: Int
        @usableFromInline let storage: Storage
        /// The container.
        public let width: Double, height: Double
        /// The container's size along the lines.
        public let mainSize: Double
        /// Whether lines are columns.
        @inlinable public var vertical: Bool { parameters.axis == .vertical }
        /// Whether x is mirrored (right to left).
        @inlinable public var rtl: Bool { parameters.direction == .rtl }
        /// How each line shares its free space among its items, and an item's offset in
        /// its line across.
        public let itemSpace: FreeSpaceRule, within: Offset

        /// Line k as the packing closed it.
        @inlinable @inline(__always)
        public func line(_ k: Int) -> Line {
            Line(start: Int(storage.start[k]), count: Int(storage.count[k]), extent: storage.extent[k],
                 size: storage.packedSize[k])
        }

        /// Line k's extent along, before its items grow.
        @inlinable @inline(__always)
        public func extent(_ k: Int) -> Double { Double(storage.extent[k]) * 64 }

        /// Line k's size across (stretched by `alignContent`).
        @inlinable @inline(__always)
        public func size(_ k: Int) -> Double { storage.size[k] }

        /// Where line k starts across.
        @inlinable @inline(__always)
        public func across(_ k: Int) -> Double { storage.across[k] }

        /// Line k's baseline groups, when the storage holds them.
        @inlinable @inline(__always)
        public func groups(_ k: Int) -> ItemsAcross.Groups? { storage.groups?[k] }

        init(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal, lines: Int, _ storage: Storage) {
            self.parameters = parameters
            self.storage = storage
            count = lines
            let vertical = parameters.axis == .vertical
            @inline(__always) func u(_ value: Float) -> Double { Double(value) * 64 }

            // Lines: sizes across, summed in line order with the gaps between them (with
            // per-item spacing, between the lines' tallest items); the widest extent
            // along (before growing).
            let lineSize = storage.size
            let fixedGap: Double
            var perItemGaps: [Double] = []
            switch parameters.lineSpacing {
            case .fixed(let gap):
                fixedGap = u(gap)
            case .perItem:
                fixedGap = 0
                let view = mainView(items, parameters), cross = view.heights
                perItemGaps = [Double](repeating: 0, count: lines)
                var lastTallest = 0
                for k in 0..<lines {
                    let first = Int(storage.start[k]), end = first + Int(storage.count[k])
                    var tallest = first
                    for i in first..<end where cross[i] > cross[tallest] { tallest = i }
                    if k > 0 { perItemGaps[k] = u(view.gapY(lastTallest, tallest, .perItem)) }
                    lastTallest = tallest
                }
            }
            // The gap before line k (between it and line k - 1; the first line's is the
            // fixed gap, which the sums take back).
            @inline(__always) func gap(_ k: Int) -> Double { perItemGaps.isEmpty ? fixedGap : perItemGaps[k] }
            var sums = LinesSoFar(gap: fixedGap)
            var widest: Double? = nil
            for k in 0..<lines {
                lineSize[k] = u(storage.packedSize[k])
                sums.addSize(lineSize[k], gap: gap(k))
                let extent = u(storage.extent[k])
                if widest.map({ extent > $0 }) ?? true { widest = extent }
            }

            // The container.
            let container = Container(parameters, proposal, minimum: {
                FlowReference.minimumExceeding(items, proposal)
            }, widest: widest, total: sums.total)
            let definiteCross = Container.definiteAcross(parameters, proposal)

            // Lines across, in frame order, distributed by `alignContent`.
            let spread = FreeSpaceRule.lines(parameters).spots(free: definiteCross.map { $0 - sums.total } ?? 0,
                                                               count: lines)
            let single = Container.singleLineSize(parameters, proposal)
            var placed = LinesSoFar(gap: fixedGap)
            for j in 0..<lines {
                let k = parameters.wrapReverse ? lines - 1 - j : j
                lineSize[k] = single ?? lineSize[k] + spread.growth(j)
                // The gap between this line and the one before it in frame order.
                placed.add(lineSize[k], gap: j == 0 ? fixedGap : gap(parameters.wrapReverse ? k + 1 : k))
                storage.across[k] = spread.start(j, after: placed.position)
            }
            let (mainSize, crossSize) = (container.mainSize, container.crossSize)

            width = vertical ? crossSize : mainSize
            height = vertical ? mainSize : crossSize
            self.mainSize = mainSize
            itemSpace = .items(parameters)
            within = Offset(itemsOf: parameters)
        }

        /// Writes line k's row: its first item and length, where it starts across (the
        /// physical top, or left edge of a column), its extent along after its items
        /// grew by `taken`, and its size across.
        @inlinable @inline(__always)
        public func row(_ k: Int, taken: Double, into rows: inout RowTableWriter) {
            let across = across(k), size = size(k)
            rows.row(k, start: Int(storage.start[k]), count: Int(storage.count[k]),
                     y: (vertical && rtl ? LineFrame.mirrored(across, length: size, width: width) : across) / 64,
                     width: Float((extent(k) + taken) / 64), height: Float(size / 64))
        }
    }

    /// The reference's placement of the items, written as the spec's steps: for each
    /// line, items grown (when they grow; with item rules, flexed by `flexLine`), then
    /// distributed along it by `justify`, then placed in it across (with item rules, each
    /// by its own alignment, `ItemsAcross`), then physical coordinates (x mirrored right
    /// to left). The levels evaluate the same rules (`flexLine`, `ItemsAcross`) in their
    /// own loops. An
    /// item's place along its line is its offset there (the plain flow's sums, in
    /// `offsets`), moved by the lead, its increment and the growth of the items before
    /// it; in a reversed line, the line's extent less its offset and size.
    /// - Complexity: O(n) time; O(longest line) memory.
    public static func write(_ items: Items, _ frame: Frame, offsets: UnsafeMutablePointer<Float>?,
                             _ output: LayoutOutput) {
        let positions = offsets.flatMap { offsets in output.x.flatMap { x in output.y.map { (offsets, x, $0) } } }
        placeLines(items, frame, offsets: positions?.0, output) { i, x, y in
            positions!.1[i] = Float(x)
            positions!.2[i] = Float(y)
        }
    }

    /// A `Write` that places the items as `write` does, but writes each position before
    /// its rounding to `Float` (px, `Double`) to `x` and `y` (either may be nil); the
    /// output's x or y holds the offsets along the lines and is left as scratch.
    public static func exactWrite(x: UnsafeMutablePointer<Double>?, y: UnsafeMutablePointer<Double>?) -> Write {
        { items, frame, offsets, output in
            placeLines(items, frame, offsets: offsets, output) { i, px, py in
                x?[i] = px
                y?[i] = py
            }
        }
    }

    /// `write`'s steps: the row table and grown sizes to `output`, and, when `offsets`
    /// is given, each item's position (px, before rounding) to `position`, in line order
    /// (item i's offset is read before `position(i, ...)` is called).
    @inline(__always)
    static func placeLines(_ items: Items, _ frame: Frame, offsets: UnsafeMutablePointer<Float>?,
                           _ output: LayoutOutput, position: (Int, Double, Double) -> Void) {
        let vertical = frame.vertical
        // SPEC.md §13: items flex by its rule (which holds §11's growth), and sit across
        // their lines by their own alignments.
        let line = LineItems(mainView(items, frame.parameters), frame.parameters, mainSize: frame.mainSize,
                             width: frame.width)
        let sizes = writesSizes(items)
        let along = sizes ? (vertical ? output.itemHeight : output.itemWidth) : nil
        let acrossSizes = sizes ? (vertical ? output.itemWidth : output.itemHeight) : nil
        var rows = output.rows
        for k in 0..<frame.count {
            let first = frame.line(k).start, range = first..<(first + frame.line(k).count)
            let taken = line.flex(range, extent: frame.extent(k))
            if let along { line.forEachAlong(range) { i, size in along[i] = size } }
            frame.row(k, taken: taken, into: &rows)
            guard let offsets else {
                // Without positions, only the sizes across.
                if let acrossSizes {
                    line.forEachBreadth(range, size: frame.size(k)) { i, breadth in acrossSizes[i] = Float(breadth / 64) }
                }
                continue
            }
            let placing = line.line(range, extent: frame.extent(k), taken: taken, start: frame.across(k),
                                    size: frame.size(k))
            for i in range {
                let placed = line.place(i, offset: offsets[i], placing)
                acrossSizes?[i] = Float(placed.breadth / 64)
                position(i, placed.x, placed.y)
            }
        }
    }

    /// The gaps between the items `range` of a line of the main view (units).
    public static func gaps(_ view: Items, _ range: Range<Int>, _ spacing: Spacing) -> Double {
        guard range.count > 1 else { return 0 }
        if case .fixed(let gap) = spacing { return Double(gap) * 64 * Double(range.count - 1) }
        var sum = 0.0
        for i in (range.lowerBound + 1)..<range.upperBound { sum += Double(view.gapX(i - 1, i, spacing)) * 64 }
        return sum
    }

    /// Whether a featured flow of `items` reports every item's size: its items grow, or
    /// their rules can resize them. Not inlined (see `Items.fit`).
    public static func writesSizes(_ items: Items) -> Bool { items.grow != nil || items.rules?.resizes == true }
}
