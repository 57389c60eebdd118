import FoundationEssentials

/// Converts between a file store's document (a JSON object or a property-list dictionary whose
/// values are the stored values themselves, readable and editable) and the per-key JSON bytes the
/// store works with.
enum FileDocument {
    static func decode(_ data: Data, format: FileFormat, path: String) throws -> [String: Data] {
        let document: JSONValue
        do {
            switch format {
            case .json:
                document = try JSONValue(parsing: data)
            case .propertyList:
                document = try PropertyListDecoder().decode(PropertyListValue.self, from: data).value
            }
        } catch let error as PropertyListValue.NoJSONForm {
            throw PersistenceError.undecodable(key: error.key, underlying: "a \(error.kind) in \(path) has no JSON form")
        } catch {
            throw PersistenceError.notADatabase(path: path, reason: "it is not a valid \(format.name): \(Self.describe(error))")
        }
        guard case .object(let members) = document else {
            throw PersistenceError.notADatabase(path: path, reason: "its top level is not a \(format.name) dictionary")
        }
        var entries: [String: Data] = [:]
        entries.reserveCapacity(members.count)
        for (key, value) in members {
            entries[key] = Data(value.canonicalBytes())
        }
        return entries
    }

    static func encode(_ entries: [String: Data], format: FileFormat, path: String) throws -> Data {
        if format == .json { return try encodeJSON(entries) }
        var dictionary: [String: PropertyListValue] = [:]
        for (key, raw) in entries {
            do {
                dictionary[key] = PropertyListValue(try JSONValue(parsing: raw))
            } catch {
                throw PersistenceError.unencodable(key: key, underlying: "its stored bytes are not JSON")
            }
        }
        do {
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .xml
            return try encoder.encode(dictionary)
        } catch {
            throw PersistenceError.file(path: path, reason: "cannot encode the \(format.name) document: \(Self.describe(error))")
        }
    }

    /// A reader's error in words: the JSON reader's own, or the decoder's description.
    private static func describe(_ error: any Error) -> String {
        switch error {
        case let error as JSONSyntaxError: error.description
        case DecodingError.dataCorrupted(let context): context.debugDescription
        case EncodingError.invalidValue(_, let context): context.debugDescription
        default: String(describing: error)
        }
    }
}

extension FileDocument {
    /// The JSON document written from the stored bytes themselves, one member per line, keys
    /// sorted: Foundation's pretty printer cost about 100 µs per key (216 ms per write at
    /// 2,000 keys), copying costs a fraction of a microsecond. The bytes are JSON: those read from
    /// the file were parsed, and FileBackend checks each changed value (``checkJSON(_:key:)``)
    /// before it is written, so one bad value fails its write instead of damaging the file.
    static func encodeJSON(_ entries: [String: Data]) throws -> Data {
        var output = [UInt8]("{\n".utf8)
        output.reserveCapacity(entries.values.reduce(64) { $0 + $1.count + 40 })
        let keys = entries.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for (index, key) in keys.enumerated() {
            guard let raw = entries[key] else { continue }
            output.append(contentsOf: "  ".utf8)
            JSONScalarText.writeString(key, to: &output)
            output.append(contentsOf: " : ".utf8)
            output.append(contentsOf: raw)
            output.append(contentsOf: (index == keys.count - 1 ? "\n" : ",\n").utf8)
        }
        output.append(contentsOf: "}\n".utf8)
        return Data(output)
    }

    /// Throws unless `raw` is one JSON value.
    static func checkJSON(_ raw: Data, key: String) throws {
        do {
            try JSONValue.check(raw)
        } catch {
            throw PersistenceError.unencodable(key: key, underlying: "its stored bytes are not JSON")
        }
    }
}

extension FileFormat {
    var name: String {
        switch self {
        case .json: "JSON"
        case .propertyList: "property list"
        }
    }
}

/// A property list's value as JSON, read and written through Foundation's property-list coders:
/// dictionaries, arrays, strings, numbers and Booleans have a JSON form; data and dates do not.
struct PropertyListValue: Codable {
    /// A value without a JSON form, and the document's key it is under.
    struct NoJSONForm: Error {
        let key: String
        let kind: String
    }

    let value: JSONValue

    init(_ value: JSONValue) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: JSONValue] = [:]
            for key in container.allKeys {
                members[key.stringValue] = try container.decode(PropertyListValue.self, forKey: key).value
            }
            value = .object(members)
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd {
                elements.append(try container.decode(PropertyListValue.self).value)
            }
            value = .array(elements)
        } else {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) {
                value = .bool(flag)
            } else if let number = try? container.decode(Int64.self) {
                value = .number(String(number))
            } else if let number = try? container.decode(Double.self), number.isFinite {
                value = .number(number.description)
            } else if let text = try? container.decode(String.self) {
                value = .string(text)
            } else {
                let key = decoder.codingPath.first?.stringValue ?? ""
                let kind = (try? container.decode(Date.self)) != nil ? "date" : (try? container.decode(Data.self)) != nil ? "Data" : "value"
                throw NoJSONForm(key: key, kind: kind)
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch value {
        case .null:
            throw EncodingError.invalidValue(value, .init(codingPath: encoder.codingPath, debugDescription: "null has no property-list form"))
        case .bool(let flag):
            var container = encoder.singleValueContainer()
            try container.encode(flag)
        case .number(let text):
            var container = encoder.singleValueContainer()
            if let integer = Int64(text) {
                try container.encode(integer)
            } else {
                try container.encode(Double(text) ?? 0)
            }
        case .string(let text):
            var container = encoder.singleValueContainer()
            try container.encode(text)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements { try container.encode(PropertyListValue(element)) }
        case .object(let members):
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, member) in members { try container.encode(PropertyListValue(member), forKey: AnyKey(stringValue: key)) }
        }
    }

    typealias AnyKey = JSONPathKey
}
