/// Items across their line (SPEC.md §13 steps 7–13): each item's alignment, the line's
/// baseline groups and cross size, and each item's cross size and offset in its line, in
/// units of 1/64 px, in the frame (wrap-reverse swaps the line's sides; rtl columns
/// are mirrored afterwards, as every place across is).
extension FlowFeatures {

    public struct ItemsAcross {
        /// The flow's alignment of items (nil: the anchor, `anchor`).
        @usableFromInline let alignItems: ItemAlignment?
        let anchor: Offset
        @usableFromInline let wrapReverse: Bool
        /// Columns (baselines synthesized at the physical left edge), right to left.
        @usableFromInline let vertical: Bool, rtl: Bool
        /// The main view's sizes across and item rules, read per item.
        @usableFromInline let cross: UnsafePointer<Float>?
        @usableFromInline let alignSelf: UnsafePointer<UInt8>?
        let stretchable: UnsafePointer<UInt8>?
        @usableFromInline let baseline: UnsafePointer<Float>?, lastBaseline: UnsafePointer<Float>?
        let minCross: UnsafePointer<Float>?, maxCross: UnsafePointer<Float>?
        /// Whether some item may be in a baseline group (`hasBaselines`).
        let baselines: Bool

        /// The rules of a flow with `parameters` over `view`, its main view (whose
        /// heights are the items' sizes across).
        public init(_ parameters: FlowParameters, _ view: Items) {
            alignItems = parameters.alignItems
            anchor = Offset(itemsOf: parameters)
            wrapReverse = parameters.wrapReverse
            vertical = parameters.axis == .vertical
            rtl = parameters.direction == .rtl
            cross = view.heights.baseAddress
            let rules = view.rules
            alignSelf = rules?.alignSelf?.baseAddress
            stretchable = rules?.stretchable?.baseAddress
            baseline = rules?.baseline?.baseAddress
            lastBaseline = rules?.lastBaseline?.baseAddress
            minCross = rules?.minHeight?.baseAddress
            maxCross = rules?.maxHeight?.baseAddress
            baselines = Self.hasBaselines(parameters, view)
        }

        /// Whether a flow with `parameters` and `items` may have baseline groups (whose
        /// lines then need `lineSize`).
        public static func hasBaselines(_ parameters: FlowParameters, _ items: Items) -> Bool {
            parameters.alignItems == .baseline || parameters.alignItems == .lastBaseline
                || items.rules?.alignSelf != nil
        }

        /// Step 7: item i's alignment (nil: the anchor).
        @inline(__always)
        func alignment(_ i: Int) -> ItemAlignment? {
            if let code = alignSelf?[i], code != 0 { return ItemAlignment(rawValue: code) }
            return alignItems
        }

        /// The baseline groups of a line: each group's greatest ascent and descent
        /// (`-infinity` for an empty group).
        public struct Groups {
            public var first = (ascent: -Double.infinity, descent: -Double.infinity)
            public var last = (ascent: -Double.infinity, descent: -Double.infinity)

            /// No group (a line without baseline-aligned items).
            public init() {}

            /// The groups' size across: ascent plus descent, the greater (0 without one).
            public var size: Double {
                max(first.ascent > -.infinity ? first.ascent + first.descent : 0,
                    last.ascent > -.infinity ? last.ascent + last.descent : 0)
            }
        }

        /// Steps 8–9: item i's ascent (units) in its group, its cross size `breadth`.
        @inline(__always)
        func ascent(_ i: Int, breadth: Double, last: Bool) -> Double {
            Ascents(self, last: last)(i, breadth: breadth)
        }

        /// Steps 8–9 for the items of one kind of group (first or last baselines): each
        /// item's ascent, with the flow's choices made once. The rule is written once
        /// over values (`ascent`, `offset`): `Double` units here, a kernel's lanes there.
        public struct Ascents {
            /// The baselines read (none for columns, whose baselines are synthesized at
            /// the left edge), and the last baselines that replace them (last groups).
            public let first: UnsafePointer<Float>?, second: UnsafePointer<Float>?
            @usableFromInline let vertical: Bool
            /// Columns: the left edge as a share of the breadth (right to left: its end).
            @usableFromInline let edge: Double
            /// Whether the ascent runs from the item's end (a last group, or a first
            /// one under wrap-reverse, which swaps the line's sides).
            @usableFromInline let fromEnd: Bool

            @inlinable @inline(__always)
            public init(_ across: ItemsAcross, last: Bool) {
                first = across.vertical ? nil : across.baseline
                second = last ? across.lastBaseline : nil
                vertical = across.vertical
                edge = across.rtl ? 1 : 0
                fromEnd = last != across.wrapReverse
            }

