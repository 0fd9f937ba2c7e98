/// A binary heap of cursor numbers, least first, for a k-way merge (`SortedRuns`).
struct MergeHeap {
    private var items: [Int]

    init(_ items: [Int], less: (Int, Int) -> Bool) {
        self.items = []
        for item in items { insert(item, less: less) }
    }

    var least: Int? { items.first }

    mutating func insert(_ item: Int, less: (Int, Int) -> Bool) {
        items.append(item)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard less(items[child], items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    /// The least item's key grew: it sinks to its place.
    mutating func leastChanged(less: (Int, Int) -> Bool) {
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count, less(items[left], items[smallest]) { smallest = left }
            if right < items.count, less(items[right], items[smallest]) { smallest = right }
            guard smallest != parent else { return }
            items.swapAt(parent, smallest)
            parent = smallest
        }
    }

    mutating func removeLeast(less: (Int, Int) -> Bool) {
        guard let last = items.popLast() else { return }
        guard !items.isEmpty else { return }
        items[0] = last
        leastChanged(less: less)
    }
}
