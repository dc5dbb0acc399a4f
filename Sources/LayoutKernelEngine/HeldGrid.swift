import LayoutKernelCore

/// What a held grid result needs to bring itself up to date after a change: its column
/// widths and offsets, and — for columns as wide as their widest item — each column's
/// widest item per block of rows (about 4096 items a block), so that a change finds the
/// new column widths from the blocks it touches instead of every item.
///
/// A grid of `c` columns places item `i` in row `i / c`, column `i % c`
/// (lk_grid_params in layoutkernel.h). After a change:
///
/// - the blocks holding changed items (every block from the change on, after an insert
///   or removal) take their maxima again, and the changed columns (every column, after
///   an insert or removal) their widths; a column that became wider or narrower moves
///   every later column, so the result is dropped;
/// - the rows holding changed items take their heights again; from the first row whose
///   height changed (the change's row, after an insert or removal) the row tops are
///   summed again in `Double`, as the reference sums them, and the items of those rows
///   placed again.
///
/// Every value is formed by the reference's expressions, which the grid kernels equal
/// bit for bit, so the result equals a fresh layout's. Requires at least `c` items before
/// and after the change, and the same column count (an adaptive grid without a finite
/// width has one column per item).
struct HeldGrid {
    let parameters: GridParameters
    let columns: Int
    private(set) var widths: [Float]
    private(set) var offsets: [Double]
    /// Rows per block of `maxima`.
    let rowsPerBlock: Int
    /// Whether columns are as wide as their widest item (else they share the width).
    let fitsItems: Bool
    /// For `fit` columns: block `b`'s widest item in column `k` at `b * columns + k`.
    private var maxima: [Float] = []

    var bytes: Int { (widths.count + maxima.count) * 4 + offsets.count * 8 }

    /// The columns of `store`'s grid for `proposal`, or nil when it has fewer items than
    /// columns. O(n) for `fit` columns (one pass over the widths), O(columns) otherwise.
    init?(_ parameters: GridParameters, _ proposal: Proposal, _ store: ItemStore, _ staging: Staging,
          itemsPerBlock: Int) {
        let n = store.count
        let columns = GridReference.columnCount(n, parameters, proposal)
        guard n > 0, n >= columns else { return nil }
        self.parameters = parameters
        self.columns = columns
        rowsPerBlock = max(1, itemsPerBlock / columns)
        if parameters.sizing == .fill, let width = proposal.width, width.isFinite {
            fitsItems = false
            widths = GridReference.fillWidths(columns, width, parameters)
        } else {
            fitsItems = true
            widths = []
            offsets = []
            takeMaxima(fromRow: 0, store, staging)
            widths = columnMaxima(0..<columns)
        }
        offsets = GridReference.offsets(widths, gap: parameters.spacing)
    }

