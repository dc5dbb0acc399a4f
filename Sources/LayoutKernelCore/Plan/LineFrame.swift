/// Values a placement expression is evaluated in: `Double` units (the reference, and every
/// reader off the lattice), or a kernel's lanes (`SIMD16` of `Float` or `Double`, or of
/// whole units). Each expression of `FlowFeatures.LineFrame` is written once, generic
/// over this, and specialised where it is used, so that every representation performs
/// the same operations in the same order.
public protocol PlaceValue {
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
}

/// A `PlaceValue` with fractions: an item's offset in its line across takes a fraction,
/// or half truncated to the lattice, of the line's free space.
public protocol FractionalPlaceValue: PlaceValue {
    /// `self * fraction`.
    func scaled(by fraction: Double) -> Self
    /// `trunc(self / 2)`.
    func halvedTowardZero() -> Self
}

/// Values with bounds and choices: an item stretched across its line takes the line's
/// size within its own bounds (`FlowFeatures.ItemsAcross.stretched`), in `Double` units or
/// a kernel's lanes.
public protocol BoundedPlaceValue {
    /// A choice per value: `Bool`, or a lane mask.
    associatedtype Choice
    /// `max(low, min(self, high))`, as Swift's `min` and `max` compare (a `low` above
    /// `high` wins).
    func clamped(_ low: Self, _ high: Self) -> Self
    /// `other` where `choice`, else `self`.
    func replacing(with other: Self, where choice: Choice) -> Self
}

extension Double: BoundedPlaceValue {
    @inlinable @inline(__always)
    public func clamped(_ low: Double, _ high: Double) -> Double { max(low, min(self, high)) }

    @inlinable @inline(__always)
    public func replacing(with other: Double, where choice: Bool) -> Double { choice ? other : self }
}

extension Double: FractionalPlaceValue {
    @inlinable @inline(__always)
    public func scaled(by fraction: Double) -> Double { self * fraction }

    @inlinable @inline(__always)
    public func halvedTowardZero() -> Double { (self / 2).rounded(.towardZero) }
}

extension SIMD16: PlaceValue, FractionalPlaceValue where Scalar: BinaryFloatingPoint {
    @inlinable @inline(__always)
    public func scaled(by fraction: Double) -> SIMD16 { self * Scalar(fraction) }

    @inlinable @inline(__always)
    public func halvedTowardZero() -> SIMD16 { (self / 2).rounded(.towardZero) }
}

extension FlowParameters {
    /// The alignment's component along the lines (x for rows, y for columns): the
    /// justification's default.
    @inlinable public var mainAnchor: Float { axis == .vertical ? alignment.y : alignment.x }
    /// Items' place in their lines across: `alignItems`' anchor when it has one, else the
    /// alignment's component across the lines.
    @inlinable public var crossAnchor: Float { alignItems?.anchor ?? (axis == .vertical ? alignment.x : alignment.y) }
}

/// The frames of SPEC.md §11 ("Frames: rtl, reverse, wrap-reverse") and an item's place
/// in its line: the expressions every reader of a featured flow evaluates, in units of
/// 1/64 px, before the one rounding to `Float` (after `/ 64`).
extension FlowFeatures {

    public enum LineFrame {
        /// An item's place along its line: led by `moved` (its line's lead and its own
        /// increment, `Spots.moved`), at its `offset` in the line (the sizes and gaps of
        /// the items before it); in a reversed line, back from the line's end, which is
        /// `lineLength` along.
        @inlinable @inline(__always)
        public static func along<V: PlaceValue>(moved: V, offset: V, length: V, lineLength: V, reverse: Bool) -> V {
            reverse ? moved + ((lineLength - offset) - length) : moved + offset
        }

        /// A place mirrored right to left in a container `width` wide: `width - place -
        /// length` (rows: along their lines; columns: across them).
        @inlinable @inline(__always)
        public static func mirrored<V: PlaceValue>(_ place: V, length: V, width: V) -> V {
            (width - place) - length
        }

