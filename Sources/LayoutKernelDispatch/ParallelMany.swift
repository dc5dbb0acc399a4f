import LayoutKernelCore

/// Many containers over several threads: each thread lays out a run of whole
/// containers; results are identical to one thread's.
///
/// A run's rows go first to the row table at its first item's index (a run of `k` items
/// has at most `k` rows, so runs cannot collide when the table has a row per item), then,
/// run after run, they move down to follow the previous run's, and the runs' row offsets
/// are shifted by as much. Without that room, or for too few items, one thread.
enum ParallelMany {

    /// Items a run holds at least.
    static let minimumRun = 1 << 14

    static func place(_ items: Items, _ layout: AnyLayout, _ counts: UnsafeBufferPointer<Int>,
                      _ proposals: ManyProposals, _ output: ManyOutput, _ kernels: LayoutKernelSet,
                      threads: Int) -> Int {
        let runCount = min(threads, items.count / minimumRun, counts.count)
        guard runCount >= 2, output.roomForEveryItem else {
            return kernels.placeMany(items, layout, counts, proposals, output)
        }
        // Runs of whole containers holding about equal numbers of items.
        var firstContainer = [0]
        var firstItem = [0]
        var item = 0
        for (k, count) in counts.enumerated() {
            item += count
            if item >= firstItem.count * items.count / runCount && k + 1 < counts.count
                && firstContainer.count < runCount {
                firstContainer.append(k + 1)
                firstItem.append(item)
            }
        }
        firstContainer.append(counts.count)
        firstItem.append(items.count)
        let runs = firstContainer.count - 1

        let rowsOfRun = Column<Int>(capacity: runs)
        Parallel.forEach(runs, threads: runs) { r in
            let containers = firstContainer[r]..<firstContainer[r + 1]
            rowsOfRun.pointer[r] = kernels.placeMany(
                items.slice(firstItem[r]..<firstItem[r + 1]), layout,
                UnsafeBufferPointer(rebasing: counts[containers]), proposals.dropFirst(containers.lowerBound),
                output.advanced(containers: containers.lowerBound, item: firstItem[r], row: firstItem[r]))
        }
        // Each run's rows after the previous run's (moving down, in order, never onto rows
        // not moved yet; `update(from:)` copies overlapping ranges correctly), then its
        // containers' row offsets.
        var row = 0
        let table = output.items.rows
        for r in 0..<runs {
            let from = firstItem[r], count = rowsOfRun.pointer[r]
            if row != from {
                func move<T>(_ column: UnsafeMutablePointer<T>?) {
                    column.map { ($0 + row).update(from: $0 + from, count: count) }
                }
                move(table.start)
                move(table.count)
                move(table.y)
                move(table.width)
                move(table.height)
            }
            if let offsets = output.rowOffset, row != 0 {   // offsets were counted from the run's first row
                for k in firstContainer[r]..<firstContainer[r + 1] { offsets[k] += Int64(row) }
            }
            row += count
        }
        return row
    }
}
