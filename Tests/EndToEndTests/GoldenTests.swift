import XCTest

/// Runs the built binary on the samples and fixtures and compares stdout, stderr and status with `Golden/`.
final class GoldenTests: XCTestCase {
    private let fixtures = "Tests/EndToEndTests/Fixtures"

    func testTableOfAllOrders() throws {
        try GoldenFile.assertMatches("table-orders", ["samples/orders.json"])
    }

    func testGroupByStatus() throws {
        try GoldenFile.assertMatches("group-by-status", ["samples/orders.json", "--group-by", "status"])
    }

    func testSecondPageRepeatsContinuedHeader() throws {
        try GoldenFile.assertMatches("page-2-continued", [
            "samples/orders.json", "--group-by", "status", "--fields", "id,customer.name,total",
            "--page-size", "10", "--page", "2",
        ])
    }

    func testLastPage() throws {
        try GoldenFile.assertMatches("page-3", ["samples/orders.json", "--page-size", "10", "--page", "3", "--fields", "id,status"])
    }

    func testSortDescendingWithLimit() throws {
        try GoldenFile.assertMatches("sort-total-desc", [
            "samples/orders.json", "--sort", "total:desc", "--limit", "5", "--fields", "id,customer.name,total",
        ])
    }

    func testSortGroupsByCountThenKey() throws {
        try GoldenFile.assertMatches("sort-groups-count", [
            "samples/orders.json", "--group-by", "status", "--sort-groups", "count",
            "--fields", "id,placed", "--sort", "placed:desc",
        ])
    }

    func testNestedGroups() throws {
        try GoldenFile.assertMatches("group-by-two-fields", [
            "samples/orders.json", "--group-by", "status", "--group-by", "express", "--fields", "id,total",
        ])
    }

    func testNestedGroupsInMarkdownAndAcrossPages() throws {
        try GoldenFile.assertMatches("group-by-two-fields-markdown", [
            "samples/orders.json", "--group-by", "status", "--group-by", "express", "--fields", "id,total", "--style", "markdown", "--limit", "9",
        ])
        try GoldenFile.assertMatches("group-by-two-fields-page-2", [
            "samples/orders.json", "--group-by", "status", "--group-by", "express", "--fields", "id,total", "--page-size", "5", "--page", "2",
        ])
    }

    func testObjectOfObjectsListsMembersWithKey() throws {
        try GoldenFile.assertMatches("services-object", ["samples/services.json"])
    }

    func testJSONLinesWithDifferentKinds() throws {
        try GoldenFile.assertMatches("events-jsonl", ["samples/events.jsonl", "--limit", "8"])
    }

    func testPathSelectsNestedArray() throws {
        try GoldenFile.assertMatches("path-nested", ["\(fixtures)/nested.json", "--path", "data.warehouses.0.items"])
    }

    func testMissingPathIsAnError() throws {
        try GoldenFile.assertMatches("path-missing", ["\(fixtures)/nested.json", "--path", "data.shelves"])
    }

    func testScalarBecomesValueRecord() throws {
        try GoldenFile.assertMatches("scalar", ["\(fixtures)/scalar.json"])
    }

    func testEmptyStateTable() throws {
        try GoldenFile.assertMatches("empty-table", ["\(fixtures)/empty-array.json"])
    }

    func testEmptyStateJSON() throws {
        try GoldenFile.assertMatches("empty-json", ["\(fixtures)/empty-array.json", "--style", "json"])
    }

    func testControlCharactersAreEscapedInTables() throws {
        try GoldenFile.assertMatches("control-chars", ["\(fixtures)/control-chars.json"])
    }

    func testControlCharactersAreEscapedInEveryHumanStyle() throws {
        for style in ["list", "line", "markdown"] {
            try GoldenFile.assertMatches("control-chars-\(style)", ["\(fixtures)/control-chars.json", "--style", style])
        }
        try GoldenFile.assertMatches("control-chars-template", ["\(fixtures)/control-chars.json", "--template", "{id}: {note} / {tab}"])
    }

