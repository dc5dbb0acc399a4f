// Exercises LayoutKernel's Swift API from outside its package: a flow, a grid, first
// fit, many containers, an engine, exact positions and a typed error. Exits non-zero on
// the first wrong answer. `--bench N` times a flow of N items instead.
import LayoutKernel

#if canImport(Glibc)
import Glibc
#endif

var failures = 0
@MainActor func expect(_ condition: @autoclosure () -> Bool, _ what: String) {
    if condition() {
        print("ok   \(what)")
    } else {
        print("FAIL \(what)")
        failures += 1
    }
}

func seconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
}

let arguments = CommandLine.arguments
if let index = arguments.firstIndex(of: "--bench"), index + 1 < arguments.count, let n = Int(arguments[index + 1]) {
    let widths = (0..<n).map { Float(20 + ($0 * 37) % 180) }
    let heights = (0..<n).map { Float(24 + 8 * ($0 % 3)) }
    let flow = AnyLayout.flow(FlowParameters(spacing: .fixed(8), lineSpacing: .fixed(4)))
    var best = Double.infinity
    for _ in 0..<5 {
        let start = seconds()
        let result = try flow.layout(widths: widths, heights: heights, proposal: Proposal(width: 1200, height: nil))
        best = min(best, seconds() - start)
        precondition(result.count == n)
    }
    print("flow of \(n) items: best of 5 \(best * 1e3) ms, \(best * 1e9 / Double(n)) ns per item")
    exit(0)
}

do {
    // A flow: rows wrap at the proposal's width.
    let flow = AnyLayout.flow(FlowParameters(spacing: .fixed(8), lineSpacing: .fixed(4)))
    let result = try flow.layout(widths: [120, 80, 200], heights: [32, 20, 32], proposal: Proposal(width: 320, height: nil))
    expect(result.x == [0, 128, 0] && result.y == [0, 0, 36], "flow positions")
    expect(result.size == Size(width: 320, height: 68) && result.rows.count == 2, "flow size and rows")

    // A grid of three columns, its items centred in their cells.
    let grid = AnyLayout.grid(GridParameters(columns: .count(3), spacing: 10, lineSpacing: 5))
    let cells = try grid.layout(widths: [10, 20, 30, 40], heights: [10, 10, 10, 20])
    expect(cells.x == [15, 50, 80, 0] && cells.y == [0, 0, 0, 15] && cells.size == Size(width: 110, height: 35),
           "grid positions and size")

    // Buffers the caller holds go in without a copy.
    let widths: [Float] = [120, 80, 200], heights: [Float] = [32, 20, 32]
    let fromBuffers = try widths.withUnsafeBufferPointer { w in
        try heights.withUnsafeBufferPointer { h in
            try flow.layout(widths: w, heights: h, proposal: Proposal(width: 320, height: nil))
        }
    }
    expect(fromBuffers == result, "buffer pointers give the same layout")

    // First fit (ViewThatFits): the row does not fit 200 points, the column does.
    let row = FirstFitCandidate(.balanced(.init(axis: .horizontal)), widths: [80, 60, 70], heights: [40, 30, 20])
    let column = FirstFitCandidate(.balanced(.init(axis: .vertical)), widths: [80, 60, 70], heights: [40, 30, 20])
    let (chosen, fitted) = try firstFit([row, column], proposal: Proposal(width: 200, height: 300))
    expect(chosen == 1 && fitted.y == [0, 40, 80], "first fit falls back to the column")

    // Many containers in one call equal one layout each.
    let many = try AnyLayout.hstack(.init(spacing: .fixed(4)))
        .layoutMany(ItemList(widths: [10, 20, 30], heights: [5, 5, 5]), counts: [2, 1])
    expect(many.widths == [34, 30] && many[0].x == [0, 14] && many[1].x == [0], "layoutMany")

    // An engine: changes, then answers equal to a fresh layout.
    let engine = try Engine(flow)
    try engine.setItems(widths: (0..<1000).map { Float(10 + $0 % 90) }, heights: [Float](repeating: 20, count: 1000))
    try engine.insert(at: 500, widths: [300], heights: [50])
    try engine.remove(0 ..< 10)
    let proposal = Proposal(width: 640, height: nil)
    var w = (0..<1000).map { Float(10 + $0 % 90) }, h = [Float](repeating: 20, count: 1000)
    w.insert(300, at: 500)
    h.insert(50, at: 500)
    w.removeSubrange(0 ..< 10)
    h.removeSubrange(0 ..< 10)
    let fresh = try flow.layout(widths: w, heights: h, proposal: proposal)
    let held = try engine.layout(proposal)
    expect(held == fresh, "engine equals a fresh layout after changes")
    let (x, y) = try engine.positions(480 ..< 500, proposal)
    expect(x == Array(fresh.x[480 ..< 500]) && y == Array(fresh.y[480 ..< 500]), "engine positions of a range")
    let hit = try engine.item(atX: fresh.x[490] + 1, y: fresh.y[490] + 1, proposal)
    expect(hit == 490, "engine hit test")

    // Exact positions: beyond 2^24 px a Float cannot hold every position.
    let tall = [Float](repeating: 1_000_000.25, count: 40)
    let exact = try AnyLayout.flow(FlowParameters(lineSpacing: .fixed(0.5)))
        .layout(widths: tall, heights: tall, proposal: Proposal(width: 1, height: nil), exactPositions: true)
    expect(exact.y64?[39] == 39 * 1_000_000.75 && exact.y64!.map(Float.init) == exact.y, "exact positions")
} catch {
    print("FAIL unexpected error: \(error)")
    failures += 1
}

// A NaN width is a typed error naming the item; nothing is laid out.
do {
    _ = try AnyLayout.flow(.init()).layout(widths: [10, .nan, 30], heights: [10, 10, 10])
    expect(false, "a NaN width is rejected")
} catch {
    // `error` is a LayoutError (typed throws): no cast.
    expect(error.code == .invalidItemSize && error.itemIndex == 1 && error.message.hasPrefix("widths[1] is nan"),
           "a NaN width is a typed error naming item 1 (\(error.message))")
}

if failures > 0 {
    print("\(failures) failed")
    exit(1)
}
print("all passed")
