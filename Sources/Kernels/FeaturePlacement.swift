import LayoutKernelCPU
import LayoutKernelCore
import LayoutKernelSupport

/// A featured flow's placement at this kernel level (lk_flow_layout's "Features" in
/// layoutkernel.h). When the container's size along the lines is known before packing,
/// each line is placed along as the level's SIMD packing closes it (`FeatureRows`), and
/// across at once, or, when the lines across need every line first, from the rows once
/// the packing ends (`LineSpread`) or by the reference's frame afterwards
/// (`writeAcross`). Otherwise (the container as long as the longest line) the lines are
/// packed first, then placed by the reference's steps
/// (`FlowFeatures.write`) with each line's loop over its items specialised for the
/// features in use (`write`), so that no per-item branch remains.
///
/// Item rules (SPEC.md §13) take the same loops: rules that come down to one anchor
/// across the lines (`alignItems` start, center, end) and to clamped sizes are §11's
/// placement of the clamped items; otherwise lines flex by `FlowFeatures.flexLine` (into
/// the grown sizes' column) and each item sits across its line by
/// `FlowFeatures.ItemsAcross`.
///
/// Bit-identical to the reference by construction: the container and the lines across
/// come from the same `FlowFeatures.Frame` sums, the distributions from the same rules,
/// and every coordinate is the reference's expression, operation for operation, in
/// `Double` units of 1/64 px (or in `Float` where that is exact). Growing items share
/// each line's free space by the reference's own rule (`FlowFeatures.growLine`: one
/// division each, from the line's last item to its first), into a scratch column; then
/// their line is placed as any other.
enum FeaturePlacement {

    /// Lays out a featured flow into `output`, as `FlowFeatures.place` does, its lines
    /// held in blocks of the library's scratch cache (kept between calls, so that a
    /// layout of a million items does not map and fault in fresh pages each time).
    @inline(__always)
    static func place(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                      _ output: LayoutOutput) -> LayoutOutcome {
        guard FlowFeatures.hasItemRules(parameters, items) else {
            return placeByAnchor(items, parameters, proposal, output)
        }
        let flexes = FlowFeatures.flexesByRule(items)
        if !flexes && !FlowFeatures.placesAcrossByItem(parameters, items) {
            // Every item sits by one anchor at its (clamped) size: §11's placement.
            var outcome = placeByAnchor(items.withoutRules, parameters, proposal, output)
            if !outcome.sizesWritten && FlowFeatures.writesSizes(items) {
                // (No items: no buffers to copy.)
                if let widths = items.widths.baseAddress, let heights = items.heights.baseAddress {
                    output.itemWidth?.update(from: widths, count: items.count)
                    output.itemHeight?.update(from: heights, count: items.count)
                }
                outcome.sizesWritten = true
            }
            return outcome
        }
        // This level packs; lines flex by §13's rule, then their items are placed along
        // as §11 places them, and across by each item's rule.
        let baselines = FlowFeatures.ItemsAcross.hasBaselines(parameters, items)
        return withStorage(items, grows: flexes || items.grow != nil, baselines: baselines) { storage, grown in
            guard output.x != nil && output.y != nil else {
                return FlowFeatures.place(items, parameters, proposal, output, lines: {
                    FlowKernel.packAll($0, parameters, limit: $1.width ?? .infinity, into: &$2, offsets: $3)
                }, storage: storage, linesAcross: BaselineLanes.linesAcross,
                   write: { FlowFeatures.write($0, $1, offsets: $2, $3) })
            }
            let view = FlowFeatures.mainView(items, parameters)
            let writesSizes = FlowFeatures.writesSizes(items)
            if writesSizes && !flexes, let along = parameters.axis == .vertical ? output.itemHeight : output.itemWidth,
               let sizes = view.widths.baseAddress {
                along.update(from: sizes, count: view.count)
            }
            let byItem = ByItem(FlowFeatures.ItemsAcross(parameters, view), sizes: writesSizes, flexes: flexes,
                                itemCount: view.count)
            return placeLines(items, parameters, proposal, output, storage: storage, grown: grown, byItem: byItem)
        }
    }