    func testStyleJSONGrouped() throws {
        try GoldenFile.assertMatches("json-grouped", [
            "samples/orders.json", "--group-by", "status", "--fields", "id,total", "--style", "json",
        ])
    }

    func testStyleJSON() throws {
        try GoldenFile.assertMatches("json-orders", ["samples/orders.json", "--style", "json", "--limit", "3"])
    }

    func testStyleJSONLGroupedPutsKeyFirst() throws {
        try GoldenFile.assertMatches("jsonl-grouped", [
            "samples/orders.json", "--group-by", "status", "--fields", "id,total", "--style", "jsonl",
        ])
    }

    func testStyleCSV() throws {
        try GoldenFile.assertMatches("csv-orders", ["samples/orders.json", "--style", "csv"])
    }

    func testStyleTSVOfEvents() throws {
        try GoldenFile.assertMatches("tsv-events", ["samples/events.jsonl", "--style", "tsv"])
    }

    func testStandardInputWithExplicitFormat() throws {
        try GoldenFile.assertMatches("stdin-jsonl-csv", ["--input", "jsonl", "--style", "csv", "--limit", "3"],
                                     stdinFile: "samples/events.jsonl")
    }

    func testStandardInputSniffed() throws {
        try GoldenFile.assertMatches("stdin-sniffed", ["-", "--fields", "key,team", "--limit", "2"],
                                     stdinFile: "samples/services.json")
    }

    func testSeveralFilesShareColumns() throws {
        try GoldenFile.assertMatches("two-files", ["\(fixtures)/scalar.json", "samples/services.json", "--fields", "key,value,tier"])
    }

    // MARK: View models and human styles

    func testPerKindTemplatesInATable() throws {
        try GoldenFile.assertMatches("kind-templates-table", [
            "samples/events.jsonl", "--kind-field", "kind",
            "--template", "error={ts} ERROR {code}: {message}", "--template", "purchase={ts} {user:<6} bought {sku} for {amount:>7}",
        ])
    }

    func testLineStyleWithTemplateAndSections() throws {
        try GoldenFile.assertMatches("line-template-sections", [
            "samples/orders.json", "--group-by", "status", "--template", "#{id} {customer.name:<16} {total:>8} {{{express}}}",
            "--page-size", "6", "--page", "2",
        ])
    }

    func testLineStyleDefaultsToKeyValuePairs() throws {
        try GoldenFile.assertMatches("line-logfmt", ["samples/events.jsonl", "--style", "line", "--limit", "5"])
    }

    func testListStyleCards() throws {
        try GoldenFile.assertMatches("list-cards", [
            "samples/orders.json", "--title", "customer.name", "--subtitle", "status", "--detail", "id,total,customer,note", "--limit", "2",
        ])
        try GoldenFile.assertMatches("list-cards-default", ["samples/services.json", "--style", "list", "--limit", "2"])
    }

    func testMarkdownPerSection() throws {
        try GoldenFile.assertMatches("markdown", ["samples/customers.csv", "--group-by", "plan", "--fields", "id,name,seats,notes", "--style", "markdown"])
    }

    func testTemplateErrors() throws {
        try GoldenFile.assertMatches("usage-template-field", ["samples/orders.json", "--template", "{id} {nope}"])
        try GoldenFile.assertMatches("usage-template-brace", ["samples/orders.json", "--template", "{id"])
    }

    // MARK: Fitting the terminal

    func testTableFitsWidths40And80And200() throws {
        for width in ["40", "80", "200"] {
            try GoldenFile.assertMatches("width-\(width)", ["samples/orders.json", "--group-by", "status", "--page-size", "5", "--width", width])
        }
    }

    func testWrapInsteadOfCutting() throws {
        try GoldenFile.assertMatches("wrap-40", ["samples/customers.csv", "--fields", "id,name,notes", "--width", "40", "--wrap", "--limit", "5"])
    }

