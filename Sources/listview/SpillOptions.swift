import ArgumentParser
import ListviewKit
import ListviewRequest
import ListviewSpilling
import ListviewValues

/// How much a run may hold in memory and where it spills past that: the options a list and a
/// diff share for working on disk.
struct SpillOptions: ParsableArguments {
    @Option(name: .customLong("memory-limit"), parsing: .unconditional,
            help: ArgumentHelp("Memory a run may hold before it works on disk (a sorted or grouped list sorts runs of rows, a table is read twice, a summary estimates distinct values, a keyed diff cuts both files into partitions by key, the browser reads rows back from disk), e.g. 512MB or 4GB (default: 60% of the memory available, or $LISTVIEW_MEMORY_LIMIT).",
                               valueName: "size"))
    var memoryLimit: String?

    @Option(name: .customLong("temp-dir"), help: ArgumentHelp("The folder for spill files (default: $TMPDIR, else /tmp).", valueName: "dir"),
            completion: .directory)
    var tempDir: String?

    @Flag(help: "Say on standard error which way the run reads and holds its rows, and why: streamed or whole, in memory or on disk within the memory limit.")
    var explain = false

    /// Sets the request's budget (`--memory-limit`, else `LISTVIEW_MEMORY_LIMIT` or the default;
    /// `LISTVIEW_SPILL_BYTES` for tests) and its spill folder.
    func apply(to request: inout ListRequest) throws {
        let environment = ProcessEnvironment.all
        do {
            request.arrangement.memory = try MemoryBudget.resolved(flag: memoryLimit, environment: environment)
        } catch let error as ListviewError {
            throw ValidationError(error.description)
        }
        request.arrangement.spillFolder = SpillDirectory.parent(flag: tempDir, environment: environment)
        request.explains = explain
    }
}
