import LayoutKernelCPU
import LayoutKernelCore

/// A featured flow placed line by line as the kernel closes its lines (lk_flow_layout's
/// "Features" in layoutkernel.h), when the container's size along the lines is known
/// before packing (a finite proposal there, or the minimum size).
///
/// The kernel writes each item's offset in its line where its place along the line goes
/// and hands each closed line to this sink, which places it at once, while its items are
/// in cache: its items along it (from the offsets: justified, reversed, mirrored, grown)
/// and, when nothing across depends on the lines still to come, its row and its items
/// across it (`place`). Lines start across where `FlowFeatures.Frame` starts them: each
/// at the one before it plus (its size plus the gap), summed in line order. Wrap-reversed
/// lines, whose places across count from the end of the last line, are placed across
/// from it in whole units as they close and turned into places when the packing ends
/// (`LinePlacer.reversedAcross`), when their sizes across allow. Lines that share a
/// definite size across (a line distribution) are placed along in the same pass, their
/// rows written to the caller's table, and then spread across from it (`LineSpread`),
/// when the table holds each row's first item, length and size. When the lines across
/// need every line first otherwise (wrap-reverse off the lattice, columns right to
/// left, per-item line spacing, a line distribution without those columns), the lines
/// go to the frame's table and the frame places them across afterwards (`packAlong`).
///
/// A line of the kernel's straight path (at most 16 items on the lattice) in a
/// container a whole number of units long is placed along before the kernel stores it:
/// from its offsets and ends in integer units (`placeAlong`, `UnitAlong`), so that its
/// items are written once, at their places. Other common lines (not growing, moved by
/// whole numbers of units, at their start across) take a few vector operations inline
/// in the kernel's loop (`LinePlacer.placeQuickly`); every other line a call.
///
/// Bit-identical to the reference: the same rules (`FlowFeatures.distribute`,
/// `FlowFeatures.growLine`) and the same expressions, operation for operation, in
/// `Double` units of 1/64 px, or in `Float` where that is exact (`LinePlacer.inFloat`).
struct FeatureRows: RowSink {
    // The placer by reference (read only, and large: the kernel keeps its sink in a
    // local for its straight path); the lines' sums by value, in the kernel's registers.
    let placer: UnsafePointer<LinePlacer>
    var lines: LinesSoFar

    static var needsHeights: Bool { true }

    /// Lays out a featured flow in one pass when nothing across depends on lines still
    /// to come and the container's size along is known (see above), else nil.
    /// - Complexity: O(n) time; no memory beyond the kernel's packing scratch (and room
    ///   for a line's grown sizes when items grow).
    @inline(__always)
    static func place(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                      _ output: LayoutOutput) -> LayoutOutcome? {
        let vertical = parameters.axis == .vertical
        guard let x = output.x, let y = output.y, !(vertical && parameters.direction == .rtl),
              case .fixed(let lineGap) = parameters.lineSpacing,
              let (mainSize, minimum) = containerAlong(items, parameters, proposal),
              case let definite = definiteAcross(parameters, proposal), definite == nil || LineSpread.canRead(output.rows),
              case let view = FlowFeatures.mainView(items, parameters.axis),
              !parameters.wrapReverse || definite != nil || acrossInUnits(view, parameters, gap: lineGap)
        else { return nil }
        // Growing items: each line's grown sizes (a line holds at most every item).
        let grown = FeaturePlacement.ScratchColumn(Double.self, items.grow == nil ? 0 : items.count)
        defer { grown.giveBack() }
        guard var placer = LinePlacer(view, parameters, mainSize: mainSize, lineGap: Double(lineGap) * 64,
                                      along: vertical ? y : x, acrossOut: definite != nil ? nil : vertical ? x : y,
                                      table: output.rows),
              items.grow == nil || grown.pointer != nil else { return nil }
        if let factors = items.grow?.baseAddress, let sizes = grown.pointer {
            placer.growth = LinePlacer.Growth(factors: factors, sizes: sizes,
                                              itemAlong: vertical ? output.itemHeight : output.itemWidth,
                                              itemAcross: vertical ? output.itemWidth : output.itemHeight)
        }
        let lines = pack(view, parameters, limit: (vertical ? proposal.height : proposal.width) ?? .infinity, placer)
        if placer.reversedAcross { placer.reverseAcross(total: lines.total, lines: lines.count) }
        if let definite {
            LineSpread.place(output.rows, lines: lines.count, total: lines.total, crossSize: definite,
                             lineGap: placer.lineGap, parameters, cross: placer.cross, out: vertical ? x : y,
                             itemCount: items.count)
        }
        let crossSize = definite ?? minimum.map { Double(vertical ? $0.width : $0.height) * 64 } ?? lines.total
        let (width, height) = vertical ? (crossSize, mainSize) : (mainSize, crossSize)
        return LayoutOutcome(size: Size(width: Float(width / 64), height: Float(height / 64)),
                             rows: lines.count, sizesWritten: items.grow != nil)
    }

