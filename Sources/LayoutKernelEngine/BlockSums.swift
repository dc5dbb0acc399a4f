/// Integer values, one per block, with their prefix sums kept in a Fenwick tree: a
/// change of one value and a prefix sum each cost O(log blocks); a search that walks
/// down the tree visits O(log blocks) nodes. Building from values is O(blocks).
///
/// `node(k)` (k in 1...count) is the sum of values `(k - lowestBit(k)) ..< k`; a
/// descent from the highest power of two not above `count` sees, at each step, a node
/// whose range starts where the prefix summed so far ends.
struct PrefixSums {
    /// 1-based nodes; `nodes[0]` unused.
    private(set) var nodes: [Int]
    private(set) var values: [Int]

    init(_ values: [Int]) {
        self.values = values
        nodes = [0] + values
        for k in 1..<max(nodes.count, 1) {
            let parent = k + (k & -k)
            if parent < nodes.count { nodes[parent] &+= nodes[k] }
        }
    }

    var count: Int { values.count }

    /// The highest power of two not above `count` (0 when empty): where a descent starts.
    var topStep: Int { count == 0 ? 0 : 1 << (Int.bitWidth - 1 - count.leadingZeroBitCount) }

    /// The sum of values `0 ..< end`.
    @inline(__always)
    func prefix(_ end: Int) -> Int {
        var sum = 0, k = end
        while k > 0 {
            sum &+= nodes[k]
            k &= k - 1
        }
        return sum
    }

    /// Adds `amount` to value `index`.
    mutating func add(_ amount: Int, at index: Int) {
        guard amount != 0 else { return }
        values[index] &+= amount
        var k = index + 1
        while k < nodes.count {
            nodes[k] &+= amount
            k += k & -k
        }
    }

    /// Sets value `index` to `value`.
    mutating func set(_ value: Int, at index: Int) { add(value &- values[index], at: index) }
}

/// A maximum of per-block values, kept in a complete binary tree: a change of one value
/// costs O(log blocks), the maximum O(1).
struct BlockMaxima {
    private var leaves = 1
    private var tree: [Float] = [0, 0]

    init(_ values: [Float]) {
        while leaves < values.count { leaves *= 2 }
        tree = Array(repeating: 0, count: 2 * leaves)
        for (k, value) in values.enumerated() { tree[leaves + k] = value }
        for k in stride(from: leaves - 1, to: 0, by: -1) { tree[k] = max(tree[2 * k], tree[2 * k + 1]) }
    }

    /// The largest value (0 when there is none).
    var maximum: Float { tree[1] }

    mutating func set(_ value: Float, at index: Int) {
        var k = leaves + index
        tree[k] = value
        while k > 1 {
            k /= 2
            tree[k] = max(tree[2 * k], tree[2 * k + 1])
        }
    }

    var bytes: Int { tree.count * 4 }
}
