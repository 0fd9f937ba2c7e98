import ArgumentParser
import Glibc
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewBatches
import ListviewValues
import ListviewKit

/// The `listview` command: parses arguments, runs the request, maps errors to exit statuses.
@main
struct Listview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listview",
        abstract: "Browse JSON, JSON Lines, CSV and TSV records as aligned, sectioned, paged lists.",
        discussion: """
        Reads records from FILEs (or standard input), optionally sorts and groups them \
        into sections, and prints them as a table or in a machine-readable style.

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

        EXIT STATUS:
          0 success; 1 nothing matched (with --fail-if-empty); 64 usage error; 65 malformed input;
          66 an input cannot be opened; 74 read or write error.
        """,
        version: ListviewVersion.current
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var view: ViewOptions

    /// Parses the command line and runs it; every failure becomes one stderr line and a sysexits status.
    static func main() {
        do {
            var parsed = try parseAsRoot()
            guard let command = parsed as? Listview else {
                try parsed.run()  // built-in commands such as `help`
                Glibc.exit(0)
            }
            Glibc.exit(command.execute())
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }  // --help, --version
            Diagnostics.report("\(Diagnostics.oneLine(message(for: error))) (see 'listview --help')")
            Glibc.exit(exitCode(for: error).rawValue)
        }
    }

    func run() throws {
        throw ExitCode(execute())
    }

    /// Runs the request and returns the exit status.
    func execute() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        // On a terminal, output is gathered first and shown through the pager when taller than the screen.
        let pager = view.noPager || !Terminal.stdoutIsTerminal ? nil : Pager.command
        let sink = pager == nil ? OutputSink(fileDescriptor: STDOUT_FILENO) : OutputSink.memory()
        defer {
            if let pager {
                let output = sink.takeCollected()
                if !Interrupts.whilePagerRuns({ Pager.show(output, command: pager) }) {
                    let direct = OutputSink(fileDescriptor: STDOUT_FILENO)
                    try? direct.write(bytes: output)
                    try? direct.flush()
                }
            }
        }
        do {
            // No file and nothing piped in: reading the keyboard would look like a hang.
            if input.files.isEmpty && Terminal.stdinIsTerminal {
                throw ListviewError.usage("no input: give a file (listview data.json) or pipe records in (cat data.json | listview), or '-' to type them; see 'listview --help'")
            }
            var request = ListRequest()
            try input.apply(to: &request)
            try view.apply(to: &request)
            // A machine style on a terminal shows the data's control characters escaped (human styles escape their cells).
            sink.escapesControls = Terminal.stdoutIsTerminal && request.style.isMachineReadable
            request.freesRecords = false  // the process exits after the run
            Interrupts.install(color: request.color)
            let names = request.inputs.filter { $0 != "-" }
            let loading = LoadingIndicator(label: names.isEmpty ? "standard input" : names.count == 1 ? names[0] : "\(names.count) files")
            sink.beforeFirstOutput = { loading?.stop() }
            defer { loading?.stop() }
            let outcome = try ListRunner.run(request, to: sink, warn: { loading?.stop(); Diagnostics.report($0) })
            return view.failIfEmpty && !outcome.foundRecords ? 1 : 0
        } catch let error as ListviewError {
            if case .outputClosed = error { return 0 }
            do {
                try sink.flush()
            } catch {
                // The output is already failing; the first error is the one to report.
            }
            Diagnostics.report(error.description)
            return error.exitStatus
        } catch {
            Diagnostics.report(Listview.message(for: error))
            return Listview.exitCode(for: error).rawValue
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

    static func report(_ message: String) {
        let line = "listview: \(message)\n"
        _ = line.withCString { fputs($0, stderr) }
    }
}
