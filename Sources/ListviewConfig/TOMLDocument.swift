import CTOML
import ListviewJSON
import ListviewValues

/// A TOML text read by toml++ (the `CTOML` target over Debian's libtomlplusplus) into `Value`s:
/// tables become objects, arrays arrays, and each other value keeps its TOML type (`TOMLType`).
///
/// toml++ hands the document over as compact JSON, which `JSONNestedValue` decodes as it does a
/// nested cell; dates, times and the floats JSON has no number for arrive as `[null,"KIND","TEXT"]`
/// (see `listview_toml.h`). A table's keys come in key order, not the file's: `SourceLines` knows
/// where each was written.
enum TOMLDocument {
    /// A syntax error at a line and column (from 1), with toml++'s description of it.
    struct SyntaxError: Error, Equatable {
        var line: Int
        var column: Int?
        var description: String
    }

    /// The root table of `text`.
    static func parse(_ text: String) throws(SyntaxError) -> ObjectValue {
        let json = try json(text)
        let value = Array(json.utf8).withUnsafeBytes { JSONNestedValue.decode($0) }
        guard case .object(let root)? = value else {
            throw SyntaxError(line: 1, column: nil, description: "toml++ gave a document that is no JSON object")
        }
        return root
    }

    /// The document as toml++'s side of the boundary wrote it: compact JSON.
    static func json(_ text: String) throws(SyntaxError) -> String {
        var text = text
        var result = listview_toml_result()
        defer { listview_toml_result_free(&result) }
        let parsed = text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { listview_toml_parse($0.baseAddress, $0.count, &result) }
        }
        guard parsed == 1, let json = result.json else {
            let description = result.error.map { String(cString: $0) } ?? "out of memory"
            throw SyntaxError(line: max(1, Int(result.line)), column: result.column > 0 ? Int(result.column) : nil, description: description)
        }
        return String(decoding: UnsafeRawBufferPointer(start: json, count: result.json_length), as: UTF8.self)
    }
}

/// The TOML type of a value `TOMLDocument` read, for checking an option's value and naming it
/// in messages: toml++'s `node_type`, `none` included (a null, which no parsed document holds
/// outside the tagged arrays).
enum TOMLType: Equatable {
    case none, string, integer, float, boolean, array, table, date, time, dateTime

    init(_ value: Value) {
        switch value {
        case .string: self = .string
        case .bool: self = .boolean
        case .object: self = .table
        case .number(let text): self = text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? .float : .integer
        case .array(let elements):
            // [null,"KIND","TEXT"]: no TOML array starts with null.
            guard elements.count == 3, elements[0] == .null, case .string(let kind) = elements[1] else {
                self = .array
                return
            }
            switch kind {
            case "date": self = .date
            case "time": self = .time
            case "date-time": self = .dateTime
            default: self = .float
            }
        case .null: self = .none
        }
    }
}
