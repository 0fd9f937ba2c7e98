import Foundation
import ListviewBatches
import ListviewInput
@testable import ListviewKit
@testable import ListviewRequest
import ListviewTestSupport
import ListviewValues
import XCTest

/// `--follow` under the browser: a followed file or pipe hands on records as they are appended,
/// never a record cut off by the end, until its wait is stopped; what cannot grow record by
/// record is refused.
final class FollowedInputTests: XCTestCase {
    private let files = TemporaryFiles()

    /// A stream over `path` that follows it with `following`.
    private func stream(_ path: String, _ following: Following, format: InputFormat? = nil) throws -> BatchStream {
        var read = ReadSpec(inputs: [path])
        read.format = format
        read.following = following
        return try BatchStream(read)
    }

    /// The `field` of each kept row of `batch`, as text.
    private func column(_ field: String, of batch: BatchStream.Batch?) -> [String] {
        guard let batch else { return [] }
        let shapes = RecordShapeCache()
        return batch.rows.map { row in
            switch batch.table.record(at: row.row, shapes: shapes)[field] {
            case .number(let text)?, .string(let text)?: return text
            case let other?: return "\(other)"
            case nil: return "-"
            }
        }
    }

    private func append(_ text: String, to path: String) throws {
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Runs `body` on another thread (it waits for input); its result once `then` has run here.
    private func waiting<Result>(for body: @escaping () throws -> Result, then: () throws -> Void) throws -> Result {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Swift.Result<Result, Error>?
        Thread.detachNewThread {
            outcome = Swift.Result { try body() }
            done.signal()
        }
        Thread.sleep(forTimeInterval: 0.3)
        try then()
        XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "the wait never ended")
        return try XCTUnwrap(outcome).get()
    }

    func testAppendedJSONLinesArriveAndACutOffRecordWaitsForItsEnd() throws {
        let path = try files.write(#"{"id":1}"# + "\n" + #"{"id":2}"# + "\n", extension: "jsonl")
        let following = Following(interval: 20)
        let stream = try stream(path, following)
        XCTAssertFalse(stream.areRegularFiles, "a followed file is read as a pipe is: batch by batch, on one thread")
        XCTAssertEqual(column("id", of: try stream.next()), ["1", "2"])
        try append(#"{"id":3}"# + "\n" + #"{"id":"#, to: path)
        XCTAssertEqual(column("id", of: try stream.next()), ["3"], "the record cut off by the end is not read yet")
        let fourth = try waiting(for: { try stream.next() }, then: { try self.append("4}\n", to: path) })
        XCTAssertEqual(column("id", of: fourth), ["4"])
        XCTAssertTrue(following.hasReachedEnd)
        // Stopped while it waits: no end of the input, no record.
        XCTAssertThrowsError(try waiting(for: { try stream.next() }, then: { following.stop() })) { error in
            XCTAssertTrue(error is Following.Stopped, "\(error)")
        }
    }

    func testACSVRowWithALineBreakInsideArrivesOnceItEnds() throws {
        let path = try files.write("id,city\n1,Oslo\n", extension: "csv")
        let following = Following(interval: 20)
        let stream = try stream(path, following)
        XCTAssertEqual(column("city", of: try stream.next()), ["Oslo"])
        try append("2,\"Lagos,\nN", to: path)
        let second = try waiting(for: { try stream.next() }, then: { try self.append("G\"\n3,Lim", to: path) })
        XCTAssertEqual(column("city", of: second), ["Lagos,\nNG"])
        let third = try waiting(for: { try stream.next() }, then: { try self.append("a\n", to: path) })
        XCTAssertEqual(column("city", of: third), ["Lima"])
        following.stop()
    }

    func testAnEmptyFileIsFollowedUntilItsFirstRecords() throws {
        let path = try files.write("", extension: "jsonl")
        let following = Following(interval: 20)
        let stream = try stream(path, following)
        let first = try waiting(for: { try stream.next() }, then: { try self.append(#"{"id":1}"# + "\n", to: path) })
        XCTAssertEqual(column("id", of: first), ["1"])
        following.stop()
    }

    func testAFileCutShorterWhileFollowedIsAReadError() throws {
        let path = try files.write(#"{"id":1}"# + "\n", extension: "jsonl")
        let following = Following(interval: 20)
        let stream = try stream(path, following)
        XCTAssertEqual(column("id", of: try stream.next()), ["1"])
        XCTAssertThrowsError(try waiting(for: { try stream.next() }, then: { XCTAssertEqual(truncate(path, 0), 0) })) { error in
            XCTAssertEqual(error as? ListviewError, .readFailed(source: path, reason: "it was cut to 0 B while followed, from 9 B read; following stopped"))
        }
    }

    /// A pipe's records arrive as their lines are written, not when a chunk fills or the writer
    /// closes; stopping ends the wait on a writer that keeps it open.
    func testAPipeHandsOnEachRecordAsItArrives() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        defer { close(ends[1]) }
        func write(_ text: String) { _ = text.utf8CString.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count - 1) } }
        write(#"{"id":1}"# + "\n")
        let following = Following(interval: 20)
        let stream = try stream("/dev/fd/\(ends[0])", following, format: .jsonl)
        close(ends[0])
        XCTAssertEqual(column("id", of: try stream.next()), ["1"])
        let second = try waiting(for: { try stream.next() }, then: { write(#"{"id":2}"# + "\n" + #"{"id""#) })
        XCTAssertEqual(column("id", of: second), ["2"])
        XCTAssertTrue(following.hasReachedEnd)
        XCTAssertThrowsError(try waiting(for: { try stream.next() }, then: { following.stop() })) { error in
            XCTAssertTrue(error is Following.Stopped, "\(error)")
        }
    }

    func testAJSONDocumentAndACompressedFileCannotBeFollowed() throws {
        let array = try files.write(#"[{"id":1}]"#, extension: "json")
        XCTAssertThrowsError(try stream(array, Following())) { error in
            XCTAssertEqual((error as? ListviewError)?.exitStatus, 64)
            XCTAssertTrue("\(error)".contains("\(array) is read as a JSON document"), "\(error)")
        }
        // gzip's smallest stream: no bytes at all.
        let gzip = try files.write([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03, 0x03, 0x00, 0, 0, 0, 0, 0, 0, 0, 0], extension: "jsonl.gz")
        XCTAssertThrowsError(try stream(gzip, Following())) { error in
            XCTAssertEqual(error as? ListviewError, .usage("--follow reads plain text as it is appended; \(gzip) is compressed (gzip)"))
        }
    }

    func testASniffedLogOfObjectsIsFollowedAsJSONLines() throws {
        let path = try files.write(#"{"id":1}"# + "\n", extension: "log")
        let following = Following(interval: 20)
        let stream = try stream(path, following)
        XCTAssertEqual(stream.formats, [.jsonl])
        XCTAssertEqual(column("id", of: try stream.next()), ["1"])
        following.stop()
    }
}
