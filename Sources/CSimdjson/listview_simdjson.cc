// simdjson's DOM parser behind the C functions of include/listview_simdjson.h; a projection's walk
// is projection_walk.h.
#include "listview_simdjson.h"
#include "projection_walk.h"

#include <simdjson.h>

#include <algorithm>
#include <cstdint>
#include <cstring>

#include <memory>
#include <new>
#include <string>
#include <vector>

using namespace simdjson;
using namespace listview_projection;

namespace {

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
    // A projection of every key (listview_simdjson_keep_every_key), and the first record's keys
    // (offset, length) in the parse it last made.
    bool every_key = false;
    std::vector<uint32_t> first_keys;
    std::vector<std::string> keys;
    // Each kept key's length and, for one of up to 8 bytes, its bytes as a word and the mask of them;
    // how many there are, and a bit for each of their lengths (bit 63: 63 bytes or more).
    size_t key_lengths[LISTVIEW_SIMDJSON_KEPT_KEYS] = {};
    size_t kept_count = 0;
    uint64_t kept_lengths = 0;
    uint64_t key_words[LISTVIEW_SIMDJSON_KEPT_KEYS] = {}, key_masks[LISTVIEW_SIMDJSON_KEPT_KEYS] = {};
    // The triples' words: `field_words` of them, in memory kept between parses and grown
    // without zeroing (a vector's `resize` writes every new word: 2% of a count).
    std::unique_ptr<uint32_t[]> fields;
    size_t field_capacity = 0, field_words = 0;

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
        const bool projecting = projects || every_key;
        if (mode == LISTVIEW_SIMDJSON_LINES && projecting) {
            // The lines as they are, in `[` and `]`: the projection checks they hold a record each.
            buffer[size] = ']';
            if (project_any(buffer, size + 1, true, result)) return 0;
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
        if (mode != LISTVIEW_SIMDJSON_LINES && projecting && project_any(buffer, size, false, result)) return 0;
        const int status = parse_array(buffer, size, lines, mode == LISTVIEW_SIMDJSON_LINES, result);
        // JSON whose records a projection of every key does not take: such records are likely to
        // come again, so no more tries. (Text that is not JSON, such as a record cut short by the
        // end of what was read, says nothing of the records.)
        if (status == 0) every_key = false;
        return status;
    }

    // The array of `size` bytes at `buffer` read as a projection: true when it is one (`result`
    // filled), false when the tape must be made (the text is not JSON, or holds what a
    // projection does not read: a record that is not an object, a key with an escape, a kept
    // key holding a container; for a projection of every key, a record whose keys are not the
    // first record's, in its order, each once). With `lines`, the text is JSON Lines in `[` and `]`, its line
    // feeds left as they are: records are apart by blanks with a line feed among them, and
    // every line feed of the text must be one of those (a record is on one line).
    // simdjson's first stage finds the structure and checks the UTF-8; this walk checks the rest
    // of the grammar, each scalar, and each escape, as the tape's parse would.
    bool project_any(const char *buffer, size_t size, bool lines, listview_simdjson_result *result) {
        return every_key && !projects ? project<true>(buffer, size, lines, result) : project<false>(buffer, size, lines, result);
    }

