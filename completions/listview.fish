function __listview_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __listview_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __listview_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __listview_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __listview_parse_tokens -S
    set -l unparsed_tokens (__listview_tokens -pc)
    switch $unparsed_tokens[1]
    case 'listview'
        __listview_parse_subcommand -r 1 'input=' 'path=' 'delimiter=' 'no-header' 'no-infer' 'lazy-quotes' 'null-value=+' 'file-field=' 'fields=' 'where=+' 'search=' 'group-by=+' 'exclude=+' 'sort-groups=' 'sort=+' 'page-size=' 'page=' 'limit=' 'style=' 'width=' 'wrap' 'max-col-width=' 'no-pager' 'null-text=' 'border' 'color=' 'gap=' 'row-gap=' 'indent=' 'section-gap=' 'section-layout=+' 'template=+' 'kind-field=' 'kind=+' 'title=' 'subtitle=' 'detail=' 'footer=' 'counts' 'histogram=' 'chart' 'summary' 'fail-if-empty' 'memory-limit=' 'temp-dir=' 'explain' 'flatten' 'flatten-depth=' 'no-flatten' 'flatten-separator=' 'explode=+' 'explode-drop-empty' 'unflatten' 'i/interactive' 'follow' 'concat' 'view=' 'config=' 'no-config' 'views' 'version' 'h/help'
        switch $unparsed_tokens[1]
        case 'diff'
            __listview_parse_subcommand 2 'key=' 'ignore=+' 'array-key=+' 'unordered=+' 'scrub=+' 'exact' 'tolerance=+' 'stat' 'chart' 'max-changes=' 'counts' 'i/interactive' 'memory-limit=' 'temp-dir=' 'explain' 'input=' 'path=' 'delimiter=' 'no-header' 'no-infer' 'lazy-quotes' 'null-value=+' 'fields=' 'where=+' 'search=' 'group-by=+' 'style=' 'width=' 'wrap' 'max-col-width=' 'no-pager' 'null-text=' 'border' 'color=' 'gap=' 'row-gap=' 'indent=' 'section-gap=' 'section-layout=+' 'view=' 'config=' 'no-config' 'version' 'h/help'
        case 'help'
            __listview_parse_subcommand -r 1 'version'
        end
    end
end

