@testable import ListviewBrowser

extension BrowserModel.Mode {
    /// The lines of a record in full, or nil in another view.
    var detailLines: [String]? {
        guard case .detail(let tree) = self else { return nil }
        return tree.texts
    }

    /// The record in full, or nil in another view.
    var tree: RecordTreeView? {
        guard case .detail(let tree) = self else { return nil }
        return tree
    }
}
