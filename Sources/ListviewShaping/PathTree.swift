import ListviewJSON
import ListviewValues

/// The keys met in nested cells' compact JSON, as a tree: a root per column, a node per key
/// below it (an array element's key is its index), numbered in the order first seen, and the
/// nodes that hold leaves. `--flatten` keeps a batch's paths in one, `--explode` the keys of an
/// array's elements. A child is looked for after the one found before it first, as members
/// mostly come in the same order; the children of a node with many are found by hashing.
struct PathTree {
    /// Per node: its key's UTF-8 in `keyText` (up to `keyEnds`), parent, column, and links.
    private var keyText: [UInt8] = []
    private var keyEnds: [Int] = []
    private var parents: [Int] = []
    private var columns: [Int] = []
    private var firstChild: [Int] = []
    private var lastChild: [Int] = []
    private var nextSibling: [Int] = []
    private var childCounts: [Int] = []
    private var isLeaf: [Bool] = []
    /// The children of nodes with many, by their parent and key.
    private var index: [ChildKey: Int] = [:]
    private var roots: [Int: Int] = [:]
    /// Per column, its leaf nodes in the order first seen.
    private(set) var leaves: [Int: [Int]] = [:]

    private struct ChildKey: Hashable {
        var parent: Int
        var key: [UInt8]
    }

    /// Above this many children, a node's children are looked up by hashing.
    private static let listedChildren = 8

    var nodeCount: Int { parents.count }

    mutating func root(of column: Int) -> Int {
        if let root = roots[column] { return root }
        let root = add(parent: -1, column: column, key: UnsafeRawBufferPointer(start: nil, count: 0))
        roots[column] = root
        return root
    }

    func column(of node: Int) -> Int { columns[node] }

    /// The keys from `node`'s column down to it.
    func keys(of node: Int) -> [String] {
        var keys: [String] = []
        var current = node
        while parents[current] >= 0 {
            keys.append(String(decoding: keyText[keyRange(of: current)], as: UTF8.self))
            current = parents[current]
        }
        return keys.reversed()
    }

    mutating func markLeaf(_ node: Int) {
        guard !isLeaf[node] else { return }
        isLeaf[node] = true
        leaves[columns[node], default: []].append(node)
    }

    /// The child of `parent` at the scanned key `key` (its escapes read), added when new;
    /// `previous` is the child found for the member before in the same object.
    mutating func child(of parent: Int, key: CompactJSONScanner.Span, after previous: Int?) -> Int {
        Self.withBytes(of: key) { child(of: parent, key: $0, after: previous) }
    }

    /// Calls `body` with a scanned key's UTF-8, its escapes read.
    @inline(__always)
    private static func withBytes<Result>(of key: CompactJSONScanner.Span, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        guard key.escaped else { return body(key.text) }
        return Array(RecordShaping.unescaped(key).utf8).withUnsafeBytes(body)
    }

    /// The children of `node`, in the order first seen.
    func children(of node: Int) -> [Int] {
        var children: [Int] = []
        var child = firstChild[node]
        while child >= 0 {
            children.append(child)
            child = nextSibling[child]
        }
        return children
    }

    /// The child of `parent` at `key`, added when new; `previous` is the child found for the
    /// member before in the same container.
    mutating func child(of parent: Int, key: UnsafeRawBufferPointer, after previous: Int?) -> Int {
        existingChild(of: parent, key: key, after: previous) ?? add(parent: parent, column: columns[parent], key: key)
    }

    /// The child of `parent` at the scanned key `key` (its escapes read), or nil when there is none.
    func existingChild(of parent: Int, key: CompactJSONScanner.Span, after previous: Int?) -> Int? {
        Self.withBytes(of: key) { existingChild(of: parent, key: $0, after: previous) }
    }

    /// The child of `parent` at the array index `index`, or nil when there is none.
    func existingChild(of parent: Int, index: Int, after previous: Int?) -> Int? {
        Self.withDigits(of: index) { existingChild(of: parent, key: $0, after: previous) }
    }

    /// The child of `parent` at `key`, or nil when there is none; `previous` is the child found
    /// for the member before in the same container.
    func existingChild(of parent: Int, key: UnsafeRawBufferPointer, after previous: Int?) -> Int? {
        let guess = previous.map { nextSibling[$0] } ?? firstChild[parent]
        if guess >= 0, hasKey(guess, key) { return guess }
        if childCounts[parent] > Self.listedChildren {
            return index[ChildKey(parent: parent, key: Array(key))]
        }
        var candidate = firstChild[parent]
        while candidate >= 0 {
            if hasKey(candidate, key) { return candidate }
            candidate = nextSibling[candidate]
        }
        return nil
    }

    /// Where `node`'s key is in `keyText`.
    private func keyRange(of node: Int) -> Range<Int> {
        (node == 0 ? 0 : keyEnds[node - 1])..<keyEnds[node]
    }

    @inline(__always)
    private func hasKey(_ node: Int, _ key: UnsafeRawBufferPointer) -> Bool {
        let range = keyRange(of: node)
        guard range.count == key.count else { return false }
        return keyText.withUnsafeBytes { text in ByteWord.same(UnsafeRawBufferPointer(rebasing: text[range]), key) }
    }

    private mutating func add(parent: Int, column: Int, key: UnsafeRawBufferPointer) -> Int {
        let node = parents.count
        keyText.append(contentsOf: key)
        keyEnds.append(keyText.count)
        parents.append(parent)
        columns.append(column)
        firstChild.append(-1)
        lastChild.append(-1)
        nextSibling.append(-1)
        childCounts.append(0)
        isLeaf.append(false)
        guard parent >= 0 else { return node }
        if lastChild[parent] >= 0 { nextSibling[lastChild[parent]] = node } else { firstChild[parent] = node }
        lastChild[parent] = node
        childCounts[parent] += 1
        if childCounts[parent] > Self.listedChildren {
            if childCounts[parent] == Self.listedChildren + 1 {
                var sibling = firstChild[parent]
                while sibling >= 0, sibling != node {
                    index[ChildKey(parent: parent, key: Array(keyText[keyRange(of: sibling)]))] = sibling
                    sibling = nextSibling[sibling]
                }
            }
            index[ChildKey(parent: parent, key: Array(key))] = node
        }
        return node
    }

    /// Calls `body` with the decimal digits of `number` (an array index as a key).
    @inline(__always)
    static func withDigits<Result>(of number: Int, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        if (0..<10).contains(number) {
            // One digit (most array indexes): no buffer.
            var digit = UInt8(ascii: "0") + UInt8(number)
            return withUnsafeBytes(of: &digit, body)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            var value = number
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            } while value > 0 && start > 0
            return body(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[start...])))
        }
    }
}
