import ArgumentParser
import ListviewBatches
import ListviewKit
import ListviewQuery
import ListviewRequest
import ListviewValues

/// Which records and fields: the options a list and a diff share for choosing.
struct SelectionOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Columns to show, in order, comma-separated; dotted paths reach into nested values, and globs such as 'bill_*' pick every matching column.",
                               valueName: "fields"))
    var fields: String?

    @Option(name: .customLong("where"),
            help: ArgumentHelp("Keep records where FIELD=VALUE holds (also !=, <, <=, >, >=, FIELD~REGEX, an RE2 expression matched in linear time, and 'FIELD is null' or 'FIELD is not null'; spaced out as 'id >= 1003' too); numbers compare as numbers, null and missing match only 'is null'. Repeatable: all must hold.",
                               valueName: "predicate"))
    var predicates: [String] = []

    @Option(help: ArgumentHelp("Keep records with this text in any field (case-insensitive).", valueName: "text"))
    var search: String?

    @Option(name: .customLong("group-by"),
            help: ArgumentHelp("One section per distinct value of this field (null is a section too). Give twice for nested sections.",
                               valueName: "field"))
    var groupBy: [String] = []

    func validate() throws {
        if let fields, FieldList.parse(fields).isEmpty { throw ValidationError("--fields needs at least one field name") }
        for field in groupBy where field.isEmpty { throw ValidationError("--group-by needs a field name") }
    }

    func apply(to request: inout ListRequest) throws {
        request.look.fields = fields.map(FieldList.parse)
        request.arrangement.groupBy = groupBy.map(FieldPath.init)
        do {
            request.arrangement.filter = RecordFilter(predicates: try predicates.map(Predicate.init(parsing:)), search: search)
        } catch let error as ListviewError {
            throw ValidationError(error.description)
        }
    }
}
