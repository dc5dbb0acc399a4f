import LayoutKernelCPU
import LayoutKernelCore

/// The sink of `FeatureRows`' one pass: each line the kernel closes, placed as it
/// closes (along it before its items are first stored, when it is one of the kernel's
/// straight lines), its row written, its items placed across. `Grows`: whether items
/// grow; `Rule`: how straight lines go along and across (`StraightRule`). Both are
/// types, so that the kernel's loop for a flow holds no code, branch or call for the
/// others.
///
/// What a straight line needs is held here by value (the kernel keeps its sink in
/// locals), so that such a line costs the plain flow's work plus its rule's few
/// operations; every other line goes to the `LinePlacer`, by reference.
struct FeatureSink<Grows: Flag, Rule: StraightRule>: RowSink {
    let placer: UnsafePointer<LinePlacer>
    var lines: LinesSoFar
    /// How straight lines go along; nil when they take the placer's way.
    let units: UnitAlong?
    let table: RowTableWriter
    let lineGap: Double
    /// Where a straight line's items go across (unless `Rule.Across` is `NoAcross`).
    let acrossOut: UnsafeMutablePointer<Float>
    /// The length along of the last line `placeAlong` grew (px).
    var grownWidth: Float = 0

    init(placer: UnsafePointer<LinePlacer>, lines: LinesSoFar) {
        self.placer = placer
        self.lines = lines
        let p = placer.pointee
        units = p.units
        table = p.table
        lineGap = p.lineGap
        acrossOut = p.acrossOut ?? p.along
    }

    static var needsHeights: Bool { true }

    static var placesAlong: Bool { true }

    static var findsTops: Bool { true }

    /// The kernel's straight line along it, in whole units when it can (`UnitAlong`),
    /// its items grown first when they grow (`LinePlacer.sharesInUnits`: each item's
    /// offset moves by the shares before it, its end by its own too); its `placedRow`
    /// follows (or its `latticeRow`, for nil).
    @inline(__always)
    mutating func placeAlong(start: Int, offsets: SIMD16<Int32>, ends: SIMD16<Int32>, count: Int,
                             extent: Int32) -> Lanes? {
        guard let units else { return nil }
        var (offsets, ends, extent) = (offsets, ends, extent)
        if Grows.on {
            let (shares, taken) = placer.pointee.sharesInUnits(start, count, free: units.width &- extent)
            let through = lk_prefix_sum_i32(shares)
            offsets &+= through &- shares
            ends &+= through
            extent &+= taken
            grownWidth = Float(extent) * (1.0 / 64)
        }
        return units.place(Rule.FromEnds.self, Rule.Spaced.self, offsets, ends, extent, count: count)
    }

    /// A line of the kernel's straight path placed along by `placeAlong` (at most 16
    /// items, 16 lanes within the items): its row, and its items across unless the
    /// frame places them.
    @inline(__always)
    mutating func placedRow(_ index: Int, start: Int, count: Int, y _: Double, width: Float, height: Float) {
        let size = Double(height) * 64
        lines.add(size, gap: lineGap)
        let position = lines.position
        table.write(index, start, count, y: LinePlacer.rowTop(position, size, reversed: Rule.Across.kind == .reversed),
                    width: Grows.on ? grownWidth : width, height: height)
        switch Rule.Across.kind {
        case .none: break
        case .flat: Lanes(repeating: Float(position / 64)).store(to: acrossOut + start, count: laneCount)
        case .reversed: placer.pointee.reversed(at: start, position, size).store(to: acrossOut + start, count: laneCount)
        case .apart: placer.pointee.placeAcrossApart(start, count, position, size)
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

/// What is fixed for all of a featured flow's straight lines (`FeatureSink`), as types:
/// how their items go across, and whether along they count from their ends and are
/// spaced (`UnitAlong.fromEnds`, `UnitAlong.Lead.spaced`).
protocol StraightRule {
    associatedtype Across: AcrossRule
    associatedtype FromEnds: Flag
    associatedtype Spaced: Flag
}

enum Straight<A: AcrossRule, E: Flag, S: Flag>: StraightRule {
    typealias Across = A
    typealias FromEnds = E
    typealias Spaced = S
}

/// How a featured flow's straight lines place their items across, as a type.
protocol AcrossRule { static var kind: AcrossKind { get } }

enum AcrossKind {
    /// Not in the pass: the frame or `LineSpread` places them (the placer has no
    /// `acrossOut`).
    case none
    /// At the line's start: one value (`LinePlacer.flat`).
    case flat
    /// Back from the lines' end, in units (`LinePlacer.reversedAcross`).
    case reversed
    /// Any other way: `LinePlacer.placeAcross`, out of line.
    case apart

    /// The kind `placer` asks for.
    init(_ placer: LinePlacer) {
        self = placer.acrossOut == nil ? .none : placer.flat ? .flat : placer.reversedAcross ? .reversed : .apart
    }
}

enum NoAcross: AcrossRule { static var kind: AcrossKind { .none } }
enum FlatAcross: AcrossRule { static var kind: AcrossKind { .flat } }
enum ReversedAcross: AcrossRule { static var kind: AcrossKind { .reversed } }
enum ApartAcross: AcrossRule { static var kind: AcrossKind { .apart } }

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
