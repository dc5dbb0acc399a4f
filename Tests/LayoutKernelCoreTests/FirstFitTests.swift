import LayoutKernelCore
import XCTest

/// lk_first_fit in layoutkernel.h (first fit, SwiftUI's ViewThatFits; seeds 002 and 003): each
/// candidate but the last is judged by its ideal size (its size for the unspecified
/// proposal) against the proposal with unspecified axes replaced by 10, on the
/// constrained axes only; the first that fits is chosen, else the last, whose ideal size
/// is never asked; the chosen candidate is laid out with the real proposal.
final class FirstFitTests: XCTestCase {

    // MARK: - Helpers (private to this file)

    /// A candidate: a layout over its own items.
    private struct Candidate {
        var layout: AnyLayout
        var items: ItemList
    }

    /// First fit the way lk_first_fit describes it: choose by ideal sizes
    /// (LayoutReference.size for the unspecified proposal), lay out the chosen one with
    /// the real proposal. `asked` records the candidates whose ideal size was asked.
    private func firstFit(_ candidates: [Candidate], axes: Axes = .both, proposal: Proposal,
                          asked: inout [Int]) -> (index: Int, layout: Layout) {
        var log: [Int] = []
        let index = FirstFit.choose(count: candidates.count, axes: axes, proposal: proposal) { i in
            log.append(i)
            return candidates[i].items.withItems { LayoutReference.size($0, candidates[i].layout, .unspecified) }
        }
        asked = log
        let chosen = candidates[index]
        return (index, chosen.items.withItems { LayoutReference.layout($0, chosen.layout, proposal) })
    }

    private func firstFit(_ candidates: [Candidate], axes: Axes = .both,
                          proposal: Proposal) -> (index: Int, layout: Layout) {
        var asked: [Int] = []
        return firstFit(candidates, axes: axes, proposal: proposal, asked: &asked)
    }

    /// `choose` over synthetic ideal sizes, recording which were asked.
    private func choose(_ ideals: [Size], axes: Axes = .both, proposal: Proposal) -> (index: Int, asked: [Int]) {
        var asked: [Int] = []
        let index = FirstFit.choose(count: ideals.count, axes: axes, proposal: proposal) { i in
            asked.append(i)
            return ideals[i]
        }
        return (index, asked)
    }

    /// Seed 003's LayoutSwitchDemo, with three items of 80x30: HStack(spacing: 0) and
    /// VStack(spacing: 0) over the same items. Ideal sizes: HStack (240, 30), VStack (80, 90).
    private let switchItems = ItemList(widths: [80, 80, 80], heights: [30, 30, 30])
    private var layoutSwitch: [Candidate] {
        [Candidate(layout: .hstack(StackParameters(spacing: .fixed(0))), items: switchItems),
         Candidate(layout: .vstack(StackParameters(spacing: .fixed(0))), items: switchItems)]
    }

    // MARK: - Seed 003: the HStack/VStack layout switch on the horizontal axis

    /// ViewThatFits(in: .horizontal), frame(maxWidth: width, maxHeight: 130), the slider
    /// going 90…250 in steps of 10. The HStack's ideal width 240 fits when 240 <= width:
    /// widths 90…230 choose the VStack (index 1), 240 and 250 the HStack (index 0).
    /// The height (130) is not constrained, so it never matters.
    /// The chosen stack is laid out with the real proposal and, stacks ignoring it, has its
    /// ideal size: VStack 80x90 at x 0, y 0 30 60; HStack 240x30 at x 0 80 160.
    func testSeed003LayoutSwitchOverWidths() {
        for width in stride(from: Float(90), through: 250, by: 10) {
            var asked: [Int] = []
            let (index, layout) = firstFit(layoutSwitch, axes: .horizontal,
                                           proposal: Proposal(width: width, height: 130), asked: &asked)
            // Only the HStack (the first, not the last) is ever judged.
            XCTAssertEqual(asked, [0], "width \(width)")
            if width < 240 {
                XCTAssertEqual(index, 1, "width \(width)")
                XCTAssertEqual(layout.size, Size(width: 80, height: 90), "width \(width)")
                XCTAssertEqual(layout.y, [0, 30, 60])
                XCTAssertEqual(layout.x, [0, 0, 0])
            } else {
                XCTAssertEqual(index, 0, "width \(width)")
                XCTAssertEqual(layout.size, Size(width: 240, height: 30), "width \(width)")
                XCTAssertEqual(layout.x, [0, 80, 160])
                XCTAssertEqual(layout.y, [0, 0, 0])
            }
        }
    }