    func testWrappedRowsCountTheirLinesInAPage() throws {
        try GoldenFile.assertMatches("wrap-pages-by-lines", [
            "samples/customers.csv", "--fields", "id,name,notes", "--width", "34", "--wrap", "--page-size", "6", "--page", "2",
        ])
    }

    func testBorderAndMaxColumnWidth() throws {
        try GoldenFile.assertMatches("border", ["samples/customers.csv", "--group-by", "plan", "--fields", "id,name,notes", "--border", "--max-col-width", "14"])
    }

    func testWideCharactersAreCutOnCellBoundaries() throws {
        try GoldenFile.assertMatches("width-cjk", ["samples/inventory.tsv", "--max-col-width", "9", "--fields", "sku,name"])
    }

    func testColourAlwaysEvenWhenPiped() throws {
        try GoldenFile.assertMatches("color-always", ["samples/orders.json", "--group-by", "status", "--fields", "id,note", "--limit", "2", "--page-size", "2", "--color", "always"])
    }

    /// Every style with sections and pages; piped output does not depend on COLUMNS (40, 80 and 200 give the same bytes).
    func testEveryStyleWithSectionsAndPagesAtAnyWidth() throws {
        for style in ["table", "list", "line", "markdown", "json", "jsonl", "csv", "tsv"] {
            let arguments = ["samples/orders.json", "--group-by", "status", "--fields", "id,customer.name,total",
                             "--page-size", "5", "--page", "2", "--style", style]
            try GoldenFile.assertMatches("style-\(style)-sections-page-2", arguments)
            let reference = try ListviewProcess.run(arguments)
            for columns in ["40", "200"] {
                XCTAssertEqual(try ListviewProcess.run(arguments, environment: ["COLUMNS": columns]), reference, "\(style) at COLUMNS=\(columns)")
            }
        }
    }

    // MARK: Filters and counts

    func testWherePredicatesAllHold() throws {
        try GoldenFile.assertMatches("where-numeric-and-regex", [
            "samples/orders.json", "--where", "total>=100", "--where", "status~ship|deliv", "--fields", "id,status,total",
        ])
    }

    func testWhereOnCSVNumbersAndNulls() throws {
        try GoldenFile.assertMatches("where-csv", ["samples/customers.csv", "--where", "seats<10", "--where", "notes!=", "--fields", "id,seats,notes"])
    }

    func testSearchAnyFieldIgnoringCase() throws {
        try GoldenFile.assertMatches("search", ["samples/orders.json", "--search", "OSLO", "--fields", "id,customer.city"])
    }

    func testCountsPerSection() throws {
        try GoldenFile.assertMatches("counts", ["samples/orders.json", "--group-by", "status", "--counts"])
        try GoldenFile.assertMatches("counts-csv", ["samples/orders.json", "--group-by", "status", "--group-by", "express", "--counts", "--style", "csv"])
    }

    func testFootersPerSectionAndGrandTotal() throws {
        try GoldenFile.assertMatches("footer-aggregates", [
            "samples/orders.json", "--group-by", "status", "--fields", "id,items,total",
            "--footer", "count,sum:total,min:total,max:total,mean:items",
        ])
        try GoldenFile.assertMatches("usage-footer", ["samples/orders.json", "--footer", "median:total"])
    }

    func testFailIfEmpty() throws {
        try GoldenFile.assertMatches("fail-if-empty", ["samples/orders.json", "--where", "id>5000", "--fail-if-empty"])
    }

    func testMalformedPredicates() throws {
        try GoldenFile.assertMatches("usage-where", ["samples/orders.json", "--where", "total"])
        try GoldenFile.assertMatches("usage-where-regex", ["samples/orders.json", "--where", "status~("])
    }

    // MARK: CSV and TSV

    func testCSVTable() throws {
        try GoldenFile.assertMatches("csv-customers", ["samples/customers.csv"])
    }

