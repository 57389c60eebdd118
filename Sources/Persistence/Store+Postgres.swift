import FoundationEssentials

extension Store {
    /// A store in a PostgreSQL database: the meeting point of several machines.
    ///
    /// `connectionString` is a `postgresql://` URL or libpq `key=value` pairs; every libpq setting,
    /// TLS ones included (`sslmode=verify-full sslrootcert=…`), passes through, and libpq's own
    /// environment (`PGPASSWORD`, `PGSSLMODE`, `~/.pgpass`) applies. The password never appears in
    /// ``path`` or in any error: they name `postgresql://user@host:port/database`.
    ///
    /// The same contracts hold as for ``sqlite(path:synchronous:)``: a write is committed when it
    /// returns, a transaction is exclusive across every machine, a read sees other machines'
    /// commits, and observers hear of them through `LISTEN`/`NOTIFY`. Each read of a cached value
    /// costs one round trip to the server, so keep a local store for fast, offline work and use
    /// this one to share it.
    ///
    /// `applicationName` is what the server shows for the connection (`pg_stat_activity`) unless
    /// the connection string sets `application_name` itself.
    ///
    /// - Throws: ``PersistenceError/server(location:reason:)`` when the server cannot be reached or
    ///   refuses the login; ``PersistenceError/newerFormat(path:migration:)`` when its tables were
    ///   made by a newer version (they are left unchanged).
    public static func postgres(_ connectionString: String, applicationName: String? = nil) throws -> Store {
        Store(backend: try PostgresBackend(connectionString: connectionString, applicationName: applicationName))
    }
}
