import ArgumentParser
import Glibc
import ListviewBatches
import ListviewBrowser
import ListviewInput
import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// The `listview` command: parses arguments, runs the request, maps errors to exit statuses.
@main
struct Listview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listview",
        abstract: "Browse JSON, JSON Lines, CSV and TSV records as aligned, sectioned, paged lists.",
        discussion: """
        Reads records from FILEs (or standard input), optionally sorts and groups them \
        into sections, and prints them as a table or in a machine-readable style. \
        gzip, zstd, bzip2 and xz input is decompressed as it is read (orders.csv.gz, events.jsonl.zst).

        EXAMPLES:
          A table of every record, columns in file order:
            listview orders.json
          One section per status, each with its count:
            listview orders.json --group-by status
          The five largest orders, then chosen columns (dots reach into objects):
            listview orders.json --sort total:desc --limit 5
            listview orders.json --fields id,customer.name,total
          Only some records; only the counts per section:
            listview orders.json --where 'total>=100' --where status~ship --search oslo
            listview orders.json --group-by status --counts
          The second page of ten rows, with a page footer:
            listview orders.json --page-size 10 --page 2
          List a nested array, or an object's members (named in a 'key' column):
            listview response.json --path data.items
            listview services.json
          JSON Lines from standard input, written as CSV; a CSV file as JSON Lines:
            cat events.jsonl | listview --input jsonl --style csv
            listview customers.csv --style jsonl
          Sections as JSON, for scripts:
            listview orders.json --group-by status --style json | jq .sections
          Browse full-screen (j/k, / search, & filter, m mark, ? keys); q writes the marked records:
            listview orders.json --group-by status -i > picked.json
          Several files as sheets (Tab moves between them); Enter on a nested cell dives into it:
            listview customers.csv orders.jsonl -i
          Browse a log as it grows, like 'less +F' (records appended show at once):
            listview app.jsonl -i --follow
          How the numbers are spread; counts and bins drawn as bars:
            listview orders.json --summary
            listview orders.json --group-by status --counts --chart
            listview orders.json --histogram total:20 --group-by status
          Nested objects as columns; one row per element of an array:
            listview orders.json --flatten
            listview orders.json --explode items --fields id,items.sku,items.qty
          Each kind drawn its own way (a line, a table block, a card), one command:
            listview events.jsonl --kind-field kind --kind 'login={user} from {ip}'
              --kind 'purchase=table:fields=user|amount' --kind 'error=card:title=code'
          A view kept in listview.toml:
            listview orders.json --view triage
          What changed between two files, record by record (see 'listview diff --help'):
            listview diff expected.json actual.json --key id

        EXIT STATUS:
          0 success; 1 nothing matched (--fail-if-empty) or diff found differences;
          64 usage error; 65 malformed input; 66 an input cannot be opened;
          70 one record larger than --memory-limit; 74 read or write error.
        """,
        version: ListviewVersion.current,
        subcommands: [DiffCommand.self]
    )

    @Argument(help: "Input files, read one after another. '-' or none reads standard input.")
    var files: [String] = []

    @OptionGroup var input: InputOptions

    @Option(name: .customLong("file-field"),
            help: ArgumentHelp("Add a first field of this name holding each record's input file, as given ('-' for standard input); for several inputs.",
                               valueName: "name"))
    var fileField: String?

    @OptionGroup var view: ViewOptions

    @OptionGroup var shaping: ShapingOptions

    @Flag(name: [.customShort("i"), .long],
          help: "Browse full-screen (on /dev/tty): move with j/k, search with /, filter with &, mark rows with m; q writes the marked rows to standard output (? lists the keys).")
    var interactive = false

    @Flag(help: "With -i: read on as the file grows, or as the pipe is written, and add the new records, like 'less +F' (JSON Lines, CSV, TSV); the cursor on the last row stays there.")
    var follow = false

    @Flag(help: "With -i and several files: browse them as one list, in order, as the command line reads them (without it, each file is a sheet of its own; Tab moves between them).")
    var concat = false

    @OptionGroup var config: ConfigOptions

    @Flag(help: "List the views of listview.toml and ~/.config/listview/config.toml (or --config FILE): each one's name, file and line, and options.")
    var views = false

    /// The browser's key table as the README's Markdown, for `make docs` (`docs/readme_keys.py`).
    @Flag(name: .customLong("browser-keys-markdown"), help: .private)
    var browserKeysMarkdown = false

    func validate() throws {
        if follow { try validateFollow() }
        if concat && !interactive {
            throw ValidationError("--concat joins the files -i browses into one list; without -i, the files are one list already: leave it out")
        }
        guard interactive else { return }
        let refused: [(String, Bool)] = [("--counts", view.counts), ("--summary", view.summary), ("--page-size", view.pageSize != nil),
                                         ("--fail-if-empty", view.failIfEmpty),
                                         ("--histogram", view.histogram != nil), ("--chart", view.chart)]
        if let (option, _) = refused.first(where: { $0.1 }) {
            throw ValidationError("--interactive shows every record on screen, so \(option) has no place with it")
        }
    }

    /// `--follow` adds records to the browser's list in input order, from one input.
    private func validateFollow() throws {
        guard interactive else {
            throw ValidationError("--follow adds records to the browser as the input grows: add -i (--interactive)")
        }
        let arranging: [(String, Bool)] = [("--sort", !view.sort.isEmpty), ("--group-by", !view.selection.groupBy.isEmpty)]
        if let (option, _) = arranging.first(where: { $0.1 }) {
            throw ValidationError("--follow shows records in input order as they arrive, and \(option) needs every record first: leave one of them out")
        }
        if files.count > 1 { throw ValidationError("--follow follows one input: give one file, or a pipe") }
    }

    /// Parses the command line and runs it; every failure becomes one stderr line and a sysexits status.
    ///
    /// `diff` as the first argument is the `diff` subcommand. It is picked here, before parsing:
    /// the list's own input files are positional too, and would take the word for a file. The
    /// options of the view files (`[defaults]`, `--view NAME`) are added here too, before the user's.
    static func main() {
        let arguments = ShapingOptions.expandingDepth(Array(CommandLine.arguments.dropFirst()))
        let isDiff = arguments.first == "diff"
        // `listview help diff`, as the subcommand list suggests (unless a file is named help).
        if arguments == ["help", "diff"] && access("help", F_OK) != 0 {
            print(helpMessage(for: DiffCommand.self))
            Glibc.exit(0)
        }
        let outcome: ViewFiles.Outcome
        do {
            outcome = try ViewFiles.apply(to: isDiff ? Array(arguments.dropFirst()) : arguments, command: isDiff ? .diff : .list)
        } catch {
            Diagnostics.report(error.description)
            Glibc.exit(error.exitStatus)
        }
        // The outcome's parts as plain values: a switch over it whose cases end in calls that never
        // return crashed the optimiser (Swift 6.3.1, CopyPropagation).
        let (expanded, added, note, listing) = outcome.parts
        ViewFiles.added = added
        do {
            if let listing {
                _ = try parseAsRoot(arguments)  // the rest of the command line is checked all the same
                print(listing, terminator: "")
                Glibc.exit(0)
            }
            if isDiff { exit(try DiffCommand.parse(expanded).execute(), noting: note) }
            var parsed = try parseAsRoot(expanded)
            if let command = parsed as? Listview { exit(command.execute(), noting: note) }
            try parsed.run()  // built-in commands such as `help`
            Glibc.exit(0)
        } catch {
            if exitCode(for: error) == .success {  // --help, --version
                if isDiff {
                    print(helpMessage(for: DiffCommand.self))
                    Glibc.exit(0)
                }
                exit(withError: error)
            }
            let help = isDiff ? "listview diff --help" : "listview --help"
            let origin = ViewFiles.origin(of: message(for: error), among: added)
            Diagnostics.report("\(Diagnostics.oneLine(message(for: error)))\(origin) (see '\(help)')")
            Glibc.exit(exitCode(for: error).rawValue)
        }
    }

    func run() throws {
        throw ExitCode(execute())
    }

    /// Exits with `status`, after the note of what the view files added when the run succeeded
    /// (0, or 1 for differences or `--fail-if-empty`): a failure is one line.
    private static func exit(_ status: Int32, noting note: String?) -> Never {
        Interrupts.holdIfCaught()
        if let note, status == 0 || status == 1 { Diagnostics.report(note) }
        Glibc.exit(status)
    }

    /// Runs the request and returns the exit status.
    func execute() -> Int32 {
        if browserKeysMarkdown {
            print(BrowserKeys.markdown, terminator: "")
            return 0
        }
        return CommandRun.execute(noPager: view.look.noPager || interactive) { sink in
            // No file and nothing piped in: reading the keyboard would look like a hang.
            if files.isEmpty && Terminal.stdinIsTerminal {
                throw ListviewError.usage("no input: give a file (listview data.json) or pipe records in (cat data.json | listview), or '-' to type them; see 'listview --help'")
            }
            var request = ListRequest()
            request.read.inputs = files
            request.read.fileField = fileField
            if follow { request.read.following = Following() }
            try input.apply(to: &request)
            try view.apply(to: &request)
            shaping.apply(to: &request)
            if request.look.style == .github {
                throw ListviewError.usage("--style github annotates the differences of 'listview diff OLD NEW'; a list has none")
            }
            try FieldCheck.checkOneValuePaths(request)
            if request.look.style == .junit {
                throw ListviewError.usage("--style junit reports the differences of 'listview diff OLD NEW' as test cases; a list has none")
            }
            if interactive { return try browse(request, sink: sink) }
            CommandRun.prepare(sink, machineStyle: request.look.style.isMachineReadable, color: request.look.color)
            request.freesRecords = false  // the process exits after the run
            let loading = LoadingIndicator(label: request.read.label)
            sink.beforeFirstOutput = { loading?.stop() }
            defer { loading?.stop() }
            let outcome = try ListRunner.run(request, to: sink, warn: { loading?.stop(); Diagnostics.report($0) })
            return view.failIfEmpty && !outcome.foundRecords ? 1 : 0
        }
    }
}

