/*
 * A C face for RE2 (Debian's libre2-dev), the regular-expression engine that matches
 * in time linear in the text, for `--where FIELD~REGEX`. Swift cannot call RE2's C++
 * API directly; these five functions are all it needs.
 */
#ifndef LISTVIEW_RE2_H
#define LISTVIEW_RE2_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A compiled pattern (an RE2 object). */
typedef struct listview_re2 listview_re2;

/*
 * Compiles `pattern` (UTF-8, `length` bytes). Returns NULL when it does not compile, with
 * RE2's reason copied into `error` (at most `error_size` bytes, NUL-terminated).
 */
listview_re2 *listview_re2_new(const char *pattern, size_t length, char *error, size_t error_size);

/* 1 when the pattern matches somewhere in `text` (UTF-8, `length` bytes), 0 otherwise. */
int listview_re2_search(const listview_re2 *regex, const char *text, size_t length);

/*
 * The first match in `text` (`length` bytes) that begins at `from` or later: 1 with its
 * bytes from `*start` to `*end`, or 0 when there is none. (`listview diff --scrub`.)
 */
int listview_re2_next_match(const listview_re2 *regex, const char *text, size_t length, size_t from, size_t *start, size_t *end);

void listview_re2_free(listview_re2 *regex);

#ifdef __cplusplus
}
#endif

#endif
