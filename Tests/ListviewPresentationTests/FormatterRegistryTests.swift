import ListviewBatches
import ListviewDataSource
import ListviewInput
import ListviewPresentation
import ListviewQuery
import ListviewValues
import XCTest

/// A formatter type of its own, to check type erasure keeps its behaviour.
private struct OrderFormatter: RowFormatter {
    func lines(for record: Record) -> [String] {
        ["order \(CellText.text(for: record["id"]))", "  total \(CellText.text(for: record["total"]))"]
    }
}

final class FormatterRegistryTests: XCTestCase {
    private let user = Record(["type": .string("user"), "id": .number("1")])
    private let order = Record(["type": .string("order"), "id": .number("2"), "total": .number("9.50")])
    private let refund = Record(["type": .string("refund"), "id": .number("3")])
    private let untyped = Record(["id": .number("4")])
    private let numericType = Record(["type": .number("5"), "id": .number("5")])

    private func makeRegistry() -> FormatterRegistry<Record> {
        var registry = FormatterRegistry<Record>(
            default: AnyRowFormatter { record in ["default \(CellText.text(for: record["id"]))"] },
            kindOf: { record in
                if case .string(let kind)? = record["type"] { return kind }
                return nil
            })
        registry.register(AnyRowFormatter { record in ["user \(CellText.text(for: record["id"]))"] }, forKind: "user")
        registry.register(AnyRowFormatter(OrderFormatter()), forKind: "order")
        return registry
    }

    func testDispatchesByKind() {
        let registry = makeRegistry()
        XCTAssertEqual(registry.formatter(for: user).lines(for: user), ["user 1"])
        XCTAssertEqual(registry.formatter(for: order).lines(for: order), ["order 2", "  total 9.50"])
    }

    func testUnknownKindUsesTheDefault() {
        let registry = makeRegistry()
        XCTAssertEqual(registry.formatter(for: refund).lines(for: refund), ["default 3"])
    }

    func testNilKindUsesTheDefault() {
        let registry = makeRegistry()
        XCTAssertEqual(registry.formatter(for: untyped).lines(for: untyped), ["default 4"])
        XCTAssertEqual(registry.formatter(for: numericType).lines(for: numericType), ["default 5"])
    }

    func testEmptyRegistryAlwaysUsesTheDefault() {
        let registry = FormatterRegistry<Record>(default: AnyRowFormatter { _ in ["only"] }, kindOf: { _ in "user" })
        XCTAssertEqual(registry.formatter(for: user).lines(for: user), ["only"])
        XCTAssertEqual(registry.registeredKinds, [])
    }

    func testRegisteringAKindAgainReplacesItsFormatter() {
        var registry = makeRegistry()
        registry.register(AnyRowFormatter { _ in ["replaced"] }, forKind: "user")
        XCTAssertEqual(registry.formatter(for: user).lines(for: user), ["replaced"])
        XCTAssertEqual(registry.registeredKinds, ["order", "user"])
    }

    func testRegisteredKindsAreSorted() {
        var registry = makeRegistry()
        registry.register(AnyRowFormatter { _ in [] }, forKind: "invoice")
        XCTAssertEqual(registry.registeredKinds, ["invoice", "order", "user"])
    }

    func testHeightIsTheNumberOfLines() {
        let registry = makeRegistry()
        XCTAssertEqual(registry.formatter(for: order).height(for: order), 2)
        XCTAssertEqual(registry.formatter(for: user).height(for: user), 1)
        XCTAssertEqual(OrderFormatter().height(for: order), 2)
        XCTAssertEqual(AnyRowFormatter<Record> { _ in [] }.height(for: user), 0)
    }

    func testTablePresenterUsesTheRegistry() throws {
        let records = [user, order, refund]
        let layout = TableLayout.measure([ColumnSpec("id")], over: records)
        var presenter = TablePresenter(layout: layout, registry: makeRegistry())
        let sink = OutputSink.memory()
        try ListRenderer(provider: ArrayDataProvider(items: records)).render(page: nil, with: &presenter, into: sink)
        // The column titles open the default's rows where they begin, set apart from the lines before.
        XCTAssertEqual(sink.collected, "user 1\norder 2\n  total 9.50\n\nid\ndefault 3\n")
    }

    func testTablePresenterDefaultsToTheTableRowFormatter() throws {
        let records = [user, order]
        let layout = TableLayout.measure([ColumnSpec("type"), ColumnSpec("id")], over: records)
        var presenter = TablePresenter(layout: layout)
        let sink = OutputSink.memory()
        try ListRenderer(provider: ArrayDataProvider(items: records)).render(page: nil, with: &presenter, into: sink)
        XCTAssertEqual(sink.collected, "type   id\nuser    1\norder   2\n")
    }
}
