// simdjson's DOM parser behind the C functions of include/listview_simdjson.h.
#include "listview_simdjson.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include <new>
#include <string>
#include <vector>

using namespace simdjson;

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// Whether only blanks lie from `from` to `to`, counting the line feeds among them into `feeds`.
bool blank_gap(const char *from, const char *to, size_t &feeds) {
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
size_t count_feeds(const char *text, size_t count) {
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
bool blanks_to(const char *from, const char *to) {
    for (; from < to; from++) {
        if (!is_blank(*from)) return false;
    }
    return true;
}

bool is_number_byte(char c) { return (c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'; }

// What a structural character is to the walk over them: nothing (a string's quote, a colon, a
// literal), a container's start or end, a comma, or a number's first byte.
enum Structural : uint8_t { other, opening, closing, comma, number };

struct StructuralTable {
    Structural of[256] = {};
    constexpr StructuralTable() {
        of[uint8_t('[')] = of[uint8_t('{')] = opening;
        of[uint8_t(']')] = of[uint8_t('}')] = closing;
        of[uint8_t(',')] = comma;
        of[uint8_t('-')] = number;
        for (char digit = '0'; digit <= '9'; digit++) of[uint8_t(digit)] = number;
    }
};

constexpr StructuralTable structurals;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// The end of the JSON number at `p` (the byte after it), or nullptr when it is not one.
[[gnu::always_inline]] inline const char *number_end(const char *p) {
    if (*p == '-') p++;
    if (*p == '0') {
        p++;
    } else if (*p >= '1' && *p <= '9') {
        while (is_digit(*++p)) {}
    } else {
        return nullptr;
    }
    if (*p == '.') {
        if (!is_digit(*++p)) return nullptr;
        while (is_digit(*++p)) {}
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        if (*p == '+' || *p == '-') p++;
        if (!is_digit(*p)) return nullptr;
        while (is_digit(*++p)) {}
    }
    return p;
}

bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Whether the four hex digits at `p` are D, then `low` to `high` (in either case), then two more.
bool surrogate_half(const char *p, char low, char high) {
    char second = char(p[1] | 0x20);
    return (p[0] | 0x20) == 'd' && is_hex(p[1]) && second >= low && second <= high && is_hex(p[2]) && is_hex(p[3]);
}

// The closing quote of the string whose opening quote is at `p`, with `escaped` set when it
// holds an escape; nullptr when an escape is not JSON's, or is half of a surrogate pair (the
// tape's parse reads those). simdjson found the closing quote, and the text is padded: the words
// read past it are readable.
const char *closing_quote(const char *p, bool &escaped) {
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

}  // namespace

struct listview_simdjson {
    dom::parser parser;
    bool allocated;
    std::vector<uint32_t> numbers;
    // Each container directly inside a value read: where it starts and ends, the numbers in it
    // and how deep it goes (listview_simdjson_result).
    std::vector<uint32_t> containers;
    // JSON Lines: the line feeds that stand in for commas while the text is parsed.
    std::vector<size_t> commas;
    // A projection (listview_simdjson_keep): whether to try one, the kept keys, and the records' triples.
    bool projects = false;
    std::vector<std::string> keys;
    // Each kept key's length and, for one of up to 8 bytes, its bytes as a word and the mask of them.
    size_t key_lengths[LISTVIEW_SIMDJSON_KEPT_KEYS] = {};
    uint64_t key_words[LISTVIEW_SIMDJSON_KEPT_KEYS] = {}, key_masks[LISTVIEW_SIMDJSON_KEPT_KEYS] = {};
    // The triples' words: `field_words` of them, in memory kept between parses.
    std::vector<uint32_t> fields;
    size_t field_words = 0;

    explicit listview_simdjson(size_t max_depth)
        : allocated(parser.allocate(1 << 20, max_depth) == SUCCESS) {}

    int parse(char *buffer, size_t length, int mode, listview_simdjson_result *result) {
        if (!allocated) return MEMALLOC;
        size_t lines = 0;
        buffer[0] = '[';
        // The text is given back as it came, whatever happens here (running out of memory too).
        struct Restore {
            char *buffer;
            size_t at;
            char replaced;
            std::vector<size_t> &commas;
            ~Restore() {
                for (size_t comma : commas) buffer[comma] = '\n';
                commas.clear();
                buffer[at] = replaced;
            }
        } restore{buffer, 1 + length, buffer[1 + length], commas};
        size_t size = length + 1;
        if (mode == LISTVIEW_SIMDJSON_LINES && projects) {
            // The lines as they are, in `[` and `]`: the projection checks they hold a record each.
            buffer[size] = ']';
            if (project(buffer, size + 1, true, result)) return 0;
        }
        if (mode == LISTVIEW_SIMDJSON_LINES) {
            // Each line feed after a value and before the next becomes a comma: the lines are
            // one array's elements. A value over two lines, or two on a line, then makes an
            // array of another length (or no array).
            char *text = buffer + 1, *end = text + length;
            char *previous_end = nullptr;
            for (char *start = text; start < end;) {
                auto *feed = static_cast<char *>(std::memchr(start, '\n', size_t(end - start)));
                char *line_end = feed == nullptr ? end : feed;
                char *first = start;
                while (first < line_end && is_blank(*first)) first++;
                if (first < line_end) {
                    if (previous_end != nullptr) {
                        commas.push_back(size_t(previous_end - buffer));
                        *previous_end = ',';
                    }
                    lines++;
                    previous_end = feed;
                }
                if (feed == nullptr) break;
                start = feed + 1;
            }
            buffer[size++] = ']';
        } else if (mode == LISTVIEW_SIMDJSON_ELEMENTS) {
            buffer[size++] = ']';
        }
        if (mode != LISTVIEW_SIMDJSON_LINES && projects && project(buffer, size, false, result)) return 0;
        return parse_array(buffer, size, lines, mode == LISTVIEW_SIMDJSON_LINES, result);
    }

    // The array of `size` bytes at `buffer` read as a projection: true when it is one (`result`
    // filled), false when the tape must be made (the text is not JSON, or holds what a
    // projection does not read: a record that is not an object, a key with an escape, a kept
    // key holding a container). With `lines`, the text is JSON Lines in `[` and `]`, its line
    // feeds left as they are: records are apart by blanks with a line feed among them, and
    // every line feed of the text must be one of those (a record is on one line).
    // simdjson's first stage finds the structure and checks the UTF-8; this walk checks the rest
    // of the grammar, each scalar, and each escape, as the tape's parse would.
    bool project(const char *buffer, size_t size, bool lines, listview_simdjson_result *result) {
        auto &found = *parser.implementation;
        if (found.capacity() < size && parser.allocate(size, parser.max_depth()) != SUCCESS) return false;
        if (found.stage1(reinterpret_cast<const uint8_t *>(buffer), size, stage1_mode::regular) != SUCCESS) return false;
        const uint32_t *indexes = found.structural_indexes.get();
        const uint32_t count = found.n_structural_indexes;
        if (count < 2 || buffer[indexes[0]] != '[') return false;
        // As deep as the assembler takes (its depth, which the parser's exceeds by 2, counts the
        // array but not JSON Lines' lines): deeper, the tape's replay refuses what is too deep.
        Walk walk{buffer, size, indexes, count, parser.max_depth() - 2};
        auto *slash = static_cast<const char *>(std::memchr(buffer, '\\', size));
        walk.next_slash = slash == nullptr ? buffer + size : slash;
        field_words = 0;
        // JSON Lines: the line feeds between records, and in the blanks before the first.
        size_t feeds = 0;
        if (lines && !blank_gap(buffer + 1, buffer + indexes[1], feeds)) return false;
        uint32_t i = 1;
        if (buffer[indexes[1]] != ']') {
            while (true) {
                // A record: an object, whose fields' keys are compared with the kept keys.
                if (i + 1 >= count || buffer[indexes[i]] != '{') return false;
                push(LISTVIEW_SIMDJSON_FIELD_BEGIN, indexes[i], 0);
                i++;
                if (buffer[indexes[i]] == '}') {
                    i++;
                } else {
                    while (true) {
                        // A field: its key, a colon, its value, then a comma or the record's `}`.
                        if (i + 3 >= count) return false;
                        const uint32_t at = indexes[i], colon = indexes[i + 1];
                        // A key with an escape might be a kept one once undone: the tape's parse reads it.
                        if (walk.has_escapes(colon)) return false;
                        const char *key_end = walk.string_end(at, colon);
                        if (key_end == nullptr || buffer[colon] != ':') return false;
                        const int kept = kept_key(buffer + at + 1, size_t(key_end - buffer) - at - 2);
                        const uint32_t value = indexes[i + 2];
                        const char first = buffer[value];
                        if (first == '{' || first == '[') {
                            if (kept >= 0) return false;
                            i = walk.container(i + 2, 2);
                            if (i == 0 || i >= count) return false;
                        } else {
                            uint32_t kind;
                            const char *end = walk.scalar_end(value, indexes[i + 3], kind);
                            if (end == nullptr) return false;
                            if (kept >= 0) {
                                const bool quoted = kind == LISTVIEW_SIMDJSON_FIELD_STRING || kind == LISTVIEW_SIMDJSON_FIELD_ESCAPED_STRING;
                                push(kind + uint32_t(kept) * 256, value + quoted, uint32_t(end - buffer) - value - 2 * quoted);
                            }
                            i += 3;
                        }
                        const char next = buffer[indexes[i]];
                        i++;
                        if (next == '}') break;
                        if (next != ',') return false;
                    }
                }
                push(LISTVIEW_SIMDJSON_FIELD_END, indexes[i - 1], 0);
                if (i >= count) return false;
                const uint32_t at = indexes[i];
                if (lines) {
                    // Blanks up to the next record, a line feed among them; or up to the `]`.
                    const size_t before = feeds;
                    if (!blank_gap(buffer + indexes[i - 1] + 1, buffer + at, feeds)) return false;
                    if (buffer[at] == ']') break;
                    if (feeds == before) return false;
                    continue;
                }
                if (buffer[at] == ']') break;
                if (buffer[at] != ',') return false;
                i++;
            }
        }
        // The array's `]` ends the text; in JSON Lines, every line feed is between records.
        if (i + 1 < count && indexes[i + 1] < size) return false;
        if (lines && feeds != count_feeds(buffer + 1, size - 2)) return false;
        *result = {};
        result->fields = fields.data();
        result->field_count = field_words / 3;
        return true;
    }

    [[gnu::always_inline]] void push(uint32_t kind, uint32_t offset, uint32_t length) {
        if (field_words + 3 > fields.size()) [[unlikely]] fields.resize(2 * fields.size() + 3 * 1024);
        uint32_t *next = fields.data() + field_words;
        next[0] = kind;
        next[1] = offset;
        next[2] = length;
        field_words += 3;
    }

    // Which kept key the `length` bytes at `key` are, or -1. A key of up to 8 bytes is compared
    // as one word (the text is padded: the bytes after it are readable).
    [[gnu::always_inline]] int kept_key(const char *key, size_t length) const {
        for (size_t index = 0; index < keys.size(); index++) {
            if (key_lengths[index] != length) continue;
            if (length <= 8) {
                uint64_t word;
                std::memcpy(&word, key, 8);
                if ((word & key_masks[index]) == key_words[index]) return int(index);
            } else if (std::memcmp(keys[index].data(), key, length) == 0) {
                return int(index);
            }
        }
        return -1;
    }

    // A walk over the structure simdjson's first stage found (`indexes`, `count` of them) in the
    // text of `size` bytes at `buffer`, checking what that stage does not: the grammar, scalars, escapes.
    struct Walk {
        const char *buffer;
        size_t size;
        const uint32_t *indexes;
        uint32_t count;
        size_t max_depth;
        // The first backslash not before the strings still to be walked: a string that ends
        // before it has no escape.
        const char *next_slash = nullptr;
        std::vector<uint8_t> objects{};

        // The end (after its closing quote) of the string opening at `at`, the next structural
        // being at `next`; nullptr when there is no string there (simdjson's first stage takes
        // `x"y"` for one scalar), or an escape in it is not JSON's or is half of a surrogate
        // pair. It has escapes exactly when `has_escapes(next)` was true before the call.
        [[gnu::always_inline]] const char *string_end(uint32_t at, uint32_t next) {
            const char *start = buffer + at, *limit = buffer + next;
            if (*start != '"') return nullptr;
            if (next_slash >= limit) [[likely]] {
                // No backslash: the closing quote is the last byte before the next structural but blanks.
                const char *end = limit;
                if (end[-1] != '"') [[unlikely]] {
                    while (is_blank(end[-1])) end--;
                }
                return end - 1 > start && end[-1] == '"' ? end : nullptr;
            }
            return escaped_string_end(start, limit);
        }

        // Whether the string before the structural at `next` has escapes: a backslash lies
        // before `next` (not before the string: `next_slash` is past the strings walked, and a
        // backslash outside a string ends the walk).
        [[gnu::always_inline]] bool has_escapes(uint32_t next) const { return next_slash < buffer + next; }

        // `string_end` of a string before whose next structural a backslash lies.
        [[gnu::noinline]] const char *escaped_string_end(const char *start, const char *limit) {
            bool escaped = false;
            const char *quote = next_slash < start ? nullptr : closing_quote(start, escaped);
            if (quote == nullptr || !blanks_to(quote + 1, limit)) return nullptr;
            auto *slash = static_cast<const char *>(std::memchr(quote, '\\', size_t(buffer + size - quote)));
            next_slash = slash == nullptr ? buffer + size : slash;
            return quote + 1;
        }

        // The end of the scalar at `at` (after a string's closing quote), the next structural
        // being at `next`, and its kind; nullptr when it is not a JSON scalar.
        [[gnu::always_inline]] const char *scalar_end(uint32_t at, uint32_t next, uint32_t &kind) {
            const char *start = buffer + at, *end;
            switch (*start) {
            case '"':
                kind = has_escapes(next) ? LISTVIEW_SIMDJSON_FIELD_ESCAPED_STRING : LISTVIEW_SIMDJSON_FIELD_STRING;
                return string_end(at, next);
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
            return end != nullptr && blanks_to(end, buffer + next) ? end : nullptr;
        }

        // Walks the object or array opening at structural `i`, inside `depth` containers; returns
        // the index of the structural after its closing bracket, or 0 when it is not JSON (or too deep).
        uint32_t container(uint32_t i, size_t depth) {
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
                        expect = c == '{' ? key_or_close : value_or_close;
                        continue;
                    } else {
                        uint32_t kind;
                        if (i + 1 >= count || scalar_end(at, indexes[i + 1], kind) == nullptr) return 0;
                        expect = after_value;
                        continue;
                    }
                case key_or_close:
                    if (c == '}') break;
                    [[fallthrough]];
                case key:
                    if (c != '"' || i + 1 >= count || string_end(at, indexes[i + 1]) == nullptr) return 0;
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
                if (--depth == outer) return i + 1;
                expect = after_value;
            }
            return 0;
        }
    };


    // Parses the array of `size` bytes at `buffer` (of `lines` elements, when `count_lines`).
    int parse_array(const char *buffer, size_t size, size_t lines, bool count_lines, listview_simdjson_result *result) {
        dom::element root;
        if (auto error = parser.parse(reinterpret_cast<const uint8_t *>(buffer), size, false).get(root)) return error;
        const uint64_t *tape = parser.doc.tape.get();
        if ((tape[1] >> 56) != '[') return -1;
        if (count_lines && ((tape[1] >> 32) & 0xFFFFFF) != lines) return -1;
        // Each number's text: it begins at a structural index (a number is the only value
        // beginning with `-` or a digit) and runs on over the bytes a number is made of.
        numbers.clear();
        const auto &found = *parser.implementation;
        // JSON Lines: as many values as lines is not enough (the lines `{"a":[1`, `2]}` and `{},{}`
        // make three values): every comma between the array's elements must be a line feed that
        // stood in for one.
        // Most structurals are quotes and colons: one look at the table passes them over.
        size_t depth = 0, next_comma = 0;
        // Locals: stores into the vectors below may alias the parser's members for all the
        // compiler knows, which it would then load again at every structural.
        const uint32_t *indexes = found.structural_indexes.get();
        const uint32_t structural_count = found.n_structural_indexes;
        containers.clear();
        // The record field being walked: where it starts, the numbers before it, how deep it goes.
        uint32_t nested_start = 0, nested_numbers = 0;
        size_t nested_deepest = 0;
        for (uint32_t i = 0; i < structural_count; i++) {
            uint32_t at = indexes[i];
            if (at >= size) break;
            switch (structurals.of[uint8_t(buffer[at])]) {
            case other:
                break;
            case opening:
                // A container directly inside a value read (a record's field): where it starts.
                if (++depth == 3) {
                    nested_start = at;
                    nested_numbers = uint32_t(numbers.size() / 2);
                    nested_deepest = 3;
                } else if (depth > nested_deepest) {
                    nested_deepest = depth;
                }
                break;
            case closing:
                if (depth-- == 3) {
                    containers.push_back(nested_start);
                    containers.push_back(at + 1);
                    containers.push_back(uint32_t(numbers.size() / 2) - nested_numbers);
                    containers.push_back(uint32_t(nested_deepest - 2));
                }
                break;
            case comma:
                if (count_lines && depth == 1) {
                    while (next_comma < commas.size() && commas[next_comma] < at) next_comma++;
                    if (next_comma == commas.size() || commas[next_comma] != at) return -1;
                }
                break;
            case number: {
                // Only blanks may come between a number and the next structural: when the byte
                // before that one is the number's, the number ends there (compact text, the
                // usual case); else its bytes are counted.
                uint32_t end;
                uint32_t next = i + 1 < structural_count ? indexes[i + 1] : 0;
                if (next > at && next <= size && is_number_byte(buffer[next - 1])) {
                    end = next;
                } else {
                    end = at + 1;
                    while (end < size && is_number_byte(buffer[end])) end++;
                }
                numbers.push_back(at);
                numbers.push_back(end - at);
                break;
            }
            }
        }
        *result = {};
        result->tape = tape;
        result->strings = parser.doc.string_buf.get();
        result->numbers = numbers.data();
        result->number_count = numbers.size() / 2;
        result->containers = containers.data();
        result->container_count = containers.size() / 4;
        return 0;
    }
};

// No exception crosses into Swift: running out of memory is a null parser, or a parse that
// fails (the caller then reads the text another way, and reports what that finds).
extern "C" listview_simdjson *listview_simdjson_new(size_t max_depth) {
    try {
        return new listview_simdjson(max_depth);
    } catch (...) {
        return nullptr;
    }
}

extern "C" void listview_simdjson_free(listview_simdjson *parser) { delete parser; }

extern "C" int listview_simdjson_keep(listview_simdjson *parser, const char *const *keys, const size_t *lengths, size_t count) {
    if (count > LISTVIEW_SIMDJSON_KEPT_KEYS) return 0;
    try {
        parser->keys.clear();
        for (size_t index = 0; index < count; index++) {
            parser->keys.emplace_back(keys[index], lengths[index]);
            const size_t length = lengths[index];
            parser->key_lengths[index] = length;
            if (length <= 8) {
                uint64_t word = 0;
                std::memcpy(&word, keys[index], length);
                parser->key_words[index] = word;
                parser->key_masks[index] = length == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * length)) - 1;
            }
        }
        parser->projects = true;
        return 0;
    } catch (...) {
        parser->projects = false;
        return MEMALLOC;
    }
}

extern "C" int listview_simdjson_parse(listview_simdjson *parser, char *buffer, size_t length, int mode,
                                       listview_simdjson_result *result) {
    try {
        return parser->parse(buffer, length, mode, result);
    } catch (...) {
        return MEMALLOC;
    }
}
