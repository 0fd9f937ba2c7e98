import ListviewBatches
import ListviewValues

/// A card (`CardRowFormatter`) written straight from a table's cells when its title, subtitle and
/// details are named columns whose cells are printable ASCII text, numbers or booleans, and no
/// colour is asked for; any other row goes through its record, so every card is the one
/// `CardRowFormatter` writes.
public struct CardCellFormatter: ByteRowFormatter {
    public typealias Item = RowRef

    public let table: CellTable
    private let card: CardRowFormatter
    private let view: RecordView
    /// The title's, subtitle's and details' columns, when every one is a column of the table.
    private let columns: (title: Int, subtitle: Int?, details: [(label: [UInt8], column: Int)])?

    public init(table: CellTable, card: CardRowFormatter) {
        self.table = table
        self.card = card
        view = RecordView(table: table)
        func column(_ path: FieldPath?) -> Int? {
            path.flatMap { path in
                let field = TableField(path, columns: table.columns)
                return field.isColumn ? field.column : nil
            }
        }
        let spec = card.spec
        if !card.theme.enabled, let title = column(spec.title), spec.subtitle == nil || column(spec.subtitle) != nil,
           let details = spec.details, details.allSatisfy({ column($0) != nil }) {
            let pad = String(repeating: " ", count: card.indent)
            columns = (title, column(spec.subtitle),
                       details.compactMap { path in column(path).map { (Array((pad + TerminalEscaping.escaped(path.text) + ": ").utf8), $0) } })
        } else {
            columns = nil
        }
    }

    public func lines(for item: RowRef) -> [String] { card.lines(for: view.record(item)) }

    public func appendLines(for items: ArraySlice<RowRef>, to bytes: inout ByteOutput) {
        table.withCells { cells in
            for item in items {
                guard let columns, plainCells(item.row, columns, cells) else {
                    for line in lines(for: item) {
                        bytes.append(line)
                        bytes.append(0x0A)
                    }
                    continue
                }
                bytes.append(contentsOf: cells.cell(row: item.row, column: columns.title).text)
                bytes.append(0x0A)
                if let subtitle = columns.subtitle {
                    for _ in 0..<card.indent { bytes.append(0x20) }
                    bytes.append(contentsOf: cells.cell(row: item.row, column: subtitle).text)
                    bytes.append(0x0A)
                }
                for (label, column) in columns.details {
                    bytes.append(contentsOf: label)
                    bytes.append(contentsOf: cells.cell(row: item.row, column: column).text)
                    bytes.append(0x0A)
                }
            }
        }
    }

    /// True when every cell the card shows is shown as its bytes.
    private func plainCells(_ row: Int, _ columns: (title: Int, subtitle: Int?, details: [(label: [UInt8], column: Int)]),
                            _ cells: CellTable.Cells) -> Bool {
        func plain(_ column: Int) -> Bool {
            let (kind, text) = cells.cell(row: row, column: column)
            return (kind == .text || kind == .string || kind == .number || kind == .bool) && CellText.isPrintableASCII(text)
        }
        return plain(columns.title) && (columns.subtitle.map(plain) ?? true) && columns.details.allSatisfy { plain($0.column) }
    }
}
