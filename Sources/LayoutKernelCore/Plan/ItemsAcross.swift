/// Items across their line (SPEC.md §13 steps 7–13): each item's alignment, the line's
/// baseline groups and cross size, and each item's cross size and offset in its line, in
/// units of 1/64 px, in the frame (wrap-reverse swaps the line's sides; rtl columns
/// are mirrored afterwards, as every place across is).
extension FlowFeatures {

    public struct ItemsAcross {
        /// The flow's alignment of items (nil: the anchor, `anchor`).
        let alignItems: ItemAlignment?
        let anchor: Offset
        let wrapReverse: Bool
        /// Columns (baselines synthesized at the physical left edge), right to left.
        let vertical: Bool, rtl: Bool
        /// The main view's sizes across and item rules, read per item.
        let cross: UnsafePointer<Float>?
        let alignSelf: UnsafePointer<UInt8>?, stretchable: UnsafePointer<UInt8>?
        let baseline: UnsafePointer<Float>?, lastBaseline: UnsafePointer<Float>?
        let minCross: UnsafePointer<Float>?, maxCross: UnsafePointer<Float>?

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
        /// (nil for an empty group).
        public struct Groups {
            var first: (ascent: Double, descent: Double)? = nil
            var last: (ascent: Double, descent: Double)? = nil
        }

        /// Steps 8–9: item i's ascent (units) in its group, its cross size `breadth`.
        @inline(__always)
        func ascent(_ i: Int, breadth: Double, last: Bool) -> Double {
            let fb: Double, lb: Double
            if vertical {
                fb = rtl ? breadth : 0
                lb = fb
            } else if let given = baseline?[i], !given.isNaN {
                fb = Double(given) * 64
                let l = lastBaseline?[i] ?? .nan
                lb = l.isNaN ? fb : Double(l) * 64
            } else {
                fb = breadth
                lb = breadth
            }
            switch (last, wrapReverse) {
            case (false, false): return fb
            case (true, false): return breadth - lb
            case (false, true): return breadth - fb
            case (true, true): return lb
            }
        }

        /// Steps 9–10 over items `range`: the baseline groups and the line's cross size
        /// (its items' cross sizes, the groups' ascent plus descent).
        public func line(_ range: Range<Int>) -> (size: Double, groups: Groups) {
            var groups = Groups(), size = 0.0
            for i in range {
                let breadth = Double(cross![i]) * 64
                let kind = alignment(i)
                guard kind == .baseline || kind == .lastBaseline else {
                    size = max(size, breadth)
                    continue
                }
                let last = kind == .lastBaseline
                let a = ascent(i, breadth: breadth, last: last), d = breadth - a
                let group = (last ? groups.last : groups.first).map { (max($0.ascent, a), max($0.descent, d)) } ?? (a, d)
                if last { groups.last = group } else { groups.first = group }
            }
            for group in [groups.first, groups.last] {
                if let group { size = max(size, group.ascent + group.descent) }
            }
            return (size, groups)
        }

        /// Steps 11–13: item i's cross size and offset in its line, the line `size` across
        /// (its final size) with baseline `groups`.
        @inline(__always)
        public func place(_ i: Int, size: Double, groups: Groups) -> (breadth: Double, offset: Double) {
            let own = Double(cross![i]) * 64
            let kind = alignment(i)
            var breadth = own
            if kind == .stretch, let stretchable, stretchable[i] != 0 {
                let (lo, hi) = ItemRules.bounds(minCross, maxCross, i)
                breadth = ItemRules.clamp(size, (Double(lo) * 64, Double(hi) * 64))
            }
            let free = size - breadth
            switch kind {
            case nil: return (breadth, anchor.of(free))
            case .start?, .stretch?: return (breadth, wrapReverse ? free : 0)
            case .end?: return (breadth, wrapReverse ? 0 : free)
            case .center?: return (breadth, free.halvedTowardZero())
            case .baseline?, .lastBaseline?:
                let last = kind == .lastBaseline
                let top = (last ? groups.last : groups.first)!.ascent - ascent(i, breadth: own, last: last)
                return (breadth, last != wrapReverse ? free - top : top)
            }
        }
    }
}
