// The walk of a projection (listview_simdjson_keep): over the structure simdjson's first stage
// found in a text, checking what that stage does not (the grammar, numbers, literals, escapes),
// and the scans of the text it makes. Included by listview_simdjson.cc alone.
#ifndef LISTVIEW_PROJECTION_WALK_H
#define LISTVIEW_PROJECTION_WALK_H

#include "listview_simdjson.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace listview_projection {

inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Whether only blanks lie from `from` to `to`, counting the line feeds among them into `feeds`.
inline bool blank_gap(const char *from, const char *to, size_t &feeds) {
    for (; from < to; from++) {
        if (*from == '\n') {
            feeds++;
        } else if (!is_blank(*from)) {
            return false;
        }
    }
    return true;
}

// The line feeds in the `count` bytes at `text`, sixteen bytes at a time (in vector registers
// where the machine has them): counted in each lane for up to 255 rounds, then summed.
inline size_t count_feeds(const char *text, size_t count) {
    typedef unsigned char Bytes16 __attribute__((vector_size(16)));
    const Bytes16 feed = Bytes16{} + '\n';
    size_t total = 0, index = 0;
    while (count - index >= 16) {
        Bytes16 lanes{};
        const size_t rounds = std::min<size_t>((count - index) / 16, 255);
        for (size_t round = 0; round < rounds; round++, index += 16) {
            Bytes16 bytes;
            std::memcpy(&bytes, text + index, 16);
            lanes -= reinterpret_cast<Bytes16>(bytes == feed);
        }
        for (int lane = 0; lane < 16; lane++) total += lanes[lane];
    }
    for (; index < count; index++) total += text[index] == '\n';
    return total;
}

// Whether only blanks lie from `from` to `to` (a scalar's end and the next structural).
inline bool blanks_to(const char *from, const char *to) {
    for (; from < to; from++) {
        if (!is_blank(*from)) return false;
    }
    return true;
}


inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The first byte at or after `p` that is not an ASCII digit, eight bytes at a time (the text is
// padded: the words read past a number's end are readable). A byte less '0' is a digit when below
// 10: adding 0x76 sets its top bit exactly when it is not, unless that bit was set already. Only a
// byte that is no digit carries into the next, so the first byte flagged is the first non-digit.
[[gnu::always_inline]] inline const char *skip_digits(const char *p) {
    while (true) {
        uint64_t word;
        std::memcpy(&word, p, 8);
        const uint64_t offsets = word ^ 0x3030303030303030ULL;
        const uint64_t flags = ((offsets + 0x7676767676767676ULL) | offsets) & 0x8080808080808080ULL;
        if (flags != 0) return p + __builtin_ctzll(flags) / 8;
        p += 8;
    }
}

// The end of the JSON number at `p` (the byte after it), or nullptr when it is not one.
[[gnu::always_inline]] inline const char *number_end(const char *p) {
    if (*p == '-') p++;
    if (*p == '0') {
        p++;
    } else if (*p >= '1' && *p <= '9') {
        p = skip_digits(p + 1);
    } else {
        return nullptr;
    }
    if (*p == '.') {
        if (!is_digit(p[1])) return nullptr;
        p = skip_digits(p + 2);
    }
    if ((*p | 0x20) == 'e') {
        p++;
        if (*p == '+' || *p == '-') p++;
        if (!is_digit(*p)) return nullptr;
        p = skip_digits(p + 1);
    }
    return p;
}

inline bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Whether the four hex digits at `p` are D, then `low` to `high` (in either case), then two more.
inline bool surrogate_half(const char *p, char low, char high) {
    char second = char(p[1] | 0x20);
    return (p[0] | 0x20) == 'd' && is_hex(p[1]) && second >= low && second <= high && is_hex(p[2]) && is_hex(p[3]);
}

// The closing quote of the string whose opening quote is at `p`, with `escaped` set when it
// holds an escape; nullptr when an escape is not JSON's, or is half of a surrogate pair (the
// tape's parse reads those). simdjson found the closing quote, and the text is padded: the words
// read past it are readable.
inline const char *closing_quote(const char *p, bool &escaped) {
    const char *q = p + 1;
    while (true) {
        uint64_t word;
        std::memcpy(&word, q, 8);
        // The first byte of the word that is a quote or a backslash.
        uint64_t quotes = word ^ 0x2222222222222222ULL, slashes = word ^ 0x5C5C5C5C5C5C5C5CULL;
        uint64_t zero = ((quotes - 0x0101010101010101ULL) & ~quotes) | ((slashes - 0x0101010101010101ULL) & ~slashes);
        zero &= 0x8080808080808080ULL;
        if (zero == 0) {
            q += 8;
            continue;
        }
        q += __builtin_ctzll(zero) / 8;
        if (*q == '"') return q;
        escaped = true;
        switch (q[1]) {
        case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
            q += 2;
            break;
        case 'u':
            if (!is_hex(q[2]) || !is_hex(q[3]) || !is_hex(q[4]) || !is_hex(q[5])) return nullptr;
            if ((q[2] == 'd' || q[2] == 'D') && !(q[3] >= '0' && q[3] <= '7')) {
                // U+D800 to U+DFFF: a surrogate, which must be a high one (D800 to DBFF) and
                // then a low one (DC00 to DFFF).
                if (!surrogate_half(q + 2, '8', 'b') || q[6] != '\\' || q[7] != 'u' || !surrogate_half(q + 8, 'c', 'f')) return nullptr;
                q += 12;
                break;
            }
            q += 6;
            break;
        default:
            return nullptr;
        }
    }
}

// Appends the key of `length` bytes at `offset` of `buffer` to `keys` (offset and length pairs),
// whose pairs from `first` on are one object's keys; false when that object has it already, or
// has `most` keys (more are not compared pairwise: the tape reads such an object).
inline bool add_key_once(std::vector<uint32_t> &keys, size_t first, size_t most, const char *buffer, uint32_t offset, uint32_t length) {
    if (keys.size() - first >= 2 * most) return false;
    for (size_t index = first; index < keys.size(); index += 2) {
        if (keys[index + 1] == length && std::memcmp(buffer + keys[index], buffer + offset, length) == 0) return false;
    }
    keys.push_back(offset);
    keys.push_back(length);
    return true;
}

// A text being walked: its `size` bytes at `buffer`, and the first backslash not before the
// strings still to be walked (a string that ends before it has no escape). A value the walks keep
// in locals (a member of an object whose address a call takes would be loaded again at every use).
struct Text {
    const char *buffer;
    size_t size;
    const char *next_slash;
};

// `string_end` of a string before whose next structural a backslash lies: the end, and the next
// backslash after the string.
struct EscapedEnd {
    const char *end;
    const char *next_slash;
};

[[gnu::noinline]] inline EscapedEnd escaped_string_end(const Text text, const char *start, const char *limit) {
    bool escaped = false;
    const char *quote = text.next_slash < start ? nullptr : closing_quote(start, escaped);
    if (quote == nullptr || !blanks_to(quote + 1, limit)) return {nullptr, text.next_slash};
    auto *slash = static_cast<const char *>(std::memchr(quote, '\\', size_t(text.buffer + text.size - quote)));
    return {quote + 1, slash == nullptr ? text.buffer + text.size : slash};
}

// Whether the string before the structural at `next` has escapes: a backslash lies before
// `next` (not before the string: `next_slash` is past the strings walked, and a backslash
// outside a string ends the walk).
[[gnu::always_inline]] inline bool has_escapes(const Text &text, uint32_t next) { return text.next_slash < text.buffer + next; }

// The end (after its closing quote) of the string opening at `at`, the next structural being at
// `next`; nullptr when there is no string there (simdjson's first stage takes `x"y"` for one
// scalar), or an escape in it is not JSON's or is half of a surrogate pair. It has escapes exactly
// when `has_escapes(text, next)` was true before the call.
[[gnu::always_inline]] inline const char *string_end(Text &text, uint32_t at, uint32_t next) {
    const char *start = text.buffer + at, *limit = text.buffer + next;
    if (*start != '"') return nullptr;
    if (text.next_slash >= limit) [[likely]] {
        // No backslash: the closing quote is the last byte before the next structural but blanks.
        const char *end = limit;
        if (end[-1] != '"') [[unlikely]] {
            while (is_blank(end[-1])) end--;
        }
        return end - 1 > start && end[-1] == '"' ? end : nullptr;
    }
    const EscapedEnd found = escaped_string_end(text, start, limit);
    text.next_slash = found.next_slash;
    return found.end;
}

// The end of the scalar at `at` (after a string's closing quote), the next structural being at
// `next`, and its kind; nullptr when it is not a JSON scalar.
[[gnu::always_inline]] inline const char *scalar_end(Text &text, uint32_t at, uint32_t next, uint32_t &kind) {
    const char *start = text.buffer + at, *end;
    switch (*start) {
    case '"':
        kind = has_escapes(text, next) ? LISTVIEW_SIMDJSON_FIELD_ESCAPED_STRING : LISTVIEW_SIMDJSON_FIELD_STRING;
        return string_end(text, at, next);
    case 't':
        kind = LISTVIEW_SIMDJSON_FIELD_TRUE;
        end = std::memcmp(start, "true", 4) == 0 ? start + 4 : nullptr;
        break;
    case 'f':
        kind = LISTVIEW_SIMDJSON_FIELD_FALSE;
        end = std::memcmp(start, "false", 5) == 0 ? start + 5 : nullptr;
        break;
    case 'n':
        kind = LISTVIEW_SIMDJSON_FIELD_NULL;
        end = std::memcmp(start, "null", 4) == 0 ? start + 4 : nullptr;
        break;
    default:
        kind = LISTVIEW_SIMDJSON_FIELD_NUMBER;
        end = number_end(start);
    }
    return end != nullptr && blanks_to(end, text.buffer + next) ? end : nullptr;
}

// A walk over the structure simdjson's first stage found (`indexes`, `count` of them) in a text,
// checking what that stage does not: the grammar, scalars, escapes.
struct Walk {
    const uint32_t *indexes;
    uint32_t count;
    size_t max_depth;
    std::vector<uint8_t> objects{};
    // A projection of every key hands over nested values as written: an object in one with a key
    // twice (which the reader merges) is then not JSON the walk takes (`container<true>`). The
    // keys of the objects open (offset and length), each object's from `key_starts[its depth]` on.
    std::vector<uint32_t> open_keys{}, key_starts{};

    // Notes the key of `length` bytes at `offset` of the object open at `depth`; false when the
    // object has it already, or has too many keys to compare pairwise.
    bool new_key(const char *buffer, size_t depth, uint32_t offset, uint32_t length) {
        return add_key_once(open_keys, key_starts[depth], 256, buffer, offset, length);
    }

    // Walks the object or array opening at structural `i` of `text`, inside `depth` containers;
    // returns the index of the structural after its closing bracket, or 0 when it is not JSON (or
    // too deep, or, `RefusesRepeatedKeys`, an object in it has a key twice). The check is a template
    // argument so that a count's walk, which does not make it, has no test for it either.
    template <bool RefusesRepeatedKeys>
    uint32_t container(Text &text, uint32_t i, size_t depth) {
        const char *buffer = text.buffer;
        const size_t outer = depth;
        if (objects.size() < max_depth + 1) objects.resize(max_depth + 1);
        // What the next structural may be: a value, a value or `]` (after `[`), a key, a key
        // or `}` (after `{`), a colon, or what follows a value (a comma, or the closing bracket).
        enum Expect { value, value_or_close, key, key_or_close, colon, after_value } expect = value;
        for (; i < count; i++) {
            const uint32_t at = indexes[i];
            const char c = buffer[at];
            switch (expect) {
            case value_or_close:
                if (c == ']') break;
                [[fallthrough]];
            case value:
                if (c == '{' || c == '[') {
                    if (depth + 1 > max_depth) return 0;
                    objects[++depth] = c == '{';
                    if (RefusesRepeatedKeys && c == '{') {
                        if (key_starts.size() <= depth) key_starts.resize(depth + 1);
                        key_starts[depth] = uint32_t(open_keys.size());
                    }
                    expect = c == '{' ? key_or_close : value_or_close;
                    continue;
                } else {
                    uint32_t kind;
                    if (i + 1 >= count || scalar_end(text, at, indexes[i + 1], kind) == nullptr) return 0;
                    expect = after_value;
                    continue;
                }
            case key_or_close:
                if (c == '}') break;
                [[fallthrough]];
            case key:
                if (c != '"' || i + 1 >= count) return 0;
                if (const char *end = string_end(text, at, indexes[i + 1]); end == nullptr) {
                    return 0;
                } else if (RefusesRepeatedKeys && !new_key(buffer, depth, at + 1, uint32_t(end - buffer) - at - 2)) {
                    return 0;
                }
                expect = colon;
                continue;
            case colon:
                if (c != ':') return 0;
                expect = value;
                continue;
            case after_value:
                if (c == ',') {
                    expect = objects[depth] ? key : value;
                    continue;
                }
                if (c != (objects[depth] ? '}' : ']')) return 0;
                break;
            }
            // A container closes.
            if (RefusesRepeatedKeys && objects[depth]) open_keys.resize(key_starts[depth]);
            if (--depth == outer) return i + 1;
            expect = after_value;
        }
        return 0;
    }
};

}  // namespace listview_projection

#endif
