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
    // JSON Lines: the line feeds that stand in for commas while the text is parsed.
    std::vector<size_t> commas;

    explicit listview_simdjson(size_t max_depth) : allocated(parser.allocate(1 << 20, max_depth) == SUCCESS) {}

    int parse(char *buffer, size_t length, int mode, listview_simdjson_result *result) {
        if (!allocated) return MEMALLOC;
        size_t lines = 0;
        buffer[0] = '[';
        char replaced = buffer[1 + length];
        size_t size = length + 1;
        if (mode == LISTVIEW_SIMDJSON_LINES) {
            // Each line feed after a value and before the next becomes a comma: the lines are
            // one array's elements. A value over two lines, or two on a line, then makes an
            // array of another length (or no array).
            commas.clear();
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
        int error = parse_array(buffer, size, lines, mode == LISTVIEW_SIMDJSON_LINES, result);
        for (size_t at : commas) buffer[at] = '\n';
        commas.clear();
        buffer[1 + length] = replaced;
        return error;
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
        for (uint32_t i = 0; i < found.n_structural_indexes; i++) {
            uint32_t at = found.structural_indexes[i];
            if (at >= size) break;
            switch (structurals.of[uint8_t(buffer[at])]) {
            case other:
                break;
            case opening:
                depth++;
                break;
            case closing:
                depth--;
                break;
            case comma:
                if (count_lines && depth == 1) {
                    while (next_comma < commas.size() && commas[next_comma] < at) next_comma++;
                    if (next_comma == commas.size() || commas[next_comma] != at) return -1;
                }
                break;
            case number: {
                uint32_t end = at + 1;
                while (end < size && is_number_byte(buffer[end])) end++;
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
        return 0;
    }
};

extern "C" listview_simdjson *listview_simdjson_new(size_t max_depth) {
    return new (std::nothrow) listview_simdjson(max_depth);
}

extern "C" void listview_simdjson_free(listview_simdjson *parser) { delete parser; }

extern "C" int listview_simdjson_parse(listview_simdjson *parser, char *buffer, size_t length, int mode,
                                       listview_simdjson_result *result) {
    return parser->parse(buffer, length, mode, result);
}
