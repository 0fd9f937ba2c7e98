/// The most common values of a stream, estimated in a fixed number of counters: the
/// space-saving algorithm of Metwally, Agrawal and El Abbadi (`--summary` past its memory
/// budget).
///
/// Up to `capacity` values are counted. A value not counted takes the place of the one
/// with the least count and starts from that count plus one, so a count is never too
/// small and too large by at most the count it took over (`error`). Any value more
/// common than 1/`capacity` of the rows is among the counted ones. The least count is
/// found through a min-heap of counter numbers, so each value costs O(log capacity).
public struct FrequentValues<Item: Hashable & Sendable>: Sendable {
    /// One counted value.
    public struct Counter: Sendable {
        public var item: Item
        public var count: Int
        /// How much of `count` may have been another value's.
        public var error: Int
        /// When the value was first counted: ties go to the earlier one.
        public var order: Int
    }

    public let capacity: Int
    private var counters: [Counter] = []
    /// Counter numbers, least count first.
    private var heap: [Int] = []
    /// Each counter's place in `heap`.
    private var place: [Int] = []
    private var counterOf: [Item: Int] = [:]
    private var nextOrder = 0

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Counts `item` `times` more times.
    public mutating func add(_ item: Item, times: Int = 1) {
        if let counter = counterOf[item] {
            counters[counter].count += times
            sink(place[counter])
            return
        }
        if counters.count < capacity {
            let counter = counters.count
            counters.append(Counter(item: item, count: times, error: 0, order: nextOrder))
            place.append(heap.count)
            heap.append(counter)
            counterOf[item] = counter
            rise(heap.count - 1)
        } else {
            // The least counted value gives its counter to the new one.
            let counter = heap[0]
            let least = counters[counter].count
            counterOf[counters[counter].item] = nil
            counters[counter] = Counter(item: item, count: least + times, error: least, order: nextOrder)
            counterOf[item] = counter
            sink(0)
        }
        nextOrder += 1
    }

    /// The counted values, most common first (ties: first counted first).
    public var mostCommon: [Counter] {
        counters.sorted { $0.count != $1.count ? $0.count > $1.count : $0.order < $1.order }
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        let (x, y) = (counters[heap[a]], counters[heap[b]])
        return x.count != y.count ? x.count < y.count : x.order < y.order
    }

    private mutating func swapPlaces(_ a: Int, _ b: Int) {
        heap.swapAt(a, b)
        place[heap[a]] = a
        place[heap[b]] = b
    }

    private mutating func rise(_ index: Int) {
        var child = index
        while child > 0 {
            let parent = (child - 1) / 2
            guard less(child, parent) else { return }
            swapPlaces(child, parent)
            child = parent
        }
    }

    /// The counter at heap place `index` grew: it sinks to its place.
    private mutating func sink(_ index: Int) {
        var parent = index
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < heap.count, less(left, smallest) { smallest = left }
            if right < heap.count, less(right, smallest) { smallest = right }
            guard smallest != parent else { return }
            swapPlaces(parent, smallest)
            parent = smallest
        }
    }
}
