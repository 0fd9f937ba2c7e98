import ListviewBatches
import ListviewValues

/// A template's line written straight from a table's cells: the `TemplateRowFormatter` of rows
/// that are never made into records. A field whose cell is printable ASCII text, a number or a
/// boolean is its bytes; any other (nested, null, escaped text, a path into a nested value) goes
/// the way of the record's value, so the line is the one `Template.render` writes.
public struct TemplateCellFormatter: ByteRowFormatter {
    public typealias Item = RowRef

    public let table: CellTable
    public let template: Template
    /// Per part: the literal's bytes as shown, or the field of the table it names.
    private let parts: [Piece]

    private enum Piece: Sendable {
        case text([UInt8])
        case field(TableField, width: Int?, alignment: ColumnAlignment)
    }

    public init(table: CellTable, template: Template) {
        self.table = table
        self.template = template
        parts = template.parts.map { part in
            switch part {
            case .text(let text): return .text(Array(TerminalEscaping.escaped(text).utf8))
            case let .field(path, width, alignment): return .field(TableField(path, columns: table.columns), width: width, alignment: alignment)
            }
        }
    }

    public func lines(for item: RowRef) -> [String] {
        var bytes = ByteOutput()
        appendLines(for: [item][...], to: &bytes)
        var line = bytes.string
        if line.hasSuffix("\n") { line.removeLast() }
        return [line]
    }

    public func appendLines(for items: ArraySlice<RowRef>, to bytes: inout ByteOutput) {
        table.withCells { cells in
            for item in items {
                for part in parts {
                    switch part {
                    case .text(let literal):
                        bytes.append(contentsOf: literal)
                    case let .field(field, width, alignment):
                        append(field, row: item.row, cells: cells, width: width, alignment: alignment, to: &bytes)
                    }
                }
                bytes.append(0x0A)
            }
        }
    }

    private func append(_ field: TableField, row: Int, cells: CellTable.Cells, width: Int?, alignment: ColumnAlignment,
                        to bytes: inout ByteOutput) {
        if field.isColumn, let column = field.column {
            let (kind, text) = cells.cell(row: row, column: column)
            let plain = kind == .text || kind == .string || kind == .number || kind == .bool
            if plain && CellText.isPrintableASCII(text) {
                let padding = max(0, (width ?? 0) - text.count)
                if alignment == .right { Self.appendSpaces(padding, to: &bytes) }
                bytes.append(contentsOf: text)
                if alignment != .right { Self.appendSpaces(padding, to: &bytes) }
                return
            }
        }
        let text = CellText.text(for: field.value(row: row, in: cells))
        let padding = max(0, (width ?? 0) - DisplayWidth.of(text))
        if alignment == .right { Self.appendSpaces(padding, to: &bytes) }
        bytes.append(text)
        if alignment != .right { Self.appendSpaces(padding, to: &bytes) }
    }

    private static func appendSpaces(_ count: Int, to bytes: inout ByteOutput) {
        for _ in 0..<count { bytes.append(0x20) }
    }
}
