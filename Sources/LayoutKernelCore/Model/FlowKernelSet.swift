/// The flow's entry points at one ISA level. The SIMD levels are the same source
/// (`Sources/Kernels`) compiled into one module per level (LayoutKernelSSE2, …AVX2,
/// …AVX512), each exporting one `FlowKernelSet`; the reference level wraps
/// `FlowReference`.
public struct FlowKernelSet: Sendable {
    public typealias Layout = @Sendable (Items, FlowParameters, Proposal, FlowOutput) -> (size: Size, rows: Int)
    public typealias SizeOnly = @Sendable (Items, FlowParameters, Proposal) -> Size
    public typealias RowCount = @Sendable (Items, FlowParameters, Float?) -> Int

    public let layout: Layout
    public let size: SizeOnly
    public let rowCount: RowCount

    public init(layout: @escaping Layout, size: @escaping SizeOnly, rowCount: @escaping RowCount) {
        self.layout = layout
        self.size = size
        self.rowCount = rowCount
    }

    /// The scalar reference behind the same interface (it allocates its result and
    /// copies it out): the oracle, selectable as a level for comparison.
    public static let reference = FlowKernelSet(
        layout: { items, parameters, proposal, output in
            let layout = FlowReference.layout(items, parameters, proposal)
            if let x = output.x, let y = output.y {
                for i in 0..<items.count {
                    x[i] = layout.x[i]
                    y[i] = layout.y[i]
                }
            }
            var rows = output.rows
            for (index, row) in layout.rows.enumerated() {
                rows.row(index, start: row.start, count: row.count, y: row.y, width: row.width,
                         height: row.height)
            }
            return (layout.size, layout.rows.count)
        },
        size: { FlowReference.size($0, $1, $2) },
        rowCount: { FlowReference.rowCount($0, $1, width: $2) })
}