    /// The packing of `FlowFeatures.place` (a `FlowFeatures.Pack`) with each line's items
    /// placed along it as the kernel closes it, in a container `mainSize` along
    /// (`containerAlong`): `packing` is the packing proposal, the lines go to `table`
    /// for the frame, which places them across.
    static func packAlong(_ view: Items, _ parameters: FlowParameters, _ packing: Proposal, mainSize: Double,
                          into table: inout RowTableWriter, offsets: UnsafeMutablePointer<Float>?) {
        guard let offsets, let placer = LinePlacer(view, parameters, mainSize: mainSize, lineGap: 0, along: offsets,
                                                   acrossOut: nil, table: table) else {
            // No positions wanted, or no items: the plain packing.
            return FlowKernel.packAll(view, parameters, limit: packing.width ?? .infinity, into: &table,
                                      offsets: offsets)
        }
        table.extent.rows = pack(view, parameters, limit: packing.width ?? .infinity, placer).count
    }

    /// Whether a wrap-reversed flow (`view`: its main view) can be placed across in one
    /// pass, from the end of the last line (`LinePlacer.reversedAcross`): the items at the
    /// start, the centre or the end of their lines across, every size across and the gap
    /// between lines whole numbers of units (each at most 2^16 px either way), all of
    /// them together (the gap once per item) below 2^31 units.
    /// - Complexity: O(n), 16 items a step.
    @inline(never)
    static func acrossInUnits(_ view: Items, _ parameters: FlowParameters, gap: Float) -> Bool {
        let anchor = parameters.axis == .vertical ? parameters.alignment.x : parameters.alignment.y
        let gapUnits = Double(gap) * 64
        guard anchor == 0 || anchor == 0.5 || anchor == 1, gapUnits == gapUnits.rounded(.towardZero),
              abs(gapUnits) <= 4_194_304, let cross = view.heights.baseAddress else { return false }
        var bad: UInt32 = 0
        // Every line's position and end lie within the sizes and the gaps' magnitudes.
        var sum = Int64(abs(gapUnits)) * Int64(view.count)
        var i = 0
        while i < view.count {
            let m = min(laneCount, view.count &- i)
            let units = lk_units(m == laneCount ? Lanes.load(cross + i) : Lanes.load(cross + i, count: m), 1 << 22, &bad)
            sum &+= Int64(units.wrappedSum())
            i &+= laneCount
        }
        return bad == 0 && sum < Int64(Int32.max)
    }

    /// The container's size along the lines as `FlowFeatures.Frame` finds it, when that
    /// is known before packing: the minimum size (returned too) when it applies, else a
    /// finite proposal along the lines; nil when it is the widest line.
    @inline(__always)
    static func containerAlong(_ items: Items, _ parameters: FlowParameters,
                               _ proposal: Proposal) -> (Double, minimum: Size?)? {
        let vertical = parameters.axis == .vertical
        if parameters.alignContent == nil, let minimum = FlowKernel.minimumSize(items, proposal) {
            return (Double(vertical ? minimum.height : minimum.width) * 64, minimum)
        }
        guard let limit = vertical ? proposal.height : proposal.width, limit.isFinite else { return nil }
        return (Double(limit) * 64, nil)
    }