    func testCSVGroupedAndSortedNumerically() throws {
        try GoldenFile.assertMatches("csv-group-plan", [
            "samples/customers.csv", "--group-by", "plan", "--sort", "seats:desc", "--fields", "id,name,seats,monthly_fee",
        ])
    }

    func testCSVToJSONKeepsTextAndTypes() throws {
        try GoldenFile.assertMatches("csv-to-json", ["samples/customers.csv", "--style", "json", "--limit", "4"])
    }

    func testTSVWithQuotesAsText() throws {
        try GoldenFile.assertMatches("tsv-inventory", ["samples/inventory.tsv"])
    }

    func testTSVToCSV() throws {
        try GoldenFile.assertMatches("tsv-to-csv", ["samples/inventory.tsv", "--style", "csv"])
    }

    func testCSVFromStandardInputSniffed() throws {
        try GoldenFile.assertMatches("csv-stdin", ["--fields", "name,city", "--limit", "3"], stdinFile: "samples/customers.csv")
    }

    func testCustomDelimiterAndNoHeader() throws {
        try GoldenFile.assertMatches("csv-semicolon", ["\(fixtures)/semicolon.txt", "--input", "csv", "--delimiter", ";", "--no-header"])
    }

    func testRaggedRowsWarn() throws {
        try GoldenFile.assertMatches("csv-ragged", ["\(fixtures)/ragged.csv"])
    }

    func testDuplicateAndEmptyHeaders() throws {
        try GoldenFile.assertMatches("csv-duplicate-headers", ["\(fixtures)/duplicate-headers.csv", "--style", "jsonl"])
    }

    func testStrayQuoteIsAnErrorUnlessLazy() throws {
        try GoldenFile.assertMatches("csv-stray-quote", ["\(fixtures)/stray-quote.csv"])
        try GoldenFile.assertMatches("csv-stray-quote-lazy", ["\(fixtures)/stray-quote.csv", "--lazy-quotes"])
    }

    func testBadDelimiter() throws {
        try GoldenFile.assertMatches("usage-delimiter", ["samples/customers.csv", "--delimiter", "ab"])
    }

    // MARK: Streaming

    func testStreamedPageFooterWhenMoreFollow() throws {
        try GoldenFile.assertMatches("stream-page-2", ["samples/customers.csv", "--page-size", "3", "--page", "2", "--fields", "id,name"])
    }

    func testStreamedLastPageKnowsTheTotal() throws {
        try GoldenFile.assertMatches("stream-page-last", ["samples/customers.csv", "--page-size", "3", "--page", "4", "--fields", "id,name"])
    }

    func testStreamedPagePastTheEnd() throws {
        try GoldenFile.assertMatches("stream-page-past-end", ["samples/customers.csv", "--page-size", "3", "--page", "5"])
    }

    func testMalformedJSONReportsPosition() throws {
        try GoldenFile.assertMatches("malformed", ["\(fixtures)/malformed.json"])
    }

    func testMissingFile() throws {
        try GoldenFile.assertMatches("missing-file", ["no/such/file.json"])
    }

    func testDirectoryIsNotAFile() throws {
        try GoldenFile.assertMatches("directory", ["samples"])
    }

    func testPageWithoutPageSizeIsUsageError() throws {
        try GoldenFile.assertMatches("usage-page", ["samples/orders.json", "--page", "2"])
    }

    func testPagePastTheEnd() throws {
        try GoldenFile.assertMatches("usage-page-past-end", ["samples/orders.json", "--page-size", "10", "--page", "4"])
    }

    func testUnknownStyle() throws {
        try GoldenFile.assertMatches("usage-style", ["samples/orders.json", "--style", "fancy"])
    }

    func testHelpListsExamplesAndEveryFlag() throws {
        try GoldenFile.assertMatches("help", ["--help"])
    }

    func testUnknownFlag() throws {
        try GoldenFile.assertMatches("usage-unknown-flag", ["samples/orders.json", "--bogus"])
    }

    func testVersion() throws {
        try GoldenFile.assertMatches("version", ["--version"])
    }
}
