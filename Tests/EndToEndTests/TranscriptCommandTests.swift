import XCTest

/// `TranscriptCommand` reads back exactly the command lines it writes, and refuses others.
final class TranscriptCommandTests: XCTestCase {
    private func parsed(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> TranscriptCommand? {
        do { return try TranscriptCommand(parsing: line) } catch {
            XCTFail("\(line): \(error)", file: file, line: number)
            return nil
        }
    }

    private func refusal(_ line: String, file: StaticString = #filePath, line number: UInt = #line) -> String {
        do {
            let command = try TranscriptCommand(parsing: line)
            XCTFail("\(line) was read as \(command)", file: file, line: number)
            return ""
        } catch {
            return "\(error)"
        }
    }

    func testPlainAndQuotedWords() {
        XCTAssertEqual(parsed("$ listview --help"), TranscriptCommand(arguments: ["--help"]))
        XCTAssertEqual(parsed("$ listview"), TranscriptCommand(arguments: []))
        XCTAssertEqual(parsed("$ listview samples/orders.json --where 'status~ship|deliv' --template '{id} {nope}'"),
                       TranscriptCommand(arguments: ["samples/orders.json", "--where", "status~ship|deliv", "--template", "{id} {nope}"]))
        XCTAssertEqual(parsed("$ listview --title 'it'\\''s' '' x'y'z"), TranscriptCommand(arguments: ["--title", "it's", "", "xyz"]))
        XCTAssertEqual(parsed("$ listview --template 'two\nlines'"), TranscriptCommand(arguments: ["--template", "two\nlines"]))
    }

    func testStandardInput() {
        XCTAssertEqual(parsed("$ listview - --fields key,team --limit 2 < samples/services.json"),
                       TranscriptCommand(arguments: ["-", "--fields", "key,team", "--limit", "2"], stdinFile: "samples/services.json"))
        XCTAssertEqual(parsed("$ listview < 'a b.json'"), TranscriptCommand(arguments: [], stdinFile: "a b.json"))
        XCTAssertEqual(parsed("$ listview '<' x"), TranscriptCommand(arguments: ["<", "x"]))
    }

    func testEveryWordReadsBackAsWritten() {
        let words = ["", "'", "''", "a b", "it's", "{id}: {note} / {tab}", "total>=100", "<", "\\", "\"", "Zoë", "山田", "\n", "\t",
                     "--x=y", "$HOME", "*", "a'b'c"]
        for word in words {
            let command = TranscriptCommand(arguments: ["-", word, "--limit", word], stdinFile: word.isEmpty ? nil : word)
            XCTAssertEqual(parsed(command.line), command, command.line)
        }
        XCTAssertEqual(TranscriptCommand(arguments: ["--limit", "3"], stdinFile: "samples/customers.csv").line,
                       "$ listview --limit 3 < samples/customers.csv")
        XCTAssertEqual(TranscriptCommand(arguments: ["--title", "it's"]).line, "$ listview --title 'it'\\''s'")
    }

    func testOtherCommandLinesAreRefused() {
        for line in ["listview --help", "$ COLUMNS=40 listview --help", "$ listviewer", "", "$  listview"] {
            XCTAssertTrue(refusal(line).hasPrefix("the command line does not start with `$ listview`"), line)
        }
        XCTAssertEqual(refusal("$ listview --template '{id}"), "unterminated single quote at column 23 of \"$ listview --template \\'{id}\"")
        XCTAssertTrue(refusal("$ listview a\\ b").hasPrefix("a backslash outside quotes may only escape `'` at column 13 "))
        XCTAssertTrue(refusal("$ listview --where total>=100").hasPrefix("\">\" must be quoted at column 25 "))
        XCTAssertTrue(refusal("$ listview --where \"a b\"").hasPrefix("\"\\\"\" must be quoted at column 20 "))
        XCTAssertTrue(refusal("$ listview <x").hasPrefix("\"<\" must be quoted at column 12 "))
        for line in ["$ listview --help <", "$ listview < a b", "$ listview < a < b", "$ listview < a --help"] {
            XCTAssertEqual(refusal(line), "`<` must be followed by one file, the last word of the command line", line)
        }
    }
}
