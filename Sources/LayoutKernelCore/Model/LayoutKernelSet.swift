/// What a layout of any kind reports besides positions: the container size, the number
/// of rows written to the row table, and, for a balanced stack, the cell every item is
/// given (nil when items keep their own size).
public struct LayoutOutcome: Equatable, Sendable {
    public var size: Size
    public var rows: Int
    public var cell: Size?

    @inlinable
    public init(size: Size, rows: Int, cell: Size? = nil) {
        self.size = size
        self.rows = rows
        self.cell = cell
    }
}

/// Every layout kind's entry points at one ISA level (flow included), behind one
/// interface: the SIMD levels come from the per-ISA modules, the reference level wraps
/// `LayoutReference`. Positions and rows go to a `LayoutOutput` (x and y required when
/// there are items; the caller guarantees room for every row it asks for).
///
/// Besides whole layouts, the set exposes the primitive they are built from:
/// `packFlow`, the flow's resumable packing (see `FlowPackState`), which a caller can run
/// over any range of items, stop after any row and resume later, with results
/// bit-identical to one pass.
public struct LayoutKernelSet: Sendable {
    public typealias Place = @Sendable (Items, AnyLayout, Proposal, LayoutOutput) -> LayoutOutcome
    public typealias SizeOnly = @Sendable (Items, AnyLayout, Proposal) -> Size
    public typealias RowCount = @Sendable (Items, AnyLayout, Proposal) -> Int
    /// Packs items `state.next ..< end` of a flow from `state`, placing items as the
    /// request says and sending closed rows to the table; leaves the row holding item
    /// `end - 1` open unless the request finishes the flow.
    public typealias PackFlow = @Sendable (Items, FlowPackRequest, inout FlowPackState, _ end: Int,
                                          inout RowTableWriter) -> Void
    /// Whether every length of the items is in `[0, 2^64]` (-0 included) and every flag
    /// byte holds only defined bits: the caller's input check, at memory speed.
    public typealias InputsAreValid = @Sendable (Items) -> Bool
    /// Continues eight digest lanes (`state`, 8 words) over `blocks` blocks of 64 bytes:
    /// word k of a block goes to lane k, `lane = rotl(lane + word * P2, 31) * P1`
    /// (XXH64's round). The engine's chunk digests.
    public typealias DigestBlocks = @Sendable (UnsafeMutablePointer<UInt64>, UnsafeRawPointer, Int) -> Void
    /// Lays out many containers whose items are concatenated (`ManyOutput.placeEach`);
    /// returns the rows written.
    public typealias PlaceMany = @Sendable (Items, AnyLayout, UnsafeBufferPointer<Int>, ManyProposals,
                                           ManyOutput) -> Int

    public let place: Place
    public let size: SizeOnly
    public let rowCount: RowCount
    public let packFlow: PackFlow
    public let inputsAreValid: InputsAreValid
    public let digestBlocks: DigestBlocks
    public let placeMany: PlaceMany

    public init(place: @escaping Place, size: @escaping SizeOnly, rowCount: @escaping RowCount,
                packFlow: @escaping PackFlow, inputsAreValid: @escaping InputsAreValid,
                digestBlocks: @escaping DigestBlocks, placeMany: @escaping PlaceMany) {
        self.place = place
        self.size = size
        self.rowCount = rowCount
        self.packFlow = packFlow
        self.inputsAreValid = inputsAreValid
        self.digestBlocks = digestBlocks
        self.placeMany = placeMany
    }
}

extension LayoutKernelSet {
    /// One digest round on one lane: `rotl(lane + word * P2, 31) * P1` (XXH64's round),
    /// what `digestBlocks` does to each lane for each block.
    @inlinable @inline(__always)
    public static func digestRound(_ lane: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = lane &+ word &* 0xC2B2_AE3D_27D4_EB4F
        return ((mixed << 31) | (mixed >> 33)) &* 0x9E37_79B1_85EB_CA87
    }