        /// An item's place along its line, mirrored when `mirror`.
        @inlinable @inline(__always)
        public static func along<V: PlaceValue>(moved: V, offset: V, length: V, lineLength: V, width: V,
                                                reverse: Bool, mirror: Bool) -> V {
            let place = along(moved: moved, offset: offset, length: length, lineLength: lineLength, reverse: reverse)
            return mirror ? mirrored(place, length: length, width: width) : place
        }

        /// An item's place across: its line's start `across` plus its offset in the line
        /// `size` across (`within` of the free space `size - breadth`); mirrored when
        /// `mirror`.
        @inlinable @inline(__always)
        public static func across<V: FractionalPlaceValue>(_ across: V, size: V, breadth: V, within: Offset,
                                                           width: V, mirror: Bool) -> V {
            let place = across + within.of(size - breadth)
            return mirror ? mirrored(place, length: breadth, width: width) : place
        }
    }

    /// An item's offset in its line across: `f` free, `anchor` 0 (start), 1 (end),
    /// 0.5 (centred, truncated to the lattice) or any other fraction of `f`.
    public struct Offset {
        public let anchor: Double
        public let centred: Bool

        @inlinable
        public init(_ anchor: Float) {
            self.anchor = Double(anchor)
            centred = anchor == 0.5
        }

        /// Where a flow with `parameters` places items in their lines across: its
        /// `crossAnchor`, in the frame.
        @inlinable
        public init(itemsOf parameters: FlowParameters) {
            self.init(parameters.crossAnchor, wrapReverse: parameters.wrapReverse)
        }

        /// `anchor` in the frame: swapped end for start by wrap-reverse.
        @inlinable @inline(__always)
        public init(_ anchor: Float, wrapReverse: Bool) {
            self.init(wrapReverse ? 1 - anchor : anchor)
        }

        @inlinable @inline(__always)
        public func of<V: FractionalPlaceValue>(_ free: V) -> V {
            centred ? free.halvedTowardZero() : free.scaled(by: anchor)
        }
    }

    /// An item's place (px: x, y): subject `subject` (frame order) of a line whose items
    /// `spots` distributes (reversed: counted from the line's end), with its `offset`
    /// along the line (moved by the growth of the items before it), its `length` along
    /// (grown) and `breadth` across; the line `lineLength` along (grown), starting at
    /// `across` and `size` across (units); `within` its place in the line across; columns
    /// when `vertical`, mirrored in a container `width` wide when `rtl`. In `Double`,
    /// before the one rounding to `Float`.
    @inlinable @inline(__always)
    public static func itemPosition(subject: Int, offset: Double, length: Double, breadth: Double,
                                    lineLength: Double, spots: Spots, reverse: Bool, across: Double, size: Double,
                                    within: Offset, vertical: Bool, rtl: Bool, width: Double) -> (x: Double, y: Double) {
        itemPosition(subject: subject, offset: offset, length: length, breadth: breadth, lineLength: lineLength,
                     spots: spots, reverse: reverse, across: across + within.of(size - breadth), vertical: vertical,
                     rtl: rtl, width: width)
    }

    /// `itemPosition` for an item whose place across (its line's start and its offset in
    /// the line, units) is `across`.
    @inlinable @inline(__always)
    public static func itemPosition(subject: Int, offset: Double, length: Double, breadth: Double,
                                    lineLength: Double, spots: Spots, reverse: Bool, across: Double,
                                    vertical: Bool, rtl: Bool, width: Double) -> (x: Double, y: Double) {
        let along = LineFrame.along(moved: spots.moved(subject), offset: offset, length: length,
                                    lineLength: lineLength, width: width, reverse: reverse, mirror: rtl && !vertical)
        let inLine = rtl && vertical ? LineFrame.mirrored(across, length: breadth, width: width) : across
        return vertical ? (inLine / 64, along / 64) : (along / 64, inLine / 64)
    }
}
