import ListviewBatches
import ListviewInput
import ListviewValues

/// Parses the compact JSON text of a nested cell back into its value, through yajl like every
/// other JSON the tool reads: `CellTable.nestedDecoder` for tables that hold JSON values.
public enum JSONNestedValue {
    /// The value `text` holds, or nil when it is not one JSON value.
    public static let decode: NestedValueDecoder = { text in
        let assembler = JSONRecordAssembler(schema: RecordSchema(), path: [], objectIsRecord: true)
        let parser = YajlParser(handler: assembler, multipleValues: false)
        // Wrapped as the one member of an object, the value (scalar, array or object) is a field of one record.
        let wrapped = Array("{\"v\":".utf8) + Array(text) + [UInt8(ascii: "}")]
        let parsed = wrapped.withUnsafeBytes { bytes -> Bool in
            guard case .ok = parser.parse(bytes), case .ok = parser.finish() else { return false }
            return true
        }
        guard parsed else { return nil }
        return assembler.nextCompleted()?["v"]
    }
}
