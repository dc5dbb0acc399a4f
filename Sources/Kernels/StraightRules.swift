import LayoutKernelCPU
import LayoutKernelCore

// The choices fixed for a whole featured flow that the kernel's loop is compiled for
// (`FeatureSink`'s type parameters): how its straight lines go along and across, and
// whether its items grow. Each is a type, with the state the sink holds for it, so that
// a flow's copy of the loop holds no code, branch, call or state for the others.

/// What is fixed for all of a featured flow's straight lines (`FeatureSink`), as types:
/// how their items go across, and whether along they count from their ends, are spaced,
/// or stay at their offsets (`UnitAlong.fromEnds`, `UnitAlong.Lead.spaced`,
/// `UnitAlong.stays`).
protocol StraightRule {
    associatedtype Across: AcrossRule
    associatedtype FromEnds: Flag
    associatedtype Spaced: Flag
    associatedtype Stays: Flag
}

enum Straight<A: AcrossRule, E: Flag, S: Flag, T: Flag>: StraightRule {
    typealias Across = A
    typealias FromEnds = E
    typealias Spaced = S
    typealias Stays = T
}

/// How a featured flow's straight lines place their items across, as a type: the state
/// the sink holds for it, and the placement of a line `size` across at `position`
/// (units).
protocol AcrossRule {
    associatedtype State
    static func state(_ placer: LinePlacer) -> State
    /// Whether rows' tops count back from the end of the last line (`UnitsFromEnd`).
    static var fromEnd: Bool { get }
    /// Whether lines are placed across in the pass (else by `LineSpread`, after it).
    static var inPass: Bool { get }
    static func place(_ state: inout State, _ out: UnsafeMutablePointer<Float>, _ start: Int, _ count: Int,
                      _ position: Double, _ size: Double, _ placer: UnsafePointer<LinePlacer>)
    /// Whether the pass found a size across off the lattice where that matters
    /// (`UnitsFromEnd`).
    static func offLattice(_ state: State) -> Bool
}

extension AcrossRule where State == Void {
    static func state(_ placer: LinePlacer) {}
}

extension AcrossRule {
    static var fromEnd: Bool { false }
    static var inPass: Bool { true }
    static func offLattice(_ state: State) -> Bool { false }
}

enum AcrossKind {
    /// Not in the pass: the frame or `LineSpread` places them (the placer has no
    /// `acrossOut`).
    case none
    /// At the line's start: one value (`LinePlacer.flat`).
    case flat
    /// Back from the lines' end, in units (`UnitsFromEnd`).
    case reversed
    /// Any other way: `LinePlacer.placeAcross`, out of line.
    case apart

    /// The kind `placer` asks for.
    init(_ placer: LinePlacer) {
        self = placer.acrossOut == nil ? .none : placer.flat ? .flat : placer.reversedAcross ? .reversed : .apart
    }
}

enum NoAcross: AcrossRule {
    static var inPass: Bool { false }
    @inline(__always)
    static func place(_: inout Void, _: UnsafeMutablePointer<Float>, _: Int, _: Int, _: Double, _: Double,
                      _: UnsafePointer<LinePlacer>) {}
}

enum FlatAcross: AcrossRule {
    @inline(__always)
    static func place(_: inout Void, _ out: UnsafeMutablePointer<Float>, _ start: Int, _: Int, _ position: Double,
                      _: Double, _: UnsafePointer<LinePlacer>) {
        Lanes(repeating: Float(position / 64)).store(to: out + start, count: laneCount)
    }
}

/// Wrap-reversed lines in units (`UnitsFromEnd`); the state keeps the bits of the lanes
/// whose sizes across were off the lattice. `AtStart`: the placer's
/// `fromEnd.atStart`, as a type.
enum ReversedAcross<AtStart: Flag>: AcrossRule {
    struct State {
        let fromEnd: UnitsFromEnd
        var offLattice: UInt32 = 0
    }

    /// The placer's `fromEnd`, which `FeatureRows.place` requires of wrap-reversed lines
    /// placed in the pass.
    static func state(_ placer: LinePlacer) -> State { State(fromEnd: placer.fromEnd!) }

    static var fromEnd: Bool { true }

    static func offLattice(_ state: State) -> Bool { state.offLattice != 0 }

    @inline(__always)
    static func place(_ state: inout State, _ out: UnsafeMutablePointer<Float>, _ start: Int, _: Int,
                      _ position: Double, _ size: Double, _: UnsafePointer<LinePlacer>) {
        state.fromEnd.r(AtStart.self, at: start, position, size, offLattice: &state.offLattice).store(to: out + start, count: laneCount)
    }
}

enum ApartAcross: AcrossRule {
    @inline(__always)
    static func place(_: inout Void, _: UnsafeMutablePointer<Float>, _ start: Int, _ count: Int, _ position: Double,
                      _ size: Double, _ placer: UnsafePointer<LinePlacer>) {
        placer.pointee.placeAcrossApart(start, count, position, size)
    }
}

/// Whether a featured flow's items grow, as a type: the state the sink holds for it and
/// a straight line's shares as running totals (`StraightGrowth`).
protocol GrowthRule {
    associatedtype State
    static var on: Bool { get }
    static func state(_ placer: LinePlacer) -> State
    static func totals(_ state: State, _ first: Int, _ count: Int, free: Int32) -> (SIMD16<Int32>, Int32)
}

enum NoGrowth: GrowthRule {
    static var on: Bool { false }
    static func state(_ placer: LinePlacer) {}
    @inline(__always)
    static func totals(_: Void, _: Int, _: Int, free _: Int32) -> (SIMD16<Int32>, Int32) { (SIMD16(), 0) }
}

enum Growing: GrowthRule {
    static var on: Bool { true }
    /// The placer's growth, which it has when items grow.
    static func state(_ placer: LinePlacer) -> StraightGrowth { StraightGrowth(placer)! }
    @inline(__always)
    static func totals(_ state: StraightGrowth, _ first: Int, _ count: Int, free: Int32) -> (SIMD16<Int32>, Int32) {
        state.totals(first, count, free: free)
    }
}
