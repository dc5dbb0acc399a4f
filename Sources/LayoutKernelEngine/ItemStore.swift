import LayoutKernelCore

/// What a mutation changed: items `start ..< oldEnd` of the old items became items
/// `start ..< newEnd` of the new ones; the items after them are unchanged (item `i >=
/// oldEnd` is now item `i + newEnd - oldEnd`).
struct Edit: Equatable {
    var start: Int
    var oldEnd: Int
    var newEnd: Int

    var delta: Int { newEnd - oldEnd }
}

/// One chunk of the engine's items: every field, structure-of-arrays, and its digest.
/// A field the engine does not hold is an empty array.
struct Chunk {
    var widths: [Float] = []
    var heights: [Float] = []
    /// The optional fields (`FloatField`, `ByteField`); empty when not held.
    var fields = OptionalFields<[Float], [UInt8]>(floats: { _ in [] }, bytes: { _ in [] })
    var digest = ChunkDigest(ChunkDigest.Lanes())
    /// The one item of a chunk whose items are all equal in every field, bit for bit
    /// (nil otherwise).
    var uniform: ItemBits?
    /// The chunk's largest sizes and whether its lengths are on the grid, once asked for.
    var facts: ChunkFacts?

    var count: Int { widths.count }
    var leading: [Float] { fields[.leading] }
    var trailing: [Float] { fields[.trailing] }
    var top: [Float] { fields[.top] }
    var bottom: [Float] { fields[.bottom] }

    /// Every `Float` array: widths, heights, then the optional ones.
    private var floatArrays: [[Float]] { [widths, heights] + fields.floats }

    /// Digests the chunk (`Chunk.digest`'s bytes: every array it holds, in order) and
    /// notes whether its items are all one.
    mutating func seal(_ stripes: LayoutKernelSet.DigestStripes) {
        var lanes = ChunkDigest.Lanes()
        var same = true
        func add<T>(_ values: [T]) {
            guard !values.isEmpty else { return }
            values.withUnsafeBytes { lanes.add($0.baseAddress!, $0.count, stripes) }
            same = same && Self.allSame(values)
        }
        add(widths)
        add(heights)
        for values in fields.floats { add(values) }
        for values in fields.bytes { add(values) }
        digest = ChunkDigest(lanes)
        uniform = same && count > 0 ? bits(0) : nil
        facts = nil
    }

    /// Changes each array the chunk holds (not empty) with `floats` or `bytes`, in place;
    /// the chunk is not sealed.
    mutating func changeArrays(_ floats: (inout [Float]) -> Void, bytes: (inout [UInt8]) -> Void) {
        floats(&widths)
        floats(&heights)
        for k in fields.floats.indices where !fields.floats[k].isEmpty { floats(&fields.floats[k]) }
        for k in fields.bytes.indices where !fields.bytes[k].isEmpty { bytes(&fields.bytes[k]) }
    }

    /// Item `i`'s fields, bit for bit (nothing for the fields not held).
    func bits(_ i: Int) -> ItemBits {
        ItemBits(words: floatArrays.compactMap { $0.isEmpty ? nil : $0[i].bitPattern },
                 bytes: fields.bytes.compactMap { $0.isEmpty ? nil : $0[i] })
    }

    /// Whether item `i` of this chunk and item `j` of `other` (holding the same fields)
    /// are equal in every field, bit for bit.
    func same(_ i: Int, _ other: Chunk, _ j: Int) -> Bool {
        func equal<T: Equatable>(_ a: [T], _ b: [T]) -> Bool { a.isEmpty || a[i] == b[j] }
        func equal(_ a: [Float], _ b: [Float]) -> Bool { a.isEmpty || a[i].bitPattern == b[j].bitPattern }
        return equal(widths, other.widths) && equal(heights, other.heights)
            && zip(fields.floats, other.fields.floats).allSatisfy(equal)
            && zip(fields.bytes, other.fields.bytes).allSatisfy(equal)
    }