function __listview_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __listview_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __listview_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __listview_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__listview_tokens -p)
    if test -z "$(__listview_tokens -t)"
        set -l index (count (__listview_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'listview' -f
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" input' -l 'input' -d 'Input format (default: from the file extension, else sniffed from the content).' -rfka 'json jsonl csv tsv'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" path' -l 'path' -d 'List the value at this dotted path, e.g. \'data.items\' or \'results.0.rows\'.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" delimiter' -l 'delimiter' -d 'CSV field separator: one character, or \'\\t\' for tab (default: \',\' for CSV, tab for TSV).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" no-header' -l 'no-header' -d 'CSV/TSV: the first row is data; columns are named 1, 2, 3, ….'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" no-infer' -l 'no-infer' -d 'CSV/TSV: keep every cell a string (no numbers for sorting and alignment).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" lazy-quotes' -l 'lazy-quotes' -d 'CSV/TSV: keep a stray quote as text instead of failing (strict RFC 4180 is the default).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview"' -l 'null-value' -d 'CSV/TSV: cells with exactly this text are null (sorted last, never compared, counted as nulls), e.g. NA or \'\\N\'; repeatable.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" file-field' -l 'file-field' -d 'Add a first field of this name holding each record\'s input file, as given (\'-\' for standard input); for several inputs.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" fields' -l 'fields' -d 'Columns to show, in order, comma-separated; dotted paths reach into nested values, and globs such as \'bill_*\' pick every matching column.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview"' -l 'where' -d 'Keep records where FIELD=VALUE holds (also !=, <, <=, >, >=, FIELD~REGEX, an RE2 expression matched in linear time, and \'FIELD is null\' or \'FIELD is not null\'; spaced out as \'id >= 1003\' too); numbers compare as numbers, null and missing match only \'is null\'. Repeatable: all must hold.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" search' -l 'search' -d 'Keep records with this text in any field (case-insensitive).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview"' -l 'group-by' -d 'One section per distinct value of this field (null is a section too). Give twice for nested sections.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview"' -l 'exclude' -d 'Leave out these fields (comma-separated names or globs, e.g. \'note,raw_*\'); repeatable.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" sort-groups' -l 'sort-groups' -d 'Section order: first (appearance), key or count, with :asc or :desc. Default: first; count sorts largest first.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview"' -l 'sort' -d 'Sort rows by this field, numbers as numbers, nulls last; repeatable, stable.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" page-size' -l 'page-size' -d 'Rows per page; shows one page with a footer.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" page' -l 'page' -d 'The page to show, from 1 (needs --page-size).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" limit' -l 'limit' -d 'Show at most this many rows.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" style' -l 'style' -d 'Output style (default: table; line with --template, list with --title).' -rfka 'table list line markdown json jsonl csv tsv'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" width' -l 'width' -d 'Fit tables to this many terminal cells (default: the terminal\'s width; no limit when piped).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" wrap' -l 'wrap' -d 'Wrap long table cells onto more lines instead of cutting them with \'…\'.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" max-col-width' -l 'max-col-width' -d 'No table column wider than this many cells.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" no-pager' -l 'no-pager' -d 'Never page: write straight to the terminal (piped output is never paged).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" null-text' -l 'null-text' -d 'What a null cell shows in table and markdown styles (default: null), e.g. \'\' or \'-\'.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" border' -l 'border' -d 'Draw table borders with box-drawing characters.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" color' -l 'color' -d 'Colour section titles, column titles and nulls: auto (a terminal, TERM not dumb, NO_COLOR unset), always or never.' -rfka 'auto always never'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" gap' -l 'gap' -d 'Spaces between table columns (default 2).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" row-gap' -l 'row-gap' -d 'Blank lines between rows, cards or lines (default 0; 1 between cards).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" indent' -l 'indent' -d 'Spaces before each row and column header, e.g. to inset rows under section headers (default 0).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" section-gap' -l 'section-gap' -d 'Blank lines between sections (default 1).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview"' -l 'section-layout' -d 'Spacing for the sections of one group value: FIELD=VALUE:SETTING=N,… with row-gap, indent or section-gap, e.g. \'status=pending:row-gap=1\'; repeatable.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview"' -l 'template' -d 'A line per record: \'text {field} {other:<12} {n:>6}\' ({{ and }} for braces). With --kind-field, KIND=TEMPLATE gives records of that kind their own line; repeatable.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" kind-field' -l 'kind-field' -d 'The field whose value picks each record\'s --kind KIND=… (or --template KIND=…).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview"' -l 'kind' -d 'With --kind-field, how records of one kind are drawn: KIND=TEMPLATE, KIND=card:title=F,subtitle=G,detail=H|I, or KIND=table:fields=A|B|C (a block with its own header); repeatable.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" title' -l 'title' -d 'list style: the field shown as each card\'s title (default: the first field).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" subtitle' -l 'subtitle' -d 'list style: the field shown under the title.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" detail' -l 'detail' -d 'list style: the fields shown as \'key: value\' details (default: all others).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" footer' -l 'footer' -d 'A summary under each section and for the whole list: count, sum:F, min:F, max:F, mean:F, comma-separated.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" counts' -l 'counts' -d 'Print only each section\'s header and record count (with --group-by), or the total.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" histogram' -l 'histogram' -d 'Count FIELD\'s numbers (or ISO dates) in BINS equal bins (default 10) and draw each bin\'s count as a bar, per section with --group-by; \':log\' draws the bars on a log scale. Machine styles write a record per bin (from, to, count).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" chart' -l 'chart' -d 'With --counts (or diff --stat): draw each count as a bar scaled to the terminal, nested groups indented; with --style markdown, a Mermaid bar chart that GitHub draws.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" summary' -l 'summary' -d 'Describe each column instead of listing records: types, count, nulls, distinct values, min, max, mean and the most common values (per section with --group-by).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" fail-if-empty' -l 'fail-if-empty' -d 'Exit with status 1 when no record matches.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" memory-limit' -l 'memory-limit' -d 'Memory a run may hold before it works on disk (a sorted or grouped list sorts runs of rows, a table is read twice, a summary estimates distinct values, a keyed diff cuts both files into partitions by key, the browser reads rows back from disk), e.g. 512MB or 4GB (default: 60% of the memory available, or $LISTVIEW_MEMORY_LIMIT).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" temp-dir' -l 'temp-dir' -d 'The folder for spill files (default: $TMPDIR, else /tmp).' -rfa '(__listview_complete_directories)'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" explain' -l 'explain' -d 'Say on standard error which way the run reads and holds its rows, and why: streamed or whole, in memory or on disk within the memory limit.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" flatten' -l 'flatten' -d 'Nested objects and arrays as dotted columns (customer.name, items.0.sku) in every style; \'--flatten N\' flattens N levels. CSV and TSV output flattens by default.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" flatten-depth' -l 'flatten-depth' -d 'How many levels --flatten spreads (what \'--flatten N\' sets).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" no-flatten' -l 'no-flatten' -d 'CSV and TSV output: keep a nested value as its JSON text in one cell.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" flatten-separator' -l 'flatten-separator' -d 'What joins the keys of a flattened path (default \'.\').' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview"' -l 'explode' -d 'One row per element of the array in this field, the other fields repeated and an element\'s fields as FIELD.x columns; one field.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" explode-drop-empty' -l 'explode-drop-empty' -d 'With --explode, a record whose array is empty gives no row (default: one row with null).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" unflatten' -l 'unflatten' -d 'Dotted columns (customer.name, items.0.sku) as nested objects and arrays again, e.g. CSV written as JSON.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" i interactive' -s 'i' -l 'interactive' -d 'Browse full-screen (on /dev/tty): move with j/k, search with /, filter with &, mark rows with m; q writes the marked rows to standard output (? lists the keys).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" follow' -l 'follow' -d 'With -i: read on as the file grows, or as the pipe is written, and add the new records, like \'less +F\' (JSON Lines, CSV, TSV); the cursor on the last row stays there.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" concat' -l 'concat' -d 'With -i and several files: browse them as one list, in order, as the command line reads them (without it, each file is a sheet of its own; Tab moves between them).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" view' -l 'view' -d 'Apply the options of this view from listview.toml (here or in a parent directory, up to the repository root) or ~/.config/listview/config.toml; an option given on the command line wins over the view\'s.' -rfka '(__listview_custom_completion ---completion -- --view (count (__listview_tokens -pc)) (__listview_tokens -tC))'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" config' -l 'config' -d 'Read views and [defaults] from this file instead of listview.toml and ~/.config/listview/config.toml.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'toml\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" no-config' -l 'no-config' -d 'Read no view file: no [defaults], no views (LISTVIEW_NO_CONFIG=1 does the same).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" views' -l 'views' -d 'List the views of listview.toml and ~/.config/listview/config.toml (or --config FILE): each one\'s name, file and line, and options.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" version' -l 'version' -d 'Show the version.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'listview' -n '__listview_should_offer_completions_for_positional "listview" -eq 1' -fa 'diff' -d 'Compare two files of records: removed, added and changed records, in sections with counts.'
complete -c 'listview' -n '__listview_should_offer_completions_for_positional "listview" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" key' -l 'key' -d 'The fields that name a record in both files, comma-separated (dotted paths reach into objects). Without it, whole records are compared as multisets.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff"' -l 'ignore' -d 'Leave these fields out of the comparison and the output (comma-separated names or globs, e.g. \'updated_at,*_id\'); paths reach into values at any depth: \'items[].updated_at\', \'items.*.updated_at\', \'**.etag\'. Repeatable.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff"' -l 'array-key' -d 'Match the elements of the arrays at ARRAY by their key fields (ARRAY=FIELD, FIELD+FIELD for a composite key; nested arrays by path: items.lots=lot), so a reorder is no change and a change reads items[sku=A].qty. Repeatable.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff"' -l 'unordered' -d 'Compare the arrays at these paths as multisets: order is no change, an element one side lacks is added or removed (\'*\': every array). Repeatable.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff"' -l 'scrub' -d 'Replace what REGEX (RE2 syntax) matches in every string with \'…\' before comparing, for timestamps and ids inside text (a string that reads as a number is a number, as in CSV: not scrubbed, unless --exact); changes show the scrubbed text. Repeatable.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" exact' -l 'exact' -d 'Compare type and text as written: 12.50 differs from 12.5, null from a missing field, "1" from 1.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff"' -l 'tolerance' -d 'Numbers this close are equal: absolute (0.005), relative to the larger (0.1%), or for one field or path (amount=0.01, score=1%, \'items[].price=0.01\'); exact decimals, no float rounding. Repeatable; needs --key, or two one-object documents.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" stat' -l 'stat' -d 'After the differences (or alone with --counts), how many records changed each field, most changed first.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" chart' -l 'chart' -d 'With --stat: draw each field\'s count of changed records as a bar; with --style markdown, a Mermaid bar chart.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" max-changes' -l 'max-changes' -d 'Show at most N records of each kind (removed, added, changed), then \'… K more changed records\'; the summary and the status still count them all. For people\'s styles and github.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" counts' -l 'counts' -d 'Print only the summary: unchanged, added, removed and changed counts (per section with --group-by).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" i interactive' -s 'i' -l 'interactive' -d 'Review the differences in the browser: sections by kind of change with counts, every browser key; q writes the marked differences in --style (default jsonl).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" memory-limit' -l 'memory-limit' -d 'Memory a run may hold before it works on disk (a sorted or grouped list sorts runs of rows, a table is read twice, a summary estimates distinct values, a keyed diff cuts both files into partitions by key, the browser reads rows back from disk), e.g. 512MB or 4GB (default: 60% of the memory available, or $LISTVIEW_MEMORY_LIMIT).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" temp-dir' -l 'temp-dir' -d 'The folder for spill files (default: $TMPDIR, else /tmp).' -rfa '(__listview_complete_directories)'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" explain' -l 'explain' -d 'Say on standard error which way the run reads and holds its rows, and why: streamed or whole, in memory or on disk within the memory limit.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" input' -l 'input' -d 'Input format (default: from the file extension, else sniffed from the content).' -rfka 'json jsonl csv tsv'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" path' -l 'path' -d 'List the value at this dotted path, e.g. \'data.items\' or \'results.0.rows\'.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" delimiter' -l 'delimiter' -d 'CSV field separator: one character, or \'\\t\' for tab (default: \',\' for CSV, tab for TSV).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" no-header' -l 'no-header' -d 'CSV/TSV: the first row is data; columns are named 1, 2, 3, ….'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" no-infer' -l 'no-infer' -d 'CSV/TSV: keep every cell a string (no numbers for sorting and alignment).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" lazy-quotes' -l 'lazy-quotes' -d 'CSV/TSV: keep a stray quote as text instead of failing (strict RFC 4180 is the default).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff"' -l 'null-value' -d 'CSV/TSV: cells with exactly this text are null (sorted last, never compared, counted as nulls), e.g. NA or \'\\N\'; repeatable.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" fields' -l 'fields' -d 'Columns to show, in order, comma-separated; dotted paths reach into nested values, and globs such as \'bill_*\' pick every matching column.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff"' -l 'where' -d 'Keep records where FIELD=VALUE holds (also !=, <, <=, >, >=, FIELD~REGEX, an RE2 expression matched in linear time, and \'FIELD is null\' or \'FIELD is not null\'; spaced out as \'id >= 1003\' too); numbers compare as numbers, null and missing match only \'is null\'. Repeatable: all must hold.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" search' -l 'search' -d 'Keep records with this text in any field (case-insensitive).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff"' -l 'group-by' -d 'One section per distinct value of this field (null is a section too). Give twice for nested sections.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" style' -l 'style' -d 'Output style (default: table; line with --template, list with --title).' -rfka 'table list line markdown json jsonl csv tsv github junit'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" width' -l 'width' -d 'Fit tables to this many terminal cells (default: the terminal\'s width; no limit when piped).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" wrap' -l 'wrap' -d 'Wrap long table cells onto more lines instead of cutting them with \'…\'.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" max-col-width' -l 'max-col-width' -d 'No table column wider than this many cells.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" no-pager' -l 'no-pager' -d 'Never page: write straight to the terminal (piped output is never paged).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" null-text' -l 'null-text' -d 'What a null cell shows in table and markdown styles (default: null), e.g. \'\' or \'-\'.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" border' -l 'border' -d 'Draw table borders with box-drawing characters.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" color' -l 'color' -d 'Colour section titles, column titles and nulls: auto (a terminal, TERM not dumb, NO_COLOR unset), always or never.' -rfka 'auto always never'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" gap' -l 'gap' -d 'Spaces between table columns (default 2).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" row-gap' -l 'row-gap' -d 'Blank lines between rows, cards or lines (default 0; 1 between cards).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" indent' -l 'indent' -d 'Spaces before each row and column header, e.g. to inset rows under section headers (default 0).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" section-gap' -l 'section-gap' -d 'Blank lines between sections (default 1).' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff"' -l 'section-layout' -d 'Spacing for the sections of one group value: FIELD=VALUE:SETTING=N,… with row-gap, indent or section-gap, e.g. \'status=pending:row-gap=1\'; repeatable.' -rfka ''
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" view' -l 'view' -d 'Apply the options of this view from listview.toml (here or in a parent directory, up to the repository root) or ~/.config/listview/config.toml; an option given on the command line wins over the view\'s.' -rfka '(__listview_custom_completion ---completion diff -- --view (count (__listview_tokens -pc)) (__listview_tokens -tC))'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" config' -l 'config' -d 'Read views and [defaults] from this file instead of listview.toml and ~/.config/listview/config.toml.' -rfa '(for p in (string match -e -- \'*/\' (commandline -t);or printf \n)*.\'toml\';printf %s\n $p;end;__fish_complete_directories (commandline -t) \'\')'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" no-config' -l 'no-config' -d 'Read no view file: no [defaults], no views (LISTVIEW_NO_CONFIG=1 does the same).'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" version' -l 'version' -d 'Show the version.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview diff" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'listview' -n '__listview_should_offer_completions_for_flags_or_options "listview help" version' -l 'version' -d 'Show the version.'
