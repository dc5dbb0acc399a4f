/// Where a flow's row packing stands: everything needed to go on from item `next`
/// exactly as one pass over all the items would (lk_flow_layout in layoutkernel.h).
///
/// Packing is resumable: pack items `0 ..< k`, keep the state, pack `k ..< n` later (or
/// on another thread, or after an edit), and every row, offset and row top is the same,
/// bit for bit, as packing `0 ..< n` at once. A row's outputs depend only on its own
/// items and the state at its first item, never on where a pass started.
public struct FlowPackState: Equatable, Sendable {
    /// The first item not packed yet.
    public var next: Int
    /// The open row's first item; `== next` when no row is open (before the first item,
    /// or right after a row closed).
    public var rowStart: Int
    /// The open row's extent: its `x` after its last item, summed in `Float` in item
    /// order as the flow's packing loop does (0 when no row is open).
    public var extent: Float
    /// The open row's largest height so far, and its first item of that height.
    public var rowHeight: Float
    public var tallest: Int
    /// The number of rows closed so far: the open row's index.
    public var rows: Int
    /// The last closed row's top, height and tallest item, from which the open row's
    /// top follows when it closes (unused while `rows == 0`).
    public var lastY: Double
    public var lastHeight: Float
    public var lastTallest: Int

    @inlinable
    public init(next: Int, rowStart: Int, extent: Float, rowHeight: Float, tallest: Int, rows: Int,
                lastY: Double, lastHeight: Float, lastTallest: Int) {
        self.next = next
        self.rowStart = rowStart
        self.extent = extent
        self.rowHeight = rowHeight
        self.tallest = tallest
        self.rows = rows
        self.lastY = lastY
        self.lastHeight = lastHeight
        self.lastTallest = lastTallest
    }

    /// Before the first item.
    public static let start = FlowPackState(next: 0, rowStart: 0, extent: 0, rowHeight: 0, tallest: 0,
                                            rows: 0, lastY: 0, lastHeight: 0, lastTallest: 0)

    /// A fresh row opening at item `index` with no row before it, as a pass starting
    /// there assumes (the start of a speculative segment).
    @inlinable
    public static func rowStarting(at index: Int) -> FlowPackState {
        FlowPackState(next: index, rowStart: index, extent: 0, rowHeight: 0, tallest: index, rows: 0,
                      lastY: 0, lastHeight: 0, lastTallest: 0)
    }

    /// Whether a row is open (holds at least one item).
    @inlinable
    public var rowIsOpen: Bool { next > rowStart }

    /// The top of a row closing now whose tallest item is `tallest`, given the line gap
    /// between the last closed row's tallest item and it: row 0 at 0, row r at
    /// `y[r-1] + height[r-1] + gap`, summed in `Double` in that order.
    @inlinable
    public func top(lineGap gap: Float) -> Double {
        rows == 0 ? 0 : lastY + Double(lastHeight) + Double(gap)
    }

    /// Moves on past the open row, which closed with this top and height: it becomes the
    /// last closed row, and no row is open.
    @inlinable
    public mutating func closeRow(top: Double, height: Float) {
        rows &+= 1
        lastY = top
        lastHeight = height
        lastTallest = tallest
        rowStart = next
        extent = 0
        rowHeight = 0
    }
}