    /// The first item from `j` on that differs from item `i` of `other` in some field,
    /// bit for bit (`count` if none).
    func firstDifferent(from j: Int, as other: Chunk, _ i: Int) -> Int {
        var end = count
        func scan<T: FixedWidthInteger>(_ values: UnsafeBufferPointer<T>, _ value: T) {
            var a = j
            while a < end {
                let b = min(a + 32, end)
                var differing: T = 0
                for k in a..<b { differing |= values[k] ^ value }
                if differing != 0 {
                    end = (a..<b).first { values[$0] != value }!
                    return
                }
                a = b
            }
        }
        for (values, others) in zip(floatArrays, other.floatArrays) where !values.isEmpty {
            values.withUnsafeBytes { scan($0.bindMemory(to: UInt32.self), others[i].bitPattern) }
        }
        for (values, others) in zip(fields.bytes, other.fields.bytes) where !values.isEmpty {
            values.withUnsafeBufferPointer { scan($0, others[i]) }
        }
        return end
    }

    /// Whether every value has the first one's bits (one pass, no early exit: vectorised).
    private static func allSame<T>(_ values: [T]) -> Bool {
        values.withUnsafeBytes { bytes in
            switch MemoryLayout<T>.size {
            case 4: return allSame(bytes.bindMemory(to: UInt32.self))
            default: return allSame(bytes.bindMemory(to: UInt8.self))
            }
        }
    }
    private static func allSame<Word: FixedWidthInteger>(_ words: UnsafeBufferPointer<Word>) -> Bool {
        guard let first = words.first else { return true }
        var differing: Word = 0
        for word in words { differing |= word ^ first }
        return differing == 0
    }

    /// The digest of `items` as a store holding `held` keeps them: widths, heights, then
    /// each held optional field in `FloatField`'s order, then the held byte fields
    /// (`ByteField`). The items' values decide it, not which arrays hold them: a held
    /// field the items do not give counts as its `absent` values, as the store holds it
    /// (else items spaced by their top and the same values given as their leading
    /// spacing would share a digest).
    static func digest(_ items: Items, _ held: HeldFields, _ stripes: LayoutKernelSet.DigestStripes) -> ChunkDigest {
        var lanes = ChunkDigest.Lanes()
        let n = items.count
        guard n > 0 else { return ChunkDigest(lanes) }
        func add<T>(_ values: UnsafeBufferPointer<T>?, absent: T) {
            if let base = values?.baseAddress {
                lanes.add(base, n * MemoryLayout<T>.stride, stripes)
            } else {
                Array(repeating: absent, count: n).withUnsafeBytes { lanes.add($0.baseAddress!, $0.count, stripes) }
            }
        }
        add(items.widths, absent: 0)
        add(items.heights, absent: 0)
        for field in FloatField.allCases where held.contains(field.held) { add(field.values(items), absent: field.absent) }
        for field in ByteField.allCases where held.contains(field.held) { add(field.values(items), absent: field.absent) }
        return ChunkDigest(lanes)
    }
}

/// Every field of one item, bit for bit: equal values are identical items.
struct ItemBits: Equatable {
    /// Widths, heights and the optional `Float` fields held, as bits; the byte fields held.
    var words: [UInt32]
    var bytes: [UInt8]
}

/// What the items of a chunk have in common: their largest width and height, and
/// whether every length (sizes, spacing preferences) is a multiple of 1/64 below 2^13 —
/// then sums of a few thousand of them are exact in `Float` blocks of 16 and in `Double`,
/// in any order.
struct ChunkFacts {
    var largest: Size
    var onGrid: Bool

