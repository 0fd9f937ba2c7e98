import ArgumentParser
import ListviewBatches
import ListviewKit
import ListviewQuery
import ListviewValues

/// How output looks: the style, the width, borders, colour and paging, for a list and a diff alike.
struct LookOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Output style (default: table; line with --template, list with --title).", valueName: "style"))
    var style: OutputStyle?

    @Option(help: ArgumentHelp("Fit tables to this many terminal cells (default: the terminal's width; no limit when piped).", valueName: "n"))
    var width: Int?

    @Flag(help: "Wrap long table cells onto more lines instead of cutting them with '…'.")
    var wrap = false

    @Option(name: .customLong("max-col-width"), help: ArgumentHelp("No table column wider than this many cells.", valueName: "n"))
    var maxColumnWidth: Int?

    @Flag(name: .customLong("no-pager"), help: "Never page: write straight to the terminal (piped output is never paged).")
    var noPager = false

    @Option(name: .customLong("null-text"), help: ArgumentHelp("What a null cell shows in table and markdown styles (default: null), e.g. '' or '-'.", valueName: "text"))
    var nullText: String?

    @Flag(help: "Draw table borders with box-drawing characters.")
    var border = false

    @Option(help: ArgumentHelp("Colour section titles, column titles and nulls: auto (a terminal, TERM not dumb, NO_COLOR unset), always or never.",
                               valueName: "when"))
    var color: ColorChoice = .auto

    func validate() throws {
        if let width, width < 10 { throw ValidationError("--width must be at least 10, not \(width)") }
        if let maxColumnWidth, maxColumnWidth < 1 { throw ValidationError("--max-col-width must be at least 1, not \(maxColumnWidth)") }
    }

    func apply(to request: inout ListRequest) throws {
        if let style { request.look.style = style }
        request.look.width = Terminal.outputWidth(requested: width)
        request.look.wrap = wrap
        request.look.maxColumnWidth = maxColumnWidth
        request.look.border = border
        request.look.nullText = nullText
        request.look.color = color.isOn
    }
}
