import Foundation
import Persistence
import Testing

@Suite("One store, many threads")
struct ConcurrencyTests {
    @Test("Concurrent writers and readers on one store lose nothing")
    func concurrentTasks() async throws {
        let directory = try TemporaryDirectory()
        let store = try Store.sqlite(path: directory.file("store.sqlite"))
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for index in 0..<100 {
                        let key = Key<Int>("task\(task).\(index)", default: -1)
                        store[key] = index
                        #expect(store[key] == index)
                        store[.count] += 0  // Readers and writers of one shared key interleave safely.
                    }
                }
            }
        }
        #expect(try store.keys(withPrefix: "task").count == 800)
        #expect(store.lastError == nil)
    }

    @Test("Threads setting structs (written from the encoder's buffer) lose nothing, and an observer that writes from its callback neither waits nor loses its write")
    func concurrentStructs() async throws {
        struct Entry: Codable, Equatable, Sendable { var owner: String; var index: Int; var note: String }
        let directory = try TemporaryDirectory()
        let store = try Store.sqlite(path: directory.file("store.sqlite"))
        let shared = Key<Entry?>("shared")
        let echo = Key<Entry?>("echo")
        // Each change of `shared` is copied to `echo` from inside the callback: a nested encoding.
        let token = store.observe(shared) { entry in store[echo] = entry }
        defer { token.cancel() }
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for index in 0..<100 {
                        let entry = Entry(owner: "task \(task)", index: index, note: String(repeating: "n", count: index))
                        let key = Key<Entry?>("task\(task).\(index)")
                        store[key] = entry
                        #expect(store[key] == entry)
                        store[shared] = entry
                    }
                }
            }
        }
        for task in 0..<4 {
            for index in 0..<100 {
                let stored = try store.rawValue(forKey: "task\(task).\(index)").map { try JSONDecoder().decode(Entry.self, from: $0) }
                #expect(stored == Entry(owner: "task \(task)", index: index, note: String(repeating: "n", count: index)))
            }
        }
        #expect(try store.value(for: echo) == store.value(for: shared))
        #expect(store.lastError == nil)
    }

    @Test("The standard store lives under XDG_DATA_HOME, else ~/.local/share")
    func standardPath() {
        #expect(Store.standardPath(application: "app", environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
            == "/data/app/store.sqlite")
        #expect(Store.standardPath(application: "app", environment: ["HOME": "/home/u"])
            == "/home/u/.local/share/app/store.sqlite")
    }

    @Test("A relative or empty HOME or XDG_DATA_HOME is passed over for the account's home: the store is never put relative to the current directory")
    func standardPathIsAbsolute() {
        let account = FileManager.default.homeDirectoryForCurrentUser.path + "/.local/share/app/store.sqlite"
        for environment in [["HOME": "tmp"], ["HOME": ""], ["HOME": "./x", "XDG_DATA_HOME": "data"], ["XDG_DATA_HOME": ""]] {
            let path = Store.standardPath(application: "app", environment: environment)
            #expect(path.hasPrefix("/") && path == account, "\(environment): \(path)")
        }
    }
}