    // `project_any` for a projection of every key (`Every`) or of the kept keys: a template
    // argument, so that neither walk tests which it is at every field.
    template <bool Every>
    bool project(const char *buffer, size_t size, bool lines, listview_simdjson_result *result) {
        auto &found = *parser.implementation;
        if (found.capacity() < size && parser.allocate(size, parser.max_depth()) != SUCCESS) return false;
        if (found.stage1(reinterpret_cast<const uint8_t *>(buffer), size, stage1_mode::regular) != SUCCESS) return false;
        const uint32_t *indexes = found.structural_indexes.get();
        const uint32_t count = found.n_structural_indexes;
        if (count < 2 || buffer[indexes[0]] != '[') return false;
        // As deep as the assembler takes (its depth, which the parser's exceeds by 2, counts the
        // array but not JSON Lines' lines): deeper, the tape's replay refuses what is too deep.
        Walk walk{indexes, count, parser.max_depth() - 2};
        auto *slash = static_cast<const char *>(std::memchr(buffer, '\\', size));
        Text text{buffer, size, slash == nullptr ? buffer + size : slash};
        field_words = 0;
        // Every key: the first record's keys, and the place of the next key of a record among them.
        const bool every = Every;
        bool first_record = true;
        size_t place = 0;
        first_keys.clear();
        // JSON Lines: the line feeds between records, and in the blanks before the first.
        size_t feeds = 0;
        if (lines && !blank_gap(buffer + 1, buffer + indexes[1], feeds)) return false;
        uint32_t i = 1;
        if (buffer[indexes[1]] != ']') {
            while (true) {
                // A record: an object, whose fields' keys are compared with the kept keys.
                if (i + 1 >= count || buffer[indexes[i]] != '{') return false;
                push(LISTVIEW_SIMDJSON_FIELD_BEGIN, indexes[i], 0);
                place = 0;
                i++;
                if (buffer[indexes[i]] == '}') {
                    i++;
                } else {
                    while (true) {
                        // A field: its key, a colon, its value, then a comma or the record's `}`.
                        if (i + 3 >= count) return false;
                        const uint32_t at = indexes[i], colon = indexes[i + 1];
                        // A key with an escape might be a kept one once undone: the tape's parse reads it.
                        if (has_escapes(text, colon)) return false;
                        const char *key_end = string_end(text, at, colon);
                        if (key_end == nullptr || buffer[colon] != ':') return false;
                        const uint32_t key_length = uint32_t(key_end - buffer) - at - 2;
                        int kept;
                        if (every) {
                            if (!(first_record ? first_key(at + 1, key_length, buffer) : same_key(place, at + 1, key_length, buffer))) return false;
                            kept = int(place++);
                        } else {
                            kept = kept_key(buffer + at + 1, key_length);
                        }
                        const uint32_t value = indexes[i + 2];
                        const char first = buffer[value];
                        if (first == '{' || first == '[') {
                            if (kept >= 0 && !every) return false;
                            i = walk.container<Every>(text, i + 2, 2);
                            if (i == 0 || i >= count) return false;
                            if (every) push(LISTVIEW_SIMDJSON_FIELD_NESTED + uint32_t(kept) * 256, value, indexes[i - 1] + 1 - value);
                        } else {
                            uint32_t kind;
                            const char *end = scalar_end(text, value, indexes[i + 3], kind);
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
                if (every && !first_record && place != first_keys.size() / 2) return false;
                first_record = false;
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
        result->fields = fields.get();
        result->field_count = field_words / 3;
        if (every) {
            result->keys = first_keys.data();
            result->key_count = first_keys.size() / 2;
        }
        return true;
    }

    // Notes the first record's key of `length` bytes at `offset`; false when it has it already
    // (or has more keys than are compared pairwise).
    bool first_key(uint32_t offset, uint32_t length, const char *buffer) {
        return add_key_once(first_keys, 0, 512, buffer, offset, length);
    }

    // Whether the key of `length` bytes at `offset` is the first record's key at `place`. Keys of
    // up to sixteen bytes (most) are compared a word or two at a time, masked to their length,
    // without a call (the text is padded: the bytes after a key are readable).
    [[gnu::always_inline]] bool same_key(size_t place, uint32_t offset, uint32_t length, const char *buffer) const {
        if (2 * place >= first_keys.size() || first_keys[2 * place + 1] != length) return false;
        const char *first = buffer + first_keys[2 * place], *key = buffer + offset;
        if (length > 16) return std::memcmp(first, key, length) == 0;
        uint64_t a, b;
        std::memcpy(&a, first, 8);
        std::memcpy(&b, key, 8);
        if (length <= 8) return ((a ^ b) & (length == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * length)) - 1)) == 0;
        if (a != b) return false;
        std::memcpy(&a, first + length - 8, 8);
        std::memcpy(&b, key + length - 8, 8);
        return a == b;
    }

    [[gnu::always_inline]] void push(uint32_t kind, uint32_t offset, uint32_t length) {
        if (field_words + 3 > field_capacity) [[unlikely]] grow_fields();
        uint32_t *next = fields.get() + field_words;
        next[0] = kind;
        next[1] = offset;
        next[2] = length;
        field_words += 3;
    }

    [[gnu::noinline]] void grow_fields() {
        const size_t capacity = 2 * field_capacity + 3 * 4096;
        std::unique_ptr<uint32_t[]> grown(new uint32_t[capacity]);
        if (field_words > 0) std::memcpy(grown.get(), fields.get(), field_words * sizeof(uint32_t));
        fields = std::move(grown);
        field_capacity = capacity;
    }

    // Which kept key the `length` bytes at `key` are, or -1. A key of a length no kept key has
    // (`kept_lengths`) is none; one of up to 8 bytes is compared as one word (the text is padded:
    // the bytes after it are readable).
    [[gnu::always_inline]] int kept_key(const char *key, size_t length) const {
        if ((kept_lengths & (uint64_t(1) << std::min<size_t>(length, 63))) == 0) return -1;
        uint64_t word;
        std::memcpy(&word, key, 8);
        for (size_t index = 0; index < kept_count; index++) {
            if (key_lengths[index] != length) continue;
            if (length <= 8 ? (word & key_masks[index]) == key_words[index] : std::memcmp(keys[index].data(), key, length) == 0) {
                return int(index);
            }
        }
        return -1;
    }

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
        parser->kept_count = 0;
        parser->kept_lengths = 0;
        for (size_t index = 0; index < count; index++) {
            parser->keys.emplace_back(keys[index], lengths[index]);
            const size_t length = lengths[index];
            parser->key_lengths[index] = length;
            parser->kept_lengths |= uint64_t(1) << std::min<size_t>(length, 63);
            if (length <= 8) {
                uint64_t word = 0;
                std::memcpy(&word, keys[index], length);
                parser->key_words[index] = word;
                parser->key_masks[index] = length == 8 ? ~uint64_t(0) : (uint64_t(1) << (8 * length)) - 1;
            }
        }
        parser->kept_count = count;
        parser->projects = true;
        return 0;
    } catch (...) {
        parser->projects = false;
        return MEMALLOC;
    }
}

extern "C" void listview_simdjson_keep_every_key(listview_simdjson *parser, int on) { parser->every_key = on != 0; }

extern "C" int listview_simdjson_parse(listview_simdjson *parser, char *buffer, size_t length, int mode,
                                       listview_simdjson_result *result) {
    try {
        return parser->parse(buffer, length, mode, result);
    } catch (...) {
        return MEMALLOC;
    }
}
