import CSignals
import Glibc
import ListviewValues
import Synchronization

/// The private folder (mode 0700) where a run's spill files live, made under `--temp-dir`
/// (else `$TMPDIR`, else `/tmp`) when the first file is needed.
///
/// Spill files have no name (`O_TMPFILE`, or a name removed as soon as the
/// file is open): the kernel frees them when the process ends, however it
/// ends. The folder itself is removed once the run lets go of it and of its
/// files, at exit, and by the signal handler on SIGINT, SIGTERM and SIGHUP
/// (`CSignals`, in C, which only calls `rmdir`).
public final class SpillDirectory: Sendable {
    /// The folder the private folder is made in.
    public let parent: String
    /// The private folder, once made: its slot in `CSignals`' table and its path.
    private struct Folder {
        var slot: Int32
        var path: String
    }
    private let made = Mutex<Folder?>(nil)

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
    public var path: String? { made.withLock { $0?.path } }

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

    /// Makes the private folder on first use, in a slot of `CSignals`' table: the signal handler
    /// and the exit handler remove it from there, and so does `deinit`.
    private func privateFolder() throws -> String {
        try made.withLock { made in
            if let made { return made.path }
            let slot = listview_folder_make(parent + "/listview-XXXXXX")
            guard slot >= 0 else {
                throw ListviewError.spillFailed(directory: parent, reason: SystemError.message(for: -slot))
            }
            let folder = Folder(slot: slot, path: String(cString: listview_folder_path(slot)))
            made = folder
            return folder.path
        }
    }

    /// Removes the private folder, which is empty: every file in it had its name removed at once,
    /// and each holds this directory until it is closed.
    deinit {
        if let folder = made.withLock({ $0 }) { listview_folder_remove(folder.slot) }
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
            guard bytes.count < Self.bufferSize / 4 else {
                // A large chunk goes to the file at once, after what is buffered, not copied through the buffer.
                try flush(&contents)
                try write(bytes, at: contents.flushed)
                contents.flushed += bytes.count
                return
            }
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
        guard !contents.buffer.isEmpty else { return }
        let offset = contents.flushed
        try contents.buffer.withUnsafeBytes { try write($0, at: offset) }
        contents.flushed += contents.buffer.count
        contents.buffer.removeAll()
    }

    /// Writes `bytes` at `offset`.
    private func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws {
        let written = try moveAll(bytes.count) { done in pwrite(descriptor, bytes.baseAddress.map { $0 + done }, bytes.count - done, off_t(offset + done)) }
        // A write that moves nothing, with no error: the disk takes no more.
        guard written else { throw directory.failure(ENOSPC) }
    }

    /// Fills `into` from `offset` (written out first if still buffered); false at the file's end.
    public func read(at offset: Int, into target: UnsafeMutableRawBufferPointer) throws -> Bool {
        try contents.withLock { contents throws in
            if offset + target.count > contents.flushed { try flush(&contents) }
        }
        // Bytes written out never change (the file only grows): read without the lock, so that
        // two threads wait on the disk at once.
        return try moveAll(target.count) { done in
            pread(descriptor, target.baseAddress.map { $0 + done }, target.count - done, off_t(offset + done))
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