    /// The container's size across (units) when the lines share it: a finite proposal
    /// across with a line distribution; else nil.
    @inline(__always)
    static func definiteAcross(_ parameters: FlowParameters, _ proposal: Proposal) -> Double? {
        guard parameters.alignContent != nil,
              let limit = parameters.axis == .vertical ? proposal.width : proposal.height, limit.isFinite else { return nil }
        return Double(limit) * 64
    }

    /// Packs the main view `view` at line limit `limit` into `placer`'s lines; returns them.
    @inline(__always)
    static func pack(_ view: Items, _ parameters: FlowParameters, limit: Float, _ placer: LinePlacer) -> LinesSoFar {
        var lines = LinesSoFar(gap: placer.lineGap)
        var placer = placer
        placer.units = placer.unitAlong()
        withUnsafePointer(to: placer) { placer in
            var sink = FeatureRows(placer: placer, lines: lines)
            FlowKernel.packAll(view, parameters, limit: limit, into: &sink, offsets: placer.pointee.along)
            lines = sink.lines
        }
        return lines
    }

    static var placesAlong: Bool { true }

    /// The kernel's straight line along it, in whole units when it can (`UnitAlong`);
    /// its `placedRow` follows (or its `latticeRow`, for nil).
    @inline(__always)
    mutating func placeAlong(offsets: SIMD16<Int32>, ends: SIMD16<Int32>, count: Int, extent: Int32) -> Lanes? {
        guard let units = placer.pointee.units else { return nil }
        guard units.lead == .spaces else { return units.place(offsets, ends, extent) }
        guard let move = placer.pointee.spacedMove(count, extent, units.width) else { return nil }
        return move * (1.0 / 64) + lk_from_units(units.fromEnds ? 0 &- ends : offsets)
    }

    /// A line of the kernel's straight path placed along by `placeAlong` (at most 16
    /// items, 16 lanes within the items): its row, and its items across unless the
    /// frame places them.
    @inline(__always)
    mutating func placedRow(_ index: Int, start: Int, count: Int, y _: Double, width: Float, height: Float) {
        let size = Double(height) * 64
        lines.add(size, gap: placer.pointee.lineGap)
        let (line, position) = (lines.count &- 1, lines.position)
        placer.pointee.table.write(line, start, count, y: placer.pointee.rowTop(position, size), width: width,
                                   height: height)
        guard let across = placer.pointee.acrossOut else { return }
        if placer.pointee.flat {
            Lanes(repeating: Float(position / 64)).store(to: across + start, count: laneCount)
        } else if placer.pointee.reversedAcross {
            placer.pointee.reversed(at: start, position, size).store(to: across + start, count: laneCount)
        } else {
            placer.pointee.placeAcrossApart(start, count, position, size)
        }
    }

    @inline(__always)
    mutating func row(_ index: Int, start: Int, count: Int, y _: Double, width: Float, height: Float) {
        placer.pointee.place(start, count, width, height, lattice: false, &lines)
    }

    @inline(__always)
    mutating func latticeRow(_ index: Int, start: Int, count: Int, y _: Double, width: Float, height: Float) {
        let placer = placer.pointee
        if placer.growth != nil { return placer.place(start, count, width, height, lattice: true, &lines) }
        let extent = Double(width) * 64
        let size = Double(height) * 64
        lines.add(size, gap: placer.lineGap)
        placer.writeRow(lines, start, count, extent, size)
        if !placer.placeQuickly(start, count, extent, lines.position) {
            placer.placeItems(start, count, extent, size, lines.position, lattice: true)
        }
    }
}

