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
