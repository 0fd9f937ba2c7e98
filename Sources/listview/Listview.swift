import ArgumentParser
import Glibc
import ListviewCore
import ListviewKit

/// The `listview` command: parses arguments, runs the request, maps errors to exit statuses.
@main
struct Listview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listview",
        abstract: "Browse JSON and JSON Lines records as aligned, sectioned, paged lists.",
        discussion: """
        Reads records from FILEs (or standard input), optionally sorts and groups them \
        into sections, and prints them as a table or in a machine-readable style.

        EXAMPLES:
          listview orders.json                              a table of every record
          listview orders.json --group-by status            one section per status, with counts
          listview orders.json --sort total:desc --limit 5  the five largest orders
          listview orders.json --fields id,customer.name,total
                                                            chosen columns; dots reach into objects
          listview orders.json --page-size 10 --page 2      the second page of ten rows
          listview data.json --path data.items              list a nested array
          listview services.json                            an object lists its members, named in 'key'
          cat events.jsonl | listview --input jsonl --style csv
                                                            JSON Lines from stdin, written as CSV
          listview orders.json --group-by status --style json | jq '.sections[].count'

        EXIT STATUS:
          0 success, 64 usage error, 65 malformed input, 66 input cannot be opened, 74 I/O error.
        """,
        version: ListviewVersion.current
    )

    @OptionGroup var input: InputOptions
    @OptionGroup var view: ViewOptions

    /// Parses the command line and runs it; every failure becomes one stderr line and a sysexits status.
    static func main() {
        let command: Listview
        do {
            command = try parseAsRoot() as? Listview ?? Listview()
        } catch {
            if exitCode(for: error) == .success { exit(withError: error) }  // --help, --version
            Diagnostics.report("\(message(for: error)) (see 'listview --help')")
            Glibc.exit(ExitCode.validationFailure.rawValue)
        }
        Glibc.exit(command.execute())
    }

    func run() throws {
        throw ExitCode(execute())
    }

    /// Runs the request and returns the exit status.
    func execute() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let sink = OutputSink(fileDescriptor: STDOUT_FILENO)
        do {
            var request = ListRequest()
            try input.apply(to: &request)
            try view.apply(to: &request)
            try ListRunner.run(request, to: sink)
            return 0
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
    static func report(_ message: String) {
        let line = "listview: \(message)\n"
        _ = line.withCString { fputs($0, stderr) }
    }
}