/// How the kernel's straight lines (at most 16 items on the lattice) go along, in whole
/// units: `LinePlacer.placeAlong`'s expression, exact in `Int32` (and, for the spaces'
/// increments, `Float`). For a flow whose lines do not grow, in a container a whole
/// number of units along (at most 2^17 px either way), led by a rule (not an anchor
/// fraction).
struct UnitAlong {
    /// A line's lead from its free space F, as `FlowFeatures.distribute` leads (start,
    /// and the flex-start fallbacks, pack reversed lines at the far side).
    enum Lead {
        /// 0, F, trunc(F / 2).
        case zero, free, half
        /// Space-between, -around, -evenly: `distribute`'s lead and increments
        /// (`LinePlacer.spacedMove`).
        case spaces
    }
    let lead: Lead
    /// The container's size along (units).
    let width: Int32
    // `place`'s rule as masks, so that a line takes no branch: the lead is
    // ((F + (F < 0 ? halve : 0)) >> halve) & leadMask, plus the extent & extentMask
    // (reversed lines count from their end), then mirrored as width - move.
    let halve: Int32, leadMask: Int32, extentMask: Int32
    let mirrorBase: Int32, mirrorSign: Int32
    /// Whether items are placed back from their ends (reversed or mirrored, not both).
    let fromEnds: Bool

    init(lead: Lead, width: Int32, reverse: Bool, mirror: Bool) {
        self.lead = lead
        self.width = width
        halve = lead == .half ? 1 : 0
        leadMask = lead == .zero ? 0 : -1
        extentMask = reverse ? -1 : 0
        (mirrorBase, mirrorSign) = mirror ? (width, -1) : (0, 1)
        fromEnds = reverse != mirror
    }

    /// The places (px) of a line's items along it from their offsets and ends (units),
    /// the line `extent` long, its lead by `lead` (not `spaces`).
    @inline(__always)
    func place(_ offsets: SIMD16<Int32>, _ ends: SIMD16<Int32>, _ extent: Int32) -> Lanes {
        let free = width &- extent
        // trunc(F / 2) = (F + 1) >> 1 for negative F.
        let lead = ((free &+ (Int32(bitPattern: UInt32(bitPattern: free) >> 31) & halve)) &>> halve) & leadMask
        // Reversed: from the line's end; mirrored: from the container's.
        let move = mirrorBase &+ mirrorSign &* (lead &+ (extent & extentMask))
        return lk_from_units(fromEnds ? SIMD16(repeating: move) &- ends : SIMD16(repeating: move) &+ offsets)
    }
}

/// The lines placed so far, as `FlowFeatures.Frame` sums them: how many, where the last
/// one starts across and its size (units), the sum of their sizes and of the gaps.
struct LinesSoFar {
    var count = 0
    var position: Double, previousSize = 0.0
    var sizes = 0.0, gaps: Double

    /// No lines yet, `gap` between those to come. The sums start a gap back, so that
    /// each line adds its gap (the first one's makes +0): the frame's sums, unbranched.
    init(gap: Double) {
        position = -gap
        gaps = -gap
    }

    /// The next line, `size` across, after `gap` (the one `init` took).
    @inline(__always)
    mutating func add(_ size: Double, gap: Double) {
        position += previousSize + gap
        gaps += gap
        sizes += size
        previousSize = size
        count &+= 1
    }

    /// The lines' size across: their sizes and the gaps between them.
    var total: Double { count == 0 ? 0 : sizes + gaps }
}

/// What places a featured flow's lines as the kernel closes them (see `FeatureRows`).
struct LinePlacer {
    /// Each item's offset in its line (the kernel's), overwritten by its place along it.
    let along: UnsafeMutablePointer<Float>
    /// Each item's place across its line; nil when the frame places them.
    let acrossOut: UnsafeMutablePointer<Float>?
    /// The items' sizes along and across the lines.
    let main: UnsafePointer<Float>, cross: UnsafePointer<Float>
    let itemCount: Int
    let table: RowTableWriter
    /// The justification as `distribute` resolves it (nil: led by an anchor fraction).
    let justify: Distribution?
    /// The container's size along the lines (units), and the gap between lines.
    let mainSize: Double, lineGap: Double
    let mainAnchor: Float
    /// Along: reversed lines, mirrored (right-to-left rows).
    let reverse: Bool, mirror: Bool
    /// Across: the items' offset in their line.
    let within: FlowFeatures.Offset
    /// Whether every item sits at its line's start across (anchor 0), lines in order.
    let flat: Bool
    /// Wrap-reversed lines, placed across in one pass (`FeatureRows.acrossInUnits`):
    /// each item's place across is written as it would be in lines stacked from the end,
    /// as whole units r from the end of the last line (`Int32` bits), and turned into
    /// places once every line is known (`reverseAcross`).
    let reversedAcross: Bool
    /// Whether the container's size along is a whole number of units, at most 2^17 px.
    let containerInFloat: Bool
    /// Whether every item's place along its line is its offset there: lines packed at
    /// their start, in order, not mirrored (the lead is +0, and no offset is -0).
    let alongStays: Bool
    /// Growing items: their factors, room for a line's grown sizes, and where the items'
    /// sizes along and across the lines go.
    var growth: Growth?
    /// How the kernel's straight lines go along in whole units, when they can
    /// (`unitAlong`, set as packing starts).
    var units: UnitAlong?

