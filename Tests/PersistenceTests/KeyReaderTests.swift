import Foundation
import Persistence
import Synchronization
import Testing

/// A key's own reader of its stored JSON (`Key(_:default:reading:)`): used for every read of
/// stored bytes, with `JSONDecoder` behind it for what it does not understand.
@Suite("Key readers")
struct KeyReaderTests {
    struct Note: Codable, Equatable {
        var text: String
    }

    /// Reads `{"text":"…"}` without escapes and counts its calls; gives up on anything else, and
    /// on purpose on texts that start with "slow", so that `JSONDecoder` reads those.
    final class NoteReader: Sendable {
        let calls = Atomic<Int>(0)

        func note(from data: Data) -> Note? {
            calls.add(1, ordering: .relaxed)
            let text = String(decoding: data, as: UTF8.self)
            let (prefix, suffix) = ("{\"text\":\"", "\"}")
            guard text.hasPrefix(prefix), text.hasSuffix(suffix), text.count >= prefix.count + suffix.count else { return nil }
            let inner = String(text.dropFirst(prefix.count).dropLast(suffix.count))
            guard !inner.contains("\\"), !inner.contains("\""), !inner.hasPrefix("slow") else { return nil }
            return Note(text: inner)
        }
    }

    /// The stores that can be opened again, so that a value is read from its stored bytes.
    static let reopenable = BackendKind.allCases.filter { $0 != .memory && $0 != .example }

    @Test("Stored bytes are read by the key's reader, in a transaction and outside one", arguments: reopenable)
    func readerReadsStoredBytes(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let reader = NoteReader()
        let key = Key<Note>("note", default: Note(text: ""), reading: reader.note(from:))
        try kind.makeStore(in: directory).set(Note(text: "fast"), for: key)
        let store = try kind.makeStore(in: directory)
        #expect(try store.transaction { try $0.value(for: key) } == Note(text: "fast"))
        let afterTransaction = reader.calls.load(ordering: .relaxed)
        #expect(afterTransaction >= 1)
        let other = try kind.makeStore(in: directory)
        #expect(try other.value(for: key) == Note(text: "fast"))
        #expect(reader.calls.load(ordering: .relaxed) > afterTransaction)
    }

    @Test("What the reader does not understand is decoded by JSONDecoder; what neither reads is an error naming the key",
          arguments: BackendKind.allCases)
    func fallsBackToJSONDecoder(kind: BackendKind) throws {
        let directory = try TemporaryDirectory()
        let store = try kind.makeStore(in: directory)
        let reader = NoteReader()
        let key = Key<Note>("note", default: Note(text: "default"), reading: reader.note(from:))
        try store.set(Note(text: "slow \"quoted\""), for: key)
        let again = try kind.reopen(in: directory) ?? store
        #expect(try again.transaction { try $0.value(for: key) } == Note(text: "slow \"quoted\""))
        // Another program wrote something that is no note under the key.
        try again.set("not a note", for: Key<String>("note", default: ""))
        let damaged = try kind.reopen(in: directory) ?? again
        let error = #expect(throws: PersistenceError.self) { try damaged.transaction { try $0.value(for: key) } }
        guard case .undecodable(let name, _)? = error else {
            Issue.record("expected undecodable, got \(String(describing: error))")
            return
        }
        #expect(name == "note")
    }
}
