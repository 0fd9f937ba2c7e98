/// The browser's keys, each written once: what a key does in each view (`command(for:in:)`),
/// the `?` screen (`helpLines`) and the README's key table (`markdown`, which `make docs`
/// writes into the README) all come from `table`.
///
/// Adding a key is adding a row (or a key to a row) and, for a new command, its case in
/// `BrowserCommand` and in the views of `BrowserModel+Keys.swift` that take it;
/// `BrowserKeysTests` checks that every view a row names takes its commands.
public enum BrowserKeys {
    /// The views that scroll: every moving key serves each of them alike.
    static let scrolling: Set<BrowserModel.Mode.Kind> = [.list, .detail, .help, .frequency, .summary]
    /// The list and the views opened over it, which Enter and `q` leave.
    static let listAndViews: Set<BrowserModel.Mode.Kind> = [.list, .detail, .frequency, .summary]
    static let everywhere = Set(BrowserModel.Mode.Kind.allCases)

    /// Every key, in the order of the `?` screen and the README.
    public static let table: [KeyBinding] = [
        KeyBinding("j k ↓ ↑", ["j": .lineDown, "k": .lineUp, .key(.down): .lineDown, .key(.up): .lineUp], in: scrolling,
                   help: "a row down, up",
                   reference: "a row down, up (a line of a record in full, of the keys, of `F` and `I`)"),
        KeyBinding("PgDn PgUp ^F ^B", [.key(.pageDown): .pageDown, .key(.pageUp): .pageUp, "\u{06}": .pageDown, "\u{02}": .pageUp],
                   in: scrolling,
                   help: "a page down, up",
                   reference: "a page down, up (`Ctrl-F`, `Ctrl-B`)"),
        KeyBinding("space", [" ": .pageDown], in: scrolling.subtracting([.detail]),
                   help: "a page down",
                   reference: "a page down (in a record in full, space folds)"),
        KeyBinding("g G", ["g": .first, "G": .last, .key(.home): .first, .key(.end): .last], in: scrolling,
                   help: "the first, the last record",
                   reference: "the first, the last record (`Home`, `End` too; before the load ends, `G` follows the last row as rows arrive; "
                       + "with `--follow`, so does any move onto the last row)"),
        KeyBinding("h l ← →", ["h": .columnLeft, "l": .columnRight, .key(.left): .columnLeft, .key(.right): .columnRight], in: [.list],
                   help: "the current column left, right",
                   reference: "the current column left, right (its title is drawn in reverse video and the status line names it; the columns scroll to keep it on screen)"),
        KeyBinding(": c", [":": .goToRow, "c": .goToColumn], in: [.list],
                   help: "go to a row number, to a column by name (Tab completes)",
                   reference: "`:N` Enter goes to row N; `c NAME` Enter to a column by name: typing narrows the names offered "
                       + "(those starting with it, then those holding it), Tab completes"),
        KeyBinding("s S", ["s": .sortAscending, "S": .sortDescending], in: [.list],
                   help: "sort by the column up, down (again: unsort; another column: next key)",
                   reference: "sort the rows by the current column ascending, descending (numbers as numbers, nulls last, stable); "
                       + "again on the same column takes its sort away; on another column adds it as the next key"),
        KeyBinding("=", ["=": .group], in: [.list],
                   help: "group by the column (another: a level inside; again: ungroup)",
                   reference: "group into sections by the current column (a header with the value and its count); on another "
                       + "column, a level inside; on a grouped column, that level goes"),
        KeyBinding("F", ["F": .frequency], in: [.list, .frequency],
                   help: "the column's values by frequency; Enter lists a value's rows",
                   reference: "the current column's values by frequency: value, count, percent and a bar, most common first; "
                       + "Enter lists the rows holding the value (a filter `u` takes back), `F`, `q` or Esc goes back"),
        KeyBinding("I", ["I": .summary], in: [.list, .summary],
                   help: "every column summed up (per section); Enter goes to a column",
                   reference: "every column shown summed up over the rows shown (types, count, nulls, distinct, min, max, mean, "
                       + "top values; per section when grouped), opening on the current column; Enter goes back to the list on "
                       + "the column under the cursor, `I`, `q` or Esc without moving"),
        KeyBinding("- +", ["-": .hideColumn, "+": .showHiddenColumns], in: [.list],
                   help: "hide the column; show hidden columns again",
                   reference: "hide the current column; show the hidden columns again"),
        KeyBinding("!", ["!": .pinColumn], in: [.list],
                   help: "pin the column on the left, or unpin it",
                   reference: "pin the current column on the left (it stays while the others scroll), or unpin it"),
        KeyBinding("< > _", ["<": .narrowColumn, ">": .widenColumn, "_": .fitColumn], in: [.list],
                   help: "narrow, widen, fit the column",
                   reference: "narrow, widen, fit the current column"),
        KeyBinding("w", ["w": .wrapColumn], in: [.list],
                   help: "wrap the column's long cells (again: one line)",
                   reference: "wrap the current column's long cells within the column (no wider than the screen leaves it), "
                       + "each row as tall as its tallest wrapped cell; again puts them back on one line"),
        KeyBinding("u", ["u": .undo], in: [.list],
                   help: "undo the last sort, group, filter, hide or pin",
                   reference: "undo the last change of arrangement: sort, group, filter, hide or pin"),
        KeyBinding("Esc", [.key(.escape): .cancel], in: everywhere,
                   help: "cancel a sort or count being worked out",
                   reference: "cancel a sort, group or count being worked out (the view stays as it was); with none, back to the "
                       + "list from a record in full, the keys, `F`, `I` or a prompt"),
        KeyBinding("] [", ["]": .nextSection, "[": .previousSection], in: [.list],
                   help: "the next, the previous section",
                   reference: "the first record of the next, the previous section"),
        KeyBinding("/TEXT Enter", ["/": .search, "n": .nextMatch, "N": .previousMatch], in: [.list, .detail],
                   help: "search forward; n N the next, the previous match",
                   reference: "search forward (case ignored); `n`, `N` the next, the previous match; in a record in full, its "
                       + "names and values, unfolding what hides a match"),
        KeyBinding("&WHERE Enter", ["&": .filter], in: [.list],
                   help: "show only records where WHERE holds (as --where); & Enter again clears it",
                   reference: "show only the records where a `--where` predicate holds; the prompt opens empty, naming the filter "
                       + "in force, and `&` Enter clears it; a field no record has is named in the status line with the closest one"),
        KeyBinding("Enter", [.key(.enter): .open], in: listAndViews.union([.prompt]),
                   help: "a nested cell as a sheet; else the record in full",
                   reference: "on an object or array cell, dive: the value opens as a sheet of its own (an array of objects as "
                       + "rows with their members as columns, of scalars as one `value` column, an object as `key`, `value` "
                       + "rows), where every key works, and the status line shows the way back (`orders.json › id=1001 › "
                       + "items`); on any other cell, the record under the cursor in full, as a tree that folds, a long value "
                       + "whole over the lines under it (Enter on a nested node dives, on another `q` or Esc goes back); at a "
                       + "prompt, what it asks"),
        KeyBinding("space ← → h l", [" ": .toggleFold, .key(.left): .fold, "h": .fold, .key(.right): .unfold, "l": .unfold],
                   in: [.detail],
                   help: "in a record in full: fold or unfold a node",
                   reference: "in a record in full: space folds or unfolds the node under the cursor (a folded node shows its "
                       + "size: `{3 fields}`, `[10 items]`); `←` folds it, or on a folded node or a value goes to its parent; "
                       + "`→` unfolds it, or goes to its first child"),
        KeyBinding("zM zR", ["z": .foldEvery], in: [.detail],
                   help: "in a record in full: fold, unfold every node",
                   reference: "in a record in full: fold every node (the fields alone show), unfold every node"),
        KeyBinding("Backspace", [.key(.backspace): .back], in: [.list],
                   help: "back from a dived sheet to where the dive began",
                   reference: "back from a dived sheet to where the dive began: the sheet under it as it was, cursor and "
                       + "all; diving again into the same value opens the sheet as it was left"),
        KeyBinding("Tab S-Tab", ["\t": .nextSheet, .key(.backTab): .previousSheet], in: [.list],
                   help: "the next, the previous file's sheet",
                   reference: "with several files, each is a sheet of its own (`--concat`: one list), named with its row count "
                       + "on the tab line at the top; Tab and Shift-Tab go to the next and the previous, each keeping its "
                       + "arrangement, cursor and marks"),
        KeyBinding("Backspace Tab", [.key(.backspace): .erase, "\t": .complete], in: [.prompt],
                   help: "at a prompt: erase a character; complete a column's name",
                   reference: "at a prompt: erase the last character typed; complete a column's name (`c`)"),
        KeyBinding("m M U", ["m": .mark, "M": .markAll, "U": .unmarkAll], in: [.list],
                   help: "mark or unmark the row; mark every row shown; unmark all",
                   reference: "mark or unmark the row (the cursor stays); mark every row shown (after the filter); unmark every row"),
        KeyBinding("y Y", ["y": .copyCell, "Y": .copyRow], in: [.list],
                   help: "copy the cell, the row (as q writes it) to the clipboard",
                   reference: "copy the cell under the cursor in the current column to the clipboard (its text as in the data, "
                       + "nested values as compact JSON); copy the row under the cursor as `q` would write it alone: CSV and TSV "
                       + "its line without the header, JSON and JSON Lines one compact object, a human style what it writes for "
                       + "that record"),
        KeyBinding("y Y", ["y": .copyPath, "Y": .copyValue], in: [.detail],
                   help: "in a record in full: copy the node's path, its value",
                   reference: "in a record in full: copy the path of the node under the cursor (`items[2].sku`, the syntax of "
                       + "`--where` and `--fields`; from a dived sheet, the path in the file's record), or its value as "
                       + "compact JSON"),
        KeyBinding("mouse", [.mouse: .mouse], in: [.list, .detail],
                   help: "a click moves to its row; the wheel moves three rows",
                   reference: "a click on a row moves the cursor there (headers and the status line do nothing); a notch of the "
                       + "wheel moves it three rows, or scrolls a record in full three lines"),
        KeyBinding("?", ["?": .help], in: [.list],
                   help: "these keys (any key but a moving one goes back)",
                   reference: "the keys (on a screen too short for them, the moving keys scroll them; any other key goes back)"),
        KeyBinding("q", ["q": .quit], in: listAndViews,
                   help: "quit, writing the marked rows to standard output",
                   reference: "quit, writing the marked records to standard output in `--style`, by default the input's own format "
                       + "(CSV with its header, JSON as an array, JSON Lines as lines): each file's sheet's in file order, then "
                       + "those marked in dived sheets as `{\"record\":{\"id\":1001},\"path\":\"items[2]\",\"value\":…}`; "
                       + "from a record in full, `F` or `I`, back to the list"),
        KeyBinding("^C", [.key(.interrupt): .quitWithoutWriting], in: everywhere,
                   help: "quit, writing nothing",
                   reference: "quit, writing nothing (status 130)"),
    ]

    /// The command `key` gives in `view`, or nil when no row binds it there.
    public static func command(for key: BrowserKey, in view: BrowserModel.Mode.Kind) -> BrowserCommand? {
        for binding in table {
            if let command = binding.command(for: key, in: view) { return command }
        }
        return nil
    }
}
