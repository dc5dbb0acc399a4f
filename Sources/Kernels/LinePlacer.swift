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
        Self.rowTop(position, size, reversed: reversedAcross)
    }

    @inline(__always)
    static func rowTop(_ position: Double, _ size: Double, reversed: Bool) -> Double {
        reversed ? -(position + size) / 64 : position / 64
    }

    /// How the kernel's straight lines go along in whole units (`UnitAlong`), or nil.
    func unitAlong() -> UnitAlong? {
        guard containerInFloat, mainSize >= -8_388_608 else { return nil }
        let lead: UnitAlong.Lead
        switch justify {
        case .start?, .stretch?: lead = reverse ? .free : .zero
        case .end?: lead = reverse ? .zero : .free
        case .center?: lead = .half
        case .spaceBetween?: lead = .between
        case .spaceAround?: lead = .around
        case .spaceEvenly?: lead = .evenly
        case nil: return nil
        }
        return UnitAlong(lead: lead, width: Int32(mainSize), reverse: reverse, mirror: mirror)
    }

    /// The shares of `free` units of free space that the `count` items of a kernel's
    /// straight line from `first` take as they grow, one lane an item, and their sum, by
    /// `FlowFeatures.grow`'s rule (on the lattice every share is a whole number of
    /// units). Writes each item's grown size along and its size across (16 lanes within
    /// the items: the lanes past the line belong to later lines, written after it).
    ///
    /// When every growing item of the line has the same factor (the usual `grow: 1`,
    /// some items growing and the others not), the rule's shares have a closed form
    /// (`lk_grow_equal_shares`), found inline; any other line takes the rule itself, out
    /// of line (`unequalShares`).
    @inline(__always)
    func sharesInUnits(_ first: Int, _ count: Int, free: Int32) -> (SIMD16<Int32>, Int32) {
        guard let growth else { return (SIMD16(), 0) }
        // 16 lanes (a straight line lies within the items, so there are 16 of them).
        let factors = Lanes.load(growth.factors + first)
        let line = UInt32(1) << UInt32(truncatingIfNeeded: count) &- 1
        let growers = lk_bits_greater(factors, 0) & line
        var result = (SIMD16<Int32>(), Int32(0))
        if growers != 0 && free > 0 {
            let factor = factors[growers.trailingZeroBitCount]
            if lk_bits_equal(factors, factor) & line == growers {
                result = Self.equalShares(growers, factor, free: free)
            } else {
                result = unequalShares(first, count, free: free)
            }
        }
        if let along = growth.itemAlong {
            var bad: UInt32 = 0   // the line's lengths are whole units (`RowSink.latticeRow`)
            let lengths = Lanes.load(main + first)
            // An item the rule leaves alone keeps its own length (a -0 stays -0): one that
            // does not grow, or any when the line has no free space.
            let grows = factors .> 0 .& (free > 0)
            lk_from_units(lk_units(lengths, 1 << 22, &bad) &+ result.0).replacing(with: lengths, where: .!grows)
                .store(to: along + first, count: laneCount)
        }
        if let across = growth.itemAcross { Lanes.load(cross + first).store(to: across + first, count: laneCount) }
        return result
    }

    /// The rule's shares when the `m` items of `growers` (bit l: lane l) all grow by
    /// `factor` and `free > 0`: the factors sum to m g exactly, so the space shared is R =
    /// `free`, or floor(free * m g) when m g < 1, and the item with t growing items from
    /// it to the line's end takes round(R_t * (g / t g)) = round(R_t * fl(1 / t)), which
    /// is R_t / t rounded half up, exactly, for t <= 16 and R < 2^24 (at a half, fl(1/t)
    /// is exact or off by 2^-54 of it, which the product's rounding absorbs).
    /// `lk_grow_equal_shares` gives those shares in closed form.
    @inline(__always)
    static func equalShares(_ growers: UInt32, _ factor: Float, free: Int32) -> (SIMD16<Int32>, Int32) {
        let m = Int32(growers.nonzeroBitCount)
        let sum = Double(factor) * Double(m)
        let room = sum < 1 ? Int32((Double(free) * sum).rounded(.down)) : free
        let q = room / m
        return (lk_grow_equal_shares(growers, m, q, 2 &* (room &- q &* m) &- m), room)
    }

    /// `sharesInUnits` for lines whose growing items' factors differ: `FlowFeatures.grow`
    /// itself, into the room for grown sizes set to zero. Out of line.
    @inline(never)
    func unequalShares(_ first: Int, _ count: Int, free: Int32) -> (SIMD16<Int32>, Int32) {
        guard let growth else { return (SIMD16(), 0) }
        let room = growth.sizes
        for j in 0..<laneCount { room[j] = 0 }
        let taken = FlowFeatures.grow(first..<(first &+ count), Double(free), growth.factors, room, offset: first)
        return (lk_i32_from_f64(room), Int32(taken))
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
