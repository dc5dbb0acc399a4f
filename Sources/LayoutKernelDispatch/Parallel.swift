import LayoutKernelCore
import LayoutKernelSupport

/// The library's threads: the pool every large call shares (`thread_pool.c`).
public enum Parallel {

    /// The threads a call may use now: `lk_set_max_threads()`'s setting, at most the
    /// CPUs the calling thread may run on (its affinity mask), all of them for 0. A
    /// system call: read for calls large enough to split.
    public static var limit: Int { lkx_thread_limit() }

    /// The setting itself (0 = every usable CPU).
    public static var setting: Int {
        get { lkx_thread_setting() }
        set { lkx_set_thread_setting(newValue) }
    }

    /// Runs `body(i)` for every `i` in `0 ..< count` on up to `threads` threads (the
    /// calling thread included, at most `limit`), and returns when all have finished.
    /// `body` runs concurrently with itself: it must only write what its index owns.
    public static func forEach(_ count: Int, threads: Int, _ body: (Int) -> Void) {
        guard count > 0 else { return }
        withoutActuallyEscaping(body) { body in
            var task = body
            withUnsafeMutablePointer(to: &task) { pointer in
                lkx_parallel_for(count, threads, { context, index in
                    context!.assumingMemoryBound(to: ((Int) -> Void).self).pointee(index)
                }, pointer)
            }
        }
    }
}

extension LayoutKernelSet {
    /// These kernels with large calls split over up to `threads()` threads: the flow
    /// (`ParallelFlow`) and the input checks. Results are identical to these kernels'.
    public func parallel(threads: @escaping @Sendable () -> Int) -> LayoutKernelSet {
        let base = self
        return LayoutKernelSet(
            place: { items, layout, proposal, output in
                // The thread limit (a system call) is read only for calls that could split.
                if case .flow(let parameters) = layout, items.count >= 2 * ParallelFlow.minimumPart,
                   !FlowFeatures.applies(parameters, items), parameters.maxLines == nil,
                   let outcome = ParallelFlow.layout(
                    items, parameters, proposal, output, base, threads: threads()) {
                    return outcome
                }
                return base.place(items, layout, proposal, output)
            },
            size: base.size,
            rowCount: base.rowCount,
            packFlow: base.packFlow,
            inputsAreValid: { items in
                // Parts of a few hundred thousand items: large enough that a thread pays.
                guard items.count >= 2 << 18 else { return base.inputsAreValid(items) }
                let parts = min(threads(), items.count / (1 << 18))
                guard parts >= 2 else { return base.inputsAreValid(items) }
                let valid = Column<Bool>(capacity: parts)
                Parallel.forEach(parts, threads: parts) { p in
                    valid.pointer[p] = base.inputsAreValid(
                        items.slice(p * items.count / parts ..< (p + 1) * items.count / parts))
                }
                return (0..<parts).allSatisfy { valid.pointer[$0] }
            },
            digestStripes: base.digestStripes,
            placeMany: { items, layout, counts, proposals, output in
                ParallelMany.place(items, layout, counts, proposals, output, base,
                                   threads: items.count >= 2 * ParallelMany.minimumRun ? threads() : 1)
            },
            placeCircleItems: base.placeCircleItems)
    }
}
