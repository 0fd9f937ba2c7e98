#compdef listview

__listview_complete() {
    local -ar non_empty_completions=("${@:#(|:*)}")
    local -ar empty_completions=("${(M)@:#(|:*)}")
    _describe -V '' non_empty_completions -- empty_completions -P $'\'\''
}

__listview_custom_complete() {
    local -a completions
    completions=("${(@f)"$("${command_name}" "${@}" "${command_line[@]}")"}")
    if [[ "${#completions[@]}" -gt 1 ]]; then
        __listview_complete "${completions[@]:0:-1}"
    fi
}

__listview_cursor_index_in_current_word() {
    if [[ -z "${QIPREFIX}${IPREFIX}${PREFIX}" ]]; then
        printf 0
    else
        printf %s "${#${(z)LBUFFER}[-1]}"
    fi
}

_listview() {
    emulate -RL zsh -G
    setopt extendedglob nullglob numericglobsort
    unsetopt aliases banghist

    local -xr SAP_SHELL=zsh
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(builtin emulate zsh -c 'printf %s "${ZSH_VERSION}"')"
    local -r SAP_SHELL_VERSION

    local context state state_descr line
    local -A opt_args

    local -r command_name="${words[1]}"
    local -ar command_line=("${words[@]}")
    local -ir current_word_index="$((CURRENT - 1))"

    local -i ret=1
    local -ar ___input=('json' 'jsonl' 'csv' 'tsv')
    local -ar ___style=('table' 'list' 'line' 'markdown' 'json' 'jsonl' 'csv' 'tsv')
    local -ar ___color=('auto' 'always' 'never')
    local -ar arg_specs=(
        '*:files:'
        '--input[Input format (default\: from the file extension, else sniffed from the content).]:format:{__listview_complete "${___input[@]}"}'
        '--path[List the value at this dotted path, e.g. '\''data.items'\'' or '\''results.0.rows'\''.]:path:'
        '--delimiter[CSV field separator\: one character, or '\''\\t'\'' for tab (default\: '\'','\'' for CSV, tab for TSV).]:char:'
        '--no-header[CSV/TSV\: the first row is data; columns are named 1, 2, 3, ….]'
        '--no-infer[CSV/TSV\: keep every cell a string (no numbers for sorting and alignment).]'
        '--lazy-quotes[CSV/TSV\: keep a stray quote as text instead of failing (strict RFC 4180 is the default).]'
        '*--null-value[CSV/TSV\: cells with exactly this text are null (sorted last, never compared, counted as nulls), e.g. NA or '\''\\N'\''; repeatable.]:text:'
        '--file-field[Add a first field of this name holding each record'\''s input file, as given ('\''-'\'' for standard input); for several inputs.]:name:'
        '--fields[Columns to show, in order, comma-separated; dotted paths reach into nested values, and globs such as '\''bill_*'\'' pick every matching column.]:fields:'
        '*--where[Keep records where FIELD=VALUE holds (also !=, <, <=, >, >=, FIELD~REGEX, an RE2 expression matched in linear time, and '\''FIELD is null'\'' or '\''FIELD is not null'\''; spaced out as '\''id >= 1003'\'' too); numbers compare as numbers, null and missing match only '\''is null'\''. Repeatable\: all must hold.]:predicate:'
        '--search[Keep records with this text in any field (case-insensitive).]:text:'
        '*--group-by[One section per distinct value of this field (null is a section too). Give twice for nested sections.]:field:'
        '*--exclude[Leave out these fields (comma-separated names or globs, e.g. '\''note,raw_*'\''); repeatable.]:fields:'
        '--sort-groups[Section order\: first (appearance), key or count, with \:asc or \:desc. Default\: first; count sorts largest first.]:order:'
        '*--sort[Sort rows by this field, numbers as numbers, nulls last; repeatable, stable.]:field\[\:desc\]:'
        '--page-size[Rows per page; shows one page with a footer.]:n:'
        '--page[The page to show, from 1 (needs --page-size).]:k:'
        '--limit[Show at most this many rows.]:n:'
        '--style[Output style (default\: table; line with --template, list with --title).]:style:{__listview_complete "${___style[@]}"}'
        '--width[Fit tables to this many terminal cells (default\: the terminal'\''s width; no limit when piped).]:n:'
        '--wrap[Wrap long table cells onto more lines instead of cutting them with '\''…'\''.]'
        '--max-col-width[No table column wider than this many cells.]:n:'
        '--no-pager[Never page\: write straight to the terminal (piped output is never paged).]'
        '--null-text[What a null cell shows in table and markdown styles (default\: null), e.g. '\'''\'' or '\''-'\''.]:text:'
        '--border[Draw table borders with box-drawing characters.]'
        '--color[Colour section titles, column titles and nulls\: auto (a terminal, TERM not dumb, NO_COLOR unset), always or never.]:when:{__listview_complete "${___color[@]}"}'
        '--gap[Spaces between table columns (default 2).]:n:'
        '--row-gap[Blank lines between rows, cards or lines (default 0; 1 between cards).]:n:'
        '--indent[Spaces before each row and column header, e.g. to inset rows under section headers (default 0).]:n:'
        '--section-gap[Blank lines between sections (default 1).]:n:'
        '*--section-layout[Spacing for the sections of one group value\: FIELD=VALUE\:SETTING=N,… with row-gap, indent or section-gap, e.g. '\''status=pending\:row-gap=1'\''; repeatable.]:layout:'
        '*--template[A line per record\: '\''text {field} {other\:<12} {n\:>6}'\'' ({{ and }} for braces). With --kind-field, KIND=TEMPLATE gives records of that kind their own line; repeatable.]:template:'
        '--kind-field[The field whose value picks each record'\''s --kind KIND=… (or --template KIND=…).]:field:'
        '*--kind[With --kind-field, how records of one kind are drawn\: KIND=TEMPLATE, KIND=card\:title=F,subtitle=G,detail=H|I, or KIND=table\:fields=A|B|C (a block with its own header); repeatable.]:kind=format:'
        '--title[list style\: the field shown as each card'\''s title (default\: the first field).]:field:'
        '--subtitle[list style\: the field shown under the title.]:field:'
        '--detail[list style\: the fields shown as '\''key\: value'\'' details (default\: all others).]:fields:'
        '--footer[A summary under each section and for the whole list\: count, sum\:F, min\:F, max\:F, mean\:F, comma-separated.]:aggregates:'
        '--counts[Print only each section'\''s header and record count (with --group-by), or the total.]'
        '--histogram[Count FIELD'\''s numbers (or ISO dates) in BINS equal bins (default 10) and draw each bin'\''s count as a bar, per section with --group-by; '\''\:log'\'' draws the bars on a log scale. Machine styles write a record per bin (from, to, count).]:field\[\:bins\]\[\:log\]:'
        '--chart[With --counts (or diff --stat)\: draw each count as a bar scaled to the terminal, nested groups indented; with --style markdown, a Mermaid bar chart that GitHub draws.]'
        '--summary[Describe each column instead of listing records\: types, count, nulls, distinct values, min, max, mean and the most common values (per section with --group-by).]'
        '--fail-if-empty[Exit with status 1 when no record matches.]'
        '--memory-limit[Memory a run may hold before it works on disk (a sorted or grouped list sorts runs of rows, a table is read twice, a summary estimates distinct values, a keyed diff cuts both files into partitions by key, the browser reads rows back from disk), e.g. 512MB or 4GB (default\: 60% of the memory available, or $LISTVIEW_MEMORY_LIMIT).]:size:'
        '--temp-dir[The folder for spill files (default\: $TMPDIR, else /tmp).]:dir:_files -/'
        '--explain[Say on standard error which way the run reads and holds its rows, and why\: streamed or whole, in memory or on disk within the memory limit.]'
        '--flatten[Nested objects and arrays as dotted columns (customer.name, items.0.sku) in every style; '\''--flatten N'\'' flattens N levels. CSV and TSV output flattens by default.]'
        '--flatten-depth[How many levels --flatten spreads (what '\''--flatten N'\'' sets).]:n:'
        '--no-flatten[CSV and TSV output\: keep a nested value as its JSON text in one cell.]'
        '--flatten-separator[What joins the keys of a flattened path (default '\''.'\'').]:text:'
        '*--explode[One row per element of the array in this field, the other fields repeated and an element'\''s fields as FIELD.x columns; one field.]:field:'
        '--explode-drop-empty[With --explode, a record whose array is empty gives no row (default\: one row with null).]'
        '--unflatten[Dotted columns (customer.name, items.0.sku) as nested objects and arrays again, e.g. CSV written as JSON.]'
        '(-i --interactive)'{-i,--interactive}'[Browse full-screen (on /dev/tty)\: move with j/k, search with /, filter with &, mark rows with m; q writes the marked rows to standard output (? lists the keys).]'
        '--follow[With -i\: read on as the file grows, or as the pipe is written, and add the new records, like '\''less +F'\'' (JSON Lines, CSV, TSV); the cursor on the last row stays there.]'
        '--concat[With -i and several files\: browse them as one list, in order, as the command line reads them (without it, each file is a sheet of its own; Tab moves between them).]'
        '--view[Apply the options of this view from listview.toml (here or in a parent directory, up to the repository root) or ~/.config/listview/config.toml; an option given on the command line wins over the view'\''s.]:name:{__listview_custom_complete ---completion -- --view "${current_word_index}" "$(__listview_cursor_index_in_current_word)"}'
        '--config[Read views and \[defaults\] from this file instead of listview.toml and ~/.config/listview/config.toml.]:file:_files -g '\''*.toml'\'''
        '--no-config[Read no view file\: no \[defaults\], no views (LISTVIEW_NO_CONFIG=1 does the same).]'
        '--views[List the views of listview.toml and ~/.config/listview/config.toml (or --config FILE)\: each one'\''s name, file and line, and options.]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
        '(-): :->command'
        '(-)*:: :->arg'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0
    case "${state}" in
    command)
        local -ar subcommands=(
            'diff:Compare two files of records: removed, added and changed records, in sections with counts.'
            'help:Show subcommand help information.'
        )
        _describe -V subcommand subcommands && ret=0
        ;;
    arg)
        case "${words[1]}" in
        diff|help)
            "_listview_${words[1]}" && ret=0
            ;;
        esac
        ;;
    esac

    return "${ret}"
}

_listview_diff() {
    local -i ret=1
    local -ar ___input=('json' 'jsonl' 'csv' 'tsv')
    local -ar ___style=('table' 'list' 'line' 'markdown' 'json' 'jsonl' 'csv' 'tsv' 'github' 'junit')
    local -ar ___color=('auto' 'always' 'never')
    local -ar arg_specs=(
        ':old:'
        ':new:'
        '--key[The fields that name a record in both files, comma-separated (dotted paths reach into objects). Without it, whole records are compared as multisets.]:fields:'
        '*--ignore[Leave these fields out of the comparison and the output (comma-separated names or globs, e.g. '\''updated_at,*_id'\''); paths reach into values at any depth\: '\''items\[\].updated_at'\'', '\''items.*.updated_at'\'', '\''**.etag'\''. Repeatable.]:paths:'
        '*--array-key[Match the elements of the arrays at ARRAY by their key fields (ARRAY=FIELD, FIELD+FIELD for a composite key; nested arrays by path\: items.lots=lot), so a reorder is no change and a change reads items\[sku=A\].qty. Repeatable.]:array=fields:'
        '*--unordered[Compare the arrays at these paths as multisets\: order is no change, an element one side lacks is added or removed ('\''*'\''\: every array). Repeatable.]:path:'
        '*--scrub[Replace what REGEX (RE2 syntax) matches in every string with '\''…'\'' before comparing, for timestamps and ids inside text (a string that reads as a number is a number, as in CSV\: not scrubbed, unless --exact); changes show the scrubbed text. Repeatable.]:regex:'
        '--exact[Compare type and text as written\: 12.50 differs from 12.5, null from a missing field, "1" from 1.]'
        '*--tolerance[Numbers this close are equal\: absolute (0.005), relative to the larger (0.1%), or for one field or path (amount=0.01, score=1%, '\''items\[\].price=0.01'\''); exact decimals, no float rounding. Repeatable; needs --key, or two one-object documents.]:bound:'
        '--stat[After the differences (or alone with --counts), how many records changed each field, most changed first.]'
        '--chart[With --stat\: draw each field'\''s count of changed records as a bar; with --style markdown, a Mermaid bar chart.]'
        '--max-changes[Show at most N records of each kind (removed, added, changed), then '\''… K more changed records'\''; the summary and the status still count them all. For people'\''s styles and github.]:N:'
        '--counts[Print only the summary\: unchanged, added, removed and changed counts (per section with --group-by).]'
        '(-i --interactive)'{-i,--interactive}'[Review the differences in the browser\: sections by kind of change with counts, every browser key; q writes the marked differences in --style (default jsonl).]'
        '--memory-limit[Memory a run may hold before it works on disk (a sorted or grouped list sorts runs of rows, a table is read twice, a summary estimates distinct values, a keyed diff cuts both files into partitions by key, the browser reads rows back from disk), e.g. 512MB or 4GB (default\: 60% of the memory available, or $LISTVIEW_MEMORY_LIMIT).]:size:'
        '--temp-dir[The folder for spill files (default\: $TMPDIR, else /tmp).]:dir:_files -/'
        '--explain[Say on standard error which way the run reads and holds its rows, and why\: streamed or whole, in memory or on disk within the memory limit.]'
        '--input[Input format (default\: from the file extension, else sniffed from the content).]:format:{__listview_complete "${___input[@]}"}'
        '--path[List the value at this dotted path, e.g. '\''data.items'\'' or '\''results.0.rows'\''.]:path:'
        '--delimiter[CSV field separator\: one character, or '\''\\t'\'' for tab (default\: '\'','\'' for CSV, tab for TSV).]:char:'
        '--no-header[CSV/TSV\: the first row is data; columns are named 1, 2, 3, ….]'
        '--no-infer[CSV/TSV\: keep every cell a string (no numbers for sorting and alignment).]'
        '--lazy-quotes[CSV/TSV\: keep a stray quote as text instead of failing (strict RFC 4180 is the default).]'
        '*--null-value[CSV/TSV\: cells with exactly this text are null (sorted last, never compared, counted as nulls), e.g. NA or '\''\\N'\''; repeatable.]:text:'
        '--fields[Columns to show, in order, comma-separated; dotted paths reach into nested values, and globs such as '\''bill_*'\'' pick every matching column.]:fields:'
        '*--where[Keep records where FIELD=VALUE holds (also !=, <, <=, >, >=, FIELD~REGEX, an RE2 expression matched in linear time, and '\''FIELD is null'\'' or '\''FIELD is not null'\''; spaced out as '\''id >= 1003'\'' too); numbers compare as numbers, null and missing match only '\''is null'\''. Repeatable\: all must hold.]:predicate:'
        '--search[Keep records with this text in any field (case-insensitive).]:text:'
        '*--group-by[One section per distinct value of this field (null is a section too). Give twice for nested sections.]:field:'
        '--style[Output style (default\: table; line with --template, list with --title).]:style:{__listview_complete "${___style[@]}"}'
        '--width[Fit tables to this many terminal cells (default\: the terminal'\''s width; no limit when piped).]:n:'
        '--wrap[Wrap long table cells onto more lines instead of cutting them with '\''…'\''.]'
        '--max-col-width[No table column wider than this many cells.]:n:'
        '--no-pager[Never page\: write straight to the terminal (piped output is never paged).]'
        '--null-text[What a null cell shows in table and markdown styles (default\: null), e.g. '\'''\'' or '\''-'\''.]:text:'
        '--border[Draw table borders with box-drawing characters.]'
        '--color[Colour section titles, column titles and nulls\: auto (a terminal, TERM not dumb, NO_COLOR unset), always or never.]:when:{__listview_complete "${___color[@]}"}'
        '--gap[Spaces between table columns (default 2).]:n:'
        '--row-gap[Blank lines between rows, cards or lines (default 0; 1 between cards).]:n:'
        '--indent[Spaces before each row and column header, e.g. to inset rows under section headers (default 0).]:n:'
        '--section-gap[Blank lines between sections (default 1).]:n:'
        '*--section-layout[Spacing for the sections of one group value\: FIELD=VALUE\:SETTING=N,… with row-gap, indent or section-gap, e.g. '\''status=pending\:row-gap=1'\''; repeatable.]:layout:'
        '--view[Apply the options of this view from listview.toml (here or in a parent directory, up to the repository root) or ~/.config/listview/config.toml; an option given on the command line wins over the view'\''s.]:name:{__listview_custom_complete ---completion diff -- --view "${current_word_index}" "$(__listview_cursor_index_in_current_word)"}'
        '--config[Read views and \[defaults\] from this file instead of listview.toml and ~/.config/listview/config.toml.]:file:_files -g '\''*.toml'\'''
        '--no-config[Read no view file\: no \[defaults\], no views (LISTVIEW_NO_CONFIG=1 does the same).]'
        '--version[Show the version.]'
        '(-h --help)'{-h,--help}'[Show help information.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

_listview_help() {
    local -i ret=1
    local -ar arg_specs=(
        '*:subcommands:'
        '--version[Show the version.]'
    )
    _arguments -w -s -S : "${arg_specs[@]}" && ret=0

    return "${ret}"
}

if [[ "${funcstack[1]}" = _listview ]]; then
    _listview "${@}"
else
    compdef _listview listview
fi
