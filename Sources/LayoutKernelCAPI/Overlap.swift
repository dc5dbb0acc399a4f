import LayoutKernelCore
import LayoutKernelValidation

// The check that no output buffer shares bytes with an input or another output:
// allocation-free (the spans live on the stack) and naming the buffers only on failure.

/// Named byte ranges of one call: its outputs, then its inputs.
struct Spans {
    fileprivate let storage: UnsafeMutableBufferPointer<Span>
    fileprivate var total = 0
    fileprivate var outputs = 0

    /// An output buffer of `bytes` bytes (none when nil or empty). Add every output
    /// before the first input.
    mutating func output(_ name: StaticString, _ pointer: UnsafeRawPointer?, _ bytes: Int) {
        add(name, pointer, bytes)
        outputs = total
    }

    mutating func input(_ name: StaticString, _ pointer: UnsafeRawPointer?, _ bytes: Int) {
        add(name, pointer, bytes)
    }

    /// A result's per-item outputs for `count` items.
    mutating func itemOutputs(x: UnsafeMutablePointer<Float>?, y: UnsafeMutablePointer<Float>?,
                              width: UnsafeMutablePointer<Float>?, height: UnsafeMutablePointer<Float>?,
                              count: Int) {
        output("result.x", x, count * 4)
        output("result.y", y, count * 4)
        output("result.item_width", width, count * 4)
        output("result.item_height", height, count * 4)
    }

    /// A result's row-table columns, `rows` rows of each.
    mutating func rowOutputs(_ table: RowTableWriter, rows: Int) {
        output("result.row_start", table.start, rows * 8)
        output("result.row_length", table.count, rows * 8)
        output("result.row_y", table.y, rows * 8)
        output("result.row_width", table.width, rows * 4)
        output("result.row_height", table.height, rows * 4)
    }

    /// Every array of `items`, each of their own count.
    mutating func inputs(_ items: Items) {
        let n = items.count
        input("items.widths", items.widths.baseAddress, n * 4)
        input("items.heights", items.heights.baseAddress, n * 4)
        input("items.spacing_leading", items.leading?.baseAddress, n * 4)
        input("items.spacing_trailing", items.trailing?.baseAddress, n * 4)
        input("items.spacing_top", items.top?.baseAddress, n * 4)
        input("items.spacing_bottom", items.bottom?.baseAddress, n * 4)
        input("items.flags", items.flags?.baseAddress, n)
        input("items.grow", items.grow?.baseAddress, n * 4)
    }

    private mutating func add(_ name: StaticString, _ pointer: UnsafeRawPointer?, _ bytes: Int) {
        guard let pointer, bytes > 0 else { return }
        precondition(total < storage.count, "more buffers than the overlap check holds")
        storage[total] = Span(name: name, start: UInt(bitPattern: pointer), bytes: UInt(bytes))
        total += 1
    }
}

/// Fails with `LK_ERR_INVALID_PARAMETER` when an output span that `describe` adds shares
/// bytes with another span, naming both.
func checkDisjoint(_ describe: (inout Spans) -> Void) throws(APIError) {
    let clash: (StaticString, StaticString)? = withUnsafeTemporaryAllocation(of: Span.self, capacity: 32) {
        var spans = Spans(storage: $0)
        describe(&spans)
        for a in 0..<spans.outputs {
            for b in (a + 1)..<spans.total where spans.storage[a].overlaps(spans.storage[b]) {
                return (spans.storage[a].name, spans.storage[b].name)
            }
        }
        return nil
    }
    if let (output, other) = clash {
        throw .parameter("\(output) overlaps \(other) (outputs must not share memory with inputs or each other)")
    }
}

/// A buffer's bytes.
fileprivate struct Span {
    var name: StaticString
    var start: UInt
    var bytes: UInt

    func overlaps(_ other: Span) -> Bool {
        start < other.start + other.bytes && other.start < start + bytes
    }
}
