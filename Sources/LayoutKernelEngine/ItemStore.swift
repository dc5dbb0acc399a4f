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
    var leading: [Float] = []
    var trailing: [Float] = []
    var top: [Float] = []
    var bottom: [Float] = []
    var flags: [UInt8] = []
    var grow: [Float] = []
    var digest = ChunkDigest(ChunkDigest.Lanes())
    /// The one item of a chunk whose items are all equal in every field, bit for bit
    /// (nil otherwise).
    var uniform: ItemBits?
    /// The chunk's largest sizes and whether its lengths are on the grid, once asked for.
    var facts: ChunkFacts?

    var count: Int { widths.count }

    mutating func seal(_ stripes: LayoutKernelSet.DigestStripes) {
        digest = Chunk.digest(widths, heights, leading, trailing, top, bottom, flags, grow, stripes)
        let same = Self.allSame(widths) && Self.allSame(heights) && Self.allSame(leading) && Self.allSame(trailing)
            && Self.allSame(top) && Self.allSame(bottom) && Self.allSame(flags) && Self.allSame(grow)
        uniform = same && count > 0 ? bits(0) : nil
        facts = nil
    }

    /// Item `i`'s fields, bit for bit (zeros for the fields not held).
    func bits(_ i: Int) -> ItemBits {
        func field(_ values: [Float]) -> UInt32 { values.isEmpty ? 0 : values[i].bitPattern }
        return ItemBits(width: field(widths), height: field(heights), leading: field(leading),
                        trailing: field(trailing), top: field(top), bottom: field(bottom),
                        grow: field(grow), flags: flags.isEmpty ? 0 : flags[i])
    }

    /// Whether item `i` of this chunk and item `j` of `other` (holding the same fields)
    /// are equal in every field, bit for bit.
    func same(_ i: Int, _ other: Chunk, _ j: Int) -> Bool {
        func equal(_ a: [Float], _ b: [Float]) -> Bool { a.isEmpty || a[i].bitPattern == b[j].bitPattern }
        return equal(widths, other.widths) && equal(heights, other.heights) && equal(leading, other.leading)
            && equal(trailing, other.trailing) && equal(top, other.top) && equal(bottom, other.bottom)
            && (flags.isEmpty || flags[i] == other.flags[j]) && equal(grow, other.grow)
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
        func scan(_ values: [Float], _ others: [Float]) {
            guard !values.isEmpty else { return }
            values.withUnsafeBytes { scan($0.bindMemory(to: UInt32.self), others[i].bitPattern) }
        }
        scan(widths, other.widths); scan(heights, other.heights)
        scan(leading, other.leading); scan(trailing, other.trailing)
        scan(top, other.top); scan(bottom, other.bottom); scan(grow, other.grow)
        if !flags.isEmpty { flags.withUnsafeBufferPointer { scan($0, other.flags[i]) } }
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

    /// The digest of one chunk's fields, in this order: widths, heights, the four spacing
    /// preferences, grow, flags (absent fields are empty). The items' values decide it,
    /// not which arrays hold them: when some spacing preference is given, one that is
    /// not counts as zeros, as the store holds it (else items spaced by their top and the
    /// same values given as their leading spacing would share a digest).
    static func digest(_ arrays: UnsafeBufferPointer<Float>?..., flags: UnsafeBufferPointer<UInt8>?,
                       grow: UnsafeBufferPointer<Float>?, _ stripes: LayoutKernelSet.DigestStripes) -> ChunkDigest {
        var lanes = ChunkDigest.Lanes()
        let count = arrays.first??.count ?? 0
        let spaced = arrays.dropFirst(2).contains { $0 != nil && $0!.count > 0 }
        for (index, array) in (arrays + [grow]).enumerated() {
            if let array, array.count > 0, let base = array.baseAddress {
                lanes.add(base, array.count * 4, stripes)
            } else if spaced && (2..<6).contains(index) && count > 0 {
                Zeros.bytes(count * 4) { lanes.add($0, count * 4, stripes) }
            }
        }
        if let flags, flags.count > 0, let base = flags.baseAddress { lanes.add(base, flags.count, stripes) }
        return ChunkDigest(lanes)
    }

    static func digest(_ w: [Float], _ h: [Float], _ l: [Float], _ t: [Float], _ tp: [Float], _ b: [Float],
                       _ f: [UInt8], _ g: [Float], _ stripes: LayoutKernelSet.DigestStripes) -> ChunkDigest {
        w.withUnsafeBufferPointer { w in h.withUnsafeBufferPointer { h in l.withUnsafeBufferPointer { l in
            t.withUnsafeBufferPointer { t in tp.withUnsafeBufferPointer { tp in b.withUnsafeBufferPointer { b in
                f.withUnsafeBufferPointer { f in g.withUnsafeBufferPointer { g in
                    digest(w, h, l, t, tp, b, flags: f, grow: g, stripes)
                } }
            } } }
        } } }
    }
}

