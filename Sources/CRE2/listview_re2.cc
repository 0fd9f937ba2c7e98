// RE2 behind the C functions of include/listview_re2.h.
#include "listview_re2.h"

#include <re2/re2.h>

#include <cstdio>
#include <new>
#include <string>

struct listview_re2 {
    RE2 regex;
    listview_re2(const re2::StringPiece &pattern, const RE2::Options &options) : regex(pattern, options) {}
};

extern "C" listview_re2 *listview_re2_new(const char *pattern, size_t length, char *error, size_t error_size) {
    RE2::Options options;
    options.set_log_errors(false);  // the caller reports the error, once
    listview_re2 *compiled = new (std::nothrow) listview_re2(re2::StringPiece(pattern, length), options);
    if (compiled == nullptr) {
        if (error_size > 0) std::snprintf(error, error_size, "%s", "out of memory");
        return nullptr;
    }
    if (!compiled->regex.ok()) {
        if (error_size > 0) std::snprintf(error, error_size, "%s", compiled->regex.error().c_str());
        delete compiled;
        return nullptr;
    }
    return compiled;
}

extern "C" int listview_re2_search(const listview_re2 *regex, const char *text, size_t length) {
    return RE2::PartialMatch(re2::StringPiece(text, length), regex->regex) ? 1 : 0;
}

extern "C" int listview_re2_next_match(const listview_re2 *regex, const char *text, size_t length, size_t from,
                                       size_t *start, size_t *end) {
    re2::StringPiece whole(text, length), found;
    if (from > length || !regex->regex.Match(whole, from, length, RE2::UNANCHORED, &found, 1)) return 0;
    *start = size_t(found.data() - text);
    *end = *start + found.size();
    return 1;
}

extern "C" void listview_re2_free(listview_re2 *regex) { delete regex; }