    /// `LayoutReference.layout`, copied out to an output.
    static func referencePlace(_ items: Items, _ layout: AnyLayout, _ proposal: Proposal,
                               _ output: LayoutOutput) -> LayoutOutcome {
        let result = LayoutReference.layout(items, layout, proposal)
        if let x = output.x, let y = output.y {
            for i in 0..<items.count {
                x[i] = result.x[i]
                y[i] = result.y[i]
            }
        }
        var rows = output.rows
        for (index, row) in result.rows.enumerated() {
            rows.row(index, start: row.start, count: row.count, y: row.y, width: row.width,
                     height: row.height)
        }
        let cell = result.itemWidth.first.map { Size(width: $0, height: result.itemHeight[0]) }
        return LayoutOutcome(size: result.size, rows: result.rows.count, cell: cell)
    }

    /// The scalar references behind the same interface (they allocate their results and
    /// copy them out): the oracle, and the reference level.
    public static let reference = LayoutKernelSet(
        place: { referencePlace($0, $1, $2, $3) },
        size: { LayoutReference.size($0, $1, $2) },
        rowCount: { LayoutReference.rowCount($0, $1, $2) },
        packFlow: { items, request, state, end, rows in
            let parameters = request.parameters
            func run<Sink: RowSink>(_ sink: inout ReferencePlacement<Sink>) {
                FlowReference.pack(items, spacing: parameters.spacing, lineSpacing: parameters.lineSpacing,
                                   limit: request.limit, from: &state, to: end, offsets: request.x, into: &sink)
                if request.finish && end == items.count && !sink.isDone {
                    FlowReference.finish(items, lineSpacing: parameters.lineSpacing, &state, into: &sink)
                }
            }
            if let stops = request.stops {
                var sink = ReferencePlacement(items, request, StoppableRowTable(rows: rows, stops: stops))
                run(&sink)
                rows = sink.rows.rows
            } else {
                var sink = ReferencePlacement(items, request, rows)
                run(&sink)
                rows = sink.rows
            }
        },
        inputsAreValid: { items in
            func lengths(_ values: UnsafeBufferPointer<Float>?) -> Bool {
                values.map { $0.allSatisfy { $0 >= 0 && $0 <= 0x1p64 } } ?? true
            }
            return lengths(items.widths) && lengths(items.heights) && lengths(items.leading)
                && lengths(items.trailing) && lengths(items.top) && lengths(items.bottom)
                && (items.flags.map { $0.allSatisfy { $0 & ~ItemFlag.all == 0 } } ?? true)
        },
        digestBlocks: { state, bytes, blocks in
            for b in 0..<blocks {
                for k in 0..<8 {
                    state[k] = digestRound(state[k], bytes.loadUnaligned(fromByteOffset: 64 * b + 8 * k, as: UInt64.self))
                }
            }
        },
        placeMany: { items, layout, counts, proposals, output in
            output.placeEach(items, layout, counts, proposals) { referencePlace($0, $1, $2, $3) }
        })
}

/// The reference's placement of a flow's rows as they close (the flow's step 5, one row at
/// a time), in front of another sink.
struct ReferencePlacement<Rows: RowSink>: RowSink {
    let items: Items
    let request: FlowPackRequest
    var rows: Rows

    init(_ items: Items, _ request: FlowPackRequest, _ rows: Rows) {
        self.items = items
        self.request = request
        self.rows = rows
    }

    static var needsHeights: Bool { true }
    static var canStop: Bool { Rows.canStop }
    var isDone: Bool { rows.isDone }

    mutating func row(_ index: Int, start: Int, count: Int, y top: Double, width: Float, height: Float) {
        let alignment = request.parameters.alignment
        let shift = alignment.x * (request.containerWidth - width)
        for i in start..<(start + count) {
            if let x = request.x { x[i] = x[i] + shift }
            if let y = request.y { y[i] = Float(top + Double(alignment.y * (height - items.heights[i]))) }
        }
        rows.row(index, start: start, count: count, y: top, width: width, height: height)
    }
}