    /// Just around the boundary: 239.99 → VStack; exactly 240 → HStack (ideal <= proposal).
    func testBoundaryIsInclusive() {
        XCTAssertEqual(firstFit(layoutSwitch, axes: .horizontal, proposal: Proposal(width: 239.99, height: 130)).index, 1)
        XCTAssertEqual(firstFit(layoutSwitch, axes: .horizontal, proposal: Proposal(width: 240, height: 130)).index, 0)
    }

    /// The same switch constrained on both axes with a maximum height of 20: the HStack
    /// (240x30) fits the width 250 but not the height 20, so the VStack — the last — is
    /// used although its ideal height 90 does not fit either.
    func testBothAxesFallsBackToLast() {
        let (index, layout) = firstFit(layoutSwitch, axes: .both, proposal: Proposal(width: 250, height: 20))
        XCTAssertEqual(index, 1)
        XCTAssertEqual(layout.size, Size(width: 80, height: 90))
        // With height 30 the HStack fits both: 240 <= 250 and 30 <= 30.
        XCTAssertEqual(firstFit(layoutSwitch, axes: .both, proposal: Proposal(width: 250, height: 30)).index, 0)
    }

    /// Constrained on the vertical axis only: the HStack's ideal height 30 <= 50 fits even
    /// though its width 240 is far more than 90.
    func testVerticalAxisOnly() {
        XCTAssertEqual(firstFit(layoutSwitch, axes: .vertical, proposal: Proposal(width: 90, height: 50)).index, 0)
        XCTAssertEqual(firstFit(layoutSwitch, axes: .vertical, proposal: Proposal(width: 90, height: 29)).index, 1)
    }

    // MARK: - The rules of choose

    /// The last candidate is used when none fits, and its ideal size is never asked:
    /// ideals 50x50, 60x60, (last) 1x1 against 40x40 → index 2, asked [0, 1].
    func testLastWhenNoneFitsAndNeverAsked() {
        let result = choose([Size(width: 50, height: 50), Size(width: 60, height: 60), Size(width: 1, height: 1)],
                            proposal: Proposal(width: 40, height: 40))
        XCTAssertEqual(result.index, 2)
        XCTAssertEqual(result.asked, [0, 1])
    }

    /// A single candidate is chosen without asking anything.
    func testSingleCandidateNeverAsked() {
        let result = choose([Size(width: 1e9, height: 1e9)], proposal: Proposal(width: 0, height: 0))
        XCTAssertEqual(result.index, 0)
        XCTAssertEqual(result.asked, [])
    }

    /// The first that fits wins; later ones are not asked: ideals 50x50, 30x30, 20x20, last
    /// against 40x40 → index 1, asked [0, 1].
    func testFirstFitStopsAtFirst() {
        let result = choose([Size(width: 50, height: 50), Size(width: 30, height: 30), Size(width: 20, height: 20),
                             Size(width: 0, height: 0)], proposal: Proposal(width: 40, height: 40))
        XCTAssertEqual(result.index, 1)
        XCTAssertEqual(result.asked, [0, 1])
    }