            @inline(__always)
            func callAsFunction(_ i: Int, breadth: Double) -> Double {
                // The baseline's distance from the item's start: given, else its end.
                var given = 0.0, has = false
                if let first, !first[i].isNaN {
                    has = true
                    given = Double(first[i]) * 64
                    if let second, !second[i].isNaN { given = Double(second[i]) * 64 }
                }
                return ascent(breadth: breadth, given: given, where: has)
            }

            /// Step 8: the ascent of an item `breadth` across whose baseline lies `given`
            /// from its start where `has` (its last baseline in a last group when it
            /// has one, else its first), else at its end (columns: at the left edge):
            /// that distance, from the side its group aligns.
            @_transparent
            public func ascent<V: BoundedPlaceValue & FractionalPlaceValue>(breadth: V, given: V,
                                                                            where has: V.Choice) -> V {
                let offset = (vertical ? breadth.scaled(by: edge) : breadth).replacing(with: given, where: has)
                return fromEnd ? breadth - offset : offset
            }

            /// Steps 12–13: the offset in a line `size` across, whose group (of this kind)
            /// has the ascent `groupAscent`, of an item `own` across with `ascent`.
            @_transparent
            public func offset<V: PlaceValue>(own: V, size: V, groupAscent: V, ascent: V) -> V {
                let top = groupAscent - ascent
                return fromEnd ? size - own - top : top
            }

            /// `offset` for item i.
            @inline(__always)
            func offset(_ i: Int, own: Double, size: Double, groupAscent: Double) -> Double {
                offset(own: own, size: size, groupAscent: groupAscent, ascent: self(i, breadth: own))
            }
        }

        /// The kind of group every item of the flow is in (`alignItems` a baseline
        /// alignment and no item with its own), with the items' sizes across: nil
        /// otherwise.
        @inlinable
        public var oneGroup: (last: Bool, cross: UnsafePointer<Float>)? {
            guard alignSelf == nil, let cross, alignItems == .baseline || alignItems == .lastBaseline else { return nil }
            return (alignItems == .lastBaseline, cross)
        }

        /// Calls `body` with each item of `range` and its alignment: one loop for a
        /// flow whose items all take `alignItems`, so that its branches leave the loop.
        @inline(__always)
        func forEachItem(_ range: Range<Int>, _ body: (Int, ItemAlignment?) -> Void) {
            if alignSelf == nil {
                let kind = alignItems
                for i in range { body(i, kind) }
            } else {
                for i in range { body(i, alignment(i)) }
            }
        }

        /// Steps 9–10 over items `range`: the baseline groups and the line's cross size
        /// (its items' cross sizes, the groups' ascent plus descent).
        ///
        /// A group's ascent plus descent is at least each of its items' sizes, so every
        /// item's size counts, baseline-aligned ones too: the same maximum in exact
        /// arithmetic, and where offsets far larger than the items (up to 2^64 px)
        /// make the sum cancel in Double, the line still holds its items.
        public func line(_ range: Range<Int>) -> (size: Double, groups: Groups) {
            var groups = Groups(), size = 0.0
            guard baselines else {
                for i in range { size = max(size, Double(cross![i]) * 64) }
                return (size, groups)
            }
            if let (last, cross) = oneGroup {
                // Every item in one group: a loop without per-item choices.
                let ascents = Ascents(self, last: last)
                var ascent = -Double.infinity, descent = -Double.infinity
                for i in range {
                    let breadth = Double(cross[i]) * 64
                    let a = ascents(i, breadth: breadth)
                    size = max(size, breadth)
                    ascent = max(ascent, a)
                    descent = max(descent, breadth - a)
                }
                if last { groups.last = (ascent, descent) } else { groups.first = (ascent, descent) }
                return (max(size, groups.size), groups)
            }
            forEachItem(range) { i, kind in
                let breadth = Double(cross![i]) * 64
                size = max(size, breadth)
                guard kind == .baseline || kind == .lastBaseline else { return }
                let last = kind == .lastBaseline
                let a = ascent(i, breadth: breadth, last: last), d = breadth - a
                if last {
                    groups.last = (max(groups.last.ascent, a), max(groups.last.descent, d))
                } else {
                    groups.first = (max(groups.first.ascent, a), max(groups.first.descent, d))
                }
            }
            return (max(size, groups.size), groups)
        }

