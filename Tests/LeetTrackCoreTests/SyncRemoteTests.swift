import Foundation
import Persistence
import Testing

@testable import LeetTrackCore

@Suite("Sync: the server a store remembers, never with its password")
struct SyncRemoteTests {
    @Test("a password is taken out of a URL's user, its query and a key=value string, and nothing else changes", arguments: [
        ("postgresql://ada:s3cr%40t@db.example.com:5432/leettrack?sslmode=verify-full",
         "postgresql://ada@db.example.com:5432/leettrack?sslmode=verify-full"),
        ("postgresql://ada@db.example.com/leettrack?password=x&sslmode=require", "postgresql://ada@db.example.com/leettrack?sslmode=require"),
        ("postgres://ada:pw@host/db?Password=x", "postgres://ada@host/db"),
        ("postgresql://ada@host/db", "postgresql://ada@host/db"),
        ("postgresql://host", "postgresql://host"),
        ("host=db.example.com password='it\\'s a \\\\ secret' dbname=leettrack user=ada",
         "host=db.example.com dbname=leettrack user=ada"),
        ("host=h password = plain dbname=d", "host=h dbname=d"),
        ("host=h dbname=d", "host=h dbname=d"),
        // libpq percent-decodes a URL's parameter names, and takes sslpassword as a secret too.
        ("postgresql://ada@host/db?pass%77ord=x&sslmode=require", "postgresql://ada@host/db?sslmode=require"),
        ("postgresql://ada@host/db?%70%61%73%73%77%6F%72%64=x", "postgresql://ada@host/db"),
        ("postgresql://ada@host/db?sslpassword=x&ssl%70assword=y&connect_timeout=5", "postgresql://ada@host/db?connect_timeout=5"),
        ("host=h sslpassword='a b' dbname=d oauth_client_secret=s", "host=h dbname=d"),
    ])
    func withoutPassword(connection: String, stored: String) {
        #expect(SyncRemote.withoutPassword(connection) == stored)
        #expect(!SyncRemote.containsPassword(SyncRemote.withoutPassword(connection)))
    }

    @Test("the remembered server is written once, without its password, and the environment comes before it")
    func remembered() throws {
        let store = Store.memory()
        #expect(try SyncRemote.remembered(in: store) == nil)
        #expect(try SyncRemote.remember("postgresql://ada:pw@host/db", in: store) == "postgresql://ada@host/db")
        #expect(try SyncRemote.remember("postgresql://ada:other@host/db", in: store) == nil)  // Already remembered.
        #expect(try SyncRemote.remembered(in: store) == "postgresql://ada@host/db")
        let remembered = try SyncRemote.remembered(in: store)
        #expect(try SyncRemote.connectionString(option: nil, environment: [:], remembered: remembered) == "postgresql://ada@host/db")
        #expect(try SyncRemote.connectionString(option: nil, environment: ["LEETTRACK_REMOTE": "postgresql://env/db"], remembered: remembered)
            == "postgresql://env/db")
        #expect(throws: SyncError.noRemote) { try SyncRemote.connectionString(option: nil, environment: [:], remembered: nil) }
    }
}
