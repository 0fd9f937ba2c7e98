import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewValues

/// A record in full as a tree that folds (Enter on a row): a line per field, nested objects and
/// arrays indented under their name, `- ` before each array element, and a cursor on a node.
///
///     id: 1001
///     customer: {3 fields}          ← folded: its size
///     items:
///       - sku: A-1                  ← an object element begins on its dash's line
///         qty: 2
///       - [2 items]
///
/// Space, `←` and `→` fold and unfold the node under the cursor (`←` on a folded node or a
/// leaf goes to its parent), `zM` and `zR` fold and unfold every node, `/` searches the
/// record's names and values (unfolding what hides a match), `y` and `Y` copy the node's
/// path (`items[2].sku`) and its value as JSON, Enter on a nested node dives into it.
///
/// Lines longer than the screen go on under their value. A view of fixed lines (a difference
/// of `listview diff -i`) has one leaf per line and nothing to fold.
public struct RecordTreeView: Equatable {
    /// A value of the record: a field, a member of a nested object or an array's element.
    struct Node: Equatable {
        var depth: Int
        /// The member's name; nil for an array's element (or a fixed line).
        var name: String?
        /// Its path in listview's syntax: `customer.name`, `items[2].sku`.
        var path: String
        /// Nil for a fixed line, which `text` is.
        var value: Value?
        var text: String?
        /// The index past the node's subtree: its descendants are the nodes up to it.
        var end: Int
        var parent: Int?

        /// Members or elements that fold: a non-empty object or array.
        var folds: Bool {
            switch value {
            case .object(let object)?: return object.count > 0
            case .array(let elements)?: return !elements.isEmpty
            default: return false
            }
        }
    }

    /// A line on screen: the node it shows and its text.
    struct Line: Equatable {
        var node: Int
        var text: String
    }

    private(set) var nodes: [Node]
    private(set) var folded: [Bool]
    /// The lines shown, worked out again when folding or the width changes.
    private(set) var lines: [Line] = []
    /// The node under the cursor.
    private(set) var cursor = 0
    /// The first line on screen.
    var top = 0
    private(set) var width: Int
    /// The last search in the record (`/`), for `n` and `N`.
    var searchText: String?
    /// `z` was pressed: `M` or `R` comes next.
    var awaitsFoldKey = false

    /// The tree of a record's fields, `width` cells across (nil: lines never wrap).
    init(names: [String], values: [Value], width: Int?) {
        var nodes: [Node] = []
        for (name, value) in zip(names, values) {
            Self.append(value, name: TerminalEscaping.escaped(name), path: name, depth: 0, parent: nil, to: &nodes)
        }
        self.nodes = nodes
        folded = Array(repeating: false, count: nodes.count)
        self.width = width ?? .max
        layOut()
    }

    /// A view of fixed `lines`, one leaf each.
    init(lines: [String], width: Int?) {
        nodes = lines.enumerated().map { Node(depth: 0, name: nil, path: "", value: nil, text: $0.element, end: $0.offset + 1) }
        folded = Array(repeating: false, count: nodes.count)
        self.width = width ?? .max
        layOut()
    }

    private static func append(_ value: Value, name: String?, path: String, depth: Int, parent: Int?, to nodes: inout [Node]) {
        let index = nodes.count
        nodes.append(Node(depth: depth, name: name, path: path, value: value, end: index + 1, parent: parent))
        switch value {
        case .object(let object):
            for (key, member) in object.members {
                append(member, name: TerminalEscaping.escaped(key), path: path.isEmpty ? key : path + "." + key, depth: depth + 1, parent: index, to: &nodes)
            }
        case .array(let elements):
            for (position, element) in elements.enumerated() {
                append(element, name: nil, path: path + "[\(position)]", depth: depth + 1, parent: index, to: &nodes)
            }
        default:
            break
        }
        nodes[index].end = nodes.count
    }

    /// The node under the cursor, if the record has any.
    var current: Node? { cursor < nodes.count ? nodes[cursor] : nil }

    /// The line the cursor's node begins on.
    var cursorLine: Int { lines.firstIndex { $0.node == cursor } ?? 0 }

    /// The texts of the lines shown (tests and the screen).
    var texts: [String] { lines.map(\.text) }

    /// Lays the lines out for `width` cells when it changed.
    mutating func fit(width: Int) {
        guard width != self.width else { return }
        self.width = width
        layOut()
    }

    // MARK: - Lines

    /// Works out the lines shown: each node not inside a folded one, a folded node with its size.
    private mutating func layOut() {
        var lines: [Line] = []
        lines.reserveCapacity(nodes.count)
        // An object element begins on its dash's line: its first member's line takes the dash.
        var dash: (node: Int, depth: Int)?
        var index = 0
        while index < nodes.count {
            let node = nodes[index]
            let indent = String(repeating: "  ", count: node.depth)
            var head = indent
            var owner = index
            if let pending = dash, node.depth == pending.depth + 1 {
                head = String(repeating: "  ", count: pending.depth) + "- "
                owner = pending.node
            }
            dash = nil
            let label = node.name.map { $0 + ":" } ?? (node.text == nil ? "-" : "")
            let text: String
            if let fixed = node.text {
                text = fixed
            } else if node.folds && folded[index] {
                text = head + label + " " + Self.size(of: node.value)
            } else if node.folds {
                if node.name == nil, case .object? = node.value, owner == index {
                    // The dash goes on the first member's line.
                    dash = (index, node.depth)
                    index += 1
                    continue
                }
                text = head + label
            } else {
                let shown = CellText.text(for: node.value)
                text = head + (label.isEmpty ? shown : label + " " + shown)
            }
            append(text, node: owner, labelWidth: DisplayWidth.of(head) + (node.name.map { DisplayWidth.of($0) + 2 } ?? 2), to: &lines)
            index = node.folds && folded[index] ? node.end : index + 1
        }
        if lines.isEmpty { lines = [Line(node: 0, text: "(no fields)")] }
        self.lines = lines
    }

