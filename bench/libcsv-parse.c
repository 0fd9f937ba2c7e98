/*
 * bench/libcsv-parse.c — libcsv's own parse-only time, the floor for listview's
 * plain CSV table (issue 13: T1 within 2x of this).
 *
 * Usage:
 *   libcsv-parse FILE      (or no FILE, or -, for standard input)
 *
 * Reads FILE in 1 MiB blocks on one thread and hands them to libcsv's
 * csv_parse with no options (CSV_STRICT off, as listview reads CSV), with
 * callbacks that do nothing but count fields and rows; prints
 *   rows N fields M
 * (the header line counts as a row). Exits 1 on a read or parse error.
 *
 * Build: cc -O2 -o libcsv-parse bench/libcsv-parse.c -lcsv
 * (Debian/Ubuntu: apt-get install libcsv-dev). bench/run.sh builds it when
 * missing or older than this file.
 */

#include <csv.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct counts {
    unsigned long long fields;
    unsigned long long rows;
};

static void on_field(void *data, size_t len, void *context)
{
    (void)data;
    (void)len;
    ((struct counts *)context)->fields++;
}

static void on_row(int terminator, void *context)
{
    (void)terminator;
    ((struct counts *)context)->rows++;
}

int main(int argc, char **argv)
{
    if (argc > 2) {
        fprintf(stderr, "usage: libcsv-parse [FILE]\n");
        return 2;
    }
    const char *path = argc == 2 ? argv[1] : "-";
    FILE *in = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    if (in == NULL) {
        fprintf(stderr, "libcsv-parse: %s: %s\n", path, strerror(errno));
        return 1;
    }

    struct csv_parser parser;
    if (csv_init(&parser, 0) != 0) {
        fprintf(stderr, "libcsv-parse: csv_init failed\n");
        return 1;
    }

    enum { BLOCK = 1 << 20 };
    static char block[BLOCK];
    struct counts counts = { 0, 0 };
    size_t got;
    while ((got = fread(block, 1, BLOCK, in)) > 0) {
        if (csv_parse(&parser, block, got, on_field, on_row, &counts) != got) {
            fprintf(stderr, "libcsv-parse: %s: %s\n", path, csv_strerror(csv_error(&parser)));
            return 1;
        }
    }
    if (ferror(in)) {
        fprintf(stderr, "libcsv-parse: %s: read error\n", path);
        return 1;
    }
    if (csv_fini(&parser, on_field, on_row, &counts) != 0) {
        fprintf(stderr, "libcsv-parse: %s: %s\n", path, csv_strerror(csv_error(&parser)));
        return 1;
    }
    csv_free(&parser);
    if (in != stdin) {
        fclose(in);
    }

    printf("rows %llu fields %llu\n", counts.rows, counts.fields);
    return 0;
}
