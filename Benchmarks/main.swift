import Foundation
import LayoutKernelDispatch

// lk-bench: the flow's throughput, per kernel level, against a streaming copy of the
// same bytes measured in the same run. See `lk-bench --help`.

let usage = """
    usage: lk-bench [options]

    Lays out the built-in workloads at n = 100 ... 10,000,000:
      tags    tag-like items: widths 40..160 step 8, height 32; row width 800, spacing 8,
              line spacing 8
      varied  widths 24..200 and heights 16..40 (integers); row width 1000, spacing 6,
              line spacing 4; also timed centred and bottom-trailing
    with a streaming copy of the same bytes (read widths and heights, write x and y), the
    plain C loop a user would write (Benchmarks/Baseline: one greedy pass, top-leading),
    the scalar reference and every SIMD level this CPU runs, the size-only query and the
    whole C call (lk_flow_layout: validation and layout). Every layout writes x, y and the
    full row table; each result is checked against the reference before it is timed. The
    tables give ×copy and ×scalar (time / the plain C loop's time) for every line.
    Each timed call gets the next of several item sets (262,144 items in all), as calls
    that lay out new items do; the plain loop is also timed on the same items every call,
    whose row breaks a branch predictor learns.

    options:
      --workload W          tags, varied or all (default all)
      --sizes N,N,...       item counts (default 100,1000,10000,100000,1000000,10000000)
      --quick               sizes up to 1,000,000
      --runs N              timed samples per operation (default 7, at least 5)
      --levels L,L,...      kernel levels to time (default: every supported one)
      --kinds               also time every other layout kind (stacks, grids, balanced,
                            circle) on the first workload's items at the sizes up to
                            1,000,000 (on by default)
      --flow-only           time the flow only
      --engine N,N,...      item counts of the engine's timings (default 1000000,10000000;
                            0 skips them)
      --features N          items of the CSS flow features' timings, each against the plain
                            flow (default 1,000,000; 0 skips them)
      --lines N,N,...       item counts of balanced lines against greedy lines (tags, varied
                            and 1000-a-line items; default 1000000,10000000; 0 skips them)
      --many N              containers of 1..16 items in the lk_layout_many timing (default
                            100,000; 0 skips it)
      --input FILE          profile your own sizes instead: CSV/text (width,height per line)
                            or raw little-endian float32 pairs (w0 h0 w1 h1 ...)
      --format csv|f32      the input's format (default: by extension; .csv/.txt/.tsv = csv)
      --width W             row width (default: the workload's; 800 for --input)
      --spacing S           gap between items in a row (default: the workload's; 8 for --input)
      --line-spacing S      gap between rows (default: the workload's; 8 for --input)
      --out DIR             where flow.json and flow.svg go (default bench-results)
      --commit TEXT         the commit to name in the report
      --profile LEVEL       no timing: lay out the (first) workload --repeat times with one
                            level, or with the plain C loop (LEVEL plain), for a profiler
                            (valgrind --tool=callgrind, perf record)
      --feature KEY         with --profile LEVEL: one case of the features' table instead, on
                            the varied items (--sizes' first count): plain, space-between,
                            rtl, reverse, wrap-reverse, columns, stretch, nowrap,
                            balance, grow, grow-mixed (factors 1 and 2), center,
                            stretch-items, baseline, min-max, grow-max, shrink (item
                            rules), plain-sizes (the plain flow
                            with the items' sizes written too, growing items' outputs)
                            or columns-lines (the plain flow of the columns' lines)
      --repeat N            layouts in --profile mode (default 10)
      --same-items          every timed call lays out the same items
      --smoke               tiny sizes and 3 runs: checks that the tool works (for tests)
      --help                this text
    """

