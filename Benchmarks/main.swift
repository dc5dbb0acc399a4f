import Foundation
import LayoutKernelDispatch

// lk-bench: the flow's throughput, per kernel level, against a streaming copy of the
// same bytes measured in the same run. See `lk-bench --help`.

let usage = """
    usage: lk-bench [options]

    Lays out the built-in workload (tag-like items: widths 40..160 step 8, height 32,
    row width 800, spacing 8) at n = 100 ... 10,000,000 with the scalar reference and
    every SIMD level this CPU runs, plus the size-only query, the whole C call
    (lk_flow_layout: validation and layout), and a streaming copy of the same bytes
    (read widths and heights, write x and y) as the baseline. Every level's result is
    checked against the reference before it is timed.

    options:
      --sizes N,N,...       item counts (default 100,1000,10000,100000,1000000,10000000)
      --quick               sizes up to 1,000,000
      --runs N              timed samples per operation (default 7, at least 5)
      --levels L,L,...      kernel levels to time (default: every supported one)
      --kinds               also time every other layout kind (stacks, grids, balanced,
                            circle) at the sizes up to 1,000,000 (on by default)
      --flow-only           time the flow only
      --input FILE          profile your own sizes instead: CSV/text (width,height per line)
                            or raw little-endian float32 pairs (w0 h0 w1 h1 ...)
      --format csv|f32      the input's format (default: by extension; .csv/.txt/.tsv = csv)
      --width W             row width (default 800)
      --spacing S           gap between items in a row (default 8)
      --line-spacing S      gap between rows (default 8)
      --out DIR             where flow.json and flow.svg go (default bench-results)
      --commit TEXT         the commit to name in the report
      --profile LEVEL       no timing: lay out the (first) workload --repeat times with one
                            level, for a profiler (valgrind --tool=callgrind, perf record)
      --repeat N            layouts in --profile mode (default 10)
      --smoke               tiny sizes and 3 runs: checks that the tool works (for tests)
      --help                this text
    """

struct Options {
    var sizes = [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]
    var runs = 7
    var levels: [KernelLevel] = KernelLevel.supported
    var input: String?
    var format: String?
    var width: Float = 800
    var spacing: Float = 8
    var lineSpacing: Float = 8
    var out = "bench-results"
    var commit = "unknown"
    var smoke = false
    var kinds = true
    var profile: KernelLevel?
    var repetitions = 10

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        func value(_ flag: String) throws -> String {
            guard let next = rest.popFirst() else { throw BenchmarkError.usage("\(flag) needs a value\n\n\(usage)") }
            return next
        }
        func number<T: LosslessStringConvertible>(_ flag: String, _ text: String) throws -> T {
            guard let parsed = T(text.replacingOccurrences(of: "_", with: "")) else {
                throw BenchmarkError.usage("\(flag): not a number: \(text)")
            }
            return parsed
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--sizes": sizes = try value(flag).split(separator: ",").map { try number(flag, String($0)) }
            case "--quick": sizes = sizes.filter { $0 <= 1_000_000 }
            case "--runs": runs = try number(flag, value(flag))
            case "--levels":
                levels = try value(flag).split(separator: ",").map {
                    guard let level = KernelLevel(name: String($0)) else {
                        throw BenchmarkError.usage("--levels: unknown level \($0)")
                    }
                    guard level.isSupported else { throw BenchmarkError.usage("--levels: this CPU cannot run \($0)") }
                    return level
                }.sorted { KernelLevel.allCases.firstIndex(of: $0)! < KernelLevel.allCases.firstIndex(of: $1)! }
            case "--input": input = try value(flag)
            case "--format":
                format = try value(flag)
                guard format == "csv" || format == "f32" else { throw BenchmarkError.usage("--format: csv or f32") }
            case "--width": width = try number(flag, value(flag))
            case "--spacing": spacing = try number(flag, value(flag))
            case "--line-spacing": lineSpacing = try number(flag, value(flag))
            case "--out": out = try value(flag)
            case "--commit": commit = try value(flag)
            case "--smoke": smoke = true; sizes = [100, 1_000, 20_000]; runs = 3
            case "--kinds": kinds = true
            case "--flow-only": kinds = false
            case "--profile":
                let name = try value(flag)
                guard let level = KernelLevel(name: name), level.isSupported else {
                    throw BenchmarkError.usage("--profile: unknown or unsupported level \(name)")
                }
                profile = level
            case "--repeat": repetitions = try number(flag, value(flag))
            case "--help", "-h": print(usage); exit(0)
            default: throw BenchmarkError.usage("unknown option \(flag)\n\n\(usage)")
            }
        }
        guard smoke || runs >= 5 else { throw BenchmarkError.usage("--runs: at least 5") }
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { throw BenchmarkError.usage("--sizes: positive counts") }
        guard width >= 0, spacing >= 0, lineSpacing >= 0 else {
            throw BenchmarkError.usage("--width, --spacing and --line-spacing must be >= 0")
        }
    }
}

