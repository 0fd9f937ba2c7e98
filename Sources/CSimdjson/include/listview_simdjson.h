/*
 * A C face for simdjson (Debian's libsimdjson-dev), the JSON parser that finds a text's
 * structure with SIMD instructions, for reading JSON Lines and a JSON array's elements
 * (`SimdjsonParser` in ListviewJSON). simdjson's API is C++; these three functions are all it needs.
 *
 * A parse leaves simdjson's DOM tape (its format: simdjson's doc/tape.md) and string buffer in
 * the parser, valid until its next parse, with the source text of each number, which the tape
 * holds only as a value. A parser told the only keys whose values are read
 * (`listview_simdjson_keep`) first tries a projection: simdjson finds the text's structure,
 * and a walk over it checks the grammar and each scalar and hands over the kept keys' values
 * alone, with no tape (`listview_simdjson_result.fields`). A parser told to keep every key
 * (`listview_simdjson_keep_every_key`) hands over every value of records that share their keys.
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

/* The most kept keys a projection takes (listview_simdjson_keep). */
#define LISTVIEW_SIMDJSON_KEPT_KEYS 8

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
    /* A projection's records (NULL when the parse made a tape instead), `field_count` triples in
     * the text's order: a LISTVIEW_SIMDJSON_FIELD_* kind, with the kept key's index times 256
     * added for a value; the value's offset in the buffer; its length (a string's bytes between
     * its quotes, escapes not undone). Each record is a BEGIN, its kept keys' scalar values
     * in its order, an END. */
    const uint32_t *fields;
    size_t field_count;
    /* A projection of every key (listview_simdjson_keep_every_key; NULL otherwise): the first
     * record's keys, `key_count` pairs of numbers, each key's offset in the buffer and its length
     * (the bytes between its quotes, which hold no escape). Every record has these keys, in this
     * order, each once; a value's triple says which (its key's place among them, times 256, added
     * to its kind), and a record's triples are its values alone. */
    const uint32_t *keys;
    size_t key_count;
} listview_simdjson_result;

/* The kinds of a projection's triples. */
enum {
    LISTVIEW_SIMDJSON_FIELD_BEGIN = 0,
    LISTVIEW_SIMDJSON_FIELD_END = 1,
    LISTVIEW_SIMDJSON_FIELD_STRING = 2,
    LISTVIEW_SIMDJSON_FIELD_NUMBER = 3,
    LISTVIEW_SIMDJSON_FIELD_TRUE = 4,
    LISTVIEW_SIMDJSON_FIELD_FALSE = 5,
    LISTVIEW_SIMDJSON_FIELD_NULL = 6,
    /* A string whose bytes between its quotes hold escapes, checked: JSON's, no half of a surrogate pair. */
    LISTVIEW_SIMDJSON_FIELD_ESCAPED_STRING = 7,
    /* An object or array (a projection of every key): its text, from its opening bracket to its
     * closing one, as written, its grammar checked. */
    LISTVIEW_SIMDJSON_FIELD_NESTED = 8,
};

/* A parser (simdjson's DOM parser). */
typedef struct listview_simdjson listview_simdjson;

/* A parser that refuses nesting deeper than `max_depth` levels; NULL when out of memory. */
listview_simdjson *listview_simdjson_new(size_t max_depth);

void listview_simdjson_free(listview_simdjson *parser);

/*
 * Makes the parser's parses try a projection first: records that are all objects, whose keys
 * hold no escape and whose `count` kept keys (`keys[i]`, `lengths[i]` bytes) hold
 * scalars; at most LISTVIEW_SIMDJSON_KEPT_KEYS, more are never projected. Any other text, or a text that is not JSON, is parsed into a tape
 * as before (whose failure says what is wrong). Returns 0; nonzero when out of memory.
 */
int listview_simdjson_keep(listview_simdjson *parser, const char *const *keys, const size_t *lengths, size_t count);

/*
 * Makes the parser's parses try a projection of every key first (`on` nonzero), unless kept keys
 * were given: records that are all objects with the first record's keys, in its order, each
 * once, none with an escape, holding scalars or nested values (`result.keys`). Any other text is
 * parsed into a tape; when that parse succeeds (JSON a projection of every key does not take),
 * the parser tries no such projection again (nor after `on` zero).
 */
void listview_simdjson_keep_every_key(listview_simdjson *parser, int on);

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
