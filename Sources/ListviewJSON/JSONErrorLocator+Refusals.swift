import ListviewValues

extension JSONErrorLocator {
    /// What listview's handler (`JSONBatchAssembler`) refuses of a parse's events, and nothing
    /// else: a string or key that is not UTF-8, nesting deeper than `maxDepth`, and in JSON
    /// Lines a second value on a line.
    ///
    /// Each check is made where the assembler makes it, on the same event, so the first
    /// refusal and the token it stops at are the assembler's, with its messages; the rest
    /// of what the assembler does (rows, columns, `--path`) refuses nothing, and costs
    /// memory, which this keeps none of.
    final class Refusals: JSONEventHandler {
        private let maxDepth: Int
        /// Containers open (the assembler's `depth`).
        private var depth = 0

        init(maxDepth: Int) {
            self.maxDepth = maxDepth
        }

        override var isInsideValue: Bool { depth > 0 }

        override func null() -> Bool { scalar() }
        override func bool(_ flag: Bool) -> Bool { scalar() }
        override func number(_ text: UnsafeRawBufferPointer) -> Bool { scalar() }

        override func string(_ bytes: UnsafeRawBufferPointer) -> Bool {
            guard UTF8Check.isValid(bytes) else { return refuse(JSONBatchAssembler.invalidUTF8) }
            return scalar()
        }

        override func key(_ bytes: UnsafeRawBufferPointer) -> Bool {
            UTF8Check.isValid(bytes) || refuse(JSONBatchAssembler.invalidUTF8)
        }

        override func startContainer(isObject: Bool) -> Bool {
            if depth == 0, !topLevelValueBegins() { return false }
            depth += 1
            return depth <= maxDepth || refuse(JSONBatchAssembler.tooDeep(maxDepth))
        }

        override func endContainer() -> Bool {
            depth -= 1
            return true
        }

        /// A number, `true`, `false`, `null` or a string: a value of its own outside any container.
        private func scalar() -> Bool {
            depth > 0 || topLevelValueBegins()
        }
    }
}
