import CLayoutKernel
import LayoutKernelCore
import LayoutKernelDispatch
import LayoutKernelEngine
import LayoutKernelSupport
import LayoutKernelValidation

#if canImport(Glibc)
import Glibc
#endif

// The engine's C entry points (lk_engine_*): the handle, its in-use flag, and the same
// validation as the stateless calls; a failed call leaves the engine as it was.

/// What an `lk_engine *` points at: the engine and its in-use flag.
final class EngineHandle {
    let engine: LayoutEngine
    let flag = UnsafeMutablePointer<Int32>.allocate(capacity: 1)

    init(_ engine: LayoutEngine) {
        self.engine = engine
        flag.initialize(to: 0)
    }

    deinit { flag.deallocate() }
}

/// Runs `body` with the engine behind `pointer`, holding its in-use flag; fails with
/// `LK_ERR_BUSY` when another call holds it.
private func withEngine(_ pointer: OpaquePointer?, _ body: (LayoutEngine) throws(APIError) -> Void) throws(APIError) {
    let handle = Unmanaged<EngineHandle>.fromOpaque(UnsafeRawPointer(try required(pointer, "engine")))
        .takeUnretainedValue()
    guard lkx_flag_take(handle.flag) != 0 else {
        throw APIError(status: LK_ERR_BUSY, message: "engine is in use by another call (an engine serves one caller at a time)")
    }
    defer { lkx_flag_give(handle.flag) }
    try body(handle.engine)
}

/// Whether every engine checks its answers against fresh layouts (LAYOUTKERNEL_VERIFY=1).
private let verifyEngines: Bool = getenv("LAYOUTKERNEL_VERIFY").map { String(cString: $0) == "1" } ?? false

@_cdecl("lk_engine_create")
public func lkEngineCreate(_ layout: UnsafePointer<lk_layout>?, _ out: UnsafeMutablePointer<OpaquePointer?>?) -> lk_status {
    exported { () throws(APIError) in
        let layout = try validatedLayout(layout, "layout")
        let out = try required(out, "engine")
        let engine = LayoutEngine(layout: layout, kernels: ActiveKernel.layouts, verifies: verifyEngines)
        engine.headroom = memoryHeadroom
        let handle = EngineHandle(engine)
        out.pointee = OpaquePointer(Unmanaged.passRetained(handle).toOpaque())
    }
}

@_cdecl("lk_engine_destroy")
public func lkEngineDestroy(_ engine: OpaquePointer?) {
    guard let engine else { return }
    Unmanaged<EngineHandle>.fromOpaque(UnsafeRawPointer(engine)).release()
}

@_cdecl("lk_engine_set_items")
public func lkEngineSetItems(_ engine: OpaquePointer?, _ items: UnsafePointer<lk_items>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            let items = try validatedItems(items)
            try affordable(engine.bytesToStore(items))
            engine.setItems(items)
        }
    }
}

@_cdecl("lk_engine_update")
public func lkEngineUpdate(_ engine: OpaquePointer?, _ start: Int, _ items: UnsafePointer<lk_items>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            let items = try validatedItems(items)
            try checkRange(start, items.count, in: engine.count, "start", "items.count")
            try affordable(engine.bytesToStore(items))
            engine.update(at: start, items)
        }
    }
}

@_cdecl("lk_engine_insert")
public func lkEngineInsert(_ engine: OpaquePointer?, _ index: Int, _ items: UnsafePointer<lk_items>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            let items = try validatedItems(items)
            try checkRange(index, 0, in: engine.count, "index", "0")
            guard items.count <= maxItemCount - engine.count else {
                throw APIError(status: LK_ERR_SIZE_OVERFLOW, message: "items.count is \(items.count): the engine "
                               + "would hold more items than fit in memory")
            }
            try affordable(engine.bytesToStore(items))
            engine.insert(at: index, items)
        }
    }
}

@_cdecl("lk_engine_remove")
public func lkEngineRemove(_ engine: OpaquePointer?, _ start: Int, _ count: Int) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            try checkRange(start, count, in: engine.count, "start", "count")
            engine.remove(start..<(start + count))
        }
    }
}

@_cdecl("lk_engine_count")
public func lkEngineCount(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<Int>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in try required(out, "count").pointee = engine.count }
    }
}

