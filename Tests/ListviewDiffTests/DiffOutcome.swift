import ListviewPresentation
@testable import ListviewDiff

/// A diff's error, compared by its message.
struct DiffFailure: Error, Equatable, CustomStringConvertible {
    let description: String
}

/// What `request` gives: whether the sides differ and what was written, or its error's message.
/// The same for every path a test compares.
func diffOutcome(_ request: DiffRequest) -> Result<String, DiffFailure> {
    let sink = OutputSink.memory()
    do {
        let outcome = try DiffRunner.run(request, to: sink)
        return .success("\(outcome.different)\n" + sink.collected)
    } catch {
        return .failure(DiffFailure(description: "\(error)"))
    }
}