    /// A featured flow whose items sit by one anchor (`FlowFeatures.Offset(itemsOf:)`).
    static func placeByAnchor(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                              _ output: LayoutOutput) -> LayoutOutcome {
        if let outcome = FeatureRows.place(items, parameters, proposal, output) { return outcome }
        return withStorage(items, grows: items.grow != nil) { storage, grown in
            placeLines(items, parameters, proposal, output, storage: storage, grown: grown, byItem: nil)
        }
    }

    /// Calls `body` with room for as many lines as items in blocks of the scratch cache
    /// (nil when memory ran out: the reference then allocates its own, and traps when
    /// that fails), with each line's baseline groups when items may align to them
    /// (`baselines`; placing finds them again when that room ran out), and, when items
    /// grow, room for a line's grown sizes.
    @inline(__always)
    static func withStorage<R>(_ items: Items, grows: Bool, baselines: Bool = false,
                               _ body: (FlowFeatures.Frame.Storage?, UnsafeMutablePointer<Double>?) -> R) -> R {
        let lines = max(items.count, 1)
        let start = ScratchColumn(Int64.self, lines), count = ScratchColumn(Int64.self, lines)
        let extent = ScratchColumn(Float.self, lines), packedSize = ScratchColumn(Float.self, lines)
        let size = ScratchColumn(Double.self, lines), across = ScratchColumn(Double.self, lines)
        // Growing items: each line's grown sizes (a line holds at most every item).
        let grown = ScratchColumn(Double.self, grows ? lines : 0)
        // Items that may align to baselines: each line's groups.
        let groups = ScratchColumn(FlowFeatures.ItemsAcross.Groups.self, baselines ? lines : 0)
        defer {
            start.giveBack(); count.giveBack(); extent.giveBack(); packedSize.giveBack()
            size.giveBack(); across.giveBack(); grown.giveBack(); groups.giveBack()
        }
        var storage: FlowFeatures.Frame.Storage?
        if let start = start.pointer, let count = count.pointer, let extent = extent.pointer,
           let packedSize = packedSize.pointer, let size = size.pointer, let across = across.pointer {
            storage = FlowFeatures.Frame.Storage(start: start, count: count, extent: extent, packedSize: packedSize,
                                                 size: size, across: across, groups: groups.pointer)
        }
        return body(storage, grown.pointer)
    }

    /// The lines the packing makes, in `storage`, placed along (§11) and across (by
    /// the anchor, or by each item's rule with `byItem`: see `write`).
    static func placeLines(_ items: Items, _ parameters: FlowParameters, _ proposal: Proposal,
                           _ output: LayoutOutput, storage: FlowFeatures.Frame.Storage?,
                           grown: UnsafeMutablePointer<Double>?, byItem: ByItem?) -> LayoutOutcome {
        // Along each line as the kernel closes it, when it can; then across it.
        if output.x != nil && output.y != nil && items.grow == nil && byItem?.flexes != true,
           let (mainSize, _) = FeatureRows.containerAlong(items, parameters, proposal) {
            return FlowFeatures.place(items, parameters, proposal, output, lines: {
                FeatureRows.packAlong($0, parameters, $1, mainSize: mainSize, into: &$2, offsets: $3)
            }, storage: storage, linesAcross: BaselineLanes.linesAcross) { items, frame, _, output in
                writeAcross(items, frame, output, byItem: byItem)
            }
        }
        return FlowFeatures.place(items, parameters, proposal, output, lines: {
            FlowKernel.packAll($0, parameters, limit: $1.width ?? .infinity, into: &$2, offsets: $3)
        }, storage: storage, linesAcross: BaselineLanes.linesAcross) { items, frame, offsets, output in
            write(items, frame, offsets, output, grown: grown, byItem: byItem)
        }
    }

    /// Items placed across by their own rules (`FlowFeatures.ItemsAcross`), their sizes
    /// across written when `sizes`; lines flexed by §13's rule (`FlowFeatures.flexLine`)
    /// when `flexes`. What the rules come to for every line is found once: the anchor
    /// every item sits by, or the lanes of one kind of baseline group.
    struct ByItem {
        let across: FlowFeatures.ItemsAcross
        let sizes: Bool, flexes: Bool
        /// `across.sharedAnchor`.
        let anchor: FlowFeatures.Offset?
        /// Every item in one kind of baseline group (`BaselineLanes`), else nil.
        let baselines: BaselineLanes?

