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
        if FlowFeatures.hasItemRules(parameters, items) {
            // Item rules (SPEC.md §13): this level packs, the reference's steps place.
            return FlowFeatures.place(items, parameters, proposal, output, lines: {
                FlowKernel.packAll($0, parameters, limit: $1.width ?? .infinity, into: &$2, offsets: $3)
            }, write: { FlowFeatures.write($0, $1, offsets: $2, $3) })
        }
        if let outcome = FeatureRows.place(items, parameters, proposal, output) { return outcome }
        let lines = max(items.count, 1)
        let start = ScratchColumn(Int64.self, lines), count = ScratchColumn(Int64.self, lines)
        let extent = ScratchColumn(Float.self, lines), packedSize = ScratchColumn(Float.self, lines)
        let size = ScratchColumn(Double.self, lines), across = ScratchColumn(Double.self, lines)
        // Growing items: each line's grown sizes (a line holds at most every item).
        let grown = ScratchColumn(Double.self, items.grow == nil ? 0 : lines)
        defer {
            start.giveBack(); count.giveBack(); extent.giveBack(); packedSize.giveBack()
            size.giveBack(); across.giveBack(); grown.giveBack()
        }
        // Without the memory, the reference's own allocation (which traps when it fails).
        var storage: FlowFeatures.Frame.Storage?
        if let start = start.pointer, let count = count.pointer, let extent = extent.pointer,
           let packedSize = packedSize.pointer, let size = size.pointer, let across = across.pointer {
            storage = FlowFeatures.Frame.Storage(start: start, count: count, extent: extent, packedSize: packedSize,
                                                 size: size, across: across)
        }
        // Along each line as the kernel closes it, when it can; then across it.
        if output.x != nil && output.y != nil && items.grow == nil,
           let (mainSize, _) = FeatureRows.containerAlong(items, parameters, proposal) {
            return FlowFeatures.place(items, parameters, proposal, output, lines: {
                FeatureRows.packAlong($0, parameters, $1, mainSize: mainSize, into: &$2, offsets: $3)
            }, storage: storage) { items, frame, _, output in
                writeAcross(items, frame, output)
            }
        }
        return FlowFeatures.place(items, parameters, proposal, output, lines: {
            FlowKernel.packAll($0, parameters, limit: $1.width ?? .infinity, into: &$2, offsets: $3)
        }, storage: storage) { items, frame, offsets, output in
            write(items, frame, offsets, output, grown: grown.pointer)
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
    /// and across it.
    /// - Complexity: O(n); O(1) per line beyond its items.
    static func write(_ items: Items, _ frame: FlowFeatures.Frame, _ offsets: UnsafeMutablePointer<Float>?,
                      _ output: LayoutOutput, grown: UnsafeMutablePointer<Double>?) {
        let sizes = output.itemWidth != nil || output.itemHeight != nil
        if output.rows.isEmpty && offsets == nil && !sizes { return }   // the size alone
        var rows = output.rows
        guard let offsets, let x = output.x, let y = output.y, items.grow == nil || grown != nil else {
            if items.grow != nil { return FlowFeatures.write(items, frame, offsets: offsets, output) }
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
        for k in 0..<frame.count {
            let line = frame.line(k)
            let first = line.start, end = first + line.count
            var free = frame.mainSize - frame.extent(k), taken = 0.0
            if let grow, let grown {
                taken = FlowFeatures.growLine(first..<end, free: free, factors: grow, main: main, cross: cross,
                                              sizes: grown, itemAlong: itemAlong, itemAcross: itemAcross)
                free -= taken
            }
            frame.row(k, taken: taken, into: &rows)
            let spots = frame.itemSpace.spots(free: free, count: line.count)
            let along = Along(first: first, end: end, out: offsets, main: main, grown: grown, spots: spots,
                              extent: frame.extent(k) + taken, width: width)
            if grow != nil {
                along.place(Yes.self, reverse: reverse, mirror: mirrorAlong, increments: spots.increments)
            } else {
                along.place(No.self, reverse: reverse, mirror: mirrorAlong, increments: spots.increments)
            }
            across(k, frame, out: acrossOut, cross: cross, itemCount: items.count).place()
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
    static func writeAcross(_ items: Items, _ frame: FlowFeatures.Frame, _ output: LayoutOutput) {
        var rows = output.rows
        guard let x = output.x, let y = output.y,
              let cross = FlowFeatures.mainView(items, frame.parameters).heights.baseAddress else { return }
        for k in 0..<frame.count {
            frame.row(k, taken: 0, into: &rows)
            across(k, frame, out: frame.vertical ? x : y, cross: cross, itemCount: items.count).place()
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
