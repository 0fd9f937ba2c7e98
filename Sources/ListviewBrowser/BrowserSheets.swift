import ListviewBatches
import ListviewDataSource
import ListviewKit
import ListviewRequest
import ListviewValues

/// The sheets the browser holds and the one on screen: a sheet per file opened
/// (`listview a.csv b.json -i`), each with the sheets dived into from it (Enter on a nested
/// value), the latest on top. Each sheet is a list of its own: its arrangement, cursor and
/// marks stay with it while another is shown.
///
/// A dived sheet left with Backspace is kept by its value's place, so diving there again opens
/// it as it was left, and `q` writes its marks (`markedRecords`).
struct BrowserSheets {
    /// A list on screen, and the loader's snapshot it last took (a file's list).
    struct Sheet {
        var model: BrowserModel
        var version = -1
    }

    /// One file's sheets.
    struct File {
        let loader: BrowserLoader
        /// The file's name, on the tab line and the status line.
        let name: String
        /// The file's list, then the dives open over it, the latest last.
        var stack: [Sheet]
        /// Dived sheets left with Backspace, in the order first opened, by their dive's key.
        var dives: [(key: String, sheet: Sheet)] = []
    }

    /// What the tab line shows of a file: its name (without its folders), rows so far and
    /// whether it is still loading.
    struct Tab: Equatable {
        var name: String
        var rows: Int
        var loading: Bool
    }

    private(set) var files: [File]
    /// The file on screen.
    private(set) var current = 0

    /// A sheet per loader, in file order; `model` makes each file's list.
    init(_ loaders: [(loader: BrowserLoader, name: String)], model: () -> BrowserModel) {
        files = loaders.map { File(loader: $0.loader, name: $0.name, stack: [Sheet(model: model())]) }
    }

    /// The sheet on screen's state and keys.
    var model: BrowserModel {
        get { files[current].stack[files[current].stack.count - 1].model }
        set { files[current].stack[files[current].stack.count - 1].model = newValue }
    }

    /// The loader of the file on screen.
    var loader: BrowserLoader { files[current].loader }

    /// The status line's name of the sheet on screen: the file's, then the way down a dive
    /// (`orders.json › id=1001 › items`).
    var name: String {
        let file = files[current]
        guard let dive = model.dive else { return file.name }
        return ([file.name] + dive.dive.crumbs).joined(separator: " › ")
    }

    /// The tab line's tabs: none for one file.
    var tabs: [Tab] {
        guard files.count > 1 else { return [] }
        return files.map { file in
            let snapshot = file.loader.snapshot()
            // The file's own name, without its folders: the status line has the whole path.
            let name = file.name.split(separator: "/").last.map(String.init) ?? file.name
            return Tab(name: name, rows: snapshot.rows.count, loading: !snapshot.finished)
        }
    }

    /// Gives the file list on screen the rows loaded since it last looked; its snapshot.
    @discardableResult
    mutating func refresh() -> BrowserLoader.Snapshot {
        let snapshot = loader.snapshot()
        if snapshot.version != files[current].stack[0].version {
            files[current].stack[0].model.update(rows: snapshot.rows, finished: snapshot.finished)
            files[current].stack[0].version = snapshot.version
        }
        return snapshot
    }

    /// Opens `dive` over the sheet on screen: as it was left when it was open before.
    mutating func open(_ dive: BrowserDive) {
        let key = dive.key
        if let kept = files[current].dives.first(where: { $0.key == key }) {
            files[current].stack.append(kept.sheet)
            return
        }
        let template = model
        let decoder = template.view.tables.first?.table.nestedDecoder
        let (rows, context) = DiveContext.rows(of: dive, nestedDecoder: decoder)
        var sheet = BrowserModel(fields: nil)
        sheet.dive = context
        sheet.bodyHeight = template.bodyHeight
        sheet.screenWidth = template.screenWidth
        sheet.update(rows: rows, finished: true)
        files[current].stack.append(Sheet(model: sheet))
    }

    /// Back from a dived sheet to the one under it, as it was; false on a file's list.
    mutating func back() -> Bool {
        guard files[current].stack.count > 1, let left = files[current].stack.popLast(), let key = left.model.dive?.dive.key else { return false }
        if let index = files[current].dives.firstIndex(where: { $0.key == key }) {
            files[current].dives[index].sheet = left
        } else {
            files[current].dives.append((key, left))
        }
        return true
    }

    /// The file `offset` files on (wrapping), as it was left.
    mutating func switchFile(by offset: Int) {
        guard !files.isEmpty else { return }
        current = ((current + offset) % files.count + files.count) % files.count
    }

    /// Every dive closed, so that each file's list is on top and each dived sheet is kept.
    mutating func closeDives() {
        let shown = current
        for index in files.indices {
            current = index
            while back() {}
        }
        current = shown
    }

    /// The records the marks of dived sheets stand for, in the order the dives were first
    /// opened: `{"record":{"id":1001},"path":"items[2]","value":…}`.
    func markedDiveRecords(of file: File) -> [(keys: [String], values: [Value])] {
        var records: [(keys: [String], values: [Value])] = []
        for (_, sheet) in file.dives {
            guard let context = sheet.model.dive else { continue }
            for address in sheet.model.markedInOrder where Int(address.row) < context.values.count {
                let row = Int(address.row)
                var keys: [String] = [], values: [Value] = []
                if let record = context.dive.record {
                    keys.append("record")
                    values.append(.object(ObjectValue(keys: [record.field], values: [record.value])))
                }
                keys += ["path", "value"]
                values += [.string(context.rowPaths[row]), context.values[row]]
                records.append((keys, values))
            }
        }
        return records
    }
}

extension ListRequest {
    /// A request for each input alone (a sheet each), the memory budget shared between them.
    var perInput: [ListRequest] {
        let inputs = read.inputs
        guard inputs.count > 1 else { return [self] }
        return inputs.map { input in
            var each = self
            each.read = read.reading([input])
            if var budget = arrangement.memory {
                budget.bytes = max(1, budget.bytes / inputs.count)
                each.arrangement.memory = budget
            }
            return each
        }
    }
}
