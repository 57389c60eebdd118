import Foundation

/// Converts between a file store's document (a JSON object or a property-list dictionary whose
/// values are the stored values themselves, readable and editable) and the per-key JSON bytes the
/// store works with.
enum FileDocument {
    static func decode(_ data: Data, format: FileFormat, path: String) throws -> [String: Data] {
        let document: Any
        do {
            switch format {
            case .json:
                document = try JSONSerialization.jsonObject(with: data)
            case .propertyList:
                document = try PropertyListSerialization.propertyList(from: data, format: nil)
            }
        } catch {
            throw PersistenceError.notADatabase(path: path, reason: "it is not a valid \(format.name): \(error.localizedDescription)")
        }
        guard let dictionary = document as? [String: Any] else {
            throw PersistenceError.notADatabase(path: path, reason: "its top level is not a \(format.name) dictionary")
        }
        var entries: [String: Data] = [:]
        for (key, value) in dictionary {
            do {
                entries[key] = try JSONSerialization.data(
                    withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
            } catch {
                throw PersistenceError.undecodable(key: key, underlying: "a \(type(of: value)) in \(path) has no JSON form")
            }
        }
        return entries
    }

    static func encode(_ entries: [String: Data], format: FileFormat, path: String) throws -> Data {
        if format == .json { return try encodeJSON(entries) }
        var dictionary: [String: Any] = [:]
        for (key, raw) in entries {
            do {
                dictionary[key] = try JSONSerialization.jsonObject(with: raw, options: .fragmentsAllowed)
            } catch {
                throw PersistenceError.unencodable(key: key, underlying: "its stored bytes are not JSON")
            }
        }
        do {
            switch format {
            case .json:
                var data = try JSONSerialization.data(
                    withJSONObject: dictionary, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
                data.append(UInt8(ascii: "\n"))
                return data
            case .propertyList:
                return try PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0)
            }
        } catch {
            throw PersistenceError.file(path: path, reason: "cannot encode the \(format.name) document: \(error.localizedDescription)")
        }
    }
}

extension FileDocument {
    /// The JSON document written from the stored bytes themselves, one member per line, keys
    /// sorted: JSONSerialization's pretty printer cost about 100 µs per key (216 ms per write at
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
            JSONNode.writeString(key, to: &output)
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
            _ = try JSONSerialization.jsonObject(with: raw, options: .fragmentsAllowed)
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
