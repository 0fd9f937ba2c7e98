// simdjson's On-Demand API behind the C functions of include/listview_simdjson.h.
#include "listview_simdjson.h"

#include <simdjson.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <new>
#include <utility>
#include <string_view>

using namespace simdjson;

namespace {

// What simdjson lets through but JSON forbids: it checks a number's grammar only when it is
// converted, and listview keeps the text instead.
constexpr int let_through = -1;

bool is_digit(char c) { return c >= '0' && c <= '9'; }

// JSON's number grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
bool is_json_number(std::string_view text) {
    size_t i = 0, n = text.size();
    if (i < n && text[i] == '-') i++;
    if (i >= n) return false;
    if (text[i] == '0') {
        i++;
    } else if (text[i] >= '1' && text[i] <= '9') {
        while (i < n && is_digit(text[i])) i++;
    } else {
        return false;
    }
    if (i < n && text[i] == '.') {
        i++;
        if (i >= n || !is_digit(text[i])) return false;
        while (i < n && is_digit(text[i])) i++;
    }
    if (i < n && (text[i] == 'e' || text[i] == 'E')) {
        i++;
        if (i < n && (text[i] == '+' || text[i] == '-')) i++;
        if (i >= n || !is_digit(text[i])) return false;
        while (i < n && is_digit(text[i])) i++;
    }
    return i == n;
}

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

// A token's text without the blanks simdjson's raw token runs on with.
std::string_view trimmed(std::string_view token) {
    size_t n = token.size();
    while (n > 0 && is_blank(token[n - 1])) n--;
    return token.substr(0, n);
}

}  // namespace

struct listview_simdjson {
    ondemand::parser parser;
    unsigned char *tape = nullptr;
    size_t used = 0, capacity = 0;

    bool allocated;

    explicit listview_simdjson(size_t max_depth) : allocated(parser.allocate(1 << 20, max_depth) == SUCCESS) {}
    ~listview_simdjson() { std::free(tape); }

    // Room for `count` more bytes on the tape.
    bool reserve(size_t count) {
        if (used + count <= capacity) return true;
        size_t grown = capacity * 2 > used + count ? capacity * 2 : used + count + (1 << 16);
        auto *moved = static_cast<unsigned char *>(std::realloc(tape, grown));
        if (moved == nullptr) return false;
        tape = moved;
        capacity = grown;
        return true;
    }

    bool op(unsigned char code) {
        if (!reserve(1)) return false;
        tape[used++] = code;
        return true;
    }

    bool text(unsigned char code, std::string_view bytes) {
        if (bytes.size() > UINT32_MAX || !reserve(5 + bytes.size())) return false;
        uint32_t length = static_cast<uint32_t>(bytes.size());
        tape[used] = code;
        tape[used + 1] = static_cast<unsigned char>(length);
        tape[used + 2] = static_cast<unsigned char>(length >> 8);
        tape[used + 3] = static_cast<unsigned char>(length >> 16);
        tape[used + 4] = static_cast<unsigned char>(length >> 24);
        std::memcpy(tape + used + 5, bytes.data(), bytes.size());
        used += 5 + bytes.size();
        return true;
    }

    // Writes `value` and everything in it; 0 or an error code.
    int walk(ondemand::value value) {
        ondemand::json_type type;
        if (auto error = value.type().get(type)) return error;
        switch (type) {
        case ondemand::json_type::object: {
            ondemand::object object;
            if (auto error = value.get_object().get(object)) return error;
            return walk_object(object);
        }
        case ondemand::json_type::array: {
            ondemand::array array;
            if (auto error = value.get_array().get(array)) return error;
            return walk_array(array);
        }
        case ondemand::json_type::string: {
            std::string_view string;
            if (auto error = value.get_string().get(string)) return error;
            return text(LISTVIEW_SIMDJSON_STRING, string) ? 0 : MEMALLOC;
        }
        case ondemand::json_type::number: {
            std::string_view number = trimmed(value.raw_json_token());
            if (!is_json_number(number)) return let_through;
            return text(LISTVIEW_SIMDJSON_NUMBER, number) ? 0 : MEMALLOC;
        }
        case ondemand::json_type::boolean: {
            std::string_view atom = trimmed(value.raw_json_token());
            if (atom != "true" && atom != "false") return let_through;
            return op(atom[0] == 't' ? LISTVIEW_SIMDJSON_TRUE : LISTVIEW_SIMDJSON_FALSE) ? 0 : MEMALLOC;
        }
        case ondemand::json_type::null: {
            if (trimmed(value.raw_json_token()) != "null") return let_through;
            return op(LISTVIEW_SIMDJSON_NULL) ? 0 : MEMALLOC;
        }
        }
        return let_through;
    }