    init(_ chunk: Chunk) {
        func most(_ values: [Float]) -> Float {
            var most: Float = 0
            for value in values { most = value > most ? value : most }
            return most
        }
        /// One pass without branches: `value * 64` is an integer iff adding and taking
        /// away 2^23 leaves it (it is below 2^19 when `value < 2^13`).
        func grid(_ values: [Float]) -> Bool {
            var all = true
            for value in values {
                let units = value * 64
                all = all && (value < 0x1p13) && ((units + 0x1p23) - 0x1p23 == units)
            }
            return all
        }
        /// The largest size an item takes: its own, clamped to its bounds (SPEC.md §13).
        func most(_ values: [Float], _ low: [Float], _ high: [Float]) -> Float {
            guard !low.isEmpty || !high.isEmpty else { return most(values) }
            return low.withUnsafeBufferPointer { low in
                high.withUnsafeBufferPointer { high in
                    // A field not held is an empty array: no bound (nil).
                    let lows = low.isEmpty ? nil : low.baseAddress, highs = high.isEmpty ? nil : high.baseAddress
                    var most: Float = 0
                    for i in values.indices {
                        let value = ItemRules.clamp(values[i], ItemRules.bounds(lows, highs, i))
                        most = value > most ? value : most
                    }
                    return most
                }
            }
        }
        largest = Size(width: most(chunk.widths, chunk.fields[.minWidth], chunk.fields[.maxWidth]),
                       height: most(chunk.heights, chunk.fields[.minHeight], chunk.fields[.maxHeight]))
        onGrid = grid(chunk.widths) && grid(chunk.heights) && grid(chunk.leading) && grid(chunk.trailing)
            && grid(chunk.top) && grid(chunk.bottom)
    }
}

/// The engine's items in chunks of about `chunkSize` (at most twice that), so that an
/// insert or a removal in the middle of millions of items moves one chunk's worth, not
/// every item after it. Each chunk keeps a digest of its bytes (`ChunkDigest`).
///
/// Each optional field (`HeldFields`: per-item spacing preferences, flags, grow factors,
/// the item rules) is held once any call gives it (the value its absence means for
/// items that came without).
struct ItemStore {
    let chunkSize: Int

    /// The kernels. digest of whole 64-byte stripes.
    let stripes: LayoutKernelSet.DigestStripes

    init(digest stripes: @escaping LayoutKernelSet.DigestStripes, chunkSize: Int) {
        self.stripes = stripes
        self.chunkSize = chunkSize
    }

    private(set) var chunks: [Chunk] = []
    /// `starts[k]`: chunk k's first item; `starts.last == count`.
    private(set) var starts: [Int] = [0]
    /// The optional fields held.
    private(set) var held: HeldFields = []

    var count: Int { starts[starts.count - 1] }
    var hasSpacing: Bool { held.contains(.spacing) }
    var hasGrow: Bool { held.contains(.grow) }
    /// Whether any item rule of SPEC.md §13 is held.
    var hasRules: Bool { !held.isDisjoint(with: .rules) }

    /// Bytes an item takes with the fields `held`.
    static func bytesPerItem(_ held: HeldFields) -> Int {
        8 + FloatField.allCases.reduce(0) { $0 + (held.contains($1.held) ? 4 : 0) }
            + ByteField.allCases.reduce(0) { $0 + (held.contains($1.held) ? 1 : 0) }
    }

    /// Bytes held (item fields, digests and the chunk index).
    var bytes: Int { count * Self.bytesPerItem(held) + chunks.count * (MemoryLayout<Chunk>.stride + 8) }

