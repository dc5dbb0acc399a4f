/// The items of one line placed once the line is known (SPEC.md §11 and §13, per line):
/// flexed (items that grow; under item rules, growing and shrinking by `flexLine`),
/// shared along the line by `justify` (reversed by `reverse`), each placed across (by
/// its own alignment under item rules, `ItemsAcross`, else by the flow's anchor), and
/// mirrored right to left. The reference places every line with it, and the engine the
/// lines it reads, so both give the same bits; the kernel levels evaluate the same rules
/// in their own loops.
extension FlowFeatures {
    public struct LineItems {
        /// The flow's main view (`mainView`): its widths are the sizes along the lines.
        public let view: Items
        public let parameters: FlowParameters
        /// Whether items sit across by their own rules (`ItemsAcross`), and whether lines
        /// flex (grow factors, or shrink factors under item rules).
        public let byItem: Bool, flexes: Bool
        @usableFromInline let byRule: Bool
        @usableFromInline let across: ItemsAcross
        @usableFromInline let mainSize: Double, width: Double
        @usableFromInline let itemSpace: FreeSpaceRule, within: Offset
        /// Room kept from line to line (and, given, from call to call).
        public let scratch: Scratch

        /// Room for one line: its flexed sizes and the growth of its items before each
        /// (units), and the flexing's own.
        public final class Scratch {
            @usableFromInline let flexer = Flexer()
            /// Read once per line, by one caller at a time: unchecked, so that a short line
            /// costs no dynamic exclusivity check.
            @usableFromInline @exclusivity(unchecked) var doubles = Column<Double>()
            @usableFromInline @exclusivity(unchecked) var room = 0

            public init() {}

            /// Room for a line of `count` items (what was there is not kept).
            @inlinable
            func reserve(_ count: Int) {
                guard count > room else { return }
                room = max(count, 2 * room)
                doubles.reserve(2 * room)
            }

            public var bytes: Int { doubles.capacity * 8 }
        }

        /// A line flexed and placed across, ready to place its items (`line`).
        public struct Line {
            @usableFromInline let range: Range<Int>
            @usableFromInline let start: Double, size: Double, lineLength: Double
            @usableFromInline let spots: Spots, groups: ItemsAcross.Groups
            @usableFromInline let grown: UnsafePointer<Double>, before: UnsafePointer<Double>

            @usableFromInline
            init(range: Range<Int>, start: Double, size: Double, lineLength: Double, spots: Spots,
                 groups: ItemsAcross.Groups, grown: UnsafePointer<Double>, before: UnsafePointer<Double>) {
                self.range = range; self.start = start; self.size = size; self.lineLength = lineLength
                self.spots = spots; self.groups = groups; self.grown = grown; self.before = before
            }
        }

        /// For a flow with `parameters` whose main view is `view`, in a container
        /// `mainSize` long (units) and `width` wide (units, what right to left mirrors),
        /// with room `scratch` (new when not given).
        public init(_ view: Items, _ parameters: FlowParameters, mainSize: Double, width: Double,
                    scratch: Scratch = Scratch()) {
            self.scratch = scratch
            self.view = view
            self.parameters = parameters
            byRule = view.rules != nil
            byItem = byRule || parameters.alignItems != nil
            flexes = view.grow != nil || view.rules?.shrink != nil
            across = ItemsAcross(parameters, view)
            self.mainSize = mainSize
            self.width = width
            itemSpace = .items(parameters)
            within = Offset(itemsOf: parameters)
        }

