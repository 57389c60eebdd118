import Foundation
import TestSupport

/// The fuzz runs' generator (SplitMix64, from TestSupport), so a fuzz run is the same on every
/// machine and a failure names a case that can be run again.
typealias SeededGenerator = SeededRandom

/// Makes hostile variants of a valid JSON document: a value somewhere replaced by one an attacker
/// or a broken tool would write, or the bytes damaged.
struct JSONMutator {
    var generator: SeededGenerator

    /// Raw number texts that JSONSerialization cannot write but a file can hold.
    static let rawNumbers = [
        "1e309", "-1e309", "1e17", "-1e300", "1e18", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
        "1e-400", "-0", "0.1", "99", "-5", "36501", "4.9e-324",
    ]

    /// Values put in place of any value.
    static var values: [Any] { [
        "", "superb", "x\u{1B}[2J\u{1B}]0;pwned\u{07}", "\u{202E}evil", "2099-01-01T00:00:00Z", "0000-01-01T00:00:00Z",
        "2026-11-20T12:00:00Z", "two\u{0}sum", "create", "--yes", "Blind 75", String(repeating: "a", count: 20_000), "todo",
        "solved", "reviewed", "reset", "again", "NaN", "=HYPERLINK(\"x\")", "\u{9B}2J", true, false, NSNull(), [Any](),
        [String: Any](), 0, -1, 1,
    ] }

    /// One mutated document.
    mutating func mutate(_ base: Data) -> Data {
        switch Int.random(in: 0..<10, using: &generator) {
        case 0: return damagedBytes(base)
        case 1: return truncated(base)
        default: return replacedValue(base, count: Int.random(in: 1...3, using: &generator))
        }
    }

    private mutating func damagedBytes(_ base: Data) -> Data {
        var bytes = [UInt8](base)
        for _ in 0..<Int.random(in: 1...8, using: &generator) where !bytes.isEmpty {
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[index] = UInt8.random(in: 0...255, using: &generator)
        }
        return Data(bytes)
    }

    private mutating func truncated(_ base: Data) -> Data {
        base.prefix(Int.random(in: 0..<max(1, base.count), using: &generator))
    }

    private mutating func replacedValue(_ base: Data, count: Int) -> Data {
        guard var root = try? JSONSerialization.jsonObject(with: base) else { return base }  // The base is valid JSON.
        var numbers: [String] = []
        for _ in 0..<count {
            var paths: [[PathStep]] = []
            collectPaths(root, [], into: &paths)
            guard let path = paths.randomElement(using: &generator) else { break }
            let replacement: Any
            if Bool.random(using: &generator), let raw = Self.rawNumbers.randomElement(using: &generator) {
                replacement = "__NUMBER_\(numbers.count)__"
                numbers.append(raw)
            } else {
                replacement = Self.values.randomElement(using: &generator) ?? NSNull()
            }
            root = replacing(root, at: path[...], with: replacement)
        }
        guard var text = (try? JSONSerialization.data(withJSONObject: root)).map({ String(decoding: $0, as: UTF8.self) }) else {
            return base
        }
        for (index, raw) in numbers.enumerated() { text = text.replacingOccurrences(of: "\"__NUMBER_\(index)__\"", with: raw) }
        return Data(text.utf8)
    }

    enum PathStep {
        case key(String)
        case index(Int)
    }

    private func collectPaths(_ value: Any, _ path: [PathStep], into paths: inout [[PathStep]]) {
        if !path.isEmpty { paths.append(path) }
        if let object = value as? [String: Any] {
            for (key, child) in object.sorted(by: { $0.key < $1.key }) { collectPaths(child, path + [.key(key)], into: &paths) }
        } else if let array = value as? [Any] {
            for (index, child) in array.enumerated() { collectPaths(child, path + [.index(index)], into: &paths) }
        }
    }

    private func replacing(_ value: Any, at path: ArraySlice<PathStep>, with replacement: Any) -> Any {
        guard let step = path.first else { return replacement }
        switch step {
        case .key(let key):
            guard var object = value as? [String: Any], let child = object[key] else { return value }
            object[key] = replacing(child, at: path.dropFirst(), with: replacement)
            return object
        case .index(let index):
            guard var array = value as? [Any], array.indices.contains(index) else { return value }
            array[index] = replacing(array[index], at: path.dropFirst(), with: replacement)
            return array
        }
    }
}