    int walk_object(ondemand::object object) {
        if (!op(LISTVIEW_SIMDJSON_START_OBJECT)) return MEMALLOC;
        for (auto member : object) {
            ondemand::field field;
            if (auto error = std::move(member).get(field)) return error;
            std::string_view key;
            if (auto error = field.unescaped_key().get(key)) return error;
            if (!text(LISTVIEW_SIMDJSON_KEY, key)) return MEMALLOC;
            if (auto error = walk(field.value())) return error;
        }
        return op(LISTVIEW_SIMDJSON_END) ? 0 : MEMALLOC;
    }

    int walk_array(ondemand::array array) {
        if (!op(LISTVIEW_SIMDJSON_START_ARRAY)) return MEMALLOC;
        if (auto error = walk_elements(array)) return error;
        return op(LISTVIEW_SIMDJSON_END) ? 0 : MEMALLOC;
    }

    int walk_elements(ondemand::array array) {
        for (auto element : array) {
            ondemand::value value;
            if (auto error = std::move(element).get(value)) return error;
            if (auto error = walk(value)) return error;
        }
        return 0;
    }

    // One document: an object or an array (JSON Lines), or an array whose elements alone are written.
    int document(const char *text, size_t length, size_t allocated, bool line) {
        ondemand::document document;
        if (auto error = parser.iterate(text, length, allocated).get(document)) return error;
        ondemand::json_type type;
        if (auto error = document.type().get(type)) return error;
        if (line) {
            if (!op(LISTVIEW_SIMDJSON_LINE)) return MEMALLOC;
            if (type == ondemand::json_type::object) {
                ondemand::object object;
                if (auto error = document.get_object().get(object)) return error;
                if (auto error = walk_object(object)) return error;
            } else if (type == ondemand::json_type::array) {
                ondemand::array array;
                if (auto error = document.get_array().get(array)) return error;
                if (auto error = walk_array(array)) return error;
            } else {
                return let_through;  // a scalar line: read another way
            }
        } else {
            ondemand::array array;
            if (auto error = document.get_array().get(array)) return error;
            if (auto error = walk_elements(array)) return error;
        }
        // Nothing may follow the value: simdjson says where the parse stands only while anything is left.
        const char *rest;
        return document.current_location().get(rest) == OUT_OF_BOUNDS ? 0 : TRAILING_CONTENT;
    }

    int parse(const char *text, size_t length, bool lines) {
        used = 0;
        if (!lines) return document(text, length, length + LISTVIEW_SIMDJSON_PADDING, false);
        const char *end = text + length;
        const char *start = text;
        while (start < end) {
            auto *feed = static_cast<const char *>(std::memchr(start, '\n', size_t(end - start)));
            const char *line_end = feed == nullptr ? end : feed;
            const char *first = start, *last = line_end;
            while (first < last && is_blank(*first)) first++;
            while (last > first && is_blank(last[-1])) last--;
            if (first < last) {
                if (auto error = document(first, size_t(last - first), size_t(end - first) + LISTVIEW_SIMDJSON_PADDING, true)) return error;
            }
            start = line_end + 1;
        }
        return 0;
    }
};

extern "C" listview_simdjson *listview_simdjson_new(size_t max_depth) {
    return new (std::nothrow) listview_simdjson(max_depth);
}

extern "C" void listview_simdjson_free(listview_simdjson *parser) { delete parser; }

extern "C" int listview_simdjson_parse(listview_simdjson *parser, const char *text, size_t length, int lines,
                                       const unsigned char **tape, size_t *tape_length) {
    int error = parser->allocated ? parser->parse(text, length, lines != 0) : MEMALLOC;
    *tape = parser->tape;
    *tape_length = parser->used;
    return error;
}
