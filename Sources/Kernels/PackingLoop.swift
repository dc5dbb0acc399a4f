import LayoutKernelCore
import LayoutKernelSupport

/// The flow's packing loops at this level: `FlowKernel.finishRows`, compiled once for
/// each sink it serves, eight in all:
///
/// - 0 `RowCounter` (row counts), 1 `RowExtent` (sizes), 2 `RowTableWriter` (the plain
///   flow), 3 `StoppableRowTable` (the engine and threads, which stop after given rows);
/// - 4–7 `FeatureSink<Grows, Stays>` (featured flows placed in one pass). Every other
///   rule of a featured flow (how its lines go along and across) is a value read once
///   per line; these two are types, together measured worth 13% on growing items
///   (docs/architecture.md, "Packing loops").
///
/// Loop 2 runs most of its rows through `LeanRows` (counted as 8), a path of its own.
/// Debug builds count each run (`lkx_count_loop`), so that a test shows every loop and
/// that path run.
enum PackingLoop {
    /// The number `lkx_count_loop` counts a sink's loop (or `LeanRows`) under; -1 for
    /// any other type.
    static func index<Loop>(_: Loop.Type) -> Int32 {
        switch Loop.self {
        case is RowCounter.Type: return 0
        case is RowExtent.Type: return 1
        case is RowTableWriter.Type: return 2
        case is StoppableRowTable.Type: return 3
        case is FeatureSink<No, No>.Type: return 4
        case is FeatureSink<No, Yes>.Type: return 5
        case is FeatureSink<Yes, No>.Type: return 6
        case is FeatureSink<Yes, Yes>.Type: return 7
        case is LeanRows.Type: return 8
        default: return -1
        }
    }

    /// Counts a run of `Loop`'s loop or path (debug builds only).
    @inline(__always)
    static func count<Loop>(_: Loop.Type) {
        #if DEBUG
        lkx_count_loop(kernelLevel, index(Loop.self))
        #endif
    }
}
