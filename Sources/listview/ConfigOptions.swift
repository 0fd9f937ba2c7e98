import ArgumentParser

/// The view files: a view to apply, another file to read, or none (for a list and a diff alike).
///
/// `Listview.main()` reads these from the command line before parsing, to add the files'
/// options to it (`ViewFiles`); they are declared here so that `--help`, the man page and the
/// completion scripts show them.
struct ConfigOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Apply the options of this view from listview.toml (here or in a parent directory, up to the repository root) or ~/.config/listview/config.toml; an option given on the command line wins over the view's.",
                               valueName: "name"),
            completion: .custom(ViewFiles.completeViewNames))
    var view: String?

    @Option(help: ArgumentHelp("Read views and [defaults] from this file instead of listview.toml and ~/.config/listview/config.toml.",
                               valueName: "file"),
            completion: .file(extensions: ["toml"]))
    var config: String?

    @Flag(name: .customLong("no-config"), help: "Read no view file: no [defaults], no views (LISTVIEW_NO_CONFIG=1 does the same).")
    var noConfig = false
}