        init(_ across: FlowFeatures.ItemsAcross, sizes: Bool, flexes: Bool, itemCount: Int) {
            self.across = across
            self.sizes = sizes
            self.flexes = flexes
            anchor = across.sharedAnchor
            baselines = BaselineLanes(across, itemCount: itemCount)
        }

        /// Line k's items across it, each by its own rule, their sizes across to
        /// `sizes` when `self.sizes`.
        @inline(__always)
        func place(_ k: Int, _ frame: FlowFeatures.Frame, out: UnsafeMutablePointer<Float>, itemCount: Int,
                   sizes: UnsafeMutablePointer<Float>?) {
            let line = frame.line(k), range = line.start..<(line.start + line.count)
            let mirrorWidth = frame.rtl && frame.vertical ? frame.width : nil
            let sizes = self.sizes ? sizes : nil
            if let within = anchor {
                return AnchoredAcross(first: range.lowerBound, end: range.upperBound, out: out, sizes: sizes,
                                      rules: across, itemCount: itemCount, across: frame.across(k),
                                      size: frame.size(k), within: within, mirror: mirrorWidth != nil,
                                      width: frame.width).place()
            }
            let groups = frame.groups(k) ?? across.groups(range)
            if let baselines {
                return baselines.write(range, start: frame.across(k), size: frame.size(k), groups: groups,
                                       mirrorWidth: mirrorWidth, out: out, sizes: sizes)
            }
            across.write(range, start: frame.across(k), size: frame.size(k), groups: groups,
                         mirrorWidth: mirrorWidth, out: out, sizes: sizes)
        }
    }

    /// A column of `count` `T`s in a block of the scratch cache (nil when memory ran
    /// out, or for no values), given back with `giveBack`.
    struct ScratchColumn<T> {
        let pointer: UnsafeMutablePointer<T>?
        let bytes: Int

        @inline(__always)
        init(_: T.Type, _ count: Int) {
            var capacity = 0
            pointer = count == 0 ? nil : lkx_scratch_take(MemoryLayout<T>.stride &* count, &capacity)?
                .bindMemory(to: T.self, capacity: count)
            bytes = capacity
        }

        @inline(__always)
        func giveBack() {
            if let pointer { lkx_scratch_give(UnsafeMutableRawPointer(pointer), bytes) }
        }
    }

