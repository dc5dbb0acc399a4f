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

/// Formats and writes the results: tables on standard output, JSON and an SVG chart.
struct Report {
    var machine: Machine
    /// The flow workloads, in the order they ran: name and settings.
    var workloads: [(name: String, settings: String)]
    /// The flow's results (every workload).
    var results: [Result]
    /// The other kinds' results, on the first workload's items.
    var kindResults: [Result] = []

    /// The time ratios of one flow result, against the results measured with it (same
    /// workload and n): ×copy, ×scalar (against the plain C loop) and, for the C API, the
    /// share of its time spent outside the kernel it runs.
    func ratios(_ result: Result) -> (copy: Double?, scalar: Double?, api: Double?) {
        let peers = results.filter { $0.workload == result.workload && $0.items == result.items }
        func median(_ name: String) -> Double? { peers.first { $0.name == name }?.measurement.median }
        let time = result.measurement.median
        let api = result.name == "C API (\(machine.kernel))" ? median(machine.kernel).map { (time - $0) / time } : nil
        return (result.name == "copy" ? nil : median("copy").map { time / $0 },
                result.name == plainLoopName ? nil : median(plainLoopName).map { time / $0 }, api)
    }

    /// The legend and one table per workload.
    func table() -> String {
        let runs = results.first?.measurement.samples.count ?? 0
        var lines = [
            "LayoutKernel flow benchmark",
            "machine: \(machine.cpu), \(machine.cores) cores; commit \(machine.commit)",
            "kernels: \(machine.levels.joined(separator: ", ")); the C API uses \(machine.kernel)",
            "times are ns per item, median and best of \(runs) runs. Every layout writes x, y and the full row",
            "table (start, length, y, width, height); the size-only query writes nothing. Each timed call",
            "lays out the next of several item sets (\(Workload.poolItems.formatted()) items in all; one set from 262,144 up),",
            "unless --same-items; \"\(sameItemsLoopName)\" repeats one set, whose row breaks the CPU learns.",
            "  ×copy   = median / the streaming copy's median (read widths and heights, write x and y)",
            "  ×scalar = median / the plain C loop's median: the greedy loop a user writes by hand",
            "            (Benchmarks/Baseline, -O3 -march=native, top-leading); below 1 is faster than it",
            "  API %   = (C API - \(machine.kernel)) / C API: the share of the C call spent outside the kernel",
            "            (input validation, result checks), both on one thread; \"C API, N threads\" is the same",
            "            call split over the threads lk_set_max_threads() allows (from 131,072 items)",
        ]
        for workload in workloads {
            let mine = results.filter { $0.workload == workload.name }
            let aligned = mine.contains { $0.name.contains(", ") }
            lines += ["", "workload \(workload.name): \(workload.settings)"]
                + (aligned ? ["(the centre and bottom-trailing lines are aligned layouts; the plain loop is top-leading)"] : [])
                + [pad("n", 11) + pad("operation", 24) + pad("median", 10) + pad("best", 10)
                    + pad("items/s", 11) + pad("×copy", 8) + pad("×scalar", 9) + pad("API %", 7)]
            for n in Array(Set(mine.map(\.items))).sorted() {
                for (index, row) in mine.filter({ $0.items == n }).enumerated() {
                    let m = row.measurement
                    let (copy, scalar, api) = ratios(row)
                    lines.append(pad(index == 0 ? n.formatted() : "", 11) + pad(row.name, 24)
                        + pad(fixed(m.median), 10) + pad(fixed(m.best), 10)
                        + pad(rate(1e9 / m.median), 11)
                        + pad(copy.map { fixed($0, 2) } ?? "", 8)
                        + pad(scalar.map { fixed($0, 2) } ?? "", 9)
                        + pad(api.map { fixed(100 * $0, 1) } ?? "", 7))
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The sizes of the other kinds' results.
    var sizes: [Int] { Array(Set(kindResults.map(\.items))).sorted() }

    func json() throws -> Data {
        func sample(_ result: Result) -> [String: Any] {
            ["workload": result.workload, "n": result.items, "operation": result.name,
             "median_ns_per_item": result.measurement.median, "best_ns_per_item": result.measurement.best,
             "items_per_second": 1e9 / result.measurement.median,
             "samples_ns_per_item": result.measurement.samples]
        }
        let flow = results.map { result -> [String: Any] in
            var object = sample(result)
            let (copy, scalar, api) = ratios(result)
            if let copy { object["times_copy"] = copy }
            if let scalar { object["times_scalar"] = scalar }
            if let api { object["api_share"] = api }
            return object
        }
        let kinds = kindResults.map {
            var tagged = $0
            if tagged.name == "copy" { tagged.name = "copy (kinds)" }
            return sample(tagged)
        }
        let object: [String: Any] = [
            "machine": ["cpu": machine.cpu, "cores": machine.cores, "commit": machine.commit,
                        "c_api_kernel": machine.kernel, "kernels": machine.levels],
            "workloads": workloads.map { ["name": $0.name, "settings": $0.settings] },
            "notes": [
                "every flow layout writes x, y and the full row table; size-only writes nothing",
                "times_copy = median / copy's median; times_scalar = median / the plain C loop's median "
                    + "(top-leading; below 1 = faster than it); api_share = (C API - kernel) / C API",
            ],
            "results": flow + kinds,
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    /// Items per second (median) against n, both on log scales: one panel per workload,
    /// one line per operation.
    func svg() -> String {
        let (width, panel, left, right, top, bottom) = (760.0, 440.0, 70.0, 210.0, 40.0, 50.0)
        let names = results.reduce(into: [String]()) { if !$0.contains($1.name) { $0.append($1.name) } }
        let colors = ["#444444", "#000000", "#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
                      "#17becf", "#e377c2", "#bcbd22"]
        let panels = workloads.filter { workload in results.contains { $0.workload == workload.name } }
        guard !panels.isEmpty else { return "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n" }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(width))" height="\(Int(panel) * panels.count)" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>

            """
        for (panelIndex, workload) in panels.enumerated() {
            let offset = Double(panelIndex) * panel
            let mine = results.filter { $0.workload == workload.name }
            let sizes = Array(Set(mine.map(\.items))).sorted()
            let ns = sizes.map { log10(Double($0)) }
            let rates = mine.map { log10(1e9 / $0.measurement.median) }
            guard let nMin = ns.min(), let nMax = ns.max(), let rMin = rates.min(), let rMax = rates.max()
            else { continue }
            let (yLow, yHigh) = (floor(rMin), max(ceil(rMax), floor(rMin) + 1))
            func px(_ n: Double) -> Double {
                left + (n - nMin) / max(nMax - nMin, 1e-9) * (width - left - right)
            }
            func py(_ r: Double) -> Double {
                offset + panel - bottom - (r - yLow) / max(yHigh - yLow, 1e-9) * (panel - top - bottom)
            }
            svg += "<text x=\"\(left)\" y=\"\(offset + 22)\" font-size=\"14\">Flow layout throughput (items/s, median), "
                + "\(escape(workload.name)) — \(escape(machine.cpu))</text>\n"
            for decade in Int(yLow)...Int(yHigh) {
                let y = py(Double(decade))
                svg += "<line x1=\"\(left)\" y1=\"\(y)\" x2=\"\(width - right)\" y2=\"\(y)\" stroke=\"#ddd\"/>"
                svg += "<text x=\"\(left - 8)\" y=\"\(y + 4)\" text-anchor=\"end\">1e\(decade)</text>\n"
            }
            for (n, logN) in zip(sizes, ns) {
                svg += "<text x=\"\(px(logN))\" y=\"\(offset + panel - bottom + 18)\" text-anchor=\"middle\">\(n.formatted())</text>\n"
            }
            svg += "<text x=\"\((left + width - right) / 2)\" y=\"\(offset + panel - 10)\" text-anchor=\"middle\">items (n)</text>\n"
            for (index, name) in names.enumerated() {
                let line = mine.filter { $0.name == name }
                guard !line.isEmpty else { continue }
                let color = colors[index % colors.count]
                let points = line.map { "\(px(log10(Double($0.items)))),\(py(log10(1e9 / $0.measurement.median)))" }
                let dash = name == "copy" ? " stroke-dasharray=\"6 4\"" : name == plainLoopName ? " stroke-dasharray=\"2 3\"" : ""
                svg += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"\(dash) points=\"\(points.joined(separator: " "))\"/>\n"
                let legendY = offset + top + 20 + Double(index) * 18
                svg += "<line x1=\"\(width - right + 12)\" y1=\"\(legendY)\" x2=\"\(width - right + 36)\" y2=\"\(legendY)\" stroke=\"\(color)\" stroke-width=\"2\"\(dash)/>"
                svg += "<text x=\"\(width - right + 42)\" y=\"\(legendY + 4)\">\(escape(name))</text>\n"
            }
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
