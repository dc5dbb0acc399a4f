import LayoutKernelCPU
import LayoutKernelCore

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
    /// How each line shares its free space among its items.
    let itemSpace: FlowFeatures.FreeSpaceRule
    /// The container's size along the lines (units), and the gap between lines.
    let mainSize: Double, lineGap: Double
    /// Along: reversed lines, mirrored (right-to-left rows).
    let reverse: Bool, mirror: Bool
    /// Across: the items' offset in their line.
    let within: FlowFeatures.Offset
    /// Whether every item sits at its line's start across (anchor 0), lines in order.
    let flat: Bool
    /// Wrap-reversed lines placed across in one pass: each item's place across written
    /// as whole units back from the end of the last line, turned into places once every
    /// line is known (`UnitsFromEnd`).
    let reversedAcross: Bool
    /// How they are placed, when they can be (see `UnitsFromEnd`); nil otherwise.
    let fromEnd: UnitsFromEnd?
    /// Whether the container's size along is a whole number of units, at most 2^17 px.
    let containerInFloat: Bool
    /// Whether every item's place along its line is its offset there: lines packed at
    /// their start, in order, not mirrored (the lead is +0, and no offset is -0).
    let alongStays: Bool
    /// Growing items: their factors, room for a line's grown sizes, and where the items'
    /// sizes along the lines go (their sizes across are copied once the lines are placed).
    var growth: Growth?

    struct Growth {
        let factors: UnsafePointer<Float>
        let sizes: UnsafeMutablePointer<Double>
        let itemAlong: UnsafeMutablePointer<Float>?
    }

    /// The placer of `view`'s lines (the flow's main view) in a container `mainSize`
    /// along, `lineGap` between lines (units), writing rows to `table`.
    @inline(__always)
    init?(_ view: Items, _ parameters: FlowParameters, mainSize: Double, lineGap: Double,
          along: UnsafeMutablePointer<Float>, acrossOut: UnsafeMutablePointer<Float>?, table: RowTableWriter) {
        guard let main = view.widths.baseAddress, let cross = view.heights.baseAddress else { return nil }
        let vertical = parameters.axis == .vertical
        itemSpace = .items(parameters)
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
        // Wrap-reversed lines take the anchor unswapped: `UnitsFromEnd` counts from their end.
        within = FlowFeatures.Offset(parameters.crossAnchor)
        reversedAcross = parameters.wrapReverse && acrossOut != nil
        fromEnd = reversedAcross && UnitsFromEnd.holds(gap: lineGap)
            ? UnitsFromEnd(cross: cross, itemCount: view.count, anchor: within.anchor) : nil
        flat = within.anchor == 0 && !reversedAcross
        containerInFloat = mainSize == mainSize.rounded(.towardZero) && mainSize <= 8_388_608
        alongStays = itemSpace.keepsPlaces && !reverse && !mirror
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
            if placeItems(start, count, extent, size, lines.position, lattice: lattice) { lines.offLattice = true }
            return
        }
        // Growing items: the line's free space shared first, then its items placed along
        // it by their grown sizes (`FeaturePlacement.Along`, as the two passes place them).
        let end = start &+ count
        let taken = FlowFeatures.growLine(start..<end, free: mainSize - extent, factors: growth.factors, main: main,
                                          cross: cross, sizes: growth.sizes, itemAlong: growth.itemAlong,
                                          itemAcross: nil)
        writeRow(lines, start, count, extent, size, taken: taken)
        let spots = spots(free: mainSize - extent - taken, count)
        FeaturePlacement.Along(first: start, end: end, out: along, main: main, grown: growth.sizes, spots: spots,
                               extent: extent + taken, width: mainSize)
            .place(Yes.self, reverse: reverse, mirror: mirror, increments: spots.increments)
        if placeAcross(start, count, lines.position, size) { lines.offLattice = true }
    }

    /// The last of `lines` as `FlowFeatures.Frame.row` writes it: its items grew by `taken`.
    @inline(__always)
    func writeRow(_ lines: LinesSoFar, _ start: Int, _ count: Int, _ extent: Double, _ size: Double,
                  taken: Double = 0) {
        table.write(lines.count &- 1, start, count, y: rowTop(lines.position, size),
                    width: Float((extent + taken) / 64), height: Float(size / 64))
    }

    /// The table's top (px) of a line at `position`, `size` across (units): from the end
    /// of the last line, negated, for `reversedAcross` (see `UnitsFromEnd.turn`).
    @inline(__always)
    func rowTop(_ position: Double, _ size: Double) -> Double {
        Self.rowTop(position, size, reversed: reversedAcross)
    }

    @inline(__always)
    static func rowTop(_ position: Double, _ size: Double, reversed: Bool) -> Double {
        reversed ? -(position + size) / 64 : position / 64
    }

    /// How the kernel's straight lines go along in whole units (`UnitAlong`), or nil.
    /// Not for a mirrored container -0 wide (a proposal of -0): there an item at 0 is at
    /// -0 - 0 = -0, which whole units cannot say.
    func unitAlong() -> UnitAlong? {
        guard containerInFloat, mainSize >= -8_388_608, !(mirror && mainSize == 0 && mainSize.sign == .minus)
        else { return nil }
        return UnitAlong(rule: itemSpace, width: Int32(mainSize), reverse: reverse, mirror: mirror)
    }

    /// How a line with `free` space along and `count` items moves them (`distribute`).
    @inline(__always)
    func spots(free: Double, _ count: Int) -> FlowFeatures.Spots {
        itemSpace.spots(free: free, count: count)
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
    /// widths are multiples of 1/64 px, as `KernelRowSink.latticeRow` vouches); returns
    /// `placeAcross`'s answer.
    @inline(never)
    func placeItems(_ first: Int, _ count: Int, _ extent: Double, _ size: Double, _ position: Double,
                    lattice: Bool) -> Bool {
        placeAlong(first, count, extent, lattice: lattice)
        return placeAcross(first, count, position, size)
    }

    /// A line's items across it (unless the frame places them): it starts at `position`
    /// and is `size` across (units). Returns whether some size across is off the
    /// lattice, for wrap-reversed lines placed in units (`UnitsFromEnd`).
    @inline(__always)
    func placeAcross(_ first: Int, _ count: Int, _ position: Double, _ size: Double) -> Bool {
        guard let acrossOut else { return false }
        if let fromEnd { return fromEnd.place(acrossOut, first, count, position, size) }
        FeaturePlacement.Across(first: first, end: first &+ count, out: acrossOut, cross: cross, itemCount: itemCount,
                                across: position, size: size, within: within, mirror: false, width: 0).place()
        return false
    }

    /// `placeAcross`, out of line.
    @inline(never)
    func placeAcrossApart(_ first: Int, _ count: Int, _ position: Double, _ size: Double) {
        _ = placeAcross(first, count, position, size)
    }

    /// A line's items along it: free space distributed by the justification, in frame
    /// order (reversed lines count from their last item). In `Float` lanes when that
    /// is exact (see `inFloat`), else in `Double` lanes.
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
                : alongInDouble(offsets, length, j: j, count, extent, spots)
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
        let moved = spots.increments ? (Lanes(repeating: Float(lead)) + increments(spots, j: j, count)) * (1.0 / 64)
            : Lanes(repeating: Float(lead / 64))
        return FlowFeatures.LineFrame.along(moved: moved, offset: offsets, length: length,
                                            lineLength: Lanes(repeating: Float(extent / 64)),
                                            width: Lanes(repeating: Float(mainSize / 64)), reverse: reverse,
                                            mirror: mirror)
    }

    /// `placeAlong`'s expression in `Double` lanes (units), each place rounded to `Float`
    /// once: the reference's, lane by lane, for any line.
    @inline(__always)
    func alongInDouble(_ offsets: Lanes, _ length: Lanes, j: Int, _ count: Int, _ extent: Double,
                       _ spots: FlowFeatures.Spots) -> Lanes {
        let (first, step) = (Int32(truncatingIfNeeded: reverse ? count &- 1 &- j : j), Int32(reverse ? -1 : 1))
        let moved = spots.increments ? spots.lead + lk_feature_rhu(spots.free, spots.divisor, first, step)
            : SIMD16<Double>(repeating: spots.lead + 0)
        let place = FlowFeatures.LineFrame.along(moved: moved, offset: lk_widened(offsets) * 64,
                                                 length: lk_widened(length) * 64,
                                                 lineLength: SIMD16(repeating: extent + 0),
                                                 width: SIMD16(repeating: mainSize), reverse: reverse, mirror: mirror)
        return lk_narrowed(place / 64)
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
