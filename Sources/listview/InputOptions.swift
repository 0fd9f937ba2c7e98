import ArgumentParser
import ListviewCore
import ListviewKit

/// Where records come from: files, format, and the nested value to list.
struct InputOptions: ParsableArguments {
    @Argument(help: "Input files, read one after another. '-' or none reads standard input.")
    var files: [String] = []

    @Option(name: .customLong("input"),
            help: ArgumentHelp("Input format (default: from the file extension, else sniffed from the content).",
                               valueName: "format"))
    var format: InputFormat?

    @Option(help: ArgumentHelp("List the value at this dotted path, e.g. 'data.items' or 'results.0.rows'.",
                               valueName: "path"))
    var path: String?

    func apply(to request: inout ListRequest) throws {
        request.inputs = files
        request.format = format
        if let path {
            request.path = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
    }
}

extension InputFormat: ExpressibleByArgument {}