        /// Step 9 over items `range`: the baseline groups.
        @inline(__always)
        public func groups(_ range: Range<Int>) -> Groups { baselines ? line(range).groups : Groups() }

        /// Steps 11–13: item i's cross size and offset in its line, the line `size` across
        /// (its final size) with baseline `groups`.
        @inline(__always)
        public func place(_ i: Int, size: Double, groups: Groups) -> (breadth: Double, offset: Double) {
            place(i, alignment(i), size: size, groups: groups)
        }

        /// `place` for item i of alignment `kind`.
        @inline(__always)
        func place(_ i: Int, _ kind: ItemAlignment?, size: Double, groups: Groups) -> (breadth: Double, offset: Double) {
            let own = Double(cross![i]) * 64
            guard let kind, kind.anchor == nil else {
                let (lo, hi) = ItemRules.bounds(minCross, maxCross, i)
                let breadth = Self.stretched(own: own, size: size, low: Double(lo) * 64, high: Double(hi) * 64,
                                             stretches: kind == .stretch && stretchable.map { $0[i] != 0 } ?? false)
                let within = kind.map { Offset($0.anchor!, wrapReverse: wrapReverse) } ?? anchor
                return (breadth, within.of(size - breadth))
            }
            let last = kind == .lastBaseline
            let groupAscent = (last ? groups.last : groups.first).ascent
            return (own, Ascents(self, last: last).offset(i, own: own, size: size, groupAscent: groupAscent))
        }

        /// Step 11 for an item that sits by an anchor (any alignment but the baselines):
        /// its size across, `own` or, where it `stretches`, the line's `size` within
        /// `low ... high` (`ItemRules.clamp`); it sits `within` of the rest of the line,
        /// as §11's items do (`LineFrame.across`). Written once for `Double` units and a
        /// kernel's lanes (transparent: always inlined, no specialisation of its own in
        /// a kernel module).
        @_transparent
        public static func stretched<V: BoundedPlaceValue>(own: V, size: V, low: V, high: V,
                                                           stretches: V.Choice) -> V {
            own.replacing(with: size.clamped(low, high), where: stretches)
        }

        /// The anchor every item of a line sits by when the items have no alignments
        /// of their own and the flow's is not a baseline one (then a kernel places them
        /// 16 at a time); nil otherwise.
        public var sharedAnchor: Offset? {
            guard alignSelf == nil else { return nil }
            guard let alignItems else { return anchor }
            return alignItems.anchor.map { Offset($0, wrapReverse: wrapReverse) }
        }

        /// Whether stretchable items stretch (the flow's alignment is `stretch`), and
        /// the buffers `stretched` reads in a kernel: the items' sizes across, which
        /// are stretchable (nil: none) and their bounds across (nil: none).
        public var stretches: Bool { alignItems == .stretch && stretchable != nil }
        public var sizesAcross: UnsafePointer<Float> { cross! }
        public var stretchableItems: UnsafePointer<UInt8>? { stretchable }
        public var boundsAcross: (low: UnsafePointer<Float>?, high: UnsafePointer<Float>?) { (minCross, maxCross) }

        /// Steps 11–13 over a line's items `range`: each item's place across (px, in
        /// `Float`) to `out`, the line starting at `start` and `size` across (units) with
        /// baseline `groups`, mirrored in a container `mirrorWidth` wide (units; rtl
        /// columns) when given; each item's size across to `sizes` when given.
        @inline(__always)
        public func write(_ range: Range<Int>, start: Double, size: Double, groups: Groups, mirrorWidth: Double?,
                          out: UnsafeMutablePointer<Float>, sizes: UnsafeMutablePointer<Float>?) {
            if let (last, cross) = oneGroup {
                // Every item in one group: `place`'s baseline case without per-item choices.
                let ascents = Ascents(self, last: last), groupAscent = (last ? groups.last : groups.first).ascent
                for i in range {
                    let own = Double(cross[i]) * 64
                    let place = start + ascents.offset(i, own: own, size: size, groupAscent: groupAscent)
                    out[i] = Float((mirrorWidth.map { LineFrame.mirrored(place, length: own, width: $0) } ?? place) / 64)
                    sizes?[i] = Float(own / 64)
                }
                return
            }
            forEachItem(range) { i, kind in
                let (breadth, inLine) = place(i, kind, size: size, groups: groups)
                let place = start + inLine
                out[i] = Float((mirrorWidth.map { LineFrame.mirrored(place, length: breadth, width: $0) } ?? place) / 64)
                sizes?[i] = Float(breadth / 64)
            }
        }
    }
}