/// Zero bytes to hash in place of a field the caller did not give.
enum Zeros {
    /// Calls `body` with at least `count` zero bytes.
    static func bytes(_ count: Int, _ body: (UnsafeRawPointer) -> Void) {
        if count <= block.count { return block.withUnsafeBytes { body($0.baseAddress!) } }
        [UInt8](repeating: 0, count: count).withUnsafeBytes { body($0.baseAddress!) }
    }

    /// Zeros for a chunk of up to 8192 items' floats.
    private static let block = [UInt8](repeating: 0, count: 8192 * 4)
}

/// Every field of one item, bit for bit: equal values are identical items.
struct ItemBits: Equatable {
    var width, height, leading, trailing, top, bottom, grow: UInt32
    var flags: UInt8
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
        largest = Size(width: most(chunk.widths), height: most(chunk.heights))
        onGrid = grid(chunk.widths) && grid(chunk.heights) && grid(chunk.leading) && grid(chunk.trailing)
            && grid(chunk.top) && grid(chunk.bottom)
    }
}

/// The engine's items in chunks of about `chunkSize` (at most twice that), so that an
/// insert or a removal in the middle of millions of items moves one chunk's worth, not
/// every item after it. Each chunk keeps a digest of its bytes (`ChunkDigest`).
///
/// Per-item spacing preferences, flags and grow factors are held once any call gives
/// them (zeros and no flags for items that came without).
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
    private(set) var hasSpacing = false
    private(set) var hasFlags = false
    private(set) var hasGrow = false

    var count: Int { starts[starts.count - 1] }

    /// Bytes held (item fields, digests and the chunk index).
    var bytes: Int {
        let perItem = 8 + (hasSpacing ? 16 : 0) + (hasFlags ? 1 : 0) + (hasGrow ? 4 : 0)
        return count * perItem + chunks.count * (MemoryLayout<Chunk>.stride + 8)
    }

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
    /// them as `Items` over the staging buffers (valid until the next `stage`).
    func stage(_ range: Range<Int>, into staging: Staging) -> Items {
        staging.reserve(range.count, spacing: hasSpacing, flags: hasFlags, grow: hasGrow)
        var written = 0
        var (k, j) = locate(range.lowerBound)
        while written < range.count {
            let chunk = chunks[k]
            let take = min(chunk.count - j, range.count - written)
            chunk.widths.withUnsafeBufferPointer { staging.widths.advanced(by: written).update(from: $0.baseAddress! + j, count: take) }
            chunk.heights.withUnsafeBufferPointer { staging.heights.advanced(by: written).update(from: $0.baseAddress! + j, count: take) }
            if hasSpacing {
                chunk.leading.withUnsafeBufferPointer { staging.leading.advanced(by: written).update(from: $0.baseAddress! + j, count: take) }
                chunk.trailing.withUnsafeBufferPointer { staging.trailing.advanced(by: written).update(from: $0.baseAddress! + j, count: take) }
                chunk.top.withUnsafeBufferPointer { staging.top.advanced(by: written).update(from: $0.baseAddress! + j, count: take) }
                chunk.bottom.withUnsafeBufferPointer { staging.bottom.advanced(by: written).update(from: $0.baseAddress! + j, count: take) }
            }
            if hasFlags {
                chunk.flags.withUnsafeBufferPointer { staging.flags.advanced(by: written).update(from: $0.baseAddress! + j, count: take) }
            }
            if hasGrow {
                chunk.grow.withUnsafeBufferPointer { staging.grow.advanced(by: written).update(from: $0.baseAddress! + j, count: take) }
            }
            written += take
            k += 1
            j = 0
        }
        return staging.items(range.count)
    }

    // MARK: - Mutations (the caller has validated the items)

    /// Makes the store hold `items`: chunks whose digest matches the new items' bytes at
    /// the same place are kept without reading their old bytes; in a chunk whose digest
    /// differs, the items that changed are found by comparison. Returns what changed.
    mutating func replaceAll(_ items: Items) -> Edit? {
        let spacing = items.leading != nil || items.trailing != nil || items.top != nil || items.bottom != nil
        let flags = items.flags != nil
        guard items.count == count, spacing == hasSpacing, flags == hasFlags, (items.grow != nil) == hasGrow,
              count > 0 else {
            let old = count
            rebuild(items)
            return old == 0 && count == 0 ? nil : Edit(start: 0, oldEnd: old, newEnd: count)
        }
        var first = Int.max, last = -1
        for k in 0..<chunks.count {
            let range = starts[k]..<starts[k + 1]
            let part = items.slice(range)
            let digest = Chunk.digest(part.widths, part.heights, part.leading, part.trailing, part.top,
                                      part.bottom, flags: part.flags, grow: part.grow, stripes)
            if digest != chunks[k].digest {
                // Within a changed chunk (32 KB of sizes at most), the items that differ.
                let changed = Self.differing(chunks[k], part)
                chunks[k] = Self.chunk(part, spacing: hasSpacing, flags: hasFlags, grow: hasGrow)
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
            Self.write(part, into: &chunks[k], at: j, spacing: hasSpacing, flags: hasFlags, grow: hasGrow)
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
            rebuild(items)
            return Edit(start: 0, oldEnd: 0, newEnd: items.count)
        }
        let (k, j) = locate(index)
        var chunk = chunks[k]
        chunks[k] = Chunk()   // the chunk's arrays now held once: changed in place
        let added = Self.chunk(items, spacing: hasSpacing, flags: hasFlags, grow: hasGrow)
        chunk.widths.insert(contentsOf: added.widths, at: j)
        chunk.heights.insert(contentsOf: added.heights, at: j)
        if hasSpacing {
            chunk.leading.insert(contentsOf: added.leading, at: j)
            chunk.trailing.insert(contentsOf: added.trailing, at: j)
            chunk.top.insert(contentsOf: added.top, at: j)
            chunk.bottom.insert(contentsOf: added.bottom, at: j)
        }
        if hasFlags { chunk.flags.insert(contentsOf: added.flags, at: j) }
        if hasGrow { chunk.grow.insert(contentsOf: added.grow, at: j) }
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
            var chunk = chunks[k]
            chunks[k] = Chunk()
            let from = k == first ? j0 : 0
            let to = k == last ? j1 + 1 : chunk.count
            func cut<T>(_ array: inout [T]) { if !array.isEmpty { array.removeSubrange(from..<to) } }
            cut(&chunk.widths); cut(&chunk.heights); cut(&chunk.leading); cut(&chunk.trailing)
            cut(&chunk.top); cut(&chunk.bottom); cut(&chunk.flags); cut(&chunk.grow)
            if chunk.count > 0 {
                chunk.seal(stripes)
                kept.append(chunk)
            }
        }
        replaceChunks(first...last, with: kept)
        return Edit(start: range.lowerBound, oldEnd: range.upperBound, newEnd: range.lowerBound)
    }

    // MARK: - Helpers

    /// The items of `chunk` that differ from `items` (the same count), from the first to
    /// the last that does (an empty range at 0 when none does, bit for bit).
    static func differing(_ chunk: Chunk, _ items: Items) -> Range<Int> {
        func same(_ j: Int) -> Bool {
            func equal(_ a: [Float], _ b: UnsafeBufferPointer<Float>?) -> Bool {
                a.isEmpty || a[j].bitPattern == (b?[j] ?? 0).bitPattern
            }
            return chunk.widths[j].bitPattern == items.widths[j].bitPattern
                && chunk.heights[j].bitPattern == items.heights[j].bitPattern
                && equal(chunk.leading, items.leading) && equal(chunk.trailing, items.trailing)
                && equal(chunk.top, items.top) && equal(chunk.bottom, items.bottom)
                && (chunk.flags.isEmpty || chunk.flags[j] == (items.flags?[j] ?? 0))
                && equal(chunk.grow, items.grow)
        }
        guard let first = (0..<items.count).first(where: { !same($0) }) else { return 0..<0 }
        let last = (first..<items.count).last(where: { !same($0) })!
        return first..<(last + 1)
    }

    /// Starts holding spacing preferences, flags or grow factors when `items` brings them.
    private mutating func widen(_ items: Items) {
        let spacing = !hasSpacing && (items.leading != nil || items.trailing != nil || items.top != nil
                                      || items.bottom != nil)
        let flags = !hasFlags && items.flags != nil
        let grow = !hasGrow && items.grow != nil
        guard spacing || flags || grow else { return }
        hasSpacing = hasSpacing || spacing
        hasFlags = hasFlags || flags
        hasGrow = hasGrow || grow
        for k in chunks.indices {
            let n = chunks[k].count
            if spacing {
                chunks[k].leading = Array(repeating: 0, count: n)
                chunks[k].trailing = Array(repeating: 0, count: n)
                chunks[k].top = Array(repeating: 0, count: n)
                chunks[k].bottom = Array(repeating: 0, count: n)
            }
            if flags { chunks[k].flags = Array(repeating: 0, count: n) }
            if grow { chunks[k].grow = Array(repeating: 0, count: n) }
            chunks[k].seal(stripes)
        }
    }

    private mutating func rebuild(_ items: Items) {
        hasSpacing = items.leading != nil || items.trailing != nil || items.top != nil || items.bottom != nil
        hasFlags = items.flags != nil
        hasGrow = items.grow != nil
        chunks = stride(from: 0, to: items.count, by: chunkSize).map { first in
            var chunk = Self.chunk(items.slice(first..<min(first + chunkSize, items.count)),
                                   spacing: hasSpacing, flags: hasFlags, grow: hasGrow)
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

    /// A chunk of `items` (not sealed), with the fields the store holds.
    static func chunk(_ items: Items, spacing: Bool, flags: Bool, grow: Bool) -> Chunk {
        var chunk = Chunk()
        chunk.widths = Array(items.widths)
        chunk.heights = Array(items.heights)
        if spacing {
            let zeros = [Float](repeating: 0, count: items.count)
            chunk.leading = items.leading.map(Array.init) ?? zeros
            chunk.trailing = items.trailing.map(Array.init) ?? zeros
            chunk.top = items.top.map(Array.init) ?? zeros
            chunk.bottom = items.bottom.map(Array.init) ?? zeros
        }
        if flags { chunk.flags = items.flags.map(Array.init) ?? [UInt8](repeating: 0, count: items.count) }
        if grow { chunk.grow = items.grow.map(Array.init) ?? [Float](repeating: 0, count: items.count) }
        return chunk
    }

    static func write(_ items: Items, into chunk: inout Chunk, at j: Int, spacing: Bool, flags: Bool, grow: Bool) {
        let range = j..<(j + items.count)
        chunk.widths.replaceSubrange(range, with: items.widths)
        chunk.heights.replaceSubrange(range, with: items.heights)
        func put(_ array: inout [Float], _ values: UnsafeBufferPointer<Float>?) {
            if let values { array.replaceSubrange(range, with: values) } else {
                array.replaceSubrange(range, with: repeatElement(0, count: range.count))
            }
        }
        if grow { put(&chunk.grow, items.grow) }
        if spacing {
            put(&chunk.leading, items.leading)
            put(&chunk.trailing, items.trailing)
            put(&chunk.top, items.top)
            put(&chunk.bottom, items.bottom)
        }
        if flags {
            if let values = items.flags { chunk.flags.replaceSubrange(range, with: values) } else {
                chunk.flags.replaceSubrange(range, with: repeatElement(0, count: range.count))
            }
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
            func part<T>(_ array: [T]) -> [T] { array.isEmpty ? [] : Array(array[range]) }
            var piece = Chunk(widths: part(chunk.widths), heights: part(chunk.heights), leading: part(chunk.leading),
                              trailing: part(chunk.trailing), top: part(chunk.top), bottom: part(chunk.bottom),
                              flags: part(chunk.flags), grow: part(chunk.grow))
            piece.seal(stripes)
            return piece
        }
    }
}

/// Contiguous copies of a range of the engine's items, for the kernels (which read
/// items from one buffer per field). Reused between calls; grows as needed.
final class Staging {
    private(set) var capacity = 0
    private var widthColumn = Column<Float>(), heightColumn = Column<Float>()
    private var leadingColumn = Column<Float>(), trailingColumn = Column<Float>()
    private var topColumn = Column<Float>(), bottomColumn = Column<Float>()
    private var flagColumn = Column<UInt8>(), growColumn = Column<Float>()
    private var spacing = false
    private var hasFlags = false
    private var hasGrow = false

    var widths: UnsafeMutablePointer<Float> { widthColumn.pointer }
    var heights: UnsafeMutablePointer<Float> { heightColumn.pointer }
    var leading: UnsafeMutablePointer<Float> { leadingColumn.pointer }
    var trailing: UnsafeMutablePointer<Float> { trailingColumn.pointer }
    var top: UnsafeMutablePointer<Float> { topColumn.pointer }
    var bottom: UnsafeMutablePointer<Float> { bottomColumn.pointer }
    var flags: UnsafeMutablePointer<UInt8> { flagColumn.pointer }
    var grow: UnsafeMutablePointer<Float> { growColumn.pointer }

    func reserve(_ count: Int, spacing: Bool, flags: Bool, grow: Bool) {
        self.spacing = spacing
        self.hasFlags = flags
        self.hasGrow = grow
        guard count > capacity else { return }
        capacity = max(count, 2 * capacity)
        widthColumn.reserve(capacity); heightColumn.reserve(capacity)
        leadingColumn.reserve(capacity); trailingColumn.reserve(capacity)
        topColumn.reserve(capacity); bottomColumn.reserve(capacity)
        flagColumn.reserve(capacity); growColumn.reserve(capacity)
    }

    /// The first `count` staged items.
    func items(_ count: Int) -> Items {
        func buffer<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeBufferPointer<T> {
            UnsafeBufferPointer(start: pointer, count: count)
        }
        return Items(widths: buffer(widths), heights: buffer(heights),
                     leading: spacing ? buffer(leading) : nil, trailing: spacing ? buffer(trailing) : nil,
                     top: spacing ? buffer(top) : nil, bottom: spacing ? buffer(bottom) : nil,
                     flags: hasFlags ? buffer(flags) : nil, grow: hasGrow ? buffer(grow) : nil)
    }

    var bytes: Int { capacity * 29 }
}