@_cdecl("lk_engine_get_items")
public func lkEngineGetItems(_ engine: OpaquePointer?, _ start: Int, _ count: Int,
                             _ buffers: UnsafePointer<lk_item_buffers>?,
                             _ fields: UnsafeMutablePointer<UInt32>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            try checkRange(start, count, in: engine.count, "start", "count")
            let b = try buffers.map { buffers throws(APIError) in
                try sized(buffers, "buffers", start: "lk_item_buffers_default").pointee
            } ?? lk_item_buffers()
            try checkDisjoint { spans in
                spans.output("buffers.widths", b.widths, count * 4)
                spans.output("buffers.heights", b.heights, count * 4)
                spans.output("buffers.spacing_leading", b.spacing_leading, count * 4)
                spans.output("buffers.spacing_trailing", b.spacing_trailing, count * 4)
                spans.output("buffers.spacing_top", b.spacing_top, count * 4)
                spans.output("buffers.spacing_bottom", b.spacing_bottom, count * 4)
                spans.output("buffers.flags", b.flags, count)
                spans.output("buffers.grow", b.grow, count * 4)
                spans.output("buffers.align_self", b.align_self, count)
                spans.output("buffers.baseline", b.baseline, count * 4)
                spans.output("buffers.last_baseline", b.last_baseline, count * 4)
                spans.output("buffers.stretchable", b.stretchable, count)
                spans.output("buffers.min_width", b.min_width, count * 4)
                spans.output("buffers.max_width", b.max_width, count * 4)
                spans.output("buffers.min_height", b.min_height, count * 4)
                spans.output("buffers.max_height", b.max_height, count * 4)
                spans.output("buffers.shrink", b.shrink, count * 4)
                spans.output("fields", fields, 4)
            }
            engine.copyItems(start..<(start + count), into: ItemBuffers(
                widths: b.widths, heights: b.heights, leading: b.spacing_leading, trailing: b.spacing_trailing,
                top: b.spacing_top, bottom: b.spacing_bottom, flags: b.flags, grow: b.grow, alignSelf: b.align_self,
                baseline: b.baseline, lastBaseline: b.last_baseline, stretchable: b.stretchable, minWidth: b.min_width,
                maxWidth: b.max_width, minHeight: b.min_height, maxHeight: b.max_height, shrink: b.shrink))
            fields?.pointee = engine.heldFields.rawValue
        }
    }
}

@_cdecl("lk_engine_layout")
public func lkEngineLayout(_ engine: OpaquePointer?, _ proposal: lk_proposal,
                           _ result: UnsafeMutablePointer<lk_result>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            let proposal = try validatedProposal(proposal)
            try affordable(engine.bytesToAnswer(proposal))
            let writer = try ResultWriter(result, count: engine.count)
            let table = writer.rowTable
            if !table.holdsAnyLayout(of: engine.count) { try table.check(rows: engine.rowCount(proposal)) }
            let outcome = engine.place(proposal, writer.output)
            writer.finish(size: outcome.size, rows: outcome.rows, cell: outcome.cell, hidden: outcome.hidden,
                          overflow: outcome.overflow) {
                if !outcome.sizesWritten { engine.copySizes(widths: $0, heights: $1) }
            }
        }
    }
}

@_cdecl("lk_engine_size")
public func lkEngineSize(_ engine: OpaquePointer?, _ proposal: lk_proposal,
                         _ out: UnsafeMutablePointer<lk_size>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            let proposal = try validatedProposal(proposal)
            try affordable(engine.bytesToAnswer(proposal))
            let out = try required(out, "size")
            let size = engine.size(proposal)
            out.pointee = lk_size(width: size.width, height: size.height)
        }
    }
}

@_cdecl("lk_engine_positions")
public func lkEnginePositions(_ engine: OpaquePointer?, _ proposal: lk_proposal, _ start: Int, _ count: Int,
                              _ x: UnsafeMutablePointer<Float>?, _ y: UnsafeMutablePointer<Float>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            guard let (range, proposal, x, y) = try positionsRequest(engine, proposal, start, count, x, y,
                                                                     exact: false) else { return }
            engine.positions(range, proposal, x: x, y: y)
        }
    }
}

@_cdecl("lk_engine_positions_exact")
public func lkEnginePositionsExact(_ engine: OpaquePointer?, _ proposal: lk_proposal, _ start: Int, _ count: Int,
                                   _ x: UnsafeMutablePointer<Double>?, _ y: UnsafeMutablePointer<Double>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            guard let (range, proposal, x, y) = try positionsRequest(engine, proposal, start, count, x, y,
                                                                     exact: true) else { return }
            engine.exactPositions(range, proposal, x: x, y: y)
        }
    }
}

@_cdecl("lk_engine_positions_relative")
public func lkEnginePositionsRelative(_ engine: OpaquePointer?, _ proposal: lk_proposal, _ start: Int, _ count: Int,
                                      _ originX: Double, _ originY: Double, _ x: UnsafeMutablePointer<Float>?,
                                      _ y: UnsafeMutablePointer<Float>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            let origin = (x: try finite(originX, "origin_x"), y: try finite(originY, "origin_y"))
            guard let (range, proposal, x, y) = try positionsRequest(engine, proposal, start, count, x, y,
                                                                     exact: true) else { return }
            engine.relativePositions(range, proposal, origin: origin, x: x, y: y)
        }
    }
}

