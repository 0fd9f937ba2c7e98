/*
 * A C face for simdjson (Debian's libsimdjson-dev), the JSON parser that finds a text's
 * structure with SIMD instructions, for reading JSON Lines and a JSON array's elements
 * (`SimdjsonTape` in ListviewJSON). simdjson's API is C++; these four functions are all it needs.
 *
 * A parse writes its events to a tape, one after another: an op byte, and after the ops that
 * carry text (numbers, strings, keys) its length (4 bytes, little-endian) and its bytes.
 * Strings and keys are unescaped; a number is its source text. The tape lives in the parser
 * and holds until its next parse.
 */
#ifndef LISTVIEW_SIMDJSON_H
#define LISTVIEW_SIMDJSON_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The bytes a text must be followed by, readable (their values do not matter). */
#define LISTVIEW_SIMDJSON_PADDING 64

enum {
    LISTVIEW_SIMDJSON_NULL = 0,
    LISTVIEW_SIMDJSON_FALSE = 1,
    LISTVIEW_SIMDJSON_TRUE = 2,
    LISTVIEW_SIMDJSON_NUMBER = 3,
    LISTVIEW_SIMDJSON_STRING = 4,
    LISTVIEW_SIMDJSON_KEY = 5,
    LISTVIEW_SIMDJSON_START_OBJECT = 6,
    LISTVIEW_SIMDJSON_START_ARRAY = 7,
    LISTVIEW_SIMDJSON_END = 8,
    /* JSON Lines: a line's value begins. */
    LISTVIEW_SIMDJSON_LINE = 9,
};

/* A parser (simdjson's On-Demand parser and the tape). */
typedef struct listview_simdjson listview_simdjson;

/* A parser that refuses nesting deeper than `max_depth` levels; NULL when out of memory. */
listview_simdjson *listview_simdjson_new(size_t max_depth);

void listview_simdjson_free(listview_simdjson *parser);

/*
 * Parses `text` (`length` bytes followed by LISTVIEW_SIMDJSON_PADDING readable ones), as JSON Lines
 * when `lines` (each line blank or one whole object or array), else as one array whose elements
 * alone are written to the tape. Returns 0 and sets `*tape` and `*tape_length`; nonzero (simdjson's
 * error code, or -1 for what it let through) when the text is not that: the caller reads it another way.
 */
int listview_simdjson_parse(listview_simdjson *parser, const char *text, size_t length, int lines,
                            const unsigned char **tape, size_t *tape_length);

#ifdef __cplusplus
}
#endif

#endif
