import Foundation
import LayoutKernelCore
import XCTest

/// Lays out `items` with the reference flow.
func flow(_ items: ItemList, spacing: Spacing = .fixed(0), lineSpacing: Spacing = .fixed(0),
          alignment: Anchor = .topLeading, width: Float? = nil, height: Float? = nil) -> Layout {
    items.withItems {
        FlowReference.layout($0, FlowParameters(spacing: spacing, lineSpacing: lineSpacing,
                                                alignment: alignment),
                             Proposal(width: width, height: height))
    }
}

/// The rows of a layout as `[first item, count]` pairs, for compact assertions.
func rowSpans(_ layout: Layout) -> [[Int]] {
    layout.rows.map { [$0.start, $0.count] }
}

/// The repository's test fixtures folder (tests never read outside the repository).
let fixturesDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures")

/// The tests' seeded random numbers: SplitMix64, the generator the reference fixtures use.
typealias SplitMix64 = FixtureRandom

extension FixtureRandom: RandomNumberGenerator {
    init(seed: UInt64) { self.init(state: seed) }
}
