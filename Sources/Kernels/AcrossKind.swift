import LayoutKernelCore

/// How a featured flow's straight lines place their items across (`FeatureSink`).
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