    /// The chunk holding item `i` (for `i == count`, the last chunk) and `i`'s offset in it.
    func locate(_ i: Int) -> (chunk: Int, offset: Int) {
        var low = 0, high = chunks.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= i { low = middle } else { high = middle - 1 }
        }
        return (low, i - starts[low])
    }

    // MARK: - Reading

    /// The items' largest width and height (+0 for none), as the layouts take them.
    /// O(chunks), once each changed chunk's facts are known.
    mutating func largest() -> Size {
        var size = Size(width: 0, height: 0)
        for k in chunks.indices {
            let largest = facts(k).largest
            if largest.width > size.width { size.width = largest.width }
            if largest.height > size.height { size.height = largest.height }
        }
        return size
    }

    /// Whether every length of every item is a multiple of 1/64 below 2^13 (`ChunkFacts`).
    mutating func lengthsOnGrid() -> Bool {
        chunks.indices.allSatisfy { facts($0).onGrid }
    }

    private mutating func facts(_ k: Int) -> ChunkFacts {
        if let facts = chunks[k].facts { return facts }
        let facts = ChunkFacts(chunks[k])
        chunks[k].facts = facts
        return facts
    }

    /// Whether items `i` and `j` are equal in every field, bit for bit.
    func sameItems(_ i: Int, _ j: Int) -> Bool {
        let (k, a) = locate(i), (l, b) = locate(j)
        return chunks[k].same(a, chunks[l], b)
    }

    /// The first item after `i` that differs from item `i` in some field (`count` if
    /// none): the end of the run of identical items from `i`. Whole chunks of one item
    /// are skipped at once, the others scanned 32 items at a time. O(chunks of the run +
    /// the items of its first and last chunk).
    func runEnd(from i: Int) -> Int {
        let (k0, j0) = locate(i)
        let item = chunks[k0]
        let bits = item.bits(j0)
        var k = k0, j = j0 + 1
        while k < chunks.count {
            if chunks[k].uniform == bits {
                k += 1
                j = 0
                continue
            }
            let end = chunks[k].firstDifferent(from: j, as: item, j0)
            if end < chunks[k].count { return starts[k] + end }
            k += 1
            j = 0
        }
        return count
    }

    /// Item `i`'s spacing preferences after and before it across the lines of a flow
    /// along `axis` (zeros when not held): bottom and top for rows; for columns, whose
    /// main view trades the axes (`FlowFeatures.mainView`), trailing and leading.
    func bottomSpacing(_ i: Int, _ axis: Axes = .horizontal) -> Float {
        guard hasSpacing else { return 0 }
        let (k, j) = locate(i)
        return axis == .vertical ? chunks[k].trailing[j] : chunks[k].bottom[j]
    }
    func topSpacing(_ i: Int, _ axis: Axes = .horizontal) -> Float {
        guard hasSpacing else { return 0 }
        let (k, j) = locate(i)
        return axis == .vertical ? chunks[k].leading[j] : chunks[k].top[j]
    }

    /// Items `range` staged (`stage`) as a flow along `axis` packs them: its main view
    /// (`FlowFeatures.mainView`; for columns, widths and heights and the spacing
    /// preferences trade places, at no cost; without `breaks`, no flags).
    func stage(_ range: Range<Int>, into staging: Staging, _ axis: Axes, breaks: Bool) -> Items {
        FlowFeatures.mainView(stage(range, into: staging), axis, breaks: breaks)
    }

    /// Copies items `range` into `staging` (every field the store holds) and returns
    /// them as `Items` over the staging buffers (valid until the next `stage`). Items with
    /// minimum or maximum sizes come clamped, their given sizes in `ItemRules.givenWidths`
    /// and `givenHeights` (`FlowFeatures.withClampedSizes`), as every layout takes them.
    func stage(_ range: Range<Int>, into staging: Staging) -> Items {
        staging.reserve(range.count, held)
        forEachPart(range) { chunk, from, written, take in
            func put<T>(_ values: [T], _ to: UnsafeMutablePointer<T>) {
                values.withUnsafeBufferPointer { (to + written).update(from: $0.baseAddress! + from, count: take) }
            }
            put(chunk.widths, staging.widths)
            put(chunk.heights, staging.heights)
            for field in FloatField.allCases where held.contains(field.held) { put(chunk.fields[field], staging.pointer(field)) }
            for field in ByteField.allCases where held.contains(field.held) { put(chunk.fields[field], staging.pointer(field)) }
        }
        return staging.items(range.count)
    }

    /// Calls `body(chunk, from, written, take)` for each chunk holding items of `range`,
    /// in order: its items `from ..< from + take` are items `range.lowerBound + written`
    /// on. O(chunks of the range + log chunks).
    func forEachPart(_ range: Range<Int>, _ body: (Chunk, Int, Int, Int) -> Void) {
        var written = 0
        var (k, j) = locate(range.lowerBound)
        while written < range.count {
            let take = min(chunks[k].count - j, range.count - written)
            body(chunks[k], j, written, take)
            written += take
            k += 1
            j = 0
        }
    }

    // MARK: - Mutations (the caller has validated the items)

    /// Makes the store hold `items`: chunks whose digest matches the new items' bytes at
    /// the same place are kept without reading their old bytes; in a chunk whose digest
    /// differs, the items that changed are found by comparison. Returns what changed.
    mutating func replaceAll(_ items: Items) -> Edit? {
        guard items.count == count, HeldFields(items) == held, count > 0 else {
            let old = count
            rebuild(items)
            return old == 0 && count == 0 ? nil : Edit(start: 0, oldEnd: old, newEnd: count)
        }
        var first = Int.max, last = -1
        for k in 0..<chunks.count {
            let range = starts[k]..<starts[k + 1]
            let part = items.slice(range)
            let digest = Chunk.digest(part, held, stripes)
            if digest != chunks[k].digest {
                // Within a changed chunk (32 KB of sizes at most), the items that differ.
                let changed = Self.differing(chunks[k], part, held)
                chunks[k] = Self.chunk(part, held)
                chunks[k].digest = digest
                first = min(first, range.lowerBound + changed.lowerBound)
                last = range.lowerBound + changed.upperBound
            }
        }
        return last < 0 ? nil : Edit(start: first, oldEnd: last, newEnd: last)
    }

    /// Overwrites items `start ..< start + items.count`.
    mutating func update(_ start: Int, _ items: Items) -> Edit {
        widen(items)
        var done = 0
        var (k, j) = locate(start)
        while done < items.count {
            let take = min(chunks[k].count - j, items.count - done)
            let part = items.slice(done..<(done + take))
            Self.write(part, into: &chunks[k], at: j, held)
            chunks[k].seal(stripes)
            done += take
            k += 1
            j = 0
        }
        return Edit(start: start, oldEnd: start + items.count, newEnd: start + items.count)
    }

    /// Inserts `items` before item `index` (`index == count` appends).
    mutating func insert(_ index: Int, _ items: Items) -> Edit {
        widen(items)
        if chunks.isEmpty {
            rebuild(items, held: held)   // the fields held before stay held
            return Edit(start: 0, oldEnd: 0, newEnd: items.count)
        }
        let (k, j) = locate(index)
        var chunk = chunks[k]
        chunks[k] = Chunk()   // the chunk's arrays now held once: changed in place
        let added = Self.chunk(items, held)
        chunk.widths.insert(contentsOf: added.widths, at: j)
        chunk.heights.insert(contentsOf: added.heights, at: j)
        for field in FloatField.allCases where held.contains(field.held) {
            chunk.fields[field].insert(contentsOf: added.fields[field], at: j)
        }
        for field in ByteField.allCases where held.contains(field.held) {
            chunk.fields[field].insert(contentsOf: added.fields[field], at: j)
        }
        replaceChunks(k...k, with: split(chunk))
        return Edit(start: index, oldEnd: index, newEnd: index + items.count)
    }

    /// Removes items `range`.
    mutating func remove(_ range: Range<Int>) -> Edit {
        guard !range.isEmpty else { return Edit(start: range.lowerBound, oldEnd: range.lowerBound, newEnd: range.lowerBound) }
        let (first, j0) = locate(range.lowerBound)
        let (last, j1) = locate(range.upperBound - 1)
        var kept: [Chunk] = []
        for k in first...last {
            let from = k == first ? j0 : 0
            let to = k == last ? j1 + 1 : chunks[k].count
            var chunk = chunks[k]
            chunks[k] = Chunk()   // the chunk's arrays now held once: changed in place
            chunk.changeArrays({ $0.removeSubrange(from..<to) }, bytes: { $0.removeSubrange(from..<to) })
            if chunk.count > 0 {
                chunk.seal(stripes)
                kept.append(chunk)
            }
        }
        replaceChunks(first...last, with: kept)
        return Edit(start: range.lowerBound, oldEnd: range.upperBound, newEnd: range.lowerBound)
    }

    // MARK: - Helpers

    /// The items of `chunk` that differ from `items` (the same count) as a store holding
    /// `held` keeps them, from the first to the last that does (an empty range at 0 when
    /// none does, bit for bit).
    static func differing(_ chunk: Chunk, _ items: Items, _ held: HeldFields) -> Range<Int> {
        let floats = FloatField.allCases.filter { held.contains($0.held) }
        let bytes = ByteField.allCases.filter { held.contains($0.held) }
        func same(_ j: Int) -> Bool {
            chunk.widths[j].bitPattern == items.widths[j].bitPattern
                && chunk.heights[j].bitPattern == items.heights[j].bitPattern
                && floats.allSatisfy { chunk.fields[$0][j].bitPattern == ($0.values(items)?[j] ?? $0.absent).bitPattern }
                && bytes.allSatisfy { chunk.fields[$0][j] == ($0.values(items)?[j] ?? $0.absent) }
        }
        guard let first = (0..<items.count).first(where: { !same($0) }) else { return 0..<0 }
        let last = (first..<items.count).last(where: { !same($0) })!
        return first..<(last + 1)
    }

    /// Starts holding the optional fields `items` brings that the store does not hold
    /// (their absent values for the items already held).
    private mutating func widen(_ items: Items) {
        let added = HeldFields(items).subtracting(held)
        guard !added.isEmpty else { return }
        held.formUnion(added)
        for k in chunks.indices {
            let n = chunks[k].count
            for field in FloatField.allCases where added.contains(field.held) {
                chunks[k].fields[field] = Array(repeating: field.absent, count: n)
            }
            for field in ByteField.allCases where added.contains(field.held) {
                chunks[k].fields[field] = Array(repeating: field.absent, count: n)
            }
            chunks[k].seal(stripes)
        }
    }

    /// Holds only `items`, with the fields `held` (by default those they give).
    private mutating func rebuild(_ items: Items, held: HeldFields? = nil) {
        self.held = held ?? HeldFields(items)
        chunks = stride(from: 0, to: items.count, by: chunkSize).map { first in
            var chunk = Self.chunk(items.slice(first..<min(first + chunkSize, items.count)), self.held)
            chunk.seal(stripes)
            return chunk
        }
        reindex()
    }

    private mutating func reindex() {
        starts = [0]
        starts.reserveCapacity(chunks.count + 1)
        for k in chunks.indices { starts.append(starts[k] + chunks[k].count) }
    }

    /// Replaces chunks `range` with `pieces`, moving the later chunks' first items in one
    /// pass over `starts`.
    private mutating func replaceChunks(_ range: ClosedRange<Int>, with pieces: [Chunk]) {
        let first = starts[range.lowerBound]
        let removed = starts[range.upperBound + 1] - first
        chunks.replaceSubrange(range, with: pieces)
        var end = first
        starts.replaceSubrange((range.lowerBound + 1)...(range.upperBound + 1),
                               with: pieces.map { end += $0.count; return end })
        let delta = end - first - removed
        guard delta != 0 else { return }
        starts.withUnsafeMutableBufferPointer { starts in
            for k in (range.lowerBound + pieces.count + 1)..<starts.count { starts[k] += delta }
        }
    }

    /// A chunk of `items` (not sealed), with the fields `held` (absent values for those
    /// the items do not give).
    static func chunk(_ items: Items, _ held: HeldFields) -> Chunk {
        var chunk = Chunk()
        chunk.widths = Array(items.widths)
        chunk.heights = Array(items.heights)
        for field in FloatField.allCases where held.contains(field.held) {
            chunk.fields[field] = field.values(items).map(Array.init) ?? Array(repeating: field.absent, count: items.count)
        }
        for field in ByteField.allCases where held.contains(field.held) {
            chunk.fields[field] = field.values(items).map(Array.init) ?? Array(repeating: field.absent, count: items.count)
        }
        return chunk
    }

    /// Overwrites items `j ..< j + items.count` of `chunk` with `items` (fields `held`).
    static func write(_ items: Items, into chunk: inout Chunk, at j: Int, _ held: HeldFields) {
        let range = j..<(j + items.count)
        chunk.widths.replaceSubrange(range, with: items.widths)
        chunk.heights.replaceSubrange(range, with: items.heights)
        func put<T>(_ array: inout [T], _ values: UnsafeBufferPointer<T>?, _ absent: T) {
            if let values { array.replaceSubrange(range, with: values) } else {
                array.replaceSubrange(range, with: repeatElement(absent, count: range.count))
            }
        }
        for field in FloatField.allCases where held.contains(field.held) {
            put(&chunk.fields[field], field.values(items), field.absent)
        }
        for field in ByteField.allCases where held.contains(field.held) {
            put(&chunk.fields[field], field.values(items), field.absent)
        }
    }

    /// A chunk cut into pieces of `chunkSize` when it holds more than twice that; sealed.
    func split(_ chunk: Chunk) -> [Chunk] {
        guard chunk.count > 2 * chunkSize else {
            var sealed = chunk
            sealed.seal(stripes)
            return [sealed]
        }
        return stride(from: 0, to: chunk.count, by: chunkSize).map { first in
            let range = first..<min(first + chunkSize, chunk.count)
            var piece = chunk
            piece.changeArrays({ $0 = Array($0[range]) }, bytes: { $0 = Array($0[range]) })
            piece.seal(stripes)
            return piece
        }
    }
}

