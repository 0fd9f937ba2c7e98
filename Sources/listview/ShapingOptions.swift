import ArgumentParser
import ListviewBatches
import ListviewKit
import ListviewPresentation
import ListviewRequest
import ListviewShaping

/// `--flatten`, `--explode`, `--unflatten`: nested records as columns and back.
struct ShapingOptions: ParsableArguments {
    @Flag(help: "Nested objects and arrays as dotted columns (customer.name, items.0.sku) in every style; '--flatten N' flattens N levels. CSV and TSV output flattens by default.")
    var flatten = false

    @Option(name: .customLong("flatten-depth"), parsing: .unconditional, help: ArgumentHelp("How many levels --flatten spreads (what '--flatten N' sets).", valueName: "n"))
    var flattenDepth: Int?

    @Flag(name: .customLong("no-flatten"), help: "CSV and TSV output: keep a nested value as its JSON text in one cell.")
    var noFlatten = false

    @Option(name: .customLong("flatten-separator"), help: ArgumentHelp("What joins the keys of a flattened path (default '.').", valueName: "text"))
    var flattenSeparator: String?

    @Option(help: ArgumentHelp("One row per element of the array in this field, the other fields repeated and an element's fields as FIELD.x columns; one field.",
                               valueName: "field"))
    var explode: [String] = []

    @Flag(name: .customLong("explode-drop-empty"), help: "With --explode, a record whose array is empty gives no row (default: one row with null).")
    var explodeDropEmpty = false

    @Flag(help: "Dotted columns (customer.name, items.0.sku) as nested objects and arrays again, e.g. CSV written as JSON.")
    var unflatten = false

    func validate() throws {
        if flatten && noFlatten { throw ValidationError("--flatten and --no-flatten contradict each other: give one") }
        if unflatten && (flatten || flattenDepth != nil) { throw ValidationError("--flatten and --unflatten undo each other: give one") }
        if let flattenDepth, flattenDepth < 1 { throw ValidationError("--flatten takes a depth of 1 or more, not \(flattenDepth)") }
        if flattenSeparator?.isEmpty == true { throw ValidationError("--flatten-separator cannot be empty") }
        if explodeDropEmpty && explode.isEmpty { throw ValidationError("--explode-drop-empty needs --explode FIELD") }
        // Each --explode would multiply the rows by another array: one field is exploded, never the last given alone.
        if explode.count > 1 {
            throw ValidationError("--explode takes one field, not \(explode.count) ('\(explode.joined(separator: "', '"))')")
        }
    }

    /// Sets the request's shaping (`--flatten` reshapes the records as read, for every style), and
    /// whether CSV and TSV output flattens the nested values it writes: by default, unless told not
    /// to. That flattening is the writer's (`FlattenedOutput`): it never changes which fields the
    /// records have, so `--where customer~Maya` and `--group-by customer` mean the same in every style.
    func apply(to request: inout ListRequest) {
        var shaping = RecordShaping()
        if let flattenSeparator { shaping.separator = flattenSeparator }
        let flattensAsRead = flatten || flattenDepth != nil
        if flattensAsRead { shaping.flatten = .init(depth: flattenDepth) }
        let writesRecords = !request.look.countsOnly && !request.look.summary
        let machineTable = request.look.style.descriptor.records?.isFlatTable == true && writesRecords
        request.look.flattensOutput = machineTable && !flattensAsRead && !noFlatten && !unflatten
        shaping.explode = explode.first.map { RecordShaping.Explode(field: FieldPath($0), dropEmpty: explodeDropEmpty) }
        shaping.unflatten = unflatten
        // `--exclude customer.email` leaves the member out of the object when objects stay whole.
        if shaping.flatten == nil {
            shaping.pruned = request.look.excluded.patterns.filter { $0.text.contains(shaping.separator) }
        }
        request.read.shaping = shaping
    }

    /// `--flatten N` and `--flatten=N` as `--flatten --flatten-depth N`: the depth is optional.
    static func expandingDepth(_ arguments: [String]) -> [String] {
        var expanded: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--" {
                expanded += arguments[index...]
                break
            }
            if argument.hasPrefix("--flatten="), let depth = Int(argument.dropFirst("--flatten=".count)) {
                expanded += ["--flatten", "--flatten-depth", String(depth)]
            } else if argument == "--flatten", index + 1 < arguments.count, let depth = Int(arguments[index + 1]) {
                expanded += ["--flatten", "--flatten-depth", String(depth)]
                index += 1
            } else {
                expanded.append(argument)
            }
            index += 1
        }
        return expanded
    }
}