    struct Growth {
        let factors: UnsafePointer<Float>
        let sizes: UnsafeMutablePointer<Double>
        let itemAlong: UnsafeMutablePointer<Float>?, itemAcross: UnsafeMutablePointer<Float>?
    }

    /// The placer of `view`'s lines (the flow's main view) in a container `mainSize`
    /// along, `lineGap` between lines (units), writing rows to `table`.
    @inline(__always)
    init?(_ view: Items, _ parameters: FlowParameters, mainSize: Double, lineGap: Double,
          along: UnsafeMutablePointer<Float>, acrossOut: UnsafeMutablePointer<Float>?, table: RowTableWriter) {
        guard let main = view.widths.baseAddress, let cross = view.heights.baseAddress else { return nil }
        let vertical = parameters.axis == .vertical
        let crossAnchor = vertical ? parameters.alignment.x : parameters.alignment.y
        mainAnchor = vertical ? parameters.alignment.y : parameters.alignment.x
        let justify = FlowFeatures.resolved(parameters.justify, anchor: mainAnchor)
        self.justify = justify
        self.along = along
        self.acrossOut = acrossOut
        self.main = main
        self.cross = cross
        itemCount = view.count
        self.table = table
        self.mainSize = mainSize
        self.lineGap = lineGap
        reverse = parameters.reverse
        mirror = parameters.direction == .rtl && !vertical
        within = FlowFeatures.Offset(crossAnchor)
        reversedAcross = parameters.wrapReverse && acrossOut != nil
        flat = within.anchor == 0 && !reversedAcross
        containerInFloat = mainSize == mainSize.rounded(.towardZero) && mainSize <= 8_388_608
        alongStays = justify == .start && !reverse && !mirror
    }

    /// Places a line: its row, then its items.
    @inline(never)
    func place(_ start: Int, _ count: Int, _ width: Float, _ height: Float, lattice: Bool,
               _ lines: inout LinesSoFar) {
        let extent = Double(width) * 64
        let size = Double(height) * 64
        lines.add(size, gap: lineGap)
        guard let growth else {
            writeRow(lines, start, count, extent, size)
            return placeItems(start, count, extent, size, lines.position, lattice: lattice)
        }
        // Growing items: the line's free space shared first, then its items placed along
        // it by their grown sizes (`FeaturePlacement.Along`, as the two passes place them).
        let end = start &+ count
        let taken = FlowFeatures.growLine(start..<end, free: mainSize - extent, factors: growth.factors, main: main,
                                          cross: cross, sizes: growth.sizes, itemAlong: growth.itemAlong,
                                          itemAcross: growth.itemAcross)
        writeRow(lines, start, count, extent, size, taken: taken)
        let spots = spots(free: mainSize - extent - taken, count)
        FeaturePlacement.Along(first: start, end: end, out: along, main: main, grown: growth.sizes, spots: spots,
                               extent: extent + taken, width: mainSize)
            .place(Yes.self, reverse: reverse, mirror: mirror, increments: spots.increments)
        placeAcross(start, count, lines.position, size)
    }

    /// The last of `lines` as `FlowFeatures.Frame.row` writes it: its items grew by `taken`.
    @inline(__always)
    func writeRow(_ lines: LinesSoFar, _ start: Int, _ count: Int, _ extent: Double, _ size: Double,
                  taken: Double = 0) {
        table.write(lines.count &- 1, start, count, y: rowTop(lines.position, size),
                    width: Float((extent + taken) / 64), height: Float(size / 64))
    }

