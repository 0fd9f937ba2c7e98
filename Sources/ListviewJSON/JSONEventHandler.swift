/// Receives the events of a JSON parse (`JSONStreamParser`'s; `JSONBatchAssembler` also replays
/// simdjson's tape as them); each returns false to stop it (`refusal` then says
/// why, unless the handler stopped for a reason of its own).
///
/// A class to subclass rather than a protocol: the parser calls the handler through a
/// plain class reference, with no existential to retain and release per event (that
/// cost a sixth of a JSON table's time). Every method of a subclass overrides one
/// here; these stop the parse.
class JSONEventHandler {
    /// Why the handler stopped the parse over bad input, if it did.
    var refusal: String?
    /// JSON Lines: whether a value began on the line being read (the parser clears it at each line end).
    final var valueOnLine = false

    /// True while the handler is inside a value (a container not yet closed).
    var isInsideValue: Bool { false }

    /// To be called when a top-level value begins: in JSON Lines a second one on a line stops the
    /// parse (the parser, which takes several values in JSON Lines, would take `{"a":1} {"a":2}` for
    /// two lines' values).
    final func topLevelValueBegins() -> Bool {
        if valueOnLine { return refuse("a second JSON value on the same line (JSON Lines holds one value per line)") }
        valueOnLine = true
        return true
    }

    func null() -> Bool { false }
    func bool(_ flag: Bool) -> Bool { false }
    /// A number, as its source text.
    func number(_ text: UnsafeRawBufferPointer) -> Bool { false }
    /// A string's bytes, escapes undone, not yet checked as UTF-8.
    func string(_ bytes: UnsafeRawBufferPointer) -> Bool { false }
    /// An object key's bytes, escapes undone, not yet checked as UTF-8.
    func key(_ bytes: UnsafeRawBufferPointer) -> Bool { false }
    func startContainer(isObject: Bool) -> Bool { false }
    func endContainer() -> Bool { false }

    /// Stops the parse with `reason`; always false.
    final func refuse(_ reason: String) -> Bool {
        refusal = reason
        return false
    }
}
