import Glibc
import ListviewPresentation
import ListviewValues

/// `listview diff --style junit`: the differences as a JUnit XML test report, the format GitLab
/// (`artifacts:reports:junit`), Jenkins, CircleCI and Buildkite read as test results.
///
/// One `<testsuite>` for the run (the Apache Ant schema most readers follow, with its required
/// `properties`, `system-out` and `system-err`), in a `<testsuites>` document. Each field only
/// one file has and each difference is a failing `<testcase>`: its name is the record's key
/// (`changed id=1001`), its class the change kind (or, with `--group-by`, the record's section),
/// its `<failure>` the change lines (`total: 48.90 → 49.90`). The unchanged records pass as one
/// test case that counts them. Times are 0 (a record takes no time of its own); the timestamp
/// is the run's, or `SOURCE_DATE_EPOCH`'s when set, for a reproducible report.
struct DiffJUnitWriter {
    /// One test case: a record or a field, and its failure (nil: it passed).
    struct TestCase {
        var name: String
        var className: String
        var failure: (type: String, message: String, text: String)?
    }

    /// The suite's name (`old.csv → new.json`) and its properties, in order.
    var suiteName: String
    var properties: [(name: String, value: String)]
    /// The line written as the suite's standard output: the diff's summary.
    var summary: String

    func write(_ cases: [TestCase], into sink: OutputSink) throws {
        let failures = cases.filter { $0.failure != nil }.count
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        xml += "  <testsuite name=\(Self.attribute(suiteName)) package=\"listview.diff\" id=\"0\" timestamp=\"\(Self.timestamp())\""
        xml += " hostname=\"localhost\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\" time=\"0\">\n"
        xml += "    <properties>\n"
        for property in properties {
            xml += "      <property name=\(Self.attribute(property.name)) value=\(Self.attribute(property.value))/>\n"
        }
        xml += "    </properties>\n"
        try sink.write(xml)
        for testCase in cases {
            var text = "    <testcase name=\(Self.attribute(testCase.name)) classname=\(Self.attribute(testCase.className)) time=\"0\""
            if let failure = testCase.failure {
                text += ">\n      <failure message=\(Self.attribute(failure.message)) type=\(Self.attribute(failure.type))>"
                text += Self.escaped(failure.text, quotes: false) + "</failure>\n    </testcase>\n"
            } else {
                text += "/>\n"
            }
            try sink.write(text)
        }
        try sink.write("    <system-out>\(Self.escaped(summary, quotes: false))</system-out>\n    <system-err></system-err>\n  </testsuite>\n</testsuites>\n")
        try sink.flush()
    }

    /// `"value"`, escaped for an attribute.
    static func attribute(_ value: String) -> String {
        "\"" + escaped(value, quotes: true) + "\""
    }

    /// `text` with XML's special characters as entities, and the control characters XML 1.0
    /// cannot hold (all but tab, line feed and carriage return) written out as `\u{1B}`. In an
    /// attribute, line breaks and tabs are character references, so a reader keeps them.
    static func escaped(_ text: String, quotes: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "\n" where quotes: result += "&#10;"
            case "\r": result += "&#13;"
            case "\t" where quotes: result += "&#9;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// The run's time in UTC as the schema writes it (`2026-11-27T07:45:00`, no zone), or
    /// `SOURCE_DATE_EPOCH`'s.
    static func timestamp() -> String {
        var seconds = time(nil)
        if let fixed = getenv("SOURCE_DATE_EPOCH").flatMap({ Int(String(cString: $0)) }) { seconds = time_t(fixed) }
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
