/*
 * A C face for toml++ (Debian's libtomlplusplus-dev), which reads listview's view files
 * (listview.toml, config.toml). Swift cannot call toml++'s C++ API directly; one function
 * parses a text and hands back the document as compact JSON, or the syntax error.
 *
 * The JSON is what `ListviewJSON` reads: no spaces, tables as objects (keys in toml++'s
 * order, sorted), arrays as arrays, strings, booleans, integers as integers (decimal), floats
 * with a fractional part or an exponent (`1.0`, `1e+20`). TOML's other values have no JSON
 * form, so each is written as a three-element array led by null, `[null,"KIND","TEXT"]`, with
 * KIND `date`, `time` or `date-time` and TEXT its TOML spelling (`[null,"date","1979-05-27"]`),
 * and KIND `float` for `inf`, `-inf` and `nan`. TOML has no null, so no array of the file
 * starts with one.
 */
#ifndef LISTVIEW_TOML_H
#define LISTVIEW_TOML_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What listview_toml_parse read: `json` on success, else `error` with its position. */
typedef struct listview_toml_result {
    /* The document as compact JSON (`json_length` bytes, NUL-terminated), or NULL. */
    char *json;
    size_t json_length;
    /* toml++'s description of the syntax error (NUL-terminated), or NULL. */
    char *error;
    /* Where the error starts, from 1; 0 when toml++ gave no position (out of memory). */
    unsigned line;
    unsigned column;
} listview_toml_result;

/*
 * Parses `text` (UTF-8, `length` bytes). Returns 1 and sets `result->json`, or returns 0 and
 * sets `result->error`. Either way, release the result with listview_toml_result_free.
 */
int listview_toml_parse(const char *text, size_t length, listview_toml_result *result);

void listview_toml_result_free(listview_toml_result *result);

#ifdef __cplusplus
}
#endif

#endif
