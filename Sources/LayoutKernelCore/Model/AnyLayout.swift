/// An axis, or a set of axes (`lk_first_fit`'s constrained axes).
public struct Axes: OptionSet, Hashable, Sendable {
    public let rawValue: Int32
    @inlinable public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let horizontal = Axes(rawValue: 1)
    public static let vertical = Axes(rawValue: 2)
    public static let both: Axes = [.horizontal, .vertical]
}

/// The parameters of an HStack, a VStack or a ZStack (lk_stack_params in layoutkernel.h).
public struct StackParameters: Equatable, Hashable, Sendable {
    /// The gap between neighbours along the stack's axis (unused by a ZStack).
    public var spacing: Spacing
    /// Each item's anchor across the stack's axis (both axes in a ZStack).
    public var alignment: Anchor

    @inlinable
    public init(spacing: Spacing = .fixed(0), alignment: Anchor = .center) {
        self.spacing = spacing
        self.alignment = alignment
    }
}

/// How many columns a grid has (lk_grid_params in layoutkernel.h).
public enum GridColumns: Equatable, Hashable, Sendable {
    /// A fixed count, `>= 1`.
    case count(Int)
    /// As many columns of at least this width (`> 0`) as fit a finite proposal width,
    /// `max(1, floor((W + spacing) / (minimumWidth + spacing)))`; one per item otherwise.
    case adaptive(minimumWidth: Float)
}

/// How a grid sizes its columns.
public enum GridSizing: Equatable, Hashable, Sendable {
    /// Each column as wide as its widest item (SwiftUI's `Grid`).
    case fit
    /// Columns share a finite proposal width equally (`LazyVGrid`'s flexible columns),
    /// `max(0, (W - (c - 1) * spacing) / c)`; as `fit` when the width is not finite.
    case fill
}

/// The parameters of a grid (lk_grid_params in layoutkernel.h).
public struct GridParameters: Equatable, Hashable, Sendable {
    public var columns: GridColumns
    public var sizing: GridSizing
    public var spacing: Float
    public var lineSpacing: Float
    /// Each item's anchor inside its cell.
    public var alignment: Anchor

    @inlinable
    public init(columns: GridColumns = .count(1), sizing: GridSizing = .fit, spacing: Float = 0,
                lineSpacing: Float = 0, alignment: Anchor = .center) {
        self.columns = columns
        self.sizing = sizing
        self.spacing = spacing
        self.lineSpacing = lineSpacing
        self.alignment = alignment
    }
}

/// The parameters of a balanced stack (lk_balanced_params in layoutkernel.h).
public struct BalancedParameters: Equatable, Hashable, Sendable {
    /// `.horizontal` (a row) or `.vertical` (a column); exactly one axis.
    public var axis: Axes
    /// The gap between neighbouring cells (per item: along the axis).
    public var spacing: Spacing

    @inlinable
    public init(axis: Axes = .horizontal, spacing: Spacing = .fixed(0)) {
        self.axis = axis
        self.spacing = spacing
    }
}

/// The parameters of a circle (lk_circle_params in layoutkernel.h).
public struct CircleParameters: Equatable, Hashable, Sendable {
    public var radius: Float
    /// Radians; item `i` of `n` sits at `startAngle + 2 pi i / n`.
    public var startAngle: Float
    /// Which point of an item sits on the circle.
    public var anchor: Anchor

    @inlinable
    public init(radius: Float = 0, startAngle: Float = 0, anchor: Anchor = .center) {
        self.radius = radius
        self.startAngle = startAngle
        self.anchor = anchor
    }
}

/// A layout of any kind: SwiftUI's `AnyLayout`.
public enum AnyLayout: Equatable, Hashable, Sendable {
    case flow(FlowParameters)
    case hstack(StackParameters)
    case vstack(StackParameters)
    case zstack(StackParameters)
    case grid(GridParameters)
    case balanced(BalancedParameters)
    case circle(CircleParameters)
}

extension AnyLayout {
    /// Whether this layout gives `items` sizes of their own, which its result's item
    /// sizes then hold: a balanced stack (its cells), a flow whose items grow or whose
    /// item rules can resize them, a flow with `maxLines` (hidden items get 0). Any
    /// other layout's items keep their sizes.
    @inlinable
    public func givesSizes(to items: Items) -> Bool {
        switch self {
        case .balanced: true
        case .flow(let parameters): FlowFeatures.writesSizes(items) || parameters.maxLines != nil
        default: false
        }
    }
}