/// Contiguous copies of a range of the engine's items, for the kernels (which read
/// items from one buffer per field): one column of `Float`s (widths, heights, then each
/// held `FloatField`, then the given sizes of items with bounds) and one of bytes (each
/// held `ByteField`), `capacity` values per field. Reused between calls; grows as needed.
final class Staging {
    private(set) var capacity = 0
    private var floats = Column<Float>(), octets = Column<UInt8>()
    /// The fields staged, and where each starts in its column (in units of `capacity`).
    private var held: HeldFields = []
    private var floatSlot = [Int](repeating: 0, count: FloatField.allCases.count)
    private var byteSlot = [Int](repeating: 0, count: ByteField.allCases.count)
    private var givenSlot = 0

    var widths: UnsafeMutablePointer<Float> { floats.pointer }
    var heights: UnsafeMutablePointer<Float> { floats.pointer + capacity }
    func pointer(_ field: FloatField) -> UnsafeMutablePointer<Float> { floats.pointer + floatSlot[field.rawValue] * capacity }
    func pointer(_ field: ByteField) -> UnsafeMutablePointer<UInt8> { octets.pointer + byteSlot[field.rawValue] * capacity }

    /// Room for `count` items with the fields `held` (the staged values are not kept).
    func reserve(_ count: Int, _ held: HeldFields) {
        guard count > capacity || held != self.held else { return }
        self.held = held
        if count > capacity { capacity = max(count, 2 * capacity) }
        var floatSlots = 2, byteSlots = 0
        for field in FloatField.allCases where held.contains(field.held) {
            floatSlot[field.rawValue] = floatSlots
            floatSlots += 1
        }
        for field in ByteField.allCases where held.contains(field.held) {
            byteSlot[field.rawValue] = byteSlots
            byteSlots += 1
        }
        givenSlot = floatSlots
        if !held.isDisjoint(with: .bounds) { floatSlots += 2 }
        floats.reserve(floatSlots * capacity)
        octets.reserve(byteSlots * capacity)
    }

