// bench/simdjson-probe.cc: the floor a JSON reader is measured against (issue 42). Parses
// every record of a JSON array or a JSON Lines file with simdjson and counts the records per
// value of one string field, on one core: what "a complete simdjson parse" costs.
//
// Build: g++ -O3 -std=c++20 bench/simdjson-probe.cc -lsimdjson -o /tmp/simdjson-probe
// Usage: simdjson-probe dom|ondemand FILE FIELD   (FILE ending .ndjson or .jsonl: JSON Lines)
#include <simdjson.h>

#include <cstdio>
#include <cstring>
#include <map>
#include <string>
#include <string_view>

int main(int argc, char **argv) {
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s dom|ondemand FILE FIELD\n", argv[0]);
        return 64;
    }
    const std::string mode = argv[1], path = argv[2], field = argv[3];
    const bool lines = path.size() > 6 && (path.ends_with(".ndjson") || path.ends_with(".jsonl"));
    simdjson::padded_string text;
    if (simdjson::padded_string::load(path).get(text)) {
        std::fprintf(stderr, "simdjson-probe: cannot read %s\n", path.c_str());
        return 66;
    }
    std::map<std::string, long, std::less<>> counts;
    auto count = [&](std::string_view value) {
        auto found = counts.find(value);
        if (found == counts.end()) counts.emplace(std::string(value), 1); else found->second++;
    };
    if (mode == "dom") {
        simdjson::dom::parser parser;
        auto visit = [&](simdjson::dom::element record) {
            std::string_view value;
            if (!record[field].get(value)) count(value);
        };
        if (lines) {
            simdjson::dom::document_stream stream;
            if (parser.parse_many(text).get(stream)) return 65;
            for (auto record : stream) {
                simdjson::dom::element element;
                if (record.get(element)) return 65;
                visit(element);
            }
        } else {
            simdjson::dom::array array;
            if (parser.parse(text).get(array)) return 65;
            for (auto record : array) visit(record);
        }
    } else {
        simdjson::ondemand::parser parser;
        auto visit = [&](simdjson::ondemand::object record) {
            std::string_view value;
            if (!record[field].get_string().get(value)) count(value);
        };
        if (lines) {
            simdjson::ondemand::document_stream stream;
            if (parser.iterate_many(text).get(stream)) return 65;
            for (auto record : stream) {
                simdjson::ondemand::object object;
                if (record.get_object().get(object)) return 65;
                visit(object);
            }
        } else {
            simdjson::ondemand::document document;
            if (parser.iterate(text).get(document)) return 65;
            simdjson::ondemand::array array;
            if (document.get_array().get(array)) return 65;
            for (auto record : array) {
                simdjson::ondemand::object object;
                if (record.get_object().get(object)) return 65;
                visit(object);
            }
        }
    }
    for (auto &[value, n] : counts) std::printf("%s\t%ld\n", value.c_str(), n);
    return 0;
}
