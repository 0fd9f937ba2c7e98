import Foundation
import ListviewSpilling
import ListviewTestSupport
import ListviewValues
import Synchronization
import XCTest

/// A run's private spill folder: made on the first file, mode 0700, removed once the run lets go
/// of it and its files; the table the signal handler removes folders from (`CSignals`) frees its
/// slots, so a process may make any number of folders one after another.
final class SpillDirectoryTests: XCTestCase {
    private let files = TemporaryFiles()
    private var parent = ""

    override func setUpWithError() throws {
        parent = try files.folder()
    }

    private var inParent: [String] { (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? ["(unreadable)"] }

    func testTheFolderLivesAsLongAsItsFiles() throws {
        var directory: SpillDirectory? = SpillDirectory(parent: parent)
        XCTAssertEqual(inParent, [], "nothing before the first file")
        var file: SpillFile? = try directory?.newFile()
        let path = try XCTUnwrap(directory?.path)
        XCTAssertEqual(inParent, [URL(fileURLWithPath: path).lastPathComponent])
        XCTAssertTrue(path.hasPrefix(parent + "/listview-"))
        let mode = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        XCTAssertEqual(mode, 0o700)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: path), [], "its files have no name")
        directory = nil
        XCTAssertEqual(inParent.count, 1, "a file still open holds its folder")
        _ = try file?.append(chunk: ByteOutput())
        file = nil
        XCTAssertEqual(inParent, [])
    }

    /// More folders, one after another, than the handler's table has slots (64).
    func testSlotsAreFreedForTheNextFolder() throws {
        for round in 0..<200 {
            let directory = SpillDirectory(parent: parent)
            _ = try directory.newFile()
            XCTAssertNotNil(directory.path, "round \(round)")
        }
        XCTAssertEqual(inParent, [])
    }

    /// Folders made and let go of on several threads at once keep their own paths.
    func testFoldersMadeOnManyThreadsAreEachRemoved() throws {
        let paths = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<40 {
                let directory = SpillDirectory(parent: parent)
                guard (try? directory.newFile()) != nil, let path = directory.path else { return }
                paths.withLock { $0.append(path) }
            }
        }
        let made = paths.withLock { $0 }
        XCTAssertEqual(made.count, 320)
        XCTAssertEqual(inParent, [])
    }

    func testAPathTooLongIsTheFolderError() throws {
        let long = parent + "/" + String(repeating: "d", count: Int(PATH_MAX))
        XCTAssertThrowsError(try SpillDirectory(parent: long).newFile()) { error in
            XCTAssertEqual((error as? ListviewError)?.description,
                           "cannot write spill files in \(long): File name too long (choose another folder with --temp-dir)")
        }
    }
}
