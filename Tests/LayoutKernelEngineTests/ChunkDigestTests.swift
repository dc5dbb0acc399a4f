import LayoutKernelCore
import LayoutKernelDispatch
@testable import LayoutKernelEngine
import XCTest

/// The chunk digest: every kernel level's vector stripes equal the reference's scalar
/// ones, and the changes a caller makes — one word, one bit, words swapped within a
/// lane or across blocks, a field cut shorter — change it.
final class ChunkDigestTests: XCTestCase {

    static func digest(_ bytes: UnsafeRawBufferPointer, _ stripes: LayoutKernelSet.DigestStripes,
                       split: Int? = nil) -> ChunkDigest {
        var lanes = ChunkDigest.Lanes()
        let base = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
        if let split {
            lanes.add(base, split, stripes)
            lanes.add(base + split, bytes.count - split, stripes)
        } else {
            lanes.add(base, bytes.count, stripes)
        }
        return ChunkDigest(lanes)
    }

    func testEveryLevelDigestsLikeTheReference() {
        var rng = EngineDifferentialTests.Random(state: 5)
        for count in [0, 1, 7, 63, 64, 65, 128, 1000, 1024, 1025, 4096 * 8 + 3, 100_000] {
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let split = count / 3
            let want = bytes.withUnsafeBytes { Self.digest($0, LayoutKernelSet.reference.digestStripes, split: split) }
            for level in KernelLevel.supported {
                let got = bytes.withUnsafeBytes { Self.digest($0, level.layouts.digestStripes, split: split) }
                XCTAssertEqual(got, want, "\(level.name), \(count) bytes")
            }
        }
    }

    func testChangesChangeTheDigest() {
        var rng = EngineDifferentialTests.Random(state: 6)
        let stripes = KernelLevel.best.layouts.digestStripes
        // Float-like words: small integers, as widths and heights are.
        var words = (0..<3000).map { _ in UInt32(Float(rng.below(200)).bitPattern) }
        func digest() -> ChunkDigest { words.withUnsafeBytes { Self.digest($0, stripes) } }
        let original = digest()
        var seen: Set<[UInt64]> = [[original.low, original.high]]
        func changed(_ what: String) {
            let now = digest()
            XCTAssertNotEqual(now, original, what)
            seen.insert([now.low, now.high])
        }
        for k in 0..<words.count {
            let old = words[k]
            words[k] = old ^ (1 << UInt32(rng.below(32)))
            changed("bit of word \(k)")
            words[k] = UInt32(Float(rng.below(200) + 200).bitPattern)
            changed("word \(k)")
            words[k] = old
        }
        // Swaps of two different words in the same lane of the same 1 KB block, of
        // other blocks, and of neighbours.
        for (a, b) in [(0, 16), (5, 5 + 16 * 15), (3, 3 + 256), (100, 101), (7, 2000)] where words[a] != words[b] {
            words.swapAt(a, b)
            changed("swap \(a) \(b)")
            words.swapAt(a, b)
        }
        XCTAssertEqual(digest(), original)
        // The same bytes cut into two fields at different places.
        let splits = words.withUnsafeBytes { raw in [4, 64, 400].map { Self.digest(raw, stripes, split: $0) } }
        XCTAssertEqual(Set(splits.map { [$0.low, $0.high] }).count, 3)
        XCTAssertGreaterThan(seen.count, 2 * 3000)   // every change its own digest
    }

    /// Items that differ only in which spacing preference holds a value (the same values
    /// given as top spacing, then as leading spacing, the other fields absent) are
    /// different items: the engine's set_items sees the change (found by fuzz_engine:
    /// absent fields were skipped by the digest, so both calls hashed the same bytes and
    /// the engine kept the old spacing).
    func testSpacingMovedToAnotherFieldIsAChange() {
        let count = 98
        let sizes = [Float](repeating: 196, count: count), gaps = [Float](repeating: 196, count: count)
        let flow = FlowParameters(spacing: .perItem, lineSpacing: .perItem)
        for level in KernelLevel.supported {
            let engine = LayoutEngine(layout: .flow(flow), kernels: level.layouts)
            let proposal = Proposal(width: 772.375, height: 0)
            for list in [ItemList(widths: sizes, heights: sizes, top: gaps),
                         ItemList(widths: sizes, heights: sizes, leading: gaps),
                         ItemList(widths: sizes, heights: sizes, trailing: gaps),
                         ItemList(widths: sizes, heights: sizes, bottom: gaps)] {
                list.withItems { engine.setItems($0) }
                let size = list.withItems { level.layouts.size($0, .flow(flow), proposal) }
                let rows = list.withItems { level.layouts.rowCount($0, .flow(flow), proposal) }
                XCTAssertEqual(engine.size(proposal), size, "\(level.name)")
                XCTAssertEqual(engine.rowCount(proposal), rows, "\(level.name)")
            }
        }
    }
}