extension Listview {
    /// `-i`: the browser on /dev/tty; the marked rows go to `sink` in `--style` or the input's format.
    func browse(_ request: ListRequest, sink: OutputSink) throws -> Int32 {
        var request = request
        request.freesRecords = false
        CommandRun.prepare(sink, machineStyle: (view.look.style ?? .json).isMachineReadable, color: false)
        let name = request.read.label
        let timings = ProcessEnvironment.value("LISTVIEW_BROWSER_TIMINGS")
        return try Browser.run(request, style: view.look.style, inputName: name, into: sink, timings: timings,
                               sheetPerFile: !concat && !follow).status(quitting: 0)
    }
}

extension Browser.Outcome {
    /// The exit status of a browsing session: `quitting` for `q` (the list's 0, a diff's 0 or 1),
    /// 130 for Ctrl-C; a signal from outside acts as it would have (`Interrupts`), the terminal
    /// restored.
    func status(quitting: Int32) -> Int32 {
        switch self {
        case .quit: return quitting
        case .interrupted: return 130
        case .signalled(let number):
            raise(number)
            return 128 + number
        }
    }
}

/// Writes diagnostics to standard error as `listview: message`.
enum Diagnostics {
    /// The argument parser's message on one line: a list of allowed values (`- table` lines
    /// under `Please provide one of the following:`) written as `one of 'a', 'b' or 'c'`.
    static func oneLine(_ message: String) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingWhitespace }
        guard lines.count > 1 else { return message }
        let items = lines.filter { $0.hasPrefix("- ") }.map { "'\($0.dropFirst(2))'" }
        var text = lines.filter { !$0.hasPrefix("- ") }.joined(separator: " ")
        guard !items.isEmpty else { return text }
        let listed = items.count == 1 ? items[0] : items.dropLast().joined(separator: ", ") + " or " + (items.last ?? "")
        text = text.replacing("one of the following:", with: "one of \(listed).")
        return text
    }

    /// Writes `message` as one line on stderr, unless a signal is ending the run (its failure
    /// would be the signal's doing: the signal's status is the answer).
    static func report(_ message: String) {
        Interrupts.holdIfCaught()
        let line = "listview: \(message)\n"
        _ = line.withCString { fputs($0, stderr) }
    }
}
