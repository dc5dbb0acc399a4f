import LayoutKernelCore
import LayoutKernelDispatch

/// One non-flow layout the benchmark times.
struct KindCase {
    var name: String
    var layout: AnyLayout
    var proposal: Proposal
    /// Whether every level must match the reference bit for bit (all but the circle,
    /// whose trigonometry agrees within 1e-5 of its size).
    var exact: Bool

    /// Every kind but the flow, on the first workload's items: stacks with gaps of 8, a
    /// 10-column fit grid and an adaptive fill grid 800 wide, a balanced row, a circle of
    /// radius 1000.
    static let all: [KindCase] = [
        KindCase(name: "hstack", layout: .hstack(StackParameters(spacing: .fixed(8))), proposal: .unspecified, exact: true),
        KindCase(name: "vstack", layout: .vstack(StackParameters(spacing: .fixed(8))), proposal: .unspecified, exact: true),
        KindCase(name: "zstack", layout: .zstack(StackParameters()), proposal: .unspecified, exact: true),
        KindCase(name: "grid fit 10", layout: .grid(GridParameters(columns: .count(10), spacing: 8, lineSpacing: 8)),
                 proposal: Proposal(width: 800, height: nil), exact: true),
        KindCase(name: "grid fill adaptive", layout: .grid(GridParameters(
            columns: .adaptive(minimumWidth: 120), sizing: .fill, spacing: 8, lineSpacing: 8)),
                 proposal: Proposal(width: 800, height: nil), exact: true),
        KindCase(name: "balanced row", layout: .balanced(BalancedParameters(spacing: .fixed(8))),
                 proposal: .unspecified, exact: true),
        KindCase(name: "circle", layout: .circle(CircleParameters(radius: 1000)), proposal: .unspecified, exact: false),
    ]
}

extension Suite {
    /// Times the copy, the reference and every level on each kind at `workload`'s size,
    /// after checking every level against the reference.
    func runKinds(_ workload: Workload, _ kinds: [KindCase], report: (String) -> Void) throws -> [Result] {
        let n = workload.count
        let exact = workload.isOnGrid
        var results: [Result] = []
        let x = UnsafeMutablePointer<Float>.allocate(capacity: max(n, 1))
        let y = UnsafeMutablePointer<Float>.allocate(capacity: max(n, 1))
        defer { x.deallocate(); y.deallocate() }
        let output = LayoutOutput(x: x, y: y, rows: RowTableWriter(start: nil, count: nil, y: nil,
                                                                  width: nil, height: nil))
        try ItemList(widths: workload.widths, heights: workload.heights).withItems { items in
            let widths = items.widths.baseAddress!, heights = items.heights.baseAddress!
            report("copy")
            results.append(Result(workload: workload.name, items: n, name: "copy",
                                  measurement: measure(items: n, runs: runs) {
                x.update(from: widths, count: n)
                y.update(from: heights, count: n)
            }))
            for kind in kinds {
                let expected = LayoutReference.layout(items, kind.layout, kind.proposal)
                let bitExact = exact && kind.exact
                let tolerance = bitExact ? 0 : 1e-5 * max(1, expected.size.width, expected.size.height)
                for level in levels {
                    let kernels = level.layouts
                    let outcome = kernels.place(items, kind.layout, kind.proposal, output)
                    let worst = (0..<n).map { max(abs(x[$0] - expected.x[$0]), abs(y[$0] - expected.y[$0])) }.max() ?? 0
                    guard outcome.size == expected.size || !bitExact, worst <= tolerance else {
                        throw BenchmarkError.mismatch("\(kind.name) at \(level.name) differs from the reference by \(worst)")
                    }
                    if level == .reference && n > referenceLimit { continue }
                    report("\(kind.name): \(level.name)")
                    results.append(Result(workload: workload.name, items: n, name: "\(kind.name): \(level.name)",
                                          measurement: measure(items: n, runs: runs) {
                        _ = kernels.place(items, kind.layout, kind.proposal, output)
                    }))
                }
            }
        }
        return results
    }
}

extension Report {
    /// One line per kind and size: ns per item (median) at each level, and the best
    /// level against the copy and the reference.
    func kindsTable(_ kinds: [KindCase], levels: [String]) -> String {
        let items = kindResults.first.map { " on the \($0.workload) items" } ?? ""
        var lines = ["", "Other layouts\(items) — ns per item (median); ×copy and ÷ref for the fastest level",
                     pad("layout", 20) + pad("n", 11) + pad("copy", 8)
                        + levels.map { pad($0, 10) }.joined() + pad("×copy", 8) + pad("÷ref", 8)]
        for kind in kinds {
            for n in sizes {
                let rows = kindResults.filter { $0.items == n }
                guard let copy = rows.first(where: { $0.name == "copy" })?.measurement.median else { continue }
                let times = levels.map { level in rows.first { $0.name == "\(kind.name): \(level)" }?.measurement.median }
                guard times.contains(where: { $0 != nil }) else { continue }
                let fastest = times.enumerated().filter { levels[$0.offset] != "reference" }
                    .compactMap(\.element).min()
                let reference = times[levels.firstIndex(of: "reference") ?? 0]
                lines.append(pad(kind.name, 20) + pad(n.formatted(), 11) + pad(fixed(copy), 8)
                    + times.map { pad($0.map { fixed($0) } ?? "", 10) }.joined()
                    + pad(fastest.map { fixed($0 / copy, 1) } ?? "", 8)
                    + pad(zip(reference.map { [$0] } ?? [], fastest.map { [$0] } ?? []).map { fixed($0 / $1, 1) }.first ?? "", 8))
            }
        }
        return lines.joined(separator: "\n")
    }
}