/// The checks of a positions request (proposal, memory, range, outputs), in that order;
/// nil for an empty range (nothing to write).
private func positionsRequest<T>(
    _ engine: LayoutEngine, _ proposal: lk_proposal, _ start: Int, _ count: Int, _ x: UnsafeMutablePointer<T>?,
    _ y: UnsafeMutablePointer<T>?, exact: Bool
) throws(APIError) -> (Range<Int>, Proposal, UnsafeMutablePointer<T>, UnsafeMutablePointer<T>)? {
    let proposal = try validatedProposal(proposal)
    try affordable(exact ? engine.bytesToAnswerExact(proposal) : engine.bytesToAnswer(proposal))
    try checkRange(start, count, in: engine.count, "start", "count")
    guard count > 0 else { return nil }
    let x = try required(x, "x"), y = try required(y, "y")
    try checkDisjoint { spans in
        spans.output("x", x, count * MemoryLayout<T>.stride)
        spans.output("y", y, count * MemoryLayout<T>.stride)
    }
    return (start..<(start + count), proposal, x, y)
}

@_cdecl("lk_engine_visible")
public func lkEngineVisible(_ engine: OpaquePointer?, _ proposal: lk_proposal, _ x0: Float, _ y0: Float,
                            _ x1: Float, _ y1: Float, _ indices: UnsafeMutablePointer<Int64>?, _ capacity: Int,
                            _ found: UnsafeMutablePointer<Int>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            try visibleRequest(engine, proposal, [Double(x0), Double(y0), Double(x1), Double(y1)], indices, capacity,
                               found, exact: false) { engine.visible(x0: x0, y0: y0, x1: x1, y1: y1, $0) }
        }
    }
}

@_cdecl("lk_engine_visible_exact")
public func lkEngineVisibleExact(_ engine: OpaquePointer?, _ proposal: lk_proposal, _ x0: Double, _ y0: Double,
                                 _ x1: Double, _ y1: Double, _ indices: UnsafeMutablePointer<Int64>?, _ capacity: Int,
                                 _ found: UnsafeMutablePointer<Int>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            try visibleRequest(engine, proposal, [x0, y0, x1, y1], indices, capacity, found, exact: true) {
                engine.visibleExact(x0: x0, y0: y0, x1: x1, y1: y1, $0)
            }
        }
    }
}

/// A visible-items request: the checks (proposal, memory, the corners, `found`), the
/// query, then the indices written when `capacity` holds them.
private func visibleRequest(_ engine: LayoutEngine, _ proposal: lk_proposal, _ corners: [Double],
                            _ indices: UnsafeMutablePointer<Int64>?, _ capacity: Int, _ found: UnsafeMutablePointer<Int>?,
                            exact: Bool, _ query: (Proposal) -> [Int]) throws(APIError) {
    let proposal = try validatedProposal(proposal)
    try affordable(exact ? engine.bytesToAnswerExact(proposal) : engine.bytesToAnswer(proposal))
    for (value, name) in zip(corners, ["x0", "y0", "x1", "y1"]) where value.isNaN {
        throw .parameter("\(name) is NaN (the rectangle's corners must be numbers)")
    }
    let found = try required(found, "found")
    let visible = query(proposal)
    guard UInt(bitPattern: capacity) >= UInt(visible.count) else {
        found.pointee = visible.count
        throw .bufferTooSmall("capacity", capacity: capacity, required: visible.count)
    }
    if !visible.isEmpty {
        let indices = try required(indices, "indices")
        for (k, i) in visible.enumerated() { indices[k] = Int64(i) }
    }
    found.pointee = visible.count
}

@_cdecl("lk_engine_item_at")
public func lkEngineItemAt(_ engine: OpaquePointer?, _ proposal: lk_proposal, _ px: Float, _ py: Float,
                           _ out: UnsafeMutablePointer<Int64>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            let proposal = try validatedProposal(proposal)
            try affordable(engine.bytesToAnswer(proposal))
            let out = try required(out, "index")
            out.pointee = engine.item(atX: px, y: py, proposal).map { Int64($0) } ?? -1
        }
    }
}

@_cdecl("lk_engine_item_at_exact")
public func lkEngineItemAtExact(_ engine: OpaquePointer?, _ proposal: lk_proposal, _ px: Double, _ py: Double,
                                _ out: UnsafeMutablePointer<Int64>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            let proposal = try validatedProposal(proposal)
            try affordable(engine.bytesToAnswerExact(proposal))
            let out = try required(out, "index")
            out.pointee = engine.itemExact(atX: px, y: py, proposal).map { Int64($0) } ?? -1
        }
    }
}

/// `value` when it is finite; else `LK_ERR_INVALID_PARAMETER` naming it.
private func finite(_ value: Double, _ name: String) throws(APIError) -> Double {
    guard value.isFinite else { throw .parameter("\(name) is \(value) (an origin must be a finite number)") }
    return value
}

@_cdecl("lk_engine_get_stats")
public func lkEngineStats(_ engine: OpaquePointer?, _ out: UnsafeMutablePointer<lk_engine_stats>?) -> lk_status {
    exported { () throws(APIError) in
        try withEngine(engine) { engine throws(APIError) in
            let out = try sized(out, "stats", start: "lk_engine_stats_default")
            let stats = engine.stats
            out.pointee = lk_engine_stats(struct_size: MemoryLayout<lk_engine_stats>.size,
                                          items_packed: stats.itemsPacked, rows_reused: stats.rowsReused,
                                          cache_hits: stats.cacheHits, bytes: stats.bytes)
        }
    }
}
