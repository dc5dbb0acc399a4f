import LayoutKernelCore
import LayoutKernelDispatch
import XCTest

/// Every combination of the features a kernel level's placement specialises its loops
/// for (reversed lines, right to left in rows and in columns, each justification, the
/// anchors start, centre, end and an arbitrary fraction, wrap-reverse, growing items),
/// at every level, against the reference bit for bit: on items on the 1/64 lattice, off
/// it, and off it with lengths from 1e-4 to 1e5 px in one flow. (Each line's loop is
/// reached by at least one combination; a changed rounding or amount fails the test. A changed order
/// of additions rarely shows in a float result: the random cases of
/// LayoutKernelDifferentialTests, with a few lengths up to 2^64 among ordinary ones,
/// catch those.)
final class FeaturePlacementTests: XCTestCase {

    enum Lengths: CaseIterable { case lattice, offLattice, mixedMagnitudes }

    static func items(_ rng: inout SplitMix64, _ lengths: Lengths, count: Int) -> ItemList {
        func uniform() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        func length(_ most: Double) -> Float {
            switch lengths {
            case .lattice: return Float((uniform() * most * 64).rounded()) / 64
            case .offLattice: return Float(uniform() * most)
            case .mixedMagnitudes: return Float(rng.next() % 2 == 0 ? 1e-4 + uniform() * 0.1 : 1e3 + uniform() * 1e5)
            }
        }
        return ItemList(widths: (0..<count).map { _ in length(90) }, heights: (0..<count).map { _ in length(40) })
    }

    /// A line limit that leaves several items and free space in each line.
    static func limit(_ lengths: Lengths) -> Float {
        switch lengths {
        case .lattice: return 301
        case .offLattice: return 301.37
        case .mixedMagnitudes: return 250_000.3
        }
    }

    func testEveryCombinationMatchesTheReferenceAtEveryLevel() {
        var rng = SplitMix64(seed: 0xFEA7)
        let anchors = [Anchor.topLeading, .center, .bottomTrailing, Anchor(x: 0.3, y: 0.7)]
        let justifications: [Distribution?] = [nil] + Distribution.allCases.filter { $0 != .stretch }
        var checked = 0
        // No growing items; factors of 0 to 2 (each line's free space all taken); and
        // small fractions (lines whose factors sum below 1 keep some of it).
        let growths: [[Float]?] = [nil, (0..<61).map { [0, 1, 0.5, 2, 0.25][$0 % 5] },
                                   (0..<61).map { [0, 0.05, 0.125][$0 % 3] }]
        for (lengths, grow) in Lengths.allCases.flatMap({ lengths in growths.map { (lengths, $0) } }) {
            var list = Self.items(&rng, lengths, count: 61)
            list.grow = grow
            let lattice = lengths == .lattice
            for reverse in [false, true] {
                for direction in [Direction.ltr, .rtl] {
                    for axis in [Axes.horizontal, .vertical] {
                        for justify in justifications {
                            for alignment in anchors {
                                for wrapReverse in [false, true] {
                                    let parameters = FlowParameters(
                                        spacing: .fixed(lattice ? 3 : 3.3), lineSpacing: .fixed(lattice ? 2 : 2.7),
                                        alignment: alignment, justify: justify, direction: direction,
                                        reverse: reverse, wrapReverse: wrapReverse, axis: axis)
                                    let limit = Self.limit(lengths)
                                    let proposal = axis == .horizontal ? Proposal(width: limit, height: nil)
                                                                       : Proposal(width: nil, height: limit / 2)
                                    let c = LayoutKernelDifferentialTests.Case(items: list, layout: .flow(parameters),
                                                                               proposal: proposal)
                                    let want = LayoutKernelDifferentialTests.run(.reference, c)
                                    XCTAssertGreaterThan(want.rows.count, 3, "\(c)")
                                    for level in KernelLevel.supported where level != .reference {
                                        let got = LayoutKernelDifferentialTests.run(level.layouts, c)
                                        if let problem = LayoutKernelDifferentialTests.difference(got, want,
                                                                                                  tolerance: nil) {
                                            XCTFail("\(level.name): \(problem)\n  \(c)")
                                            return
                                        }
                                        checked += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        XCTAssertEqual(checked, Lengths.allCases.count * growths.count * 2 * 2 * 2 * justifications.count
                       * anchors.count * 2 * (KernelLevel.supported.count - 1))
    }
}
