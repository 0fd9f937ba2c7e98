import ListviewValues

/// Turns the tables `TOMLDocument` read into settings, checking each key against `ViewOption.all` and
/// each value against the option's kind; every problem names the file and the key's line.
struct TableReader {
    var file: String
    var lines: SourceLines

    /// The entries of `table` (at `path` in the file) in the order the file writes them:
    /// toml++'s tables come in key order.
    func inFileOrder(_ table: ObjectValue, at path: [String]) -> [(key: String, value: Value)] {
        zip(table.keys, table.values).map { (key: $0, value: $1) }
            .sorted { lines.line(of: path + [$0.key]) < lines.line(of: path + [$1.key]) }
    }

    /// `[views.NAME]` or `[kinds.NAME]`: one settings table per name, each read by `read`.
    func namedTables(in table: ObjectValue, at path: [String],
                     _ read: ([String], ObjectValue) throws(ConfigError) -> [Setting]) throws(ConfigError) -> [ViewSettings] {
        var named: [ViewSettings] = []
        for (name, value) in inFileOrder(table, at: path) {
            let line = lines.line(of: path + [name])
            guard case .object(let inner) = value else {
                let header = Self.tableName(path + [name])
                throw invalid(line, "'\(name)' in \(Self.tableName(path)) is not a table: write \(header) and its options under it")
            }
            named.append(ViewSettings(name: name, file: file, line: line, settings: try read(path + [name], inner)))
        }
        return named
    }

    /// The options of a view or of `[defaults]`.
    func settings(in table: ObjectValue, at path: [String]) throws(ConfigError) -> [Setting] {
        var settings: [Setting] = []
        for (key, value) in inFileOrder(table, at: path) {
            let line = lines.line(of: path + [key])
            guard let option = ViewOption.named(key) else {
                throw invalid(line, unknownOption(key, in: path))
            }
            guard let occurrences = Self.occurrences(of: value, for: option.kind) else {
                throw invalid(line, "'\(key)' takes \(option.kind.expected), not \(Self.described(value))")
            }
            settings.append(Setting(name: key, occurrences: occurrences, file: file, line: line))
        }
        return settings
    }

    /// `[kinds.NAME]` with `format = "F"`: the setting `--kind NAME=F`.
    func kind(in table: ObjectValue, at path: [String]) throws(ConfigError) -> [Setting] {
        let name = path.last ?? ""
        var format: Setting?
        for (key, value) in inFileOrder(table, at: path) {
            let line = lines.line(of: path + [key])
            guard key == "format" else {
                let hint = ClosestName.find(key, among: ["format"]).map { "did you mean '\($0)'?" } ?? "a kind has only format = \"FORMAT\""
                throw invalid(line, "unknown key '\(key)' in \(Self.tableName(path)); \(hint)")
            }
            guard case .string(let text) = value else {
                throw invalid(line, "'format' takes text (a template, card:… or table:fields=…), not \(Self.described(value))")
            }
            format = Setting(name: "kind", occurrences: ["\(name)=\(text)"], file: file, line: line)
        }
        guard let format else {
            throw invalid(lines.line(of: path), "\(Self.tableName(path)) needs format = \"FORMAT\" (a template, card:… or table:fields=…)")
        }
        return [format]
    }

    private func unknownOption(_ key: String, in path: [String]) -> String {
        let table = Self.tableName(path)
        if ViewOption.notInViews.contains(key) {
            return "'\(key)' cannot be set in \(table): give --\(key) on the command line"
        }
        let closest = ClosestName.find(key, among: ViewOption.all.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        return "unknown option '\(key)' in \(table)\(closest)"
    }

    private func invalid(_ line: Int, _ message: String) -> ConfigError {
        .invalid(file: file, line: line, column: nil, message: message)
    }

    /// The arguments a value of `kind` stands for (see `Setting`), or nil when it is of the wrong type.
    static func occurrences(of value: Value, for kind: ViewOption.Kind) -> [String?]? {
        switch (kind, value, TOMLType(value)) {
        case (.text, .string(let text), _), (.repeated, .string(let text), _), (.commaList, .string(let text), _):
            return [text]
        case (.number, .number(let text), .integer):
            return Int(text).map { [String($0)] }
        case (.flag, .bool(let flag), _):
            return flag ? [nil] : []
        case (.repeated, .array(let values), .array), (.commaList, .array(let values), .array):
            var elements: [String] = []
            for element in values {
                guard case .string(let text) = element else { return nil }
                elements.append(text)
            }
            if kind == .repeated { return elements }
            return elements.isEmpty ? [] : [elements.joined(separator: ",")]
        default:
            return nil
        }
    }

    /// "a string", "an integer", "a list holding an integer", for messages.
    static func described(_ value: Value) -> String {
        let type = TOMLType(value)
        if type == .array, case .array(let values) = value, let other = values.first(where: { TOMLType($0) != .string }) {
            return "a list holding \(described(other))"
        }
        switch type {
        case .none: return "no value"
        case .string: return "a string"
        case .integer: return "an integer"
        case .float: return "a floating-point number"
        case .boolean: return "a boolean"
        case .array: return "a list"
        case .table: return "a table"
        case .date: return "a date"
        case .time: return "a time"
        case .dateTime: return "a date-time"
        }
    }

    /// `[views.triage]`, `[views."my view"]`.
    static func tableName(_ path: [String]) -> String {
        let parts = path.map { part in
            part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") } && !part.isEmpty ? part : "\"\(part)\""
        }
        return "[\(parts.joined(separator: "."))]"
    }
}
