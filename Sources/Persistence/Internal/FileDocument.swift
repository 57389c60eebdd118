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

extension FileFormat {
    var name: String {
        switch self {
        case .json: "JSON"
        case .propertyList: "property list"
        }
    }
}
