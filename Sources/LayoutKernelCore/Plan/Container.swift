/// The container of a featured flow (SPEC.md §11 "Container"), in units of 1/64 px: one
/// rule for the reference's frame, the kernels (which know the size along before packing
/// when it does not depend on the lines) and the engine.
extension FlowFeatures {

    public struct Container {
        /// The size along the lines and across them.
        public let mainSize: Double, crossSize: Double

        /// The container's size along the lines: a finite proposal there, else the
        /// widest line (`widest`, nil for no lines: 0); across them, the proposal when
        /// the lines share it (`definiteAcross`), else the lines' total (`total`: their
        /// sizes and gaps). Without `alignContent`, when `minimum()` gives the items'
        /// minimum size (it exceeds both axes of the proposal: §2's minimum-size rule),
        /// that size on both axes.
        @inlinable
        public init(_ parameters: FlowParameters, _ proposal: Proposal, minimum: () -> Size?, widest: Double?,
                    total: Double) {
            let vertical = parameters.axis == .vertical
            if parameters.alignContent == nil, let minimum = minimum() {
                mainSize = Double(vertical ? minimum.height : minimum.width) * 64
                crossSize = Double(vertical ? minimum.width : minimum.height) * 64
                return
            }
            mainSize = Container.finite(vertical ? proposal.height : proposal.width) ?? (widest ?? 0)
            crossSize = Container.definiteAcross(parameters, proposal) ?? total
        }

        /// The size along the lines when it is known before the lines are (the minimum
        /// size, when `minimum()` gives it without `alignContent`, or a finite proposal
        /// along the lines); nil when it is the widest line.
        @inlinable @inline(__always)
        public static func along(_ parameters: FlowParameters, _ proposal: Proposal,
                                 minimum: () -> Size?) -> (size: Double, minimum: Size?)? {
            let vertical = parameters.axis == .vertical
            if parameters.alignContent == nil, let minimum = minimum() {
                return (Double(vertical ? minimum.height : minimum.width) * 64, minimum)
            }
            return finite(vertical ? proposal.height : proposal.width).map { ($0, nil) }
        }

        /// The size across when the lines share it: a finite proposal across with a
        /// line distribution (`alignContent`); else nil (lines take their own sizes).
        @inlinable @inline(__always)
        public static func definiteAcross(_ parameters: FlowParameters, _ proposal: Proposal) -> Double? {
            guard parameters.alignContent != nil else { return nil }
            return finite(parameters.axis == .vertical ? proposal.width : proposal.height)
        }

        /// A single line's size across (SPEC.md §12, `nowrap`): the container's definite
        /// size across when the lines share one (`definiteAcross`), even below its items';
        /// else nil (the line's own size). The line is placed at the start: nothing else
        /// of `alignContent` acts on it.
        @inlinable @inline(__always)
        public static func singleLineSize(_ parameters: FlowParameters, _ proposal: Proposal) -> Double? {
            parameters.wrap == .nowrap ? definiteAcross(parameters, proposal) : nil
        }

        /// `limit` in units when it is finite.
        @inlinable @inline(__always)
        static func finite(_ limit: Float?) -> Double? {
            limit.flatMap { $0.isFinite ? Double($0) * 64 : nil }
        }

        /// The physical size (units): width and height.
        @inlinable
        public func size(_ axis: Axes) -> (width: Double, height: Double) {
            axis == .vertical ? (crossSize, mainSize) : (mainSize, crossSize)
        }
    }
}