    /// Unspecified axes are replaced by 10: with an unspecified proposal, 10x10 fits,
    /// 10.5x5 and 5x11 do not.
    func testUnspecifiedAxesReplacedByTen() {
        let last = Size(width: 999, height: 999)
        XCTAssertEqual(choose([Size(width: 10, height: 10), last], proposal: .unspecified).index, 0)
        XCTAssertEqual(choose([Size(width: 10.5, height: 5), last], proposal: .unspecified).index, 1)
        XCTAssertEqual(choose([Size(width: 5, height: 11), last], proposal: .unspecified).index, 1)
        // One axis unspecified: width 100 given, height taken as 10.
        XCTAssertEqual(choose([Size(width: 100, height: 10), last], proposal: Proposal(width: 100, height: nil)).index, 0)
        XCTAssertEqual(choose([Size(width: 100, height: 12), last], proposal: Proposal(width: 100, height: nil)).index, 1)
        // The unspecified axis is not constrained: height 12 against (unspecified → 10) is
        // irrelevant on .horizontal.
        XCTAssertEqual(choose([Size(width: 100, height: 12), last], axes: .horizontal,
                              proposal: Proposal(width: 100, height: nil)).index, 0)
        // Unspecified width on .horizontal: 10 is the limit.
        XCTAssertEqual(choose([Size(width: 11, height: 0), last], axes: .horizontal,
                              proposal: Proposal(width: nil, height: 500)).index, 1)
    }

    /// Each axis set judges only its axes: ideal 50x200 against 60x100 fits horizontally,
    /// not vertically, not both.
    func testAxes() {
        let ideals = [Size(width: 50, height: 200), Size(width: 0, height: 0)]
        let proposal = Proposal(width: 60, height: 100)
        XCTAssertEqual(choose(ideals, axes: .horizontal, proposal: proposal).index, 0)
        XCTAssertEqual(choose(ideals, axes: .vertical, proposal: proposal).index, 1)
        XCTAssertEqual(choose(ideals, axes: .both, proposal: proposal).index, 1)
        XCTAssertEqual(choose(ideals, axes: [.horizontal, .vertical], proposal: proposal).index, 1)
    }

    /// An infinite proposal fits every finite ideal: the first candidate.
    func testInfiniteProposalFitsFirst() {
        XCTAssertEqual(choose([Size(width: 1e30, height: 1e30), Size.zero], proposal: .infinity).index, 0)
    }

    /// A zero proposal (macOS's minimum-size probe) fits only a zero-size ideal on the
    /// constrained axes.
    func testZeroProposal() {
        let result = choose([Size(width: 0.001, height: 0), Size(width: 0, height: 0), Size(width: 5, height: 5)],
                            proposal: .zero)
        XCTAssertEqual(result.index, 1)
        XCTAssertEqual(result.asked, [0, 1])
    }

    // MARK: - Judged by the ideal size, laid out with the real proposal

    /// Candidates: an HStack of the three 80x30 items (ideal 240x30) and an adaptive grid
    /// (minimum column 80, spacing 0) of the same items. Proposal width 200, height 100:
    /// the HStack does not fit (240 > 200), so the grid — last — is laid out with the real
    /// proposal: c = floor(200/80) = 2 columns → rows {0,1} {2}, size (160, 60).
    /// Its ideal (unspecified: one column per item) would have been one row, 240x30.
    func testChosenIsLaidOutWithRealProposal() {
        let grid = AnyLayout.grid(GridParameters(columns: .adaptive(minimumWidth: 80)))
        let candidates = [Candidate(layout: .hstack(StackParameters()), items: switchItems),
                          Candidate(layout: grid, items: switchItems)]
        let (index, layout) = firstFit(candidates, proposal: Proposal(width: 200, height: 100))
        XCTAssertEqual(index, 1)
        XCTAssertEqual(rowSpans(layout), [[0, 2], [2, 1]])
        XCTAssertEqual(layout.size, Size(width: 160, height: 60))
        XCTAssertEqual(layout.x, [0, 80, 0])
        XCTAssertEqual(layout.y, [0, 0, 30])
    }

