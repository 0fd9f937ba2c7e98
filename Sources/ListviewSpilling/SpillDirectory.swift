import Glibc
import ListviewValues
import Synchronization

/// The private folder (mode 0700) where a run's spill files live, made under `--temp-dir`
/// (else `$TMPDIR`, else `/tmp`) when the first file is needed.
///
/// Spill files have no name (`O_TMPFILE`, or a name removed as soon as the
/// file is open): the kernel frees them when the process ends, however it
/// ends. The folder itself is removed at exit, and by the signal handler on
/// SIGINT, SIGTERM and SIGHUP (`removeOnSignal`, which only calls `rmdir`).
public final class SpillDirectory: Sendable {
    /// The folder the private folder is made in.
    public let parent: String
    private let made = Mutex<String?>(nil)

    /// The folder of this process's spill files, under `parent`.
    public init(parent: String) {
        self.parent = parent
    }

    /// The folder spill files go in for `--temp-dir` (nil: `$TMPDIR`, else `/tmp`).
    public static func parent(flag: String?, environment: [String: String]) -> String {
        if let flag, !flag.isEmpty { return flag }
        if let directory = environment["TMPDIR"], !directory.isEmpty { return directory }
        return "/tmp"
    }

    /// The private folder's path, once made.
    public var path: String? { made.withLock { $0 } }

    /// A new spill file, empty, open for reading and writing.
    public func newFile() throws -> SpillFile {
        let directory = try privateFolder()
        var descriptor = open(directory, Self.unnamedFile | O_RDWR | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            // A file system without O_TMPFILE: a named file, its name removed at once.
            var template = Array((directory + "/spill-XXXXXX").utf8CString)
            descriptor = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.map { mkstemp($0) } ?? -1 }
            if descriptor >= 0 { template.withUnsafeBufferPointer { buffer in _ = buffer.baseAddress.map { unlink($0) } } }
        }
        guard descriptor >= 0 else { throw failure(errno) }
        return SpillFile(descriptor: descriptor, directory: self)
    }

    /// Linux's `O_TMPFILE` (a file with no name in a folder), which Glibc's module leaves out.
    private static let unnamedFile: Int32 = 0o20_000_000 | O_DIRECTORY

    /// The error a spill file's failure `code` is reported with.
    func failure(_ code: Int32) -> ListviewError {
        // The folder the user chose (`--temp-dir`), not the private one inside it, which is removed.
        .spillFailed(directory: parent, reason: SystemError.message(for: code))
    }

    /// The error of a spill file whose bytes are not what the run wrote (it changed while read).
    public var changedWhileRead: ListviewError {
        .spillFailed(directory: parent, reason: "a spill file changed while it was read")
    }

    /// Makes the private folder on first use.
    private func privateFolder() throws -> String {
        try made.withLock { made in
            if let made { return made }
            // The name is remembered for removal before the folder is made, in the buffer mkdtemp
            // fills in: a signal between the two finds either no folder or the one made.
            guard let template = strdup(parent + "/listview-XXXXXX") else {
                throw ListviewError.spillFailed(directory: parent, reason: SystemError.message(for: ENOMEM))
            }
            SpillDirectory.remember(template)
            guard mkdtemp(template) != nil else {
                let code = errno
                SpillDirectory.forget(template)
                throw ListviewError.spillFailed(directory: parent, reason: SystemError.message(for: code))
            }
            let path = String(cString: template)
            made = path
            return path
        }
    }

    // MARK: Removal at exit and on a signal

    /// The private folders made, as C strings allocated before any signal handler can need them.
    nonisolated(unsafe) private static var folders: [UnsafeMutablePointer<CChar>] = []
    private static let foldersLock = Mutex<Void>(())
    nonisolated(unsafe) private static var exitHandlerInstalled = false

    private static func remember(_ path: UnsafeMutablePointer<CChar>) {
        foldersLock.withLock { _ in
            folders.append(path)
            if !exitHandlerInstalled {
                exitHandlerInstalled = true
                atexit { SpillDirectory.removeOnSignal() }
            }
        }
    }

    /// Lets go of a folder that could not be made.
    private static func forget(_ path: UnsafeMutablePointer<CChar>) {
        foldersLock.withLock { _ in
            folders.removeAll { $0 == path }
            free(path)
        }
    }

    /// Removes every private folder made (each is empty: its files have no name). Safe in a
    /// signal handler: it only calls `rmdir`.
    public static func removeOnSignal() {
        for folder in folders { rmdir(folder) }
    }
}

