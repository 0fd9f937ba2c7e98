// simdjson's DOM parser behind the C functions of include/listview_simdjson.h.
#include "listview_simdjson.h"

#include <simdjson.h>

#include <cstdint>
#include <cstring>
#include <new>
#include <vector>

using namespace simdjson;

namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

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
        return parse_array(buffer, size, lines, mode == LISTVIEW_SIMDJSON_LINES, result);
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

extern "C" int listview_simdjson_parse(listview_simdjson *parser, char *buffer, size_t length, int mode,
                                       listview_simdjson_result *result) {
    try {
        return parser->parse(buffer, length, mode, result);
    } catch (...) {
        return MEMALLOC;
    }
}