    /// A flow judged by its ideal size (one row, 240x30, unspecified width) and laid out
    /// wrapped: candidates [flow, hstack]; the flow's ideal 240x30 fits 250x100, so it is
    /// chosen — and laid out under the real width 250 (one row, size width 250 = the finite
    /// proposal width). Under width 170, the flow (ideal 240) does not fit and the HStack —
    /// last — is used: 240x30, overflowing.
    func testFlowCandidate() {
        let candidates = [Candidate(layout: .flow(FlowParameters()), items: switchItems),
                          Candidate(layout: .hstack(StackParameters()), items: switchItems)]
        let wide = firstFit(candidates, proposal: Proposal(width: 250, height: 100))
        XCTAssertEqual(wide.index, 0)
        XCTAssertEqual(wide.layout.size, Size(width: 250, height: 30))
        let narrow = firstFit(candidates, proposal: Proposal(width: 170, height: 100))
        XCTAssertEqual(narrow.index, 1)
        XCTAssertEqual(narrow.layout.size, Size(width: 240, height: 30))
    }

    // MARK: - Seed 002: a balanced row that falls back to a balanced column

    /// The words "hi", "!", "beautiful", "world" as Text of 8 px per character + 16 px,
    /// 20 tall: widths 32, 24, 88, 56; cell 88x20; spacing 8.
    /// Row ideal: (4*88 + 3*8, 20) = (376, 20). Column ideal: (88, 4*20 + 3*8) = (88, 104).
    /// ViewThatFits { BalancedStack(.row); BalancedStack(.column) }, both axes:
    ///   400x300 → the row (376 <= 400, 20 <= 300): x 0 96 192 288;
    ///   300x300 → the column (last): y 0 28 56 84;
    ///   376x20  → the row (fits exactly); 376x19 → the column;
    ///   unspecified (10x10) → the column.
    func testSeed002BalancedRowFallsBackToColumn() {
        let words = ItemList(widths: [32, 24, 88, 56], heights: [20, 20, 20, 20])
        let candidates = [
            Candidate(layout: .balanced(BalancedParameters(axis: .horizontal, spacing: .fixed(8))), items: words),
            Candidate(layout: .balanced(BalancedParameters(axis: .vertical, spacing: .fixed(8))), items: words),
        ]
        var asked: [Int] = []
        let wide = firstFit(candidates, proposal: Proposal(width: 400, height: 300), asked: &asked)
        XCTAssertEqual(wide.index, 0)
        XCTAssertEqual(asked, [0])
        XCTAssertEqual(wide.layout.size, Size(width: 376, height: 20))
        XCTAssertEqual(wide.layout.x, [0, 96, 192, 288])
        XCTAssertEqual(wide.layout.itemWidth, [88, 88, 88, 88])

        let narrow = firstFit(candidates, proposal: Proposal(width: 300, height: 300), asked: &asked)
        XCTAssertEqual(narrow.index, 1)
        XCTAssertEqual(asked, [0])
        XCTAssertEqual(narrow.layout.size, Size(width: 88, height: 104))
        XCTAssertEqual(narrow.layout.y, [0, 28, 56, 84])
        XCTAssertEqual(narrow.layout.x, [0, 0, 0, 0])
        XCTAssertEqual(narrow.layout.itemHeight, [20, 20, 20, 20])

        XCTAssertEqual(firstFit(candidates, proposal: Proposal(width: 376, height: 20)).index, 0)
        XCTAssertEqual(firstFit(candidates, proposal: Proposal(width: 376, height: 19)).index, 1)
        XCTAssertEqual(firstFit(candidates, proposal: .unspecified).index, 1)
        // Only the width constrained: 376 wide fits whatever the height.
        XCTAssertEqual(firstFit(candidates, axes: .horizontal, proposal: Proposal(width: 376, height: 1)).index, 0)
    }
}
