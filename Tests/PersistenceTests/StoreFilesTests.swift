import Foundation
import Persistence
import Testing

/// A store's files are named after the file its path leads to, as SQLite names its log, and this
/// library never writes over a file at one of those names that it did not make.
@Suite("A store's files", .timeLimit(.minutes(1)))
struct StoreFilesTests {
    @Test("A store opened through a link and one opened by its real path share one ring: each is told the other's keys")
    func throughALink() async throws {
        let directory = try TemporaryDirectory()
        let real = directory.file("real.sqlite")
        let link = directory.file("link.sqlite")
        let store = try Store.sqlite(path: real)
        store[Key<Int>("first", default: 0)] = 1
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.sqlite")
        let linked = try Store.sqlite(path: link)
        let changes = store.changes()
        linked[Key<Int>("through.link", default: 0)] = 2
        let heard = await ChangeNoticeTests.collect(changes, keys: 1)
        #expect(heard == [StoreChange(keys: ["through.link"], origin: .outside)])
        #expect(!FileManager.default.fileExists(atPath: link + "-changes"), "a second ring, named after the link")
        let back = linked.changes()
        store[Key<Int>("by.real.path", default: 0)] = 3
        #expect(await ChangeNoticeTests.collect(back, keys: 1) == [StoreChange(keys: ["by.real.path"], origin: .outside)])
    }

    @Test("A file at <store>-changes that is not a ring is left as it is, and the store still writes and reads")
    func foreignFileKept() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("store.sqlite")
        let mine = Data("a backup someone named after the ring\n".utf8)
        try mine.write(to: URL(fileURLWithPath: path + "-changes"))
        let store = try Store.sqlite(path: path)
        store[Key<Int>("kept", default: 0)] = 7
        try store.transaction { $0[Key<Int>("also", default: 0)] = 8 }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-changes")) == mine)
        let reopened = try Store.sqlite(path: path)
        #expect(reopened[Key<Int>("kept", default: 0)] == 7 && reopened[Key<Int>("also", default: 0)] == 8)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-changes")) == mine)
    }

    @Test("An empty file, or a ring cut short while it was made (zeros), becomes the ring")
    func emptyOrZerosBecomeTheRing() async throws {
        for content in [Data(), Data(count: 256 * 1024)] {
            let directory = try TemporaryDirectory()
            let path = directory.file("store.sqlite")
            try content.write(to: URL(fileURLWithPath: path + "-changes"))
            let store = try Store.sqlite(path: path)
            let other = try Store.sqlite(path: path)
            let changes = store.changes()
            other[Key<Int>("told", default: 0)] = 1
            #expect(await ChangeNoticeTests.collect(changes, keys: 1) == [StoreChange(keys: ["told"], origin: .outside)])
        }
    }

    @Test("The files of a store are named beside the file its path leads to, whether they exist or not")
    func filesBesideTheRealFile() throws {
        let directory = try TemporaryDirectory()
        let real = directory.file("real.sqlite")
        _ = try Store.sqlite(path: real)
        let folderLink = directory.file("folder-link")
        try FileManager.default.createSymbolicLink(atPath: folderLink, withDestinationPath: directory.path)
        try FileManager.default.createSymbolicLink(atPath: directory.file("link.sqlite"), withDestinationPath: "real.sqlite")
        let resolved = FilePaths.resolvingLinks(real)
        let expected = [resolved] + ["-wal", "-shm", "-journal", "-changes"].map { resolved + $0 }
        for spelling in [real, directory.file("link.sqlite"), folderLink + "/real.sqlite", directory.path + "/./real.sqlite"] {
            #expect(Store.sqliteFiles(ofStoreAt: spelling) == expected, "\(spelling)")
        }
        // Not there yet: the real folder and the name; a link that leads nowhere yet, to its target.
        #expect(FilePaths.resolvingLinks(folderLink + "/new.sqlite") == FilePaths.resolvingLinks(directory.path) + "/new.sqlite")
        try FileManager.default.createSymbolicLink(atPath: directory.file("dangling"), withDestinationPath: "target.sqlite")
        #expect(FilePaths.resolvingLinks(directory.file("dangling")) == FilePaths.resolvingLinks(directory.path) + "/target.sqlite")
        // What cannot be resolved comes back as it is.
        #expect(FilePaths.resolvingLinks(directory.file("missing/store.sqlite")) == directory.file("missing/store.sqlite"))
    }
}
