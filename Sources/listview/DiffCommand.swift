import ArgumentParser
import Glibc
import ListviewBatches
import ListviewBrowser
import ListviewDiff
import ListviewFormats
import ListviewInput
import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewSpilling
import ListviewValues

/// `listview diff OLD NEW`: the records two fixtures differ in, in sections, for CI.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two files of records: removed, added and changed records, in sections with counts.",
        discussion: """
        Records are matched by --key (or, without it, as whole records). Numbers compare by \
        value (12.50 equals 12.5) and text exactly, so the same records as CSV and as JSON are \
        equal; null, a missing field and empty text all mean "no value". --exact compares type \
        and text as written. Fields only one file has are listed first, not compared.

        EXAMPLES:
          The differences between two fixtures, matched by id:
            listview diff expected.json actual.json --key id
          Volatile fields left out; a composite key; only the counts:
            listview diff before.csv after.csv --key region,sku --ignore 'updated_*,etag'
            listview diff before.csv after.csv --key region,sku --counts
          Changes per status, and one JSON object per difference for scripts:
            listview diff old.jsonl new.jsonl --key id --group-by status
            listview diff old.json new.json --key id --style jsonl | jq 'select(.change == "changed") | .key'
          A CI step that fails, and shows why, when the output drifts:
            ./export > actual.json && listview diff expected.json actual.json --key id
          The same on GitHub: an annotation at each record's line, and a summary page:
            listview diff expected.json actual.json --key id --style github
            listview diff expected.json actual.json --key id --style markdown --stat >> "$GITHUB_STEP_SUMMARY"
          Nested fixtures: items matched by sku, tags as a set, a volatile path left out:
            listview diff old.json new.json --key id --array-key items=sku --unordered tags --ignore 'items[].updated_at'
          Review the differences in the browser; the marked ones are written as JSON Lines:
            listview diff expected.json actual.json --key id -i > to-fix.jsonl
          Float noise tolerated; the first 20 records of each kind, then a count:
            listview diff expected.csv actual.csv --key id --tolerance 0.005 --tolerance 'score=1%' --max-changes 20

        EXIT STATUS:
          0 no differences; 1 the files differ; 64 usage error (an unknown --key field); \
        65 malformed input, or a key on two records of one file; 66 an input cannot be opened; \
        70 one record larger than --memory-limit; 74 read or write error (a full disk for spill files included).
        """
    )

    @Argument(help: "The records as they were ('-' for standard input).")
    var old: String

    @Argument(help: "The records as they are now ('-' for standard input).")
    var new: String

    @Option(help: ArgumentHelp("The fields that name a record in both files, comma-separated (dotted paths reach into objects). Without it, whole records are compared as multisets.",
                               valueName: "fields"))
    var key: String?

    @Option(help: ArgumentHelp("Leave these fields out of the comparison and the output (comma-separated names or globs, e.g. 'updated_at,*_id'); paths reach into values at any depth: 'items[].updated_at', 'items.*.updated_at', '**.etag'. Repeatable.",
                               valueName: "paths"))
    var ignore: [String] = []

    @Option(help: ArgumentHelp("Match the elements of the arrays at ARRAY by their key fields (ARRAY=FIELD, FIELD+FIELD for a composite key; nested arrays by path: items.lots=lot), so a reorder is no change and a change reads items[sku=A].qty. Repeatable.",
                               valueName: "array=fields"))
    var arrayKey: [String] = []

    @Option(help: ArgumentHelp("Compare the arrays at these paths as multisets: order is no change, an element one side lacks is added or removed ('*': every array). Repeatable.",
                               valueName: "path"))
    var unordered: [String] = []

    @Option(help: ArgumentHelp("Replace what REGEX (RE2 syntax) matches in every string with '…' before comparing, for timestamps and ids inside text (a string that reads as a number is a number, as in CSV: not scrubbed, unless --exact); changes show the scrubbed text. Repeatable.",
                               valueName: "regex"))
    var scrub: [String] = []

    @Flag(help: "Compare type and text as written: 12.50 differs from 12.5, null from a missing field, \"1\" from 1.")
    var exact = false

    @Option(parsing: .unconditionalSingleValue, help: ArgumentHelp("Numbers this close are equal: absolute (0.005), relative to the larger (0.1%), or for one field or path (amount=0.01, score=1%, 'items[].price=0.01'); exact decimals, no float rounding. Repeatable; needs --key, or two one-object documents.",
                               valueName: "bound"))
    var tolerance: [String] = []

    @Flag(help: "After the differences (or alone with --counts), how many records changed each field, most changed first.")
    var stat = false

    @Flag(help: "With --stat: draw each field's count of changed records as a bar; with --style markdown, a Mermaid bar chart.")
    var chart = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Show at most N records of each kind (removed, added, changed), then '… K more changed records'; the summary and the status still count them all. For people's styles and github.",
                               valueName: "N"))
    var maxChanges: Int?

    @Flag(help: "Print only the summary: unchanged, added, removed and changed counts (per section with --group-by).")
    var counts = false

    @Flag(name: [.customShort("i"), .customLong("interactive")],
          help: "Review the differences in the browser: sections by kind of change with counts, every browser key; q writes the marked differences in --style (default jsonl).")
    var interactive = false

    @OptionGroup var spill: SpillOptions

    @OptionGroup var input: InputOptions
    @OptionGroup var selection: SelectionOptions
    @OptionGroup var look: LookOptions<DiffStyles>
    @OptionGroup var config: ConfigOptions

    func validate() throws {
        if let key, FieldList.parse(key).isEmpty { throw ValidationError("--key needs at least one field name") }
        if let maxChanges, maxChanges < 0 { throw ValidationError("--max-changes takes a count of 0 or more") }
        if interactive && counts { throw ValidationError("-i reviews each difference and --counts prints only the counts: choose one") }
        if interactive, let style = look.style, !style.isWritten(by: .list) {
            throw ValidationError("-i writes the marked differences as rows: --style \(style.rawValue) is not a style for rows")
        }
        if chart && !stat { throw ValidationError("--chart draws the field counts of --stat as bars: add --stat") }
        if chart, let style = look.style, ![.table, .list, .line, .markdown].contains(style) {
            throw ValidationError("--chart draws bars for people; --style \(style.rawValue) writes the counts as data: leave --chart out")
        }
        if !tolerance.isEmpty && exact { throw ValidationError("--tolerance and --exact contradict each other: choose one") }
        _ = try rules()
        var bounds = NumericTolerance()
        for text in tolerance {
            do { try bounds.add(text) } catch { throw ValidationError(error.message) }
        }
    }

    /// `-i`: the differences written as the review screen's rows (`DiffReviewRows`) to a spill file
    /// (read back through /proc/self/fd), then opened in the browser grouped by `change`;
    /// the marked rows go to `sink` in `--style` (JSON Lines by default). The status is the
    /// diff's once `q` ends the review (0 the same, 1 different), 130 for Ctrl-C.
    func review(_ request: DiffRequest, sink: OutputSink) throws -> Int32 {
        let folder = request.list.arrangement.spillFolder
        let file = try SpillDirectory(parent: folder).newFile()
        var rows = request
        rows.review = true
        let outcome = try DiffRunner.run(rows, to: OutputSink(fileDescriptor: file.handedOver.descriptor), warn: { Diagnostics.report($0) })
        var list = ListRequest()
        list.read.inputs = [file.handedOver.path]
        list.read.format = .jsonl
        list.arrangement.groupBy = [FieldPath("change")]
        list.look.color = request.list.look.color
        list.freesRecords = false
        CommandRun.prepare(sink, machineStyle: (look.style ?? .jsonl).isMachineReadable, color: false)
        let name = [old, new].map(InputLoader.displayName(of:)).joined(separator: " → ")
        let ended = try Browser.run(list, style: look.style ?? .jsonl, inputName: name, into: sink, reviewingDifferences: true)
        return withExtendedLifetime(file) { ended.status(quitting: outcome.different ? 1 : 0) }
    }

    /// `--array-key`, `--unordered`, `--scrub` and the `--ignore` paths below a field.
    func rules() throws -> NestedDiffRules {
        var rules = NestedDiffRules()
        do throws(NestedDiffRules.Invalid) {
            rules.arrayKeys = try arrayKey.map { text throws(NestedDiffRules.Invalid) in try NestedDiffRules.ArrayKey(text) }
            for text in unordered { try rules.addUnordered(text) }
            rules.scrubs = try scrub.map { text throws(NestedDiffRules.Invalid) in try NestedDiffRules.Scrub(text) }
            for text in ignore.flatMap(FieldList.parse).map(\.text) {
                guard let pattern = DiffPathPattern(text) else { throw NestedDiffRules.Invalid(option: "--ignore", text: text, reason: "not a field name or path") }
                if !pattern.isTopLevel { rules.ignored.append(pattern) }
            }
        } catch {
            throw ValidationError(error.message)
        }
        return rules
    }

    func run() throws {
        throw ExitCode(execute())
    }

    /// Runs the diff and returns the exit status: 0 equal, 1 different.
    func execute() -> Int32 {
        CommandRun.execute(noPager: look.noPager) { sink in
            var request = DiffRequest(old: old, new: new)
            request.key = key.map(FieldList.parse) ?? []
            request.exact = exact
            request.stat = stat
            request.chart = chart
            request.maxChanges = maxChanges
            for text in tolerance {
                do throws(NumericTolerance.Invalid) { try request.tolerance.add(text) } catch { throw ListviewError.usage(error.message) }
            }
            try input.apply(to: &request.list)
            try selection.apply(to: &request.list)
            try look.apply(to: &request.list)
            request.rules = try rules()
            request.list.look.excluded = FieldExclusion(ignore.flatMap(FieldList.parse).filter { DiffPathPattern($0.text)?.isTopLevel ?? true }
                .map { FieldPattern($0.text) })
            request.list.look.countsOnly = counts
            if request.key.contains(where: \.reachesEveryElement) {
                throw ListviewError.usage("--key: '[]' names every element of an array, and a key needs one value per record; name one element, such as '\(request.key.first { $0.reachesEveryElement }?.text.replacing("[]", with: "[0]") ?? "")'")
            }
            try FieldCheck.checkOneValuePaths(request.list) { $0 == "--exclude" ? "--ignore" : $0 }
            try spill.apply(to: &request.list)
            request.list.freesRecords = false  // the process exits after the run
            if interactive { return try review(request, sink: sink) }
            CommandRun.prepare(sink, machineStyle: request.list.look.style.isMachineReadable, color: request.list.look.color)
            let names = [old, new].map(InputLoader.displayName(of:))
            let loading = LoadingIndicator(label: names.joined(separator: " and "))
            sink.beforeFirstOutput = { loading?.stop() }
            defer { loading?.stop() }
            let outcome = try DiffRunner.run(request, to: sink, warn: { loading?.stop(); Diagnostics.report($0) })
            return outcome.different ? 1 : 0
        }
    }
}