struct Options {
    var workloads = Workload.builtIn
    var sizes = [100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]
    var runs = 7
    var levels: [KernelLevel] = KernelLevel.supported
    var input: String?
    var format: String?
    var width: Float?
    var spacing: Float?
    var lineSpacing: Float?
    var out = "bench-results"
    var commit = "unknown"
    var smoke = false
    var kinds = true
    var sameItems = false
    var manyContainers = 100_000
    var engineSizes = [1_000_000, 10_000_000]
    var featureCount = 1_000_000
    var lineSizes = [1_000_000, 10_000_000]
    /// A level, or nil for the plain C loop.
    var profile: KernelLevel??
    var repetitions = 10
    /// With `profile`: a case of the features' table instead of the workload's flow.
    var feature: String?

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
            case "--workload":
                let name = try value(flag)
                guard name == "all" || Workload.builtIn.contains(name) else {
                    throw BenchmarkError.usage("--workload: \((Workload.builtIn + ["all"]).joined(separator: ", ")), not \(name)")
                }
                workloads = name == "all" ? Workload.builtIn : [name]
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
            case "--width": width = try number(flag, value(flag)) as Float
            case "--spacing": spacing = try number(flag, value(flag)) as Float
            case "--line-spacing": lineSpacing = try number(flag, value(flag)) as Float
            case "--out": out = try value(flag)
            case "--commit": commit = try value(flag)
            case "--smoke": smoke = true; sizes = [100, 1_000, 20_000]; runs = 3; manyContainers = 2_000
                engineSizes = [20_000]; featureCount = 20_000; lineSizes = [20_000]
            case "--kinds": kinds = true
            case "--same-items": sameItems = true
            case "--many": manyContainers = try number(flag, value(flag))
            case "--engine": engineSizes = try value(flag).split(separator: ",").map { try number(flag, String($0)) }
                .filter { $0 > 0 }
            case "--features": featureCount = try number(flag, value(flag))
            case "--lines": lineSizes = try value(flag).split(separator: ",").map { try number(flag, String($0)) }
                .filter { $0 > 0 }
            case "--flow-only": kinds = false; manyContainers = 0; engineSizes = []; featureCount = 0; lineSizes = []
            case "--profile":
                let name = try value(flag)
                if name == "plain" { profile = .some(nil); continue }
                guard let level = KernelLevel(name: name), level.isSupported else {
                    throw BenchmarkError.usage("--profile: unknown or unsupported level \(name)")
                }
                profile = .some(level)
            case "--repeat": repetitions = try number(flag, value(flag))
            case "--feature":
                let key = try value(flag)
                guard FeatureSuite.keys.contains(key) else {
                    throw BenchmarkError.usage("--feature: one of \(FeatureSuite.keys.joined(separator: ", ")), not \(key)")
                }
                feature = key
            case "--help", "-h": print(usage); exit(0)
            default: throw BenchmarkError.usage("unknown option \(flag)\n\n\(usage)")
            }
        }
        guard smoke || runs >= 5 else { throw BenchmarkError.usage("--runs: at least 5") }
        guard !sizes.isEmpty, sizes.allSatisfy({ $0 > 0 }) else { throw BenchmarkError.usage("--sizes: positive counts") }
        guard [width, spacing, lineSpacing].allSatisfy({ ($0 ?? 0) >= 0 }) else {
            throw BenchmarkError.usage("--width, --spacing and --line-spacing must be >= 0")
        }
    }

    /// A workload with the row width and gaps the options set.
    func adjusted(_ workload: Workload) -> Workload {
        var workload = workload
        if let width { workload.width = width }
        if let spacing { workload.spacing = spacing }
        if let lineSpacing { workload.lineSpacing = lineSpacing }
        return workload
    }
}