    /// The table's top (px) of a line at `position`, `size` across (units): from the end
    /// of the last line, negated, for `reversedAcross` (see `reverseAcross`).
    @inline(__always)
    func rowTop(_ position: Double, _ size: Double) -> Double {
        reversedAcross ? -(position + size) / 64 : position / 64
    }

    /// How the kernel's straight lines go along in whole units (`UnitAlong`), or nil.
    func unitAlong() -> UnitAlong? {
        guard growth == nil, containerInFloat, mainSize >= -8_388_608 else { return nil }
        let lead: UnitAlong.Lead
        switch justify {
        case .start?, .stretch?: lead = reverse ? .free : .zero
        case .end?: lead = reverse ? .zero : .free
        case .center?: lead = .half
        case .spaceBetween?, .spaceAround?, .spaceEvenly?: lead = .spaces
        case nil: return nil
        }
        return UnitAlong(lead: lead, width: Int32(mainSize), reverse: reverse, mirror: mirror)
    }

    /// How far (units) space-between, -around and -evenly move the items of a line of
    /// `count` items, `extent` long, in a container `width` units along, from their
    /// offsets (or, reversed or mirrored, back from their ends): `UnitAlong.place`'s
    /// move, one lane an item, out of line (its vectors stay out of the kernel's
    /// registers); nil when the increments are too large for `Float` to find exactly.
    @inline(never)
    func spacedMove(_ count: Int, _ extent: Int32, _ width: Int32) -> Lanes? {
        let spots = spots(free: Double(width &- extent), count)
        // Whole numbers of units below 2^24 (the line stays within the container).
        var move = Lanes(repeating: Float(spots.lead + 0))
        if spots.increments {
            let last = Int32(truncatingIfNeeded: count &- 1)
            guard Double(2 &* last) * spots.free + 3 * spots.divisor < 16_777_216 else { return nil }
            let (free, divisor) = (Float(spots.free), Float(spots.divisor))
            let (first, step): (Int32, Int32) = reverse ? (last, -1) : (0, 1)
            move += last < 8 ? lk_feature_increments8_f32(free, divisor, first, step, last)
                : lk_feature_increments_f32(free, divisor, first, step, last)
        }
        if reverse { move += Lanes(repeating: Float(extent)) }
        if mirror { move = Lanes(repeating: Float(width)) - move }
        return move
    }

    /// How a line with `free` space along and `count` items moves them (`distribute`).
    @inline(__always)
    func spots(free: Double, _ count: Int) -> FlowFeatures.Spots {
        FlowFeatures.distribute(free, count: count, justify, anchor: mainAnchor, reversed: reverse, lines: false)
    }

    /// The common line, inline: at most 16 items on the lattice, at the line's start
    /// across, moved along by whole numbers of units (see `inFloat`; increments by a
    /// call). False, having written nothing, for any other line.
    @inline(__always)
    func placeQuickly(_ first: Int, _ count: Int, _ extent: Double, _ position: Double) -> Bool {
        guard flat || acrossOut == nil, count <= laneCount && first &+ laneCount <= itemCount else { return false }
        if !alongStays {
            let spots = spots(free: mainSize - extent, count)
            guard inFloat(spots) else { return false }
            let offsets = Lanes.load(along + first)
            let length = reverse || mirror ? Lanes.load(main + first) : Lanes()
            alongInFloat(offsets, length, j: 0, count, extent, spots).store(to: along + first, count: laneCount)
        }
        if let acrossOut { Lanes(repeating: Float(position / 64)).store(to: acrossOut + first, count: laneCount) }
        return true
    }

    /// A line's items along it and across it, any line (`lattice`: its offsets and
    /// widths are multiples of 1/64 px, as `RowSink.latticeRow` vouches).
    @inline(never)
    func placeItems(_ first: Int, _ count: Int, _ extent: Double, _ size: Double, _ position: Double,
                    lattice: Bool) {
        placeAlong(first, count, extent, lattice: lattice)
        placeAcross(first, count, position, size)
    }

