/// The version `--version` prints.
enum ListviewVersion {
    static let current = "0.1.0"
}
