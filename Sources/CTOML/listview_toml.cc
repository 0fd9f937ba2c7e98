// toml++ behind the C functions of include/listview_toml.h.
#include "listview_toml.h"

#include <toml++/toml.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <sstream>
#include <string>
#include <string_view>

namespace {

void append_string(std::string &out, std::string_view text) {
    out += '"';
    for (char character : text) {
        unsigned char byte = static_cast<unsigned char>(character);
        switch (character) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        default:
            if (byte < 0x20) {
                char escape[8];
                std::snprintf(escape, sizeof escape, "\\u%04x", byte);
                out += escape;
            } else {
                out += character;
            }
        }
    }
    out += '"';
}

// [null,"KIND","TEXT"]: a TOML value JSON cannot write (see the header).
void append_tagged(std::string &out, const char *kind, std::string_view text) {
    out += "[null,\"";
    out += kind;
    out += "\",";
    append_string(out, text);
    out += ']';
}

template <typename T> std::string toml_text(const T &value) {
    std::ostringstream stream;
    stream << value;
    return stream.str();
}

void append_float(std::string &out, double value) {
    if (std::isnan(value)) return append_tagged(out, "float", "nan");
    if (std::isinf(value)) return append_tagged(out, "float", value < 0 ? "-inf" : "inf");
    char buffer[32];
    auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    if (error != std::errc()) end = buffer + std::snprintf(buffer, sizeof buffer, "%.17g", value);
    std::string_view text(buffer, static_cast<size_t>(end - buffer));
    out += text;
    if (text.find_first_of(".eE") == std::string_view::npos) out += ".0";  // 100.0, not 100
}

// Recursion is bounded: toml++ refuses a document nested deeper than TOML_MAX_NESTED_VALUES.
void append_node(std::string &out, const toml::node &node) {
    switch (node.type()) {
    case toml::node_type::table: {
        out += '{';
        bool first = true;
        for (auto &&[key, value] : *node.as_table()) {
            if (!first) out += ',';
            first = false;
            append_string(out, key.str());
            out += ':';
            append_node(out, value);
        }
        out += '}';
        break;
    }
    case toml::node_type::array: {
        out += '[';
        bool first = true;
        for (auto &&element : *node.as_array()) {
            if (!first) out += ',';
            first = false;
            append_node(out, element);
        }
        out += ']';
        break;
    }
    case toml::node_type::string: append_string(out, node.as_string()->get()); break;
    case toml::node_type::integer: out += std::to_string(node.as_integer()->get()); break;
    case toml::node_type::floating_point: append_float(out, node.as_floating_point()->get()); break;
    case toml::node_type::boolean: out += node.as_boolean()->get() ? "true" : "false"; break;
    case toml::node_type::date: append_tagged(out, "date", toml_text(node.as_date()->get())); break;
    case toml::node_type::time: append_tagged(out, "time", toml_text(node.as_time()->get())); break;
    case toml::node_type::date_time: append_tagged(out, "date-time", toml_text(node.as_date_time()->get())); break;
    case toml::node_type::none: out += "null"; break;
    }
}

char *copied(std::string_view text) {
    char *copy = static_cast<char *>(std::malloc(text.size() + 1));
    if (copy == nullptr) return nullptr;
    std::memcpy(copy, text.data(), text.size());
    copy[text.size()] = '\0';
    return copy;
}

int failed(listview_toml_result *result, std::string_view description, unsigned line, unsigned column) {
    result->error = copied(description);
    result->line = line;
    result->column = column;
    return 0;
}

}  // namespace

extern "C" int listview_toml_parse(const char *text, size_t length, listview_toml_result *result) {
    *result = listview_toml_result{};
    try {
        toml::table document = toml::parse(std::string_view(text, length));
        std::string json;
        append_node(json, document);
        result->json = copied(json);
        if (result->json == nullptr) return failed(result, "out of memory", 0, 0);
        result->json_length = json.size();
        return 1;
    } catch (const toml::parse_error &error) {
        return failed(result, error.description(), error.source().begin.line, error.source().begin.column);
    } catch (const std::bad_alloc &) {
        return failed(result, "out of memory", 0, 0);
    }
}

extern "C" void listview_toml_result_free(listview_toml_result *result) {
    std::free(result->json);
    std::free(result->error);
    *result = listview_toml_result{};
}
