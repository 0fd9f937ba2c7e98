import ArgumentParser
import ListviewBatches
import ListviewKit
import ListviewPresentation
import ListviewQuery
import ListviewRequest
import ListviewValues

/// How output looks: the style, the width, borders, colour and paging, for a list and a diff alike;
/// `Command` names the command, whose styles `--help` and completions list.
struct LookOptions<Command: StyleCommand>: ParsableArguments {
    @Option(name: .customLong("style"), help: ArgumentHelp("Output style (default: table; line with --template, list with --title).", valueName: "style"))
    var styleChoice: StyleChoice<Command>?

    /// `--style`.
    var style: OutputStyle? { styleChoice?.style }

    @Option(parsing: .unconditional, help: ArgumentHelp("Fit tables to this many terminal cells (default: the terminal's width; no limit when piped).", valueName: "n"))
    var width: Int?

    @Flag(help: "Wrap long table cells onto more lines instead of cutting them with '…'.")
    var wrap = false

    @Option(name: .customLong("max-col-width"), parsing: .unconditional, help: ArgumentHelp("No table column wider than this many cells.", valueName: "n"))
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

    @Option(parsing: .unconditional, help: ArgumentHelp("Spaces between table columns (default 2).", valueName: "n"))
    var gap: Int?

    @Option(name: .customLong("row-gap"), parsing: .unconditional, help: ArgumentHelp("Blank lines between rows, cards or lines (default 0; 1 between cards).", valueName: "n"))
    var rowGap: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Spaces before each row and column header, e.g. to inset rows under section headers (default 0).", valueName: "n"))
    var indent: Int?

    @Option(name: .customLong("section-gap"), parsing: .unconditional, help: ArgumentHelp("Blank lines between sections (default 1).", valueName: "n"))
    var sectionGap: Int?

    @Option(name: .customLong("section-layout"),
            help: ArgumentHelp("Spacing for the sections of one group value: FIELD=VALUE:SETTING=N,… with row-gap, indent or section-gap, e.g. 'status=pending:row-gap=1'; repeatable.",
                               valueName: "layout"))
    var sectionLayout: [String] = []

    func validate() throws {
        for (option, value) in [("--gap", gap), ("--row-gap", rowGap), ("--indent", indent), ("--section-gap", sectionGap)] {
            if let value, value < 0 || value > 200 { throw ValidationError("\(option) takes a whole number from 0 to 200, not \(value)") }
        }
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
        if let gap { request.look.layout.gap = gap }
        request.look.layout.rowGap = rowGap
        if let indent { request.look.layout.indent = indent }
        if let sectionGap { request.look.layout.sectionGap = sectionGap }
        do {
            request.look.layout.sections = try sectionLayout.map(SectionLayout.init(parsing:))
        } catch let error as ListviewError {
            throw ValidationError(error.description)
        }
    }
}

/// A command whose `--style` lists the styles it writes (`OutputStyle.isWritten(by:)`).
protocol StyleCommand {
    static var command: OutputStyle.Command { get }
}

/// `listview FILE…`: every style but github.
enum ListStyles: StyleCommand {
    static let command = OutputStyle.Command.list
}

/// `listview diff`: every style.
enum DiffStyles: StyleCommand {
    static let command = OutputStyle.Command.diff
}

/// A `--style` value: any style's name is read (a list given `github` is told what github is
/// for, in a line of its own), and help and completions list those the command writes.
struct StyleChoice<Command: StyleCommand>: ExpressibleByArgument {
    var style: OutputStyle

    init?(argument: String) {
        guard let style = OutputStyle(rawValue: argument) else { return nil }
        self.style = style
    }

    static var allValueStrings: [String] { OutputStyle.allCases.filter { $0.isWritten(by: Command.command) }.map(\.rawValue) }

    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