        /// Flexes the items `range` of a line whose packed extent is `extent` (units), when
        /// the flow's lines flex. Returns the space the items took: §11's growth reports
        /// its shares' sum; flexing, the flexed line's length less the packed one.
        @inlinable
        public func flex(_ range: Range<Int>, extent: Double) -> Double {
            guard flexes else { return 0 }
            scratch.reserve(range.count)
            let main = view.widths, first = range.lowerBound
            let grown = scratch.doubles.pointer, before = grown + scratch.room
            @inline(__always) func u(_ value: Float) -> Double { Double(value) * 64 }
            let taken: Double
            if byRule {
                taken = scratch.flexer.flexLine(range, view, mainSize: mainSize, gaps: gaps(view, range, parameters.spacing),
                                        sizes: grown) - extent
            } else {
                taken = growLine(range, free: mainSize - extent, factors: view.grow!.baseAddress!,
                                 main: main.baseAddress!, cross: view.heights.baseAddress!, sizes: grown,
                                 itemAlong: nil, itemAcross: nil)
            }
            var growth = 0.0
            for i in range {
                before[i - first] = growth
                growth += grown[i - first] - u(main[i])
            }
            return taken
        }

        /// Calls `body(i, along)` for each item of line `range` after its `flex`, with its
        /// size along the line (px): flexed, or its own.
        @inlinable
        public func forEachAlong(_ range: Range<Int>, _ body: (Int, Float) -> Void) {
            let grown = scratch.doubles.pointer, main = view.widths
            for i in range { body(i, flexes ? Float(grown[i - range.lowerBound] / 64) : main[i]) }
        }

        /// The items `range` of a line flexed by `flex` (which took `taken`), ready to be
        /// placed (`place`): the line starts at `start` across and is `size` across (units,
        /// after `alignContent`), and its packed extent is `extent`. Valid until the next
        /// `flex`.
        @inlinable
        public func line(_ range: Range<Int>, extent: Double, taken: Double, start: Double, size: Double) -> Line {
            let grown = scratch.doubles.pointer
            return Line(range: range, start: start, size: size, lineLength: extent + taken,
                        spots: itemSpace.spots(free: mainSize - extent - taken, count: range.count),
                        groups: byItem ? across.groups(range) : ItemsAcross.Groups(),
                        grown: grown, before: grown + scratch.room)
        }

        /// Item i of `line`, its offset along the line `offset` (px, the packing's `Float`
        /// sums): its position before its rounding to `Float` (px), its size along the line
        /// (px: flexed, or its own) and across it (units: by its rule, or its own).
        @inlinable @inline(__always)
        public func place(_ i: Int, offset: Float, _ line: Line) -> (x: Double, y: Double, along: Float, breadth: Double) {
            let reverse = parameters.reverse, vertical = parameters.axis == .vertical
            let rtl = parameters.direction == .rtl
            @inline(__always) func u(_ value: Float) -> Double { Double(value) * 64 }
            // Item i is subject j in frame order (the line's items, or reversed).
            let q = i - line.range.lowerBound, j = reverse ? line.range.upperBound - 1 - i : q
            let length = flexes ? line.grown[q] : u(view.widths[i])
            let along = u(offset) + (flexes ? line.before[q] : 0)
            let sizeAlong = flexes ? Float(length / 64) : view.widths[i]
            if byItem {
                let (breadth, inLine) = across.place(i, size: line.size, groups: line.groups)
                let (x, y) = itemPosition(subject: j, offset: along, length: length, breadth: breadth,
                                          lineLength: line.lineLength, spots: line.spots, reverse: reverse,
                                          across: line.start + inLine, vertical: vertical, rtl: rtl, width: width)
                return (x, y, sizeAlong, breadth)
            }
            let breadth = u(view.heights[i])
            let (x, y) = itemPosition(subject: j, offset: along, length: length, breadth: breadth,
                                      lineLength: line.lineLength, spots: line.spots, reverse: reverse,
                                      across: line.start, size: line.size, within: within, vertical: vertical,
                                      rtl: rtl, width: width)
            return (x, y, sizeAlong, breadth)
        }

        /// Calls `body(i, breadth)` for each item of line `range`, `size` across (units),
        /// with its size across (units): by its rule (`ItemsAcross`) or its own.
        @inlinable
        public func forEachBreadth(_ range: Range<Int>, size: Double, _ body: (Int, Double) -> Void) {
            let groups = byItem ? across.groups(range) : ItemsAcross.Groups()
            for i in range {
                body(i, byItem ? across.place(i, size: size, groups: groups).breadth : Double(view.heights[i]) * 64)
            }
        }
    }
}
