import LayoutKernelCore
import LayoutKernelSupport

/// The flow's packing loops at this level: `FlowKernel.finishRows`, compiled once for
/// each sink it serves, five in all, and `LeanRows`, compiled once for each rule:
///
/// - 0 `RowCounter` (row counts), 1 `RowExtent` (sizes), 2 `RowTableWriter` (the plain
///   flow), 3 `StoppableRowTable` (the engine and threads, which stop after given rows),
///   4 `FeatureSink` (featured flows placed in one pass: how their lines go along and
///   across, and whether their items grow, are values read once per line);
/// - 5 `LeanRows` with `PlainRows` (most of loop 2's rows; `LeanRows.scalar`, the same
///   rows off the lattice, counts here too), 6 `LeanRows` with `LeanLines` (most of
///   loop 4's).
///
/// Debug builds count each run (`lkx_count_loop`), so that a test shows every loop run.
enum PackingLoop {
    /// The number `lkx_count_loop` counts a sink's loop under; -1 for any other type.
    static func index<Loop>(_: Loop.Type) -> Int32 {
        switch Loop.self {
        case is RowCounter.Type: return 0
        case is RowExtent.Type: return 1
        case is RowTableWriter.Type: return 2
        case is StoppableRowTable.Type: return 3
        case is FeatureSink.Type: return 4
        default: return -1
        }
    }

    /// Counts a run of `Loop`'s loop (debug builds only).
    @inline(__always)
    static func count<Loop>(_: Loop.Type) {
        #if DEBUG
        lkx_count_loop(kernelLevel, index(Loop.self))
        #endif
    }

    /// Counts a run of `LeanRows` with `Rule` (debug builds only).
    @inline(__always)
    static func countLean<Rule: LeanRowRule>(_: Rule.Type) {
        #if DEBUG
        lkx_count_loop(kernelLevel, Rule.self == PlainRows.self ? 5 : 6)
        #endif
    }
}
