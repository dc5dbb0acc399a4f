#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Monotonic time in nanoseconds.
@inline(__always)
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Timings of one operation at one size: per-item nanoseconds of each sample.
struct Measurement {
    var samples: [Double]
    var median: Double {
        let sorted = samples.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }
    var best: Double { samples.min() ?? .nan }
}

/// Times `body` on `items` items: `runs` samples, each repeating the call until it takes
/// at least `minimumSampleTime` so that small sizes are timed above the clock's noise.
/// One untimed call first warms caches and the kernel choice.
func measure(items: Int, runs: Int, minimumSampleTime: UInt64 = 2_000_000,
             _ body: () -> Void) -> Measurement {
    withoutActuallyEscaping(body) {
        measureInterleaved(items: items, runs: runs, minimumSampleTime: minimumSampleTime, [$0])[0]
    }
}

/// Times several operations on `items` items as `measure` does, interleaved: each of
/// the `runs` rounds takes one sample of every operation in turn, so that a machine
/// whose speed drifts during the run (other work, clock changes) slows them alike and
/// their ratios hold.
func measureInterleaved(items: Int, runs: Int, minimumSampleTime: UInt64 = 2_000_000,
                        _ bodies: [() -> Void]) -> [Measurement] {
    let repetitions = bodies.map { body in
        body()
        var repetitions = 1
        while true {
            let start = now()
            for _ in 0..<repetitions { body() }
            let elapsed = now() - start
            if elapsed >= minimumSampleTime || repetitions >= 1 << 20 { return repetitions }
            repetitions *= elapsed == 0 ? 16 : max(2, Int(minimumSampleTime / max(elapsed, 1)) + 1)
        }
    }
    var samples = [[Double]](repeating: [], count: bodies.count)
    for _ in 0..<runs {
        for (k, body) in bodies.enumerated() {
            let start = now()
            for _ in 0..<repetitions[k] { body() }
            let elapsed = Double(now() - start)
            samples[k].append(elapsed / Double(repetitions[k]) / Double(max(items, 1)))
        }
    }
    return samples.map { Measurement(samples: $0) }
}

/// Writes a line to standard error (progress, so that piping the report stays clean).
func progress(_ text: String) {
    fputs(text + "\n", stderr)
}