/// Whether every length is a multiple of 1/64 and rows stay below 2^17 px.
func onGrid(_ workload: Workload) -> Bool {
    func grid(_ v: Float) -> Bool { (v * 64).rounded() == v * 64 }
    return workload.width <= 131_072 && grid(workload.width) && grid(workload.spacing)
        && grid(workload.lineSpacing) && workload.widths.allSatisfy(grid) && workload.heights.allSatisfy(grid)
        && (workload.widths.max() ?? 0) <= 131_072
}

func main() throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    var workloads: [Workload]
    if let path = options.input {
        let sizes = try InputFile.read(path: path, format: options.format)
        workloads = [Workload(name: path, widths: sizes.widths, heights: sizes.heights, width: options.width,
                              spacing: options.spacing, lineSpacing: options.lineSpacing)]
    } else {
        var all = Workload.tags(count: options.sizes.max()!)
        all.width = options.width
        all.spacing = options.spacing
        all.lineSpacing = options.lineSpacing
        workloads = options.sizes.map { all.prefix($0) }
    }
    if let level = options.profile {
        let workload = workloads[0]
        let nanoseconds = profileRun(workload, level: level, repetitions: options.repetitions)
        print("profiled \(level.name): \(options.repetitions) layouts of \(workload.description); "
              + String(format: "%.3f ns/item", nanoseconds / Double(options.repetitions * max(workload.count, 1))))
        return
    }
    let levels = options.levels
    let suite = Suite(levels: levels, runs: options.runs, referenceLimit: 10_000_000,
                      exact: workloads.allSatisfy(onGrid))
    var results: [Result] = []
    for (index, workload) in workloads.enumerated() {
        let step = "[\(index + 1)/\(workloads.count)] n = \(workload.count.formatted())"
        results += try suite.run(workload) { progress("\(step): \($0)") }
    }
    // Every other kind, on the same items, up to 1,000,000 (the copy measured again with them).
    var kindResults: [Result] = []
    if options.kinds {
        let kindSuite = Suite(levels: [.reference] + levels.filter { $0 != .reference }, runs: options.runs,
                              referenceLimit: 1_000_000, exact: suite.exact)
        for workload in workloads where workload.count >= 1_000 && workload.count <= 1_000_000 {
            let step = "kinds, n = \(workload.count.formatted())"
            kindResults += try kindSuite.runKinds(workload, KindCase.all) { progress("\(step): \($0)") }
        }
    }
    let machine = Machine.current(kernel: ActiveKernel.level.name, levels: levels.map(\.name),
                                  commit: options.commit)
    let description = options.input.map { "\($0): \(workloads[0].description)" }
        ?? "tag-like items (w 40..160 step 8, h 32), row width \(options.width), spacing \(options.spacing), line spacing \(options.lineSpacing)"
    let report = Report(machine: machine, workload: description, results: results)
    print(report.table())
    if !kindResults.isEmpty {
        let kindReport = Report(machine: machine, workload: description, results: kindResults)
        print(kindReport.kindsTable(KindCase.all, levels: (["reference"] + levels.map(\.name)).uniqued()))
    }
    if let note = ActiveKernel.choiceNote { print("note: \(note)") }
    try FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
    try Report(machine: machine, workload: description, results: results + kindResults.map {
        var tagged = $0
        if tagged.name == "copy" { tagged.name = "copy (kinds)" }
        return tagged
    }).json().write(to: URL(fileURLWithPath: options.out + "/flow.json"))
    try report.svg().write(toFile: options.out + "/flow.svg", atomically: true, encoding: .utf8)
    print("wrote \(options.out)/flow.json and \(options.out)/flow.svg")
}

do {
    try main()
} catch {
    fputs("lk-bench: \(error)\n", stderr)
    exit(error is BenchmarkError ? 2 : 1)
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
