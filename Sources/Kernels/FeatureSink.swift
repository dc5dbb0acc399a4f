import LayoutKernelCPU
import LayoutKernelCore

/// The sink of `FeatureRows`' one pass: each line the kernel closes, placed by a
/// `LinePlacer` as it closes (along it before its items are first stored, when it is one
/// of the kernel's straight lines), its row written, its items placed across. `Grows`:
/// whether items grow, so that the kernel's copy for other flows holds no growth code.
struct FeatureSink<Grows: Flag>: RowSink {
    // The placer by reference (read only, and large: the kernel keeps its sink in a
    // local for its straight path); the lines' sums by value, in the kernel's registers.
    let placer: UnsafePointer<LinePlacer>
    var lines: LinesSoFar
    /// The length along of the last line `placeAlong` grew (px).
    var grownWidth: Float = 0

    static var needsHeights: Bool { true }

    static var placesAlong: Bool { true }

    /// The kernel's straight line along it, in whole units when it can (`UnitAlong`),
    /// its items grown first when they grow (`LinePlacer.sharesInUnits`: each item's
    /// offset moves by the shares before it, its end by its own too); its `placedRow`
    /// follows (or its `latticeRow`, for nil).
    @inline(__always)
    mutating func placeAlong(start: Int, offsets: SIMD16<Int32>, ends: SIMD16<Int32>, count: Int,
                             extent: Int32) -> Lanes? {
        guard let units = placer.pointee.units else { return nil }
        var (offsets, ends, extent) = (offsets, ends, extent)
        if Grows.on {
            let (shares, taken) = placer.pointee.sharesInUnits(start, count, free: units.width &- extent)
            let through = lk_prefix_sum_i32(shares)
            offsets &+= through &- shares
            ends &+= through
            extent &+= taken
            grownWidth = Float(extent) * (1.0 / 64)
        }
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
        placer.pointee.table.write(line, start, count, y: placer.pointee.rowTop(position, size),
                                   width: Grows.on ? grownWidth : width, height: height)
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
        // Tested at run time: the same, but the kernel's straight path compiles to fewer
        // instructions for it (callgrind) than with `Grows.on`.
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
/// increments, `Float`), for grown lines too (their shares are whole units). For a flow
/// in a container a whole number of units along (at most 2^17 px either way), led by a
/// rule (not an anchor fraction).
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