    /// `FlowFeatures.write` with specialised loops: each line's items grown (when they
    /// grow, into `grown`: room for the longest line), its row, then its items along it
    /// and across it: by the flow's anchor, or, with `byItem`, each by its own rule
    /// (and its size across written when `byItem.sizes`).
    /// - Complexity: O(n); O(1) per line beyond its items.
    static func write(_ items: Items, _ frame: FlowFeatures.Frame, _ offsets: UnsafeMutablePointer<Float>?,
                      _ output: LayoutOutput, grown: UnsafeMutablePointer<Double>?, byItem: ByItem?) {
        let sizes = output.itemWidth != nil || output.itemHeight != nil
        if output.rows.isEmpty && offsets == nil && !sizes { return }   // the size alone
        var rows = output.rows
        let flexes = byItem?.flexes == true, grows = items.grow != nil || flexes
        guard let offsets, let x = output.x, let y = output.y, !grows || grown != nil else {
            if grows { return FlowFeatures.write(items, frame, offsets: offsets, output) }
            for k in 0..<frame.count { frame.row(k, taken: 0, into: &rows) }
            return
        }
        let parameters = frame.parameters, reverse = parameters.reverse
        let view = FlowFeatures.mainView(items, parameters)
        guard let main = view.widths.baseAddress, let cross = view.heights.baseAddress else { return }
        // Along the lines the offsets are overwritten in place; across them the other
        // coordinate is written. Mirrored: along rows, or across columns, right to left.
        let acrossOut = frame.vertical ? x : y
        let mirrorAlong = frame.rtl && !frame.vertical, width = frame.width
        let grow = items.grow?.baseAddress
        let (itemAlong, itemAcross) = frame.vertical ? (output.itemHeight, output.itemWidth)
                                                     : (output.itemWidth, output.itemHeight)
        // Flexing's scratch: room for the longest line, from the scratch cache (so that a
        // large flow does not fault fresh pages in at each call), else its own.
        let longest = flexes ? (0..<frame.count).reduce(0) { max($0, frame.line($1).count) } : 0
        let flexRoom = ScratchColumn(Double.self, FlowFeatures.flexColumns * longest)
        defer { flexRoom.giveBack() }
        let flexer = flexes && flexRoom.pointer == nil ? FlowFeatures.Flexer() : nil
        for k in 0..<frame.count {
            let line = frame.line(k)
            let first = line.start, end = first + line.count
            var free = frame.mainSize - frame.extent(k), taken = 0.0
            if flexes, let grown {
                // The rule inlined here, compiled for this level.
                taken = FlowFeatures.flexLine(first..<end, view, mainSize: frame.mainSize,
                                              gaps: FlowFeatures.gaps(view, first..<end, parameters.spacing),
                                              sizes: grown, room: flexRoom.pointer.map { ($0, longest) }
                                                ?? flexer!.room(line.count)) - frame.extent(k)
                free -= taken
                if let itemAlong { for j in 0..<line.count { itemAlong[first + j] = Float(grown[j] / 64) } }
            } else if let grow, let grown {
                taken = FlowFeatures.growLine(first..<end, free: free, factors: grow, main: main, cross: cross,
                                              sizes: grown, itemAlong: itemAlong, itemAcross: itemAcross)
                free -= taken
            }
            frame.row(k, taken: taken, into: &rows)
            let spots = frame.itemSpace.spots(free: free, count: line.count)
            let along = Along(first: first, end: end, out: offsets, main: main, grown: grown, spots: spots,
                              extent: frame.extent(k) + taken, width: width)
            if grows {
                along.place(Yes.self, reverse: reverse, mirror: mirrorAlong, increments: spots.increments)
            } else {
                along.place(No.self, reverse: reverse, mirror: mirrorAlong, increments: spots.increments)
            }
            placeAcross(k, frame, out: acrossOut, cross: cross, itemCount: items.count, byItem: byItem,
                        sizes: itemAcross)
        }
    }

    /// Line k's items across it: by the anchor (`Across`), or each by its own rule
    /// (`ByItem.place`).
    @inline(__always)
    static func placeAcross(_ k: Int, _ frame: FlowFeatures.Frame, out: UnsafeMutablePointer<Float>,
                            cross: UnsafePointer<Float>, itemCount: Int, byItem: ByItem?,
                            sizes: UnsafeMutablePointer<Float>?) {
        guard let byItem else { return across(k, frame, out: out, cross: cross, itemCount: itemCount).place() }
        byItem.place(k, frame, out: out, itemCount: itemCount, sizes: sizes)
    }

    /// A line's items across it when all sit by one anchor, stretchable ones stretched
    /// (`FlowFeatures.ItemsAcross.stretched`, then `Across`'s place, in `Double` lanes, 16
    /// items a step; lanes past the line are stored while they stay within the items, as
    /// `Across` does), each item's size across to `sizes` when given.
    struct AnchoredAcross {
        let first: Int, end: Int
        let out: UnsafeMutablePointer<Float>, sizes: UnsafeMutablePointer<Float>?
        let rules: FlowFeatures.ItemsAcross
        let itemCount: Int
        let across: Double, size: Double
        let within: FlowFeatures.Offset
        let mirror: Bool, width: Double

