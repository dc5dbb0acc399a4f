import Foundation

/// The machine a run happened on, for the report's first lines.
struct Machine {
    var cpu: String
    var cores: Int
    var kernel: String
    var levels: [String]
    var commit: String

    static func current(kernel: String, levels: [String], commit: String) -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        return Machine(cpu: model ?? "unknown CPU", cores: ProcessInfo.processInfo.activeProcessorCount,
                       kernel: kernel, levels: levels, commit: commit)
    }
}

/// Formats and writes the results: a table on standard output, JSON and an SVG chart.
struct Report {
    var machine: Machine
    var workload: String
    var results: [Result]

    func table() -> String {
        var lines = [
            "LayoutKernel flow benchmark — \(workload)",
            "machine: \(machine.cpu), \(machine.cores) cores; commit \(machine.commit)",
            "kernels: \(machine.levels.joined(separator: ", ")); the C API uses \(machine.kernel)",
            "times are ns per item, median and best of the runs; ×copy = median / copy's median,",
            "ref÷ = the reference's median / this median (higher is faster)",
            "",
            pad("n", 11) + pad("operation", 20) + pad("median", 10) + pad("best", 10)
                + pad("items/s", 11) + pad("×copy", 8) + pad("ref÷", 8),
        ]
        for n in sizes {
            let rows = results.filter { $0.items == n }
            let copy = rows.first { $0.name == "copy" }?.measurement.median
            let reference = rows.first { $0.name == "reference" }?.measurement.median
            for (index, row) in rows.enumerated() {
                let m = row.measurement
                lines.append(pad(index == 0 ? n.formatted() : "", 11) + pad(row.name, 20)
                    + pad(fixed(m.median), 10) + pad(fixed(m.best), 10)
                    + pad(rate(1e9 / m.median), 11)
                    + pad(copy.map { fixed(m.median / $0, 2) } ?? "", 8)
                    + pad(reference.map { row.name == "copy" ? "" : fixed($0 / m.median, 1) } ?? "", 8))
            }
        }
        return lines.joined(separator: "\n")
    }

    var sizes: [Int] { Array(Set(results.map(\.items))).sorted() }

    func json() throws -> Data {
        let object: [String: Any] = [
            "machine": ["cpu": machine.cpu, "cores": machine.cores, "commit": machine.commit,
                        "c_api_kernel": machine.kernel, "kernels": machine.levels],
            "workload": workload,
            "results": results.map {
                ["n": $0.items, "operation": $0.name,
                 "median_ns_per_item": $0.measurement.median, "best_ns_per_item": $0.measurement.best,
                 "items_per_second": 1e9 / $0.measurement.median,
                 "samples_ns_per_item": $0.measurement.samples] as [String: Any]
            },
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    /// Items per second (median) against n, both on log scales: one line per operation.
    func svg() -> String {
        let names = results.reduce(into: [String]()) { if !$0.contains($1.name) { $0.append($1.name) } }
        let (width, height, left, right, top, bottom) = (760.0, 440.0, 70.0, 190.0, 40.0, 50.0)
        let ns = sizes.map { log10(Double($0)) }
        let rates = results.map { log10(1e9 / $0.measurement.median) }
        guard let nMin = ns.min(), let nMax = ns.max(), let rMin = rates.min(), let rMax = rates.max()
        else { return "<svg xmlns=\"http://www.w3.org/2000/svg\"/>" }
        let (yLow, yHigh) = (floor(rMin), ceil(rMax))
        func px(_ n: Double) -> Double {
            left + (n - nMin) / max(nMax - nMin, 1e-9) * (width - left - right)
        }
        func py(_ r: Double) -> Double {
            height - bottom - (r - yLow) / max(yHigh - yLow, 1e-9) * (height - top - bottom)
        }
        let colors = ["#444444", "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#17becf"]
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(left)" y="22" font-size="14">Flow layout throughput (items/s, median) — \(escape(machine.cpu))</text>

            """
        for decade in Int(yLow)...Int(yHigh) {
            let y = py(Double(decade))
            svg += "<line x1=\"\(left)\" y1=\"\(y)\" x2=\"\(width - right)\" y2=\"\(y)\" stroke=\"#ddd\"/>"
            svg += "<text x=\"\(left - 8)\" y=\"\(y + 4)\" text-anchor=\"end\">1e\(decade)</text>\n"
        }
        for (n, logN) in zip(sizes, ns) {
            svg += "<text x=\"\(px(logN))\" y=\"\(height - bottom + 18)\" text-anchor=\"middle\">\(n.formatted())</text>\n"
        }
        svg += "<text x=\"\((left + width - right) / 2)\" y=\"\(height - 10)\" text-anchor=\"middle\">items (n)</text>\n"
        for (index, name) in names.enumerated() {
            let color = colors[index % colors.count]
            let points = results.filter { $0.name == name }
                .map { "\(px(log10(Double($0.items)))),\(py(log10(1e9 / $0.measurement.median)))" }
            let dash = name == "copy" ? " stroke-dasharray=\"6 4\"" : ""
            svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dash) points=\"\(points.joined(separator: " "))\"/>\n"
            let legendY = top + 20 + Double(index) * 18
            svg += "<line x1=\"\(width - right + 12)\" y1=\"\(legendY)\" x2=\"\(width - right + 36)\" y2=\"\(legendY)\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>"
            svg += "<text x=\"\(width - right + 42)\" y=\"\(legendY + 4)\">\(escape(name))</text>\n"
        }
        return svg + "</svg>\n"
    }
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
}

func fixed(_ value: Double, _ digits: Int = 3) -> String {
    String(format: "%.\(digits)f", value)
}

/// 1234567 → "1.23 M".
private func rate(_ value: Double) -> String {
    for (scale, suffix) in [(1e9, "G"), (1e6, "M"), (1e3, "k")] where value >= scale {
        return String(format: "%.2f %@", value / scale, suffix)
    }
    return String(format: "%.0f", value)
}

private func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
}