func main() throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    let input = try options.input.map { path in
        let sizes = try InputFile.read(path: path, format: options.format)
        return options.adjusted(Workload(name: path, widths: sizes.widths, heights: sizes.heights,
                                         width: 800, spacing: 8, lineSpacing: 8))
    }
    /// A workload's first n items (the input file whole), made when it is run; with
    /// `fresh`, as many sets of them as the timed calls take in turn.
    func workload(_ name: String, _ n: Int, fresh: Bool = false) -> Workload {
        input ?? options.adjusted(Workload.builtIn(name, count: n, fresh: fresh)!)
    }
    let names = input.map { [$0.name] } ?? options.workloads
    let sizes = input.map { [$0.count] } ?? options.sizes
    if let key = options.feature {
        guard case .some(.some(let level)) = options.profile else {
            throw BenchmarkError.usage("--feature goes with --profile LEVEL (a kernel level)")
        }
        let count = options.sizes[0]
        let nanoseconds = FeatureSuite.profile(key, level: level, count: count, repetitions: options.repetitions)!
        print("profiled \(level.name): \(options.repetitions) layouts of the features' case \(key) on \(count) varied items; "
              + String(format: "%.3f ns/item", nanoseconds / Double(options.repetitions * max(count, 1))))
        return
    }
    if let level = options.profile {
        let workload = workload(names[0], sizes[0])
        let nanoseconds = profileRun(workload, level: level, repetitions: options.repetitions)
        print("profiled \(level?.name ?? plainLoopName): \(options.repetitions) layouts of \(workload.name), \(workload.description); "
              + String(format: "%.3f ns/item", nanoseconds / Double(options.repetitions * max(workload.count, 1))))
        return
    }
    let levels = options.levels
    let suite = Suite(levels: levels, runs: options.runs, referenceLimit: 10_000_000)
    var results: [Result] = []
    let steps = names.flatMap { name in sizes.map { (name, $0) } }
    for (index, (name, n)) in steps.enumerated() {
        let step = "[\(index + 1)/\(steps.count)] \(name), n = \(n.formatted())"
        results += try suite.run(workload(name, n, fresh: !options.sameItems)) { progress("\(step): \($0)") }
    }
    // Every other kind, on the first workload's items, up to 1,000,000 (the copy measured
    // again with them).
    var kindResults: [Result] = []
    if options.kinds {
        let kindSuite = Suite(levels: [.reference] + levels.filter { $0 != .reference }, runs: options.runs,
                              referenceLimit: 1_000_000)
        for n in sizes where n >= 1_000 && n <= 1_000_000 {
            let step = "kinds, \(names[0]), n = \(n.formatted())"
            kindResults += try kindSuite.runKinds(workload(names[0], n), KindCase.all) { progress("\(step): \($0)") }
        }
    }
    var manyResults: [Result] = []
    if options.manyContainers > 0 && options.input == nil {
        manyResults = try ManySuite(containers: options.manyContainers, runs: options.runs).run {
            progress("many containers: \($0)")
        }
    }
    var engineLines: [EngineSuite.Line] = []
    if !options.engineSizes.isEmpty && options.input == nil {
        engineLines = EngineSuite(sizes: options.engineSizes, runs: options.runs).run { progress($0) }
    }
    var featureLines: [FeatureSuite.Line] = []
    // The features' ratios are small differences between interleaved cases: at least
    // 21 rounds (3 with --smoke), so that their medians hold still from run to run.
    let features = FeatureSuite(count: options.featureCount, runs: options.smoke ? options.runs : max(options.runs, 21))
    if options.featureCount > 0 && options.input == nil {
        featureLines = try features.run { progress($0) }
    }
    var lineLines: [LineSuite.Line] = []
    let lineSuite = LineSuite(sizes: options.lineSizes, runs: options.smoke ? options.runs : max(options.runs, 7))
    if !options.lineSizes.isEmpty && options.input == nil {
        lineLines = try lineSuite.run { progress($0) }
    }
    let machine = Machine.current(kernel: ActiveKernel.level.name, levels: levels.map(\.name),
                                  commit: options.commit)
    let report = Report(machine: machine, workloads: names.map { ($0, workload($0, 0).settings) },
                        results: results, kindResults: kindResults)
    print(report.table())
    if !kindResults.isEmpty {
        print(report.kindsTable(KindCase.all, levels: (["reference"] + levels.map(\.name)).uniqued()))
    }
    if !manyResults.isEmpty { print(ManySuite.table(manyResults)) }
    if !engineLines.isEmpty { print(EngineSuite.table(engineLines)) }
    if !featureLines.isEmpty { print(features.table(featureLines)) }
    if !lineLines.isEmpty { print(lineSuite.table(lineLines)) }
    if let note = ActiveKernel.choiceNote { print("note: \(note)") }
    try FileManager.default.createDirectory(atPath: options.out, withIntermediateDirectories: true)
    try report.json().write(to: URL(fileURLWithPath: options.out + "/flow.json"))
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