        @inline(__always)
        func place() {
            let cross = rules.sizesAcross, stretches = rules.stretches
            let stretchable = rules.stretchableItems, (low, high) = rules.boundsAcross
            forEachLaneStep(first, end, itemCount: itemCount) { i, count in
                @inline(__always) func load(_ p: UnsafePointer<Float>) -> Lanes {
                    count == laneCount ? Lanes.load(p + i) : Lanes.load(p + i, count: count)
                }
                var choice = SIMD16<Double>(), lo = SIMD16<Double>(), hi = SIMD16<Double>(repeating: .infinity)
                if stretches {
                    if let stretchable {
                        var bytes = SIMD16<UInt8>()
                        if count == laneCount {
                            bytes = UnsafeRawPointer(stretchable + i).loadUnaligned(as: SIMD16<UInt8>.self)
                        } else {
                            for j in 0..<count { bytes[j] = stretchable[i &+ j] }
                        }
                        choice = lk_bytes_widened(bytes)
                    }
                    // NaN: no bound.
                    if let low { lo = lk_widened(lk_nan_replaced(load(low), 0)) * 64 }
                    if let high { hi = lk_widened(lk_nan_replaced(load(high), .infinity)) * 64 }
                }
                let breadth = FlowFeatures.ItemsAcross.stretched(
                    own: DoubleLanes(lk_widened(load(cross)) * 64), size: DoubleLanes(SIMD16(repeating: size)),
                    low: DoubleLanes(lo), high: DoubleLanes(hi), stretches: choice).lanes
                let place = FlowFeatures.LineFrame.across(SIMD16(repeating: across), size: SIMD16(repeating: size),
                                                          breadth: breadth, within: within,
                                                          width: SIMD16(repeating: width), mirror: mirror)
                lk_narrowed(place / 64).store(to: out + i, count: count)
                if let sizes { lk_narrowed(breadth / 64).store(to: sizes + i, count: count) }
            }
        }
    }

    /// Sixteen `Double` lanes as `AnchoredAcross` evaluates `stretched` and
    /// `BaselineLanes` the ascents in them: choices are lanes (not 0: chosen), and the
    /// clamp and choice are `lk_lanes.h`'s (Swift's generic lane comparisons run lane by
    /// lane). (The conformances stay in this declaration: declared in an extension, the
    /// compiler keeps their witnesses, with copies shared between the levels' modules.)
    struct DoubleLanes: BoundedPlaceValue, FractionalPlaceValue {
        var lanes: SIMD16<Double>

        @inline(__always) init(_ lanes: SIMD16<Double>) { self.lanes = lanes }

