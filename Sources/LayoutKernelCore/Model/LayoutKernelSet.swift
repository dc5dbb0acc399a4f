/// What a layout of any kind reports besides positions: the container size, the number
/// of rows written to the row table, and, for a balanced stack, the cell every item is
/// given (nil when items keep their own size).
public struct LayoutOutcome: Equatable, Sendable {
    public var size: Size
    public var rows: Int
    public var cell: Size?
    /// Whether the layout gave items sizes of their own (a flow whose items grow) and
    /// wrote them to the output's `itemWidth` and `itemHeight`.
    public var sizesWritten: Bool
    /// A flow with `maxLines`: the items left out (the last ones), and the overflow
    /// item's frame when it was placed (and positions were written).
    public var hidden: Int
    public var overflow: Rect?

    @inlinable
    public init(size: Size, rows: Int, cell: Size? = nil, sizesWritten: Bool = false, hidden: Int = 0,
                overflow: Rect? = nil) {
        self.size = size
        self.rows = rows
        self.cell = cell
        self.sizesWritten = sizesWritten
        self.hidden = hidden
        self.overflow = overflow
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
///
/// A class: a caller that takes the active set holds one reference, not eight closure
/// contexts to retain and release on every call.
public final class LayoutKernelSet: Sendable {
    public typealias Place = @Sendable (Items, AnyLayout, Proposal, LayoutOutput) -> LayoutOutcome
    public typealias SizeOnly = @Sendable (Items, AnyLayout, Proposal) -> Size
    public typealias RowCount = @Sendable (Items, AnyLayout, Proposal) -> Int
    /// Packs items `state.next ..< end` of a flow from `state`, placing items as the
    /// request says and sending closed rows to the table; leaves the row holding item
    /// `end - 1` open unless the request finishes the flow.
    public typealias PackFlow = @Sendable (Items, FlowPackRequest, inout FlowPackState, _ end: Int,
                                          inout RowTableWriter) -> Void
    /// Whether every length and grow factor of the items is in `[0, 2^64]` (-0 included)
    /// and every flag byte holds only defined bits: the caller's input check, at memory
    /// speed.
    public typealias InputsAreValid = @Sendable (Items) -> Bool
    /// Continues a digest (`state`: eight accumulators, then the stripe's place in its
    /// 1 KB block) over `stripes` stripes of 64 bytes with XXH3's accumulation
    /// (`digestStripe`). The engine's chunk digests.
    public typealias DigestStripes = @Sendable (UnsafeMutablePointer<UInt64>, UnsafeRawPointer, Int) -> Void
    /// Lays out many containers whose items are concatenated (`ManyOutput.placeEach`);
    /// returns the rows written.
    public typealias PlaceMany = @Sendable (Items, AnyLayout, UnsafeBufferPointer<Int>, ManyProposals,
                                           ManyOutput) -> Int
    /// Writes the positions of items `first ..< first + items.count` of a circle of `n`
    /// items whose container size is `size` (`items` holds those items only, `x` and `y`
    /// have room for them), each exactly as `place` places it among all `n`: an engine
    /// places only the items a change touched.
    public typealias PlaceCircleItems = @Sendable (Items, _ first: Int, _ n: Int, CircleParameters, _ size: Size,
                                                  UnsafeMutablePointer<Float>, UnsafeMutablePointer<Float>) -> Void

    public let place: Place
    public let size: SizeOnly
    public let rowCount: RowCount
    public let packFlow: PackFlow
    public let inputsAreValid: InputsAreValid
    public let digestStripes: DigestStripes
    public let placeMany: PlaceMany
    public let placeCircleItems: PlaceCircleItems

    public init(place: @escaping Place, size: @escaping SizeOnly, rowCount: @escaping RowCount,
                packFlow: @escaping PackFlow, inputsAreValid: @escaping InputsAreValid,
                digestStripes: @escaping DigestStripes, placeMany: @escaping PlaceMany,
                placeCircleItems: @escaping PlaceCircleItems) {
        self.place = place
        self.size = size
        self.rowCount = rowCount
        self.packFlow = packFlow
        self.inputsAreValid = inputsAreValid
        self.digestStripes = digestStripes
        self.placeMany = placeMany
        self.placeCircleItems = placeCircleItems
    }
}

extension LayoutKernelSet {
    /// The digest's key: 24 pseudo-random words (SplitMix64 from 0x4C61796F75744B31), in
    /// the role of XXH3's secret.
    public static let digestKey: [UInt64] = [
        0x0ED9_0942_E259_3105, 0x7888_D4E0_4BA2_F29F, 0xDEE2_F875_4B90_9EA1, 0xE10A_DE35_5AF5_39F7,
        0x896F_1168_D2BC_70BF, 0x7929_BB21_D349_AF61, 0x0663_A20B_0D9E_F613, 0x9D75_5DA1_7D19_2764,
        0xC94D_5BCF_74A7_DBDA, 0x018E_D2B6_B614_7A6F, 0x96EE_8EA8_C85A_7D99, 0x91FC_9283_F058_7015,
        0xF76B_B89B_DB0F_3252, 0xE9EB_5F34_7C3F_49B4, 0x9844_9B4F_D63B_B5D5, 0xD8AA_E7CE_0536_171F,
        0x27C6_AEEC_EBBA_4CC0, 0xEB23_B8E5_9E5B_66FC, 0xFEC5_F087_A513_518D, 0xAE46_FB9B_D20F_9E40,
        0x6DC7_AB2F_5F03_9222, 0x90CC_8734_48B3_0499, 0xC0E8_1FE6_874C_CDCE, 0x9622_739E_DA48_4E4F,
    ]

    /// One stripe of 64 bytes into a digest (what `digestStripes` does per stripe), as
    /// XXH3 accumulates: for each 8-byte word k, `acc[k ^ 1] += word` and `acc[k] +=
    /// lo32(word ^ key[s + k]) * hi32(word ^ key[s + k])`, s being the stripe's place
    /// (0 ... 15, `state[8]`) in its 1 KB block; after each block every accumulator
    /// becomes `(acc ^ acc >> 47 ^ key[16 + k]) * 0x9E3779B1`.
    @inlinable
    public static func digestStripe(_ state: UnsafeMutablePointer<UInt64>, _ stripe: UnsafeRawPointer) {
        let s = Int(state[8])
        for k in 0..<8 {
            let word = stripe.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self)
            let mixed = word ^ digestKey[s + k]
            state[k ^ 1] &+= word
            state[k] &+= (mixed & 0xFFFF_FFFF) &* (mixed >> 32)
        }
        if s + 1 < 16 {
            state[8] = UInt64(s + 1)
            return
        }
        for k in 0..<8 {
            let acc = state[k]
            state[k] = (acc ^ (acc >> 47) ^ digestKey[16 + k]) &* 0x9E37_79B1
        }
        state[8] = 0
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
        if case .flow = layout {
            // A flow gives items sizes of their own only when they grow, their rules can
            // resize them, or it has `maxLines`.
            guard layout.givesSizes(to: items) else {
                return LayoutOutcome(size: result.size, rows: result.rows.count)
            }
            output.itemWidth?.update(from: result.itemWidth, count: items.count)
            output.itemHeight?.update(from: result.itemHeight, count: items.count)
            return LayoutOutcome(size: result.size, rows: result.rows.count, sizesWritten: true,
                                 hidden: result.hidden, overflow: output.x != nil && output.y != nil ? result.overflow : nil)
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
                && lengths(items.trailing) && lengths(items.top) && lengths(items.bottom) && lengths(items.grow)
                && (items.flags.map { $0.allSatisfy { $0 & ~ItemFlag.all == 0 } } ?? true)
        },
        digestStripes: { state, bytes, stripes in
            for i in 0..<stripes { digestStripe(state, bytes + 64 * i) }
        },
        placeMany: { items, layout, counts, proposals, output in
            output.placeEach(items, layout, counts, proposals) { referencePlace($0, $1, $2, $3) }
        },
        placeCircleItems: { CircleReference.place($0, first: $1, of: $2, $3, $4, x: $5, y: $6) })
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
