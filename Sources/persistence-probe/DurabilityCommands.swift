import Foundation
import Observation
import Persistence

// Commands of the probe for the durability tests (read-only opening, mixed concurrent writes, a
// full disk, an `@Observable` object changed in place):
//
//   persistence-probe read PATH KEY              opens read-only; prints "value TEXT" or "absent"
//   persistence-probe count PATH PREFIX          opens read-only; prints "count N"
//   persistence-probe mixed PATH PREFIX COUNT    COUNT mixed writes (set, string, transaction, remove)
//   persistence-probe fill PATH PREFIX COUNT BYTES
//                                                 writes COUNT values of BYTES bytes, 50 per
//                                                 transaction, printing "ok N" after each; on an
//                                                 error prints "error TEXT" and exits 2
//   persistence-probe theme-and-exit PATH THEME  the same on a store held by a global, then exit(0)
//   persistence-probe theme PATH THEME           changes a stored @Observable object in place and
//                                                 prints "reported TEXT" (lastError) or "silent"
//   persistence-probe hold PATH PREFIX COUNT     sets COUNT integers PREFIX0…, prints "written", then
//                                                 keeps the store open until standard input closes
//   persistence-probe read-then-set PATH KEY INTEGER
//                                                 opens for reading and writing; prints "value TEXT"
//                                                 or "absent", then sets the integer and prints
//                                                 "set ok" or "set error TEXT"

/// An `@Observable` class made `Codable` the usual way: synthesized, with the macro's backing
/// storage named in `CodingKeys`.
@Observable
final class ProbeSettings: Codable {
    var theme = "dark"
    var fontSize = 12

    enum CodingKeys: String, CodingKey {
        case _theme = "theme"
        case _fontSize = "fontSize"
    }
}

extension Keys {
    static let probeSettings = Key<ProbeSettings>("settings", default: ProbeSettings())
}

/// A store held the way an app's global would hold it (`theme-and-exit`).
nonisolated(unsafe) var heldStore: Store?

/// Runs one of the commands above; `false` when `arguments` names none of them.
func runDurabilityCommand(_ arguments: [String]) -> Bool {
    guard arguments.count >= 4 else { return false }
    let path = arguments[2]
    do {
        switch (arguments[1], arguments.count) {
        case ("read", 4):
            let store = try Store.sqlite(path: path, access: .readOnly)
            if let raw = try store.rawValue(forKey: arguments[3]) {
                say("value \(String(decoding: raw, as: UTF8.self))")
            } else {
                say("absent")
            }
        case ("count", 4):
            let store = try Store.sqlite(path: path, access: .readOnly)
            say("count \(try store.keys(withPrefix: arguments[3]).count)")
        case ("mixed", 5):
            try mixedWrites(path: path, prefix: arguments[3], count: Int(arguments[4]) ?? 0)
        case ("fill", 6):
            fill(path: path, prefix: arguments[3], count: Int(arguments[4]) ?? 0, bytes: Int(arguments[5]) ?? 0)
        case ("theme-and-exit", 4):
            // Held by a global, as apps often do: never released, so only the exit handler saves.
            heldStore = try Store.sqlite(path: path)
            heldStore?[.probeSettings].fontSize = 30
            if let settings = heldStore?[.probeSettings] { settings.theme = arguments[3] }
            exit(0)
        case ("hold", 5):
            let store = try Store.sqlite(path: path)
            for index in 0..<(Int(arguments[4]) ?? 0) {
                try store.set(index, for: Key<Int>("\(arguments[3])\(index)", default: 0))
            }
            say("written")
            _ = FileHandle.standardInput.readDataToEndOfFile()
            withExtendedLifetime(store) {}
        case ("read-then-set", 5):
            let store = try Store.sqlite(path: path)
            if let raw = try store.rawValue(forKey: arguments[3]) {
                say("value \(String(decoding: raw, as: UTF8.self))")
            } else {
                say("absent")
            }
            do {
                try store.set(Int(arguments[4]) ?? 0, for: Key<Int>(arguments[3], default: 0))
                say("set ok")
            } catch {
                say("set error \(error)")
            }
        case ("theme", 4):
            let store = try Store.sqlite(path: path)
            store[.probeSettings].theme = arguments[3]  // Saved through the subscript's write-back.
            let settings = store[.probeSettings]
            settings.fontSize += 1  // In place, on the object the store handed out.
            say(store.lastError.map { "reported \($0)" } ?? "silent")
        default:
            return false
        }
    } catch {
        fail("\(error)")
    }
    return true
}

/// Sets integers and strings, commits two-key transactions and removes keys, in turn.
private func mixedWrites(path: String, prefix: String, count: Int) throws {
    let store = try Store.sqlite(path: path)
    for index in 0..<count {
        switch index % 4 {
        case 0: try store.set(index, for: Key<Int>("\(prefix)int\(index)", default: 0))
        case 1: try store.set("text \(index)", for: Key<String>("\(prefix)text\(index)", default: ""))
        case 2:
            try store.transaction { transaction in
                try transaction.set(index, for: Key<Int>("\(prefix)pair\(index).a", default: 0))
                try transaction.set(index, for: Key<Int>("\(prefix)pair\(index).b", default: 0))
            }
        default: try store.removeValue(for: Key<Int>("\(prefix)int\(index - 3)", default: 0))
        }
        say("ok \(index)")
    }
}

private func fill(path: String, prefix: String, count: Int, bytes: Int) {
    let value = String(repeating: "x", count: bytes)
    do {
        let store = try Store.sqlite(path: path)
        var written = 0
        while written < count {
            let batch = min(50, count - written)
            try store.transaction { transaction in
                for index in written..<(written + batch) {
                    try transaction.set(value, for: Key<String>("\(prefix)\(index)", default: ""))
                }
            }
            written += batch
            say("ok \(written)")
        }
    } catch {
        say("error \(error)")
        exit(2)
    }
}
