import TestSupport
import Foundation
import Persistence
import Testing

/// What only the PostgreSQL backend has to show: other machines' commits reach observers through
/// LISTEN/NOTIFY, a newer schema is refused, and a password never shows.
@Suite("The PostgreSQL backend", .enabled(if: PostgresTestServer.isExpected))
struct PostgresBackendTests {
    @Test("an observer hears a write made through another connection")
    func observerHearsOtherMachine() async throws {
        let directory = try TemporaryDirectory()
        let store = try BackendKind.postgres.makeStore(in: directory)
        let other = try #require(try BackendKind.postgres.reopen(in: directory))
        var updates = store.updates(for: .count).makeAsyncIterator()
        #expect(await updates.next() == 0)
        other[.count] = 9
        #expect(await updates.next() == 9)
    }

    @Test("a database whose schema comes from a newer version is refused and left unchanged")
    func newerSchemaIsRefused() throws {
        let directory = try TemporaryDirectory()
        let url = try directory.postgresDatabase()
        _ = try Store.postgres(url)
        let database = String(url[url.index(after: try #require(url.lastIndex(of: "/")))...])
        try PostgresTestServer.shared.get().psql(
            "INSERT INTO persistence_migrations(name) VALUES('9-from-the-future')", database: database)
        #expect {
            try Store.postgres(url)
        } throws: { error in
            guard case PersistenceError.newerFormat(_, let migration) = error else { return false }
            return migration == "9-from-the-future"
        }
    }

    @Test("a wrong password is refused with a message that shows neither password")
    func wrongPassword() throws {
        let server = try PostgresTestServer.shared.get()
        let wrong = "not-the-Pa55word"
        let url = server.url(database: "postgres", password: wrong)
        do {
            _ = try Store.postgres(url)
            Issue.record("a wrong password was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.contains("password authentication failed"))
            #expect(!message.contains(wrong))
            #expect(!message.contains(PostgresTestServer.password))
            #expect(message.contains("postgresql://leettrack@127.0.0.1:\(server.port)/postgres"))
        }
    }

    @Test("a server that is not there gives a clear error naming it")
    func unreachable() throws {
        let url = "postgresql://someone:hunter2@127.0.0.1:1/nothing?connect_timeout=2"
        #expect {
            try Store.postgres(url)
        } throws: { error in
            guard case PersistenceError.server(let location, let reason) = error else { return false }
            return location == "postgresql://someone@127.0.0.1:1/nothing" && !reason.contains("hunter2")
        }
    }

    @Test("a store outlives a server restart: errors while it is down, works again once it is back")
    func serverRestart() throws {
        // A server of its own: stopping the shared one would break the other tests.
        let server = try PostgresTestServer()
        defer { server.stop() }
        let store = try Store.postgres(try server.makeDatabase())
        store[.count] = 1
        server.stop()
        #expect(throws: PersistenceError.self) { try store.set(2, for: .count) }
        #expect(throws: PersistenceError.self) { try store.value(for: .name) }
        try server.start()
        #expect(try store.value(for: .count) == 1)
        try store.set(3, for: .count)
        #expect(try store.value(for: .count) == 3)
    }
}