    /// A line's items across it (unless the frame places them): it starts at `position`
    /// and is `size` across (units).
    @inline(__always)
    func placeAcross(_ first: Int, _ count: Int, _ position: Double, _ size: Double) {
        guard let acrossOut else { return }
        if reversedAcross { return placeReversed(acrossOut, first, count, position, size) }
        if flat {
            let top = Lanes(repeating: Float(position / 64))
            var i = first
            while i < first &+ count {
                store(top, to: acrossOut, at: i, count: first &+ count &- i)
                i &+= laneCount
            }
            return
        }
        FeaturePlacement.Across(first: first, end: first &+ count, out: acrossOut, cross: cross, itemCount: itemCount,
                                across: position, size: size, within: within, mirror: false, width: 0).place()
    }

    /// `placeAcross` for `reversedAcross`: each item's place across as r units back from
    /// the end of the last line, r = position + size - o(size - c), with o(f) = f,
    /// trunc(f / 2) or 0 for an item c across at the start, the centre or the end of
    /// its line (which wrap-reverse turns into the end, the centre and the start). Exact
    /// in `Int32` (`FeatureRows.acrossInUnits`).
    @inline(__always)
    func placeReversed(_ out: UnsafeMutablePointer<Float>, _ first: Int, _ count: Int, _ position: Double,
                       _ size: Double) {
        var i = first
        while i < first &+ count {
            let m = min(laneCount, first &+ count &- i)
            let whole = i &+ laneCount <= itemCount
            reversed(at: i, position, size, count: whole ? laneCount : m).store(to: out + i, count: whole ? laneCount : m)
            i &+= laneCount
        }
    }

    /// `placeReversed`'s r for the items at `i ..< i + count` (`count` at most 16), as
    /// the bits of 16 floats.
    @inline(__always)
    func reversed(at i: Int, _ position: Double, _ size: Double, count: Int = laneCount) -> Lanes {
        var r = SIMD16<Int32>(repeating: Int32(position + size))
        if within.anchor != 1 {
            var bad: UInt32 = 0
            let c = lk_units(count == laneCount ? Lanes.load(cross + i) : Lanes.load(cross + i, count: count), 1 << 22,
                             &bad)
            // f >= 0 (a line is as large across as its largest item): trunc(f / 2) = f >> 1.
            let free = SIMD16(repeating: Int32(size)) &- c
            r &-= within.centred ? free &>> 1 : free
        }
        return unsafeBitCast(r, to: Lanes.self)
    }

    /// Turns `placeReversed`'s r into places across once every line is known, the lines
    /// `total` across (units): total - r for every item, and the table's tops.
    /// - Complexity: O(n), 16 items a step.
    @inline(never)
    func reverseAcross(total: Double, lines: Int) {
        guard let acrossOut else { return }
        let whole = SIMD16<Int32>(repeating: Int32(total))
        var i = 0
        while i < itemCount {
            let m = min(laneCount, itemCount &- i)
            let r = m == laneCount ? Lanes.load(acrossOut + i) : Lanes.load(acrossOut + i, count: m)
            lk_from_units(whole &- unsafeBitCast(r, to: SIMD16<Int32>.self)).store(to: acrossOut + i, count: m)
            i &+= laneCount
        }
        if let top = table.y { for k in 0..<lines { top[k] = total / 64 + top[k] } }
    }

    /// `placeAcross`, out of line.
    @inline(never)
    func placeAcrossApart(_ first: Int, _ count: Int, _ position: Double, _ size: Double) {
        placeAcross(first, count, position, size)
    }