    /// The first `count` staged items; items with bounds are clamped here, in place
    /// (SPEC.md §13 step 1), their given sizes kept beside them.
    func items(_ count: Int) -> Items {
        func buffer<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeBufferPointer<T> {
            UnsafeBufferPointer(start: pointer, count: count)
        }
        let fields = OptionalFields<UnsafeBufferPointer<Float>?, UnsafeBufferPointer<UInt8>?>(
            floats: { self.held.contains($0.held) ? buffer(self.pointer($0)) : nil },
            bytes: { self.held.contains($0.held) ? buffer(self.pointer($0)) : nil })
        guard !held.isDisjoint(with: .bounds) else {
            return Items.of(widths: buffer(widths), heights: buffer(heights), fields)
        }
        let givenWidths = floats.pointer + givenSlot * capacity, givenHeights = givenWidths + capacity
        givenWidths.update(from: widths, count: count)
        givenHeights.update(from: heights, count: count)
        let low = (fields[.minWidth]?.baseAddress, fields[.minHeight]?.baseAddress)
        let high = (fields[.maxWidth]?.baseAddress, fields[.maxHeight]?.baseAddress)
        for i in 0..<count {
            widths[i] = ItemRules.clamp(givenWidths[i], ItemRules.bounds(low.0, high.0, i))
            heights[i] = ItemRules.clamp(givenHeights[i], ItemRules.bounds(low.1, high.1, i))
        }
        return Items.of(widths: buffer(widths), heights: buffer(heights), fields,
                        given: (buffer(givenWidths), buffer(givenHeights)))
    }

    var bytes: Int { floats.capacity * 4 + octets.capacity }
}
