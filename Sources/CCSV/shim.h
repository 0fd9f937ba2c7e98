#ifndef LISTVIEW_CCSV_SHIM_H
#define LISTVIEW_CCSV_SHIM_H

#include <stddef.h>
#include <stdio.h>
#include <csv.h>

/// libcsv strips spaces and tabs around unquoted fields by default; listview keeps cell text exactly.
static inline int listview_csv_no_space(unsigned char c) {
    (void)c;
    return 0;
}

#endif