    /// A line's items along it: free space distributed by the justification, in frame
    /// order (reversed lines count from their last item). In `Float` lanes when that
    /// is exact (see `inFloat`), else in `Double` (`lk_feature_along`).
    @inline(__always)
    func placeAlong(_ first: Int, _ count: Int, _ extent: Double, lattice: Bool) {
        guard !alongStays else { return }
        let spots = spots(free: mainSize - extent, count)
        let float = lattice && inFloat(spots)
        let lengths = reverse || mirror
        var j = 0
        while j < count {
            let i = first &+ j
            let m = min(laneCount, count &- j)
            let offsets = load(along, at: i, count: m)
            let length = lengths ? load(main, at: i, count: m) : Lanes()
            let place = float ? alongInFloat(offsets, length, j: j, count, extent, spots)
                : lk_feature_along(offsets, length, spots.lead, spots.free, spots.divisor,
                                   Int32(truncatingIfNeeded: reverse ? count &- 1 &- j : j), reverse ? -1 : 1,
                                   extent + 0, mainSize, reverse ? 1 : 0, mirror ? 1 : 0, spots.increments ? 1 : 0)
            store(place, to: along, at: i, count: m)
            j &+= laneCount
        }
    }

    /// Whether a line on the lattice can be placed in `Float`: when its items move by
    /// whole numbers of units (the lead, plus the increments), at most 2^16 px either
    /// way, and (mirrored) the container's size is a whole number of units, at most 2^17
    /// px. Every value the expression forms is then a multiple of 1/64 px of magnitude
    /// at most 2^18 px (an item's offset plus its length stays within its line's extent,
    /// below 2^17 px), which `Float` holds exactly: the `Double` value, rounded the same.
    @inline(__always)
    func inFloat(_ spots: FlowFeatures.Spots) -> Bool {
        let lead = spots.lead + 0
        // Increments are whole numbers from 0 to the free space.
        let most = abs(lead) + (spots.increments ? spots.free : 0)
        return lead == lead.rounded(.towardZero) && most <= 4_194_304 && (containerInFloat || !mirror)
    }

    /// `placeAlong`'s expression in `Float` lanes for the items at `j ..< j + 16` of a
    /// line of `count` (see `inFloat`): their offsets and lengths given.
    @inline(__always)
    func alongInFloat(_ offsets: Lanes, _ length: Lanes, j: Int, _ count: Int, _ extent: Double,
                      _ spots: FlowFeatures.Spots) -> Lanes {
        let lead = spots.lead + 0
        var place = Lanes(repeating: Float(lead / 64))
        if spots.increments {
            place = (Lanes(repeating: Float(lead)) + increments(spots, j: j, count)) * (1.0 / 64)
        }
        if reverse {
            place += (Lanes(repeating: Float(extent / 64)) - offsets) - length
        } else {
            place += offsets
        }
        if mirror { place = (Lanes(repeating: Float(mainSize / 64)) - place) - length }
        return place
    }

    /// The increments (`FlowFeatures.Spots.increment`) of the items at `j ..< j + 16` of
    /// a line of `count`, in frame order, as floats: whole numbers from 0 to the free
    /// space. Out of line: a protocol witness that inlines its caller keeps its vector
    /// code in this module's own function.
    @inline(never)
    func increments(_ spots: FlowFeatures.Spots, j: Int, _ count: Int) -> Lanes {
        let (first, step) = (Int32(truncatingIfNeeded: reverse ? count &- 1 &- j : j), Int32(reverse ? -1 : 1))
        // Lines of at most 8 items (the usual) need half the divisions.
        return count &- j <= 8 ? lk_feature_increments8(spots.free, spots.divisor, first, step)
            : lk_feature_increments(spots.free, spots.divisor, first, step)
    }

    /// The `count` values at `index`: 16 lanes while they stay within the items.
    @inline(__always)
    func load(_ values: UnsafePointer<Float>, at index: Int, count: Int) -> Lanes {
        index &+ laneCount <= itemCount ? Lanes.load(values + index) : Lanes.load(values + index, count: count)
    }

    /// Writes the first `count` lanes of `value` at `index`, as 16 lanes while they stay
    /// within the items: the lanes past the line belong to later lines, whose offsets the
    /// kernel writes after this line closes, and which are placed after it.
    @inline(__always)
    func store(_ value: Lanes, to values: UnsafeMutablePointer<Float>, at index: Int, count: Int) {
        value.store(to: values + index, count: index &+ laneCount <= itemCount ? laneCount : count)
    }
}