    /// Appends `text`, wrapped to the width under its value (after `labelWidth` cells).
    private func append(_ text: String, node: Int, labelWidth: Int, to lines: inout [Line]) {
        guard width != .max, DisplayWidth.of(text) > width || text.contains("\n") else {
            lines.append(Line(node: node, text: text))
            return
        }
        for part in ScreenText.wrapped(text, width: width, indent: min(labelWidth, width / 2)) { lines.append(Line(node: node, text: part)) }
    }

    /// What a folded node shows: `{3 fields}`, `[10 items]`.
    static func size(of value: Value?) -> String {
        func counted(_ count: Int, _ noun: String) -> String { count == 1 ? "1 \(noun)" : "\(RecordCount.grouped(count)) \(noun)s" }
        switch value {
        case .object(let object)?: return "{\(counted(object.count, "field"))}"
        case .array(let elements)?: return "[\(counted(elements.count, "item"))]"
        default: return ""
        }
    }

    // MARK: - Moving

    /// The nodes that begin a line, in order.
    private var shownNodes: [Int] {
        var result: [Int] = []
        for line in lines where result.last != line.node { result.append(line.node) }
        return result
    }

    /// Moves the cursor by a moving command, keeping it on screen `height` lines high.
    mutating func move(_ command: BrowserCommand, height: Int) -> Bool {
        let shown = shownNodes
        let position = shown.firstIndex(of: cursor) ?? 0
        guard let moved = command.moved(from: position, count: shown.count, page: height) else { return false }
        guard !shown.isEmpty else { return true }
        cursor = shown[max(0, min(moved, shown.count - 1))]
        keepCursorShown(height: height)
        return true
    }

    /// Moves the cursor to the node on line `line`.
    mutating func select(line: Int, height: Int) {
        guard line >= 0, line < lines.count else { return }
        cursor = lines[line].node
        keepCursorShown(height: height)
    }

    /// Scrolls by `lines`, the cursor kept on screen.
    mutating func scroll(by count: Int, height: Int) {
        top = max(0, min(max(0, lines.count - height), top + count))
        let line = cursorLine
        if line < top, top < lines.count { cursor = lines[top].node }
        if line >= top + height, let last = lines[..<min(lines.count, top + height)].last { cursor = last.node }
    }

    mutating func keepCursorShown(height: Int) {
        let first = cursorLine
        let last = lines.lastIndex { $0.node == cursor } ?? first
        if last >= top + height { top = last - height + 1 }
        if first < top { top = first }
        top = max(0, min(top, max(0, lines.count - height)))
    }

    // MARK: - Folding

    /// Folds the cursor's node, or unfolds it when it is folded (space).
    mutating func toggle(height: Int) {
        guard let node = current, node.folds else { return }
        folded[cursor].toggle()
        layOut()
        keepCursorShown(height: height)
    }

    /// `←`: folds the cursor's node; on a folded node or a leaf, goes to its parent.
    mutating func foldOrLeave(height: Int) {
        guard let node = current else { return }
        if node.folds && !folded[cursor] {
            folded[cursor] = true
            layOut()
        } else if let parent = node.parent {
            cursor = shownOwner(of: parent)
        }
        keepCursorShown(height: height)
    }

    /// `→`: unfolds the cursor's node; unfolded, goes to its first child.
    mutating func unfoldOrEnter(height: Int) {
        guard let node = current, node.folds else { return }
        if folded[cursor] {
            folded[cursor] = false
            layOut()
        } else if cursor + 1 < nodes.count {
            cursor = shownOwner(of: cursor + 1)
        }
        keepCursorShown(height: height)
    }

    /// `zM`, `zR`: every node folded (the fields alone shown) or unfolded.
    mutating func setAllFolded(_ fold: Bool, height: Int) {
        for index in nodes.indices where nodes[index].folds { folded[index] = fold }
        if fold {
            var top = cursor
            while let parent = nodes[top].parent { top = parent }
            if top < nodes.count { cursor = top }
        }
        layOut()
        keepCursorShown(height: height)
    }

    /// The node whose line shows `node`: an object element's first member shows on its dash's line.
    private func shownOwner(of node: Int) -> Int {
        lines.first { $0.node == node }?.node ?? (nodes[node].parent.map { shownOwner(of: $0) } ?? node)
    }

    // MARK: - Search

    /// Moves to the next node (`forward`) or the previous one whose name or value holds `text`
    /// (case ignored), unfolding the nodes that hide it; false when none does.
    mutating func find(_ text: String, forward: Bool, height: Int) -> Bool {
        guard !nodes.isEmpty else { return false }
        let search = TextSearch(text)
        let count = nodes.count
        for step in 1...count {
            let index = ((cursor + (forward ? step : -step)) % count + count) % count
            let node = nodes[index]
            let haystack = [node.name, node.text, node.value.flatMap { $0.isContainer ? nil : CellText.text(for: $0) }].compactMap { $0 }
            guard haystack.contains(where: { text in
                var text = text
                return text.withUTF8 { search.contains(UnsafeRawBufferPointer($0)) }
            }) else { continue }
            var parent = node.parent
            while let folding = parent {
                folded[folding] = false
                parent = nodes[folding].parent
            }
            layOut()
            cursor = shownOwner(of: index)
            keepCursorShown(height: height)
            return true
        }
        return false
    }
}
