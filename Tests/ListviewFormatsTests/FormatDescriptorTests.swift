import ListviewBatches
import ListviewFormats
import ListviewInput
import ListviewPresentation
import ListviewTestSupport
import XCTest

/// Each input format is registered once (`InputFormat.descriptor`), and everything that tells
/// formats apart asks its descriptor: these check that the registrations agree with each other.
final class FormatDescriptorTests: XCTestCase {
    private let files = TemporaryFiles()

    override func tearDown() {
        files.removeAll()
    }

    func testEveryExtensionNamesItsFormatAndNoOther() {
        var claimed: [String: InputFormat] = [:]
        for format in InputFormat.allCases {
            XCTAssertFalse(format.descriptor.extensions.isEmpty, "\(format) has a file name extension")
            for ending in format.descriptor.extensions {
                XCTAssertNil(claimed[ending], ".\(ending) is claimed by \(claimed[ending].map { "\($0)" } ?? "") and \(format)")
                claimed[ending] = format
                XCTAssertEqual(FormatDescriptor.named(byExtensionOf: "data/orders.\(ending)"), format)
                XCTAssertEqual(FormatDescriptor.named(byExtensionOf: "ORDERS.\(ending.uppercased())"), format, "extensions ignore case")
            }
        }
        XCTAssertNil(FormatDescriptor.named(byExtensionOf: "orders.txt"))
        XCTAssertNil(FormatDescriptor.named(byExtensionOf: "data.csv/orders"), "a dot in a folder's name is not an extension")
        XCTAssertNil(FormatDescriptor.named(byExtensionOf: "orders"))
    }

    func testEachFormatsOwnStyleReadsBackAsIt() {
        for format in InputFormat.allCases {
            let style = format.descriptor.ownStyle
            XCTAssertTrue(style.isMachineReadable, "\(format) is written back by a style for programs")
            XCTAssertEqual(FormatDescriptor.written(by: style), format, "--style \(style.rawValue) reads back as \(format)")
        }
        for style in OutputStyle.allCases where !style.isMachineReadable {
            XCTAssertNil(FormatDescriptor.written(by: style), "\(style) is for people: no format reads it back")
        }
    }

    func testColumnsAreDeclaredExactlyByTheFormatsOfDelimitedRows() {
        for format in InputFormat.allCases {
            let descriptor = format.descriptor
            switch descriptor.recordLayout {
            case .delimitedRows:
                XCTAssertTrue(descriptor.declaresColumns, "\(format) names its columns in a header")
                XCTAssertFalse(descriptor.hasPaths, "\(format) has no nesting for --path to walk")
            case .jsonValues:
                XCTAssertFalse(descriptor.declaresColumns, "\(format) names no columns up front")
                XCTAssertTrue(descriptor.hasPaths, "--path selects a value inside \(format)")
            }
        }
    }

    func testOnlyAWholeDocumentCannotBeFollowed() {
        XCTAssertEqual(InputFormat.allCases.filter { !$0.descriptor.growsByRecord }, [.json])
    }

    func testTheLoaderOpensEachFormatThroughItsDescriptor() throws {
        let texts: [InputFormat: String] = [.json: "[{\"a\":1}]", .jsonl: "{\"a\":1}\n", .csv: "a\n1\n", .tsv: "a\n1\n"]
        for format in InputFormat.allCases {
            let text = try XCTUnwrap(texts[format], "a sample of \(format)")
            let path = try files.write(text, extension: format.descriptor.extensions[0])
            var (source, opened) = try InputLoader().open(path: path)
            XCTAssertEqual(opened, format, "the extension names the format")
            let batch = try XCTUnwrap(source.nextBatch(schema: RecordSchema()), "\(format)")
            XCTAssertEqual(batch.rowCount, 1, "\(format)")
            XCTAssertEqual(source.declaredColumns != nil, format.descriptor.declaresColumns, "\(format): columns named in a header")
        }
    }

    func testAPathIsRefusedForAFormatWithoutPaths() throws {
        let path = try files.write("a\n1\n", extension: "tsv")
        XCTAssertThrowsError(try InputLoader(path: ["data"]).open(path: path)) { error in
            XCTAssertEqual("\(error)", "--path 'data' selects a value inside JSON; \(path) is read as TSV")
        }
    }
}
