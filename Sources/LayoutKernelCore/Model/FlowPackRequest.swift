/// What to pack of a flow, and where its items go: the request of the resumable flow
/// primitive (`LayoutKernelSet.packFlow`), which threads, segments and stateful callers
/// share.
///
/// Items are placed as their rows close: `x[i] = offset(i) + ax * (containerWidth -
/// rowWidth)` and `y[i] = Float(rowY + Double(ay * (rowHeight - h[i])))`, as the flow's rules
/// in layoutkernel.h say. Either buffer may be nil; a packer writes nothing for items at or
/// past the end it is given.
public struct FlowPackRequest {
    public var parameters: FlowParameters
    /// The row limit `W` (the flow's step 1): the proposal's width, or `+infinity`.
    public var limit: Float
    public var x: UnsafeMutablePointer<Float>?
    public var y: UnsafeMutablePointer<Float>?
    /// The width rows are aligned in; read only when `parameters.alignment.x != 0`.
    public var containerWidth: Float
    /// Whether the end given is the end of the items: the last row closes there.
    public var finish: Bool
    /// Item indices in ascending order: the packing stops before the first of them at
    /// which a row would open, and writes nothing for that item or any after it (for
    /// example the old row starts past an edit, where the old rows can be reused).
    public var stops: UnsafeBufferPointer<Int>?

    @inlinable
    public init(parameters: FlowParameters, limit: Float, x: UnsafeMutablePointer<Float>? = nil,
                y: UnsafeMutablePointer<Float>? = nil, containerWidth: Float = 0, finish: Bool = false,
                stops: UnsafeBufferPointer<Int>? = nil) {
        self.parameters = parameters
        self.limit = limit
        self.x = x
        self.y = y
        self.containerWidth = containerWidth
        self.finish = finish
        self.stops = stops
    }

    /// Where the items go, for a packer that writes nothing at or past `end`.
    @inlinable
    public func placement(end: Int) -> FlowPlacement {
        FlowPlacement(x: x, y: y, anchor: parameters.alignment, containerWidth: containerWidth,
                      writeEnd: end, overlap: stops == nil)
    }
}

/// Where a flow's items go as their rows close: offsets (plus the alignment shift) in
/// `x`, row tops (plus the alignment within the row) in `y`; either may be nil. No
/// per-item write reaches `writeEnd`.
public struct FlowPlacement {
    public var x: UnsafeMutablePointer<Float>?
    public var y: UnsafeMutablePointer<Float>?
    public var anchor: Anchor
    /// The width rows are aligned in; read only when `anchor.x != 0`.
    public var containerWidth: Float
    public var writeEnd: Int
    /// Whether a vector store may run past a row's end into later items (still before
    /// `writeEnd`), which their own rows write afterwards. False when the packing may
    /// stop after any row: then nothing past the stopping row is written.
    public var overlap: Bool

    @inlinable
    public init(x: UnsafeMutablePointer<Float>?, y: UnsafeMutablePointer<Float>?, anchor: Anchor,
                containerWidth: Float, writeEnd: Int, overlap: Bool) {
        self.x = x
        self.y = y
        self.anchor = anchor
        self.containerWidth = containerWidth
        self.writeEnd = writeEnd
        self.overlap = overlap
    }

    /// Writes nothing per item.
    @inlinable
    public static func none(_ end: Int) -> FlowPlacement {
        FlowPlacement(x: nil, y: nil, anchor: .topLeading, containerWidth: 0, writeEnd: end, overlap: true)
    }

    /// Whether 16 lanes may be stored at `index` for a row of at most 16 items there.
    @inlinable
    public func fullStore(at index: Int) -> Bool { overlap && index &+ 16 <= writeEnd }
}