        @inline(__always) static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.lanes + rhs.lanes) }
        @inline(__always) static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.lanes - rhs.lanes) }
        @inline(__always) func scaled(by fraction: Double) -> Self { Self(lanes.scaled(by: fraction)) }
        @inline(__always) func halvedTowardZero() -> Self { Self(lanes.halvedTowardZero()) }

        @inline(__always)
        func clamped(_ low: DoubleLanes, _ high: DoubleLanes) -> DoubleLanes {
            DoubleLanes(lk_clamped_f64(lanes, low.lanes, high.lanes))
        }
        @inline(__always)
        func replacing(with other: DoubleLanes, where choice: SIMD16<Double>) -> DoubleLanes {
            DoubleLanes(lk_chosen_f64(lanes, other.lanes, choice))
        }
    }

    /// A line's items along it: subject j (frame order) is item `first + j`, or
    /// `end - 1 - j` reversed; its place is its offset (read from `out`, moved by the
    /// growth of the items before it when items grow) moved by the lead and its
    /// increment, in a reversed line the extent less offset and length; mirrored, the
    /// container's width less that and the length. Lengths are the grown ones
    /// (`grown[i - first]`) when items grow.
    struct Along {
        let first: Int, end: Int
        let out: UnsafeMutablePointer<Float>
        let main: UnsafePointer<Float>
        let grown: UnsafeMutablePointer<Double>?
        let spots: FlowFeatures.Spots
        let extent: Double, width: Double

        /// The loop specialised for the line's features.
        @inline(__always)
        func place<Grow: Flag>(_ grow: Grow.Type, reverse: Bool, mirror: Bool, increments: Bool) {
            switch (reverse, mirror, increments) {
            case (false, false, false): place(No.self, No.self, No.self, grow)
            case (false, false, true): place(No.self, No.self, Yes.self, grow)
            case (false, true, false): place(No.self, Yes.self, No.self, grow)
            case (false, true, true): place(No.self, Yes.self, Yes.self, grow)
            case (true, false, false): place(Yes.self, No.self, No.self, grow)
            case (true, false, true): place(Yes.self, No.self, Yes.self, grow)
            case (true, true, false): place(Yes.self, Yes.self, No.self, grow)
            case (true, true, true): place(Yes.self, Yes.self, Yes.self, grow)
            }
        }

        @inline(__always)
        func place<Reverse: Flag, Mirror: Flag, Increments: Flag, Grow: Flag>(
            _: Reverse.Type, _: Mirror.Type, _: Increments.Type, _: Grow.Type) {
            var before = 0.0   // the growth of the items before item i
            for i in first..<end {
                let own = Double(main[i]) * 64
                let length = Grow.on ? grown.unsafelyUnwrapped[i &- first] : own
                let offset = Double(out[i]) * 64 + before
                if Grow.on { before += length - own }
                let j = Reverse.on ? end &- 1 &- i : i &- first
                let along = FlowFeatures.LineFrame.along(moved: spots.moved(j, increments: Increments.on),
                                                         offset: offset, length: length, lineLength: extent,
                                                         width: width, reverse: Reverse.on, mirror: Mirror.on)
                out[i] = Float(along / 64)
            }
        }
    }

    /// A line's items across it: the line's start plus the item's offset in the line
    /// (`anchor` of the free space, or half of it truncated to the lattice when centred);
    /// mirrored, the container's width less that and the item's size
    /// (`FlowFeatures.LineFrame.across` in `Double` lanes, 16 items a step; at the start
    /// of the line, one value). Lanes past the line are
    /// stored while they stay within the items: they belong to later lines, placed after it.
    struct Across {
        let first: Int, end: Int
        let out: UnsafeMutablePointer<Float>
        let cross: UnsafePointer<Float>
        let itemCount: Int
        let across: Double, size: Double
        let within: FlowFeatures.Offset
        /// Mirrored in a container `width` wide (units).
        let mirror: Bool, width: Double

        @inline(__always)
        func place() {
            forEachLaneStep(first, end, itemCount: itemCount) { i, count in
                value(at: i, count: count).store(to: out + i, count: count)
            }
        }

        /// `place` for lines placed from the last to the first: 16 lanes a step back from
        /// the line's end, so that the lanes before its first item, which belong to lines
        /// placed after it, take the full stores (`itemCount` is not read).
        @inline(__always)
        func placeFromEnd() {
            forEachLaneStepBack(first, end) { i, count in
                value(at: i, count: count).store(to: out + i, count: count)
            }
        }

        /// The places of the `count` (at most 16) items from `i`.
        @inline(__always)
        func value(at i: Int, count: Int) -> Lanes {
            if !within.centred && within.anchor == 0 && !mirror { return Lanes(repeating: Float(across / 64)) }
            let breadth = count == laneCount ? Lanes.load(cross + i) : Lanes.load(cross + i, count: count)
            let place = FlowFeatures.LineFrame.across(SIMD16(repeating: across), size: SIMD16(repeating: size),
                                                      breadth: lk_widened(breadth) * 64, within: within,
                                                      width: SIMD16(repeating: width), mirror: mirror)
            return lk_narrowed(place / 64)
        }
    }

    /// Each line's row and its items across it, once its items are placed along it
    /// (`FeatureRows.packAlong`); the frame's lines across.
    /// - Complexity: O(n); O(1) per line beyond its items.
    static func writeAcross(_ items: Items, _ frame: FlowFeatures.Frame, _ output: LayoutOutput,
                            byItem: ByItem?) {
        var rows = output.rows
        guard let x = output.x, let y = output.y,
              let cross = FlowFeatures.mainView(items, frame.parameters).heights.baseAddress else { return }
        let sizes = frame.vertical ? output.itemWidth : output.itemHeight, out = frame.vertical ? x : y
        guard let byItem else {
            for k in 0..<frame.count {
                frame.row(k, taken: 0, into: &rows)
                across(k, frame, out: out, cross: cross, itemCount: items.count).place()
            }
            return
        }
        for k in 0..<frame.count {
            frame.row(k, taken: 0, into: &rows)
            byItem.place(k, frame, out: out, itemCount: items.count, sizes: sizes)
        }
    }

    /// Line k's items across it.
    @inline(__always)
    static func across(_ k: Int, _ frame: FlowFeatures.Frame, out: UnsafeMutablePointer<Float>,
                       cross: UnsafePointer<Float>, itemCount: Int) -> Across {
        let line = frame.line(k)
        return Across(first: line.start, end: line.start + line.count, out: out, cross: cross, itemCount: itemCount,
                      across: frame.across(k), size: frame.size(k), within: frame.within,
                      mirror: frame.rtl && frame.vertical, width: frame.width)
    }
}