/// One spill file: bytes appended through a buffer, read back from any offset. Its name is gone
/// from the start (`SpillDirectory`), so it vanishes with the process or when closed.
public final class SpillFile: Sendable {
    private struct Contents: ~Copyable {
        var buffer = ByteOutput()
        /// Bytes written to the file, not counting the buffer.
        var flushed = 0
    }

    private let descriptor: Int32
    /// The folder the file is in, whose errors it reports.
    let directory: SpillDirectory
    /// Behind a lock taken once per append, flush or read (whole chunks, not rows).
    private let contents = Mutex(Contents())
    private static let bufferSize = 1 << 20

    init(descriptor: Int32, directory: SpillDirectory) {
        self.descriptor = descriptor
        self.directory = directory
    }

    deinit { close(descriptor) }

    /// The file's descriptor and a path that opens it anew (`/proc/self/fd/N`), for a file written
    /// whole by another writer and read back by a reader that opens paths: `listview diff -i`'s
    /// rows, written by the diff and opened by the browser. Its own `append` is then not used.
    public var handedOver: (descriptor: Int32, path: String) { (descriptor, "/proc/self/fd/\(descriptor)") }

    /// The file's size, what is still buffered included.
    public var size: Int { contents.withLock { $0.flushed + $0.buffer.count } }

    /// Appends `bytes`.
    public func append(_ bytes: UnsafeRawBufferPointer) throws {
        try contents.withLock { contents throws in
            contents.buffer.append(contentsOf: bytes)
            if contents.buffer.count >= Self.bufferSize { try flush(&contents) }
        }
    }

    /// Appends `bytes`.
    public func append(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try append($0) }
    }

    /// Writes out what is buffered.
    public func flush() throws {
        try contents.withLock { contents throws in try flush(&contents) }
    }

    private func flush(_ contents: inout Contents) throws {
        let flushed = contents.flushed
        let written = try contents.buffer.withUnsafeBytes { bytes in
            try moveAll(bytes.count) { done in pwrite(descriptor, bytes.baseAddress.map { $0 + done }, bytes.count - done, off_t(flushed + done)) }
        }
        // A write that moves nothing, with no error: the disk takes no more.
        guard written else { throw directory.failure(ENOSPC) }
        contents.flushed += contents.buffer.count
        contents.buffer.removeAll()
    }

    /// Fills `into` from `offset` (written out first if still buffered); false at the file's end.
    public func read(at offset: Int, into target: UnsafeMutableRawBufferPointer) throws -> Bool {
        try contents.withLock { contents throws in
            if offset + target.count > contents.flushed { try flush(&contents) }
            return try moveAll(target.count) { done in
                pread(descriptor, target.baseAddress.map { $0 + done }, target.count - done, off_t(offset + done))
            }
        }
    }

    /// Asks the system to start reading `chunks` (those written out) into its cache, so that
    /// reads of them soon after find them there instead of waiting on the disk.
    public func prefetch(_ chunks: some Sequence<SpillChunk>) {
        let flushed = contents.withLock { $0.flushed }
        for chunk in chunks where chunk.offset < flushed {
            _ = posix_fadvise(descriptor, off_t(chunk.offset), off_t(min(chunk.length, flushed - chunk.offset)), POSIX_FADV_WILLNEED)
        }
    }

    /// Calls `move` (a `pwrite` or `pread` of what is left after `done` bytes) until `total` bytes
    /// moved, again after an interrupted call; false when a call moved nothing (the file's end).
    private func moveAll(_ total: Int, _ move: (_ done: Int) -> Int) throws -> Bool {
        var done = 0
        while done < total {
            let count = move(done)
            if count < 0 {
                if errno == EINTR { continue }
                throw directory.failure(errno)
            }
            if count == 0 { return false }
            done += count
        }
        return true
    }
}

/// How far a run's spilling has come, for the loading indicator: the bytes of rows written to
/// disk and the runs they make. One per process; a run that spills adds to it.
public enum SpillProgress {
    private static let state = Atomic<Int>(0)
    private static let bytesSpilled = Atomic<Int>(0)

    /// Counts a run of `bytes` bytes of rows written.
    public static func addRun(bytes: Int) {
        state.add(1, ordering: .relaxed)
        bytesSpilled.add(bytes, ordering: .relaxed)
    }

    /// The runs on disk so far, and the bytes of rows in them.
    public static var current: (runs: Int, bytes: Int) {
        (state.load(ordering: .relaxed), bytesSpilled.load(ordering: .relaxed))
    }
}