    /// Brings `layout` (this grid's result for the items before `edit`) up to date with
    /// `store`. Returns the number of items placed again, or nil when the result must be
    /// laid out afresh (the column widths changed, or more than a quarter of the items
    /// would move).
    mutating func apply(_ edit: Edit, _ proposal: Proposal, _ layout: inout Layout, _ store: ItemStore,
                        _ staging: Staging, span: Int) -> Int? {
        let n = store.count, c = columns
        guard n >= c, GridReference.columnCount(n, parameters, proposal) == c else { return nil }
        let resized = edit.delta != 0
        let firstRow = edit.start / c
        let rowCount = (n + c - 1) / c
        // Rows whose items changed (every row from the change on, after an insert or removal).
        let touched = firstRow..<(resized ? rowCount : (edit.newEnd - 1) / c + 1)
        if resized { guard n - firstRow * c <= n / 4 + span else { return nil } }

        if fitsItems {
            // Blocks, then the widths of the columns the change can have moved.
            if resized {
                takeMaxima(fromRow: firstRow, store, staging)
            } else {
                takeMaxima(rows: touched, store, staging)
            }
            let changed = resized || edit.newEnd - edit.start >= c ? Array(0..<c) : (edit.start..<edit.newEnd).map { $0 % c }
            for k in changed where columnMaxima(k..<(k + 1))[0].bitPattern != widths[k].bitPattern { return nil }
        }

        // Rows: heights of the touched rows; tops again from the first that moved.
        let old = layout.rows
        var rows = Array(old.prefix(firstRow))
        rows.reserveCapacity(rowCount)
        for r in touched {
            var row = row(r, n, store, staging)
            if !resized { row.y = old[r].y }   // kept unless a row above grew or shrank
            rows.append(row)
        }
        var moved = resized ? firstRow : nil
        if !resized {
            moved = touched.first { rows[$0].height.bitPattern != old[$0].height.bitPattern }
            rows.append(contentsOf: old[touched.upperBound...])
        }
        // Items placed again: the changed ones, and every one from the first row that moved.
        let first = min(moved.map { $0 * c } ?? n, edit.start), last = moved == nil ? edit.newEnd : n
        guard last - first <= n / 4 + span else { return nil }
        if let moved {
            var top = moved == 0 ? 0 : old[moved - 1].y
            for r in moved..<rows.count {
                if r > 0 { top = top + Double(rows[r - 1].height) + Double(parameters.lineSpacing) }
                rows[r].y = top
            }
        }

        // Positions: the changed items, and every item of the rows that moved.
        layout.splice(edit)
        let items = store.stage(first..<last, into: staging)
        for j in 0..<items.count {
            let i = first + j, r = i / c, k = i % c
            let anchor = parameters.alignment
            layout.x[i] = Float(offsets[k] + Double(anchor.x * (widths[k] - items.widths[j])))
            layout.y[i] = Float(rows[r].y + Double(anchor.y * (rows[r].height - items.heights[j])))
        }
        layout.rows = rows
        if let bottom = rows.last {
            layout.size.height = Float(bottom.y + Double(bottom.height))
        }
        return items.count
    }

    /// Row `r` of `n` items: its items, its width over its columns, its tallest item.
    private func row(_ r: Int, _ n: Int, _ store: ItemStore, _ staging: Staging) -> Row {
        let start = r * columns, count = min(columns, n - start)
        let items = store.stage(start..<(start + count), into: staging)
        var height: Float = 0
        for h in items.heights where h > height { height = h }
        let width = Float(offsets[count - 1] + Double(widths[count - 1]))
        return Row(start: start, count: count, y: 0, width: width, height: height)
    }

    /// Takes the column maxima of every block from the one holding row `row` to the end
    /// (and drops blocks past the items).
    private mutating func takeMaxima(fromRow row: Int, _ store: ItemStore, _ staging: Staging) {
        let rows = (store.count + columns - 1) / columns
        let blocks = (rows + rowsPerBlock - 1) / rowsPerBlock
        maxima.removeLast(max(0, maxima.count - blocks * columns))
        maxima.append(contentsOf: repeatElement(0, count: blocks * columns - maxima.count))
        takeMaxima(blocks: (row / rowsPerBlock)..<blocks, store, staging)
    }

    /// Takes the column maxima of the blocks holding `rows` from their items.
    private mutating func takeMaxima(rows: Range<Int>, _ store: ItemStore, _ staging: Staging) {
        guard !rows.isEmpty else { return }
        takeMaxima(blocks: (rows.lowerBound / rowsPerBlock)..<((rows.upperBound - 1) / rowsPerBlock + 1), store, staging)
    }

    private mutating func takeMaxima(blocks: Range<Int>, _ store: ItemStore, _ staging: Staging) {
        let n = store.count
        for block in blocks {
            let start = block * rowsPerBlock * columns, end = min(n, start + rowsPerBlock * columns)
            let items = store.stage(start..<end, into: staging)
            let base = block * columns
            for k in 0..<columns { maxima[base + k] = 0 }
            for j in 0..<items.count where items.widths[j] > maxima[base + j % columns] {
                maxima[base + j % columns] = items.widths[j]
            }
        }
    }

    /// The widest item of each column in `range`, over every block (first maximum kept,
    /// as the reference keeps it).
    private func columnMaxima(_ range: Range<Int>) -> [Float] {
        let blocks = maxima.count / columns
        return range.map { k in
            var widest: Float = 0
            for b in 0..<blocks where maxima[b * columns + k] > widest { widest = maxima[b * columns + k] }
            return widest
        }
    }
}
