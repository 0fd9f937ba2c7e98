/*
 * A C face for simdjson (Debian's libsimdjson-dev), the JSON parser that finds a text's
 * structure with SIMD instructions, for reading JSON Lines and a JSON array's elements
 * (`SimdjsonParser` in ListviewJSON). simdjson's API is C++; these three functions are all it needs.
 *
 * A parse leaves simdjson's DOM tape (its format: simdjson's doc/tape.md) and string buffer in
 * the parser, valid until its next parse, with the source text of each number, which the tape
 * holds only as a value.
 */
#ifndef LISTVIEW_SIMDJSON_H
#define LISTVIEW_SIMDJSON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The writable bytes a text must be followed by: a closing `]` and simdjson's padding. */
#define LISTVIEW_SIMDJSON_ROOM 65

/* How the text is read. */
enum {
    /* JSON Lines: each line blank or one whole value. */
    LISTVIEW_SIMDJSON_LINES = 0,
    /* An array's elements, separated by commas (the array is opened and closed here). */
    LISTVIEW_SIMDJSON_ELEMENTS = 1,
    /* An array's last elements and the `]` that closes it (opened here). */
    LISTVIEW_SIMDJSON_LAST_ELEMENTS = 2,
};

/* Where a parse's results lie, valid until the parser's next parse. */
typedef struct listview_simdjson_result {
    /* The tape: `[`, the values read (the lines' values, or the elements), `]`. */
    const uint64_t *tape;
    const uint8_t *strings;
    /* Each number's source text, in the tape's order: its offset in the buffer, and its length. */
    const uint32_t *numbers;
    size_t number_count;
    /* Each object and array directly inside a value read (a line's value, or an element: a
     * record's fields), in the tape's order, as four numbers: its source text's offset in the
     * buffer, the offset after its closing bracket, the numbers in it, and how deep it goes
     * (1: nothing nested in it). */
    const uint32_t *containers;
    size_t container_count;
} listview_simdjson_result;

/* A parser (simdjson's DOM parser). */
typedef struct listview_simdjson listview_simdjson;

/* A parser that refuses nesting deeper than `max_depth` levels; NULL when out of memory. */
listview_simdjson *listview_simdjson_new(size_t max_depth);

void listview_simdjson_free(listview_simdjson *parser);

/*
 * Parses the `length` bytes at `buffer + 1` as `mode` says, as one array: `buffer[0]` and the
 * LISTVIEW_SIMDJSON_ROOM bytes after the text are written (and JSON Lines' line feeds, put back
 * after). Returns 0 and fills `result`; nonzero (simdjson's error code, or -1 for JSON Lines
 * whose lines are not one value each) when the text is not that: the caller reads it another way.
 */
int listview_simdjson_parse(listview_simdjson *parser, char *buffer, size_t length, int mode, listview_simdjson_result *result);

#ifdef __cplusplus
}
#endif

#endif
