import CSQLite
import FoundationEssentials

/// One SQLite connection with its prepared statements. Not thread-safe by itself: its owner keeps
/// it behind a `Mutex` (the connection is opened with `SQLITE_OPEN_NOMUTEX` for that reason).
final class SQLiteConnection: @unchecked Sendable {
    // @unchecked: SQLite's connection is opened without its own mutex, and every use goes through
    // the owning backend's `Mutex`, which serialises all access to it and its statements.

    let handle: OpaquePointer
    let path: String
    private var statements: [String: OpaquePointer] = [:]

    /// Opens the file as `mode` says (see ``SQLiteFileCheck/prepare(path:access:)``); never creates it.
    init(path: String, mode: SQLiteFileCheck.OpenMode) throws {
        var handle: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_URI
        flags |= mode == .readWrite || mode == .readWithCleanup ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY
        let code = sqlite3_open_v2(Self.uri(for: path, immutable: mode == .immutable), &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            // SQLite's own text ("unable to open database file") says less than the system's reason.
            let systemCode = handle.map { sqlite3_system_errno($0) } ?? 0
            let reason = systemCode != 0 ? FileErrorReason.system(systemCode)
                : code & 0xFF == SQLITE_NOMEM ? "there was not enough memory" : "SQLite cannot open the file"
            sqlite3_close_v2(handle)
            throw PersistenceError.cannotOpen(path: path, reason: reason)
        }
        self.handle = handle
        self.path = path
        if mode == .readWrite, sqlite3_db_readonly(handle, "main") == 1 {
            sqlite3_close_v2(handle)
            throw PersistenceError.readOnly(path: path, reason: "SQLite could open it for reading only")
        }
    }

    /// A `file:` URI for `path` (so that `immutable` can be asked for), with the characters that
    /// URIs give a meaning to escaped.
    /// The bytes kept are those of `CharacterSet.urlPathAllowed` (no `;` there) but `?`, `#` and `%`; escaped by
    /// hand over the UTF-8 bytes, as Foundation's percent encoding costs a millisecond at start-up.
    static func uri(for path: String, immutable: Bool) -> String {
        var bytes: [UInt8] = Array("file:".utf8)
        bytes.reserveCapacity(bytes.count + path.utf8.count + 12)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in path.utf8 {
            if isKeptInPath(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        if immutable { bytes += Array("?immutable=1".utf8) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func isKeptInPath(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~!$&'()*+,=:@/".utf8.contains(byte)
        }
    }

    deinit {
        for statement in statements.values {
            sqlite3_finalize(statement)
        }
        sqlite3_close_v2(handle)
    }

    /// Every `sqlite3_*` result code goes through here: anything but the expected codes throws a
    /// ``PersistenceError/sqlite(code:message:sql:path:)`` carrying the message and the SQL.
    @discardableResult
    func check(_ code: Int32, _ sql: String?, allowing allowed: Int32 = SQLITE_OK) throws -> Int32 {
        if code == SQLITE_OK || code == allowed { return code }
        throw error(code: code, sql: sql)
    }

    /// The error for SQLite's result `code`, in words of ours: SQLite's own message names tables
    /// and columns of our SQL (`no such table: main.entries`), so it stays with the statement in the
    /// case, for ``PersistenceError/debugDescription``, and a person reads the sentence for the code.
    func error(code: Int32, sql: String?) -> PersistenceError {
        let message = String(cString: sqlite3_errmsg(handle))
        let systemCode = sqlite3_system_errno(handle)
        let systemReason = systemCode != 0 ? FileErrorReason.system(systemCode) : nil
        switch code & 0xFF {
        case SQLITE_NOTADB:
            // The only damage verdicts: SQLite's own, when it reads the pages.
            return .damaged(path: path, reason: "SQLite cannot read it as a database")
        case SQLITE_CORRUPT:
            return .damaged(path: path, reason: "SQLite found damaged pages in it")
        case SQLITE_READONLY:
            return .readOnly(path: path, reason: systemReason ?? "SQLite may only read it")
        case SQLITE_CANTOPEN, SQLITE_PERM:
            return .cannotOpen(path: path, reason: systemReason ?? "SQLite cannot open the file")
        case SQLITE_IOERR, SQLITE_FULL:
            // "disk I/O error" alone reads like failing hardware; the system's reason says what it is
            // ("the disk is full", "the disk quota is exceeded").
            return .sqlite(code: code, message: systemReason ?? message, sql: sql, path: path)
        default:
            return .sqlite(code: code, message: message, sql: sql, path: path)
        }
    }

    /// Why a store is damaged when `PRAGMA quick_check` answered `verdict` (not `ok`), in words of
    /// ours: SQLite's findings name pages and its internal indexes.
    static func damageReason(checkFound verdict: [String]) -> String {
        "SQLite's check of its pages found " + (verdict.count == 1 ? "1 problem" : "\(verdict.count) problems")
    }

    /// A cached prepared statement for `sql`, reset and with its bindings cleared.
    func statement(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil), sql)
        guard let statement else {
            throw PersistenceError.sqlite(code: SQLITE_MISUSE, message: "empty statement", sql: sql, path: path)
        }
        statements[sql] = statement
        return statement
    }

    /// Runs `sql` through the statement kept in `kept` (prepared there at the first run; the
    /// cache owns it).
    private func run(_ kept: inout OpaquePointer?, _ sql: String) throws {
        let statement = try kept ?? statement(sql)
        kept = statement
        defer { sqlite3_reset(statement) }
        while try step(statement, sql) {}
    }

    /// Runs a statement that returns no rows (or whose rows are ignored).
    func execute(_ sql: String) throws {
        let statement = try statement(sql)
        defer { sqlite3_reset(statement) }
        while try step(statement, sql) {}
    }

    /// Steps once: `true` when a row is available, `false` when done.
    func step(_ statement: OpaquePointer, _ sql: String) throws -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw error(code: code, sql: sql)
        }
    }

    /// The first column of the first row of `sql`, as an integer.
    func integer(_ sql: String) throws -> Int64 {
        let statement = try statement(sql)
        defer { sqlite3_reset(statement) }
        guard try step(statement, sql) else { return 0 }
        return sqlite3_column_int64(statement, 0)
    }

    /// The first two columns of every row of `sql`, as text.
    func rows(_ sql: String) throws -> [(String, String)] {
        let statement = try statement(sql)
        defer { sqlite3_reset(statement) }
        var rows: [(String, String)] = []
        while try step(statement, sql) {
            rows.append((statement.columnString(0), statement.columnString(1)))
        }
        return rows
    }

    /// The first column of every row of `sql`, as text.
    func strings(_ sql: String) throws -> [String] {
        let statement = try statement(sql)
        defer { sqlite3_reset(statement) }
        var strings: [String] = []
        while try step(statement, sql) {
            strings.append(String(cString: sqlite3_column_text(statement, 0)))
        }
        return strings
    }

    /// SQLite's own handle on the main database file. Reading through it (rather than opening the
    /// file again) matters: closing any other descriptor of a file drops every POSIX lock this
    /// process holds on it, including the locks of other SQLite connections in the process.
    private func mainFile() -> UnsafeMutablePointer<sqlite3_file>? {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK else { return nil }
        return file
    }

    /// The file's size and its first 100 bytes (the database header), read through SQLite's VFS
    /// without running any statement, so nothing is written to a file that is not a database.
    func fileSizeAndHeader() throws -> (size: Int64, header: [UInt8]) {
        guard let file = mainFile(), let methods = file.pointee.pMethods,
              let fileSize = methods.pointee.xFileSize, let read = methods.pointee.xRead
        else { return (0, []) }
        var size: sqlite3_int64 = 0
        try check(fileSize(file, &size), "xFileSize")
        var header = [UInt8](repeating: 0, count: 100)
        let code = header.withUnsafeMutableBytes { read(file, $0.baseAddress, 100, 0) }
        if code == SQLITE_IOERR | (2 << 8) {  // SQLITE_IOERR_SHORT_READ: the file is under 100 bytes.
            header = Array(header.prefix(Int(size)))
        } else {
            try check(code, "xRead")
        }
        return (Int64(size), header)
    }

    /// The start of the WAL index (shared memory) as SQLite itself maps it, or `nil` when it is
    /// not mapped. Valid while this connection stays open in WAL mode.
    func walIndex() -> UnsafeRawPointer? {
        guard let file = mainFile(), let methods = file.pointee.pMethods, methods.pointee.iVersion >= 2,
              let map = methods.pointee.xShmMap
        else { return nil }
        var region: UnsafeMutableRawPointer?
        let code = map(file, 0, 32_768, 0, &region)
        guard code == SQLITE_OK, let region else { return nil }
        return UnsafeRawPointer(region)
    }

    /// Runs `body` in `BEGIN IMMEDIATE … COMMIT`, rolling back if it throws.
    func immediateTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction("BEGIN IMMEDIATE", body)
    }

    /// `BEGIN IMMEDIATE` and `COMMIT`, prepared once: every transaction of a store runs them, and finding
    /// them by their text in the statement cache hashed and compared two strings per write.
    private var beginImmediate: OpaquePointer?
    private var commit: OpaquePointer?

    /// Runs `body` in a read transaction (`BEGIN … COMMIT`, which takes no write lock): one
    /// consistent snapshot, on a connection that may only read.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        try transaction("BEGIN", body)
    }

    private func transaction<T>(_ begin: String, _ body: () throws -> T) throws -> T {
        if begin == "BEGIN IMMEDIATE" { try run(&beginImmediate, begin) } else { try execute(begin) }
        do {
            let result = try body()
            try run(&commit, "COMMIT")
            return result
        } catch {
            if sqlite3_get_autocommit(handle) == 0 {
                // The rollback's own failure would hide the error that caused it; the transaction
                // is abandoned either way and SQLite discards it when the connection closes.
                _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            }
            throw error
        }
    }
}

extension OpaquePointer {
    /// Column `index` of the current row as bytes.
    func columnData(_ index: Int32) -> Data {
        let count = Int(sqlite3_column_bytes(self, index))
        guard count > 0, let bytes = sqlite3_column_blob(self, index) else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Column `index` of the current row as its bytes, lent until the statement steps again or
    /// resets (an empty buffer for an empty value or NULL).
    func columnBytes(_ index: Int32) -> UnsafeRawBufferPointer {
        // The pointer first: asking for it may convert the value, which sets its byte count.
        let bytes = sqlite3_column_blob(self, index)
        return UnsafeRawBufferPointer(start: bytes, count: bytes == nil ? 0 : Int(sqlite3_column_bytes(self, index)))
    }

    /// Column `index` of the current row as text, all of its bytes (not up to a NUL).
    func columnString(_ index: Int32) -> String {
        guard let text = sqlite3_column_text(self, index) else { return "" }
        let count = Int(sqlite3_column_bytes(self, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

}

extension SQLiteConnection {
    /// Binds `bytes` as text to parameter `index` of `statement`, without copying: they must
    /// outlive the statement's next step. An empty buffer binds "" (a null pointer would bind NULL).
    func bindText(_ bytes: UnsafeRawBufferPointer, at index: Int32, of statement: OpaquePointer, _ sql: String) throws {
        let empty: StaticString = ""
        let base = bytes.baseAddress ?? UnsafeRawPointer(empty.utf8Start)
        try check(
            sqlite3_bind_text(statement, index, base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), csqlite_static()),
            sql)
    }

    /// Binds `text` to parameter `index` of `statement` with its exact byte length (a C string
    /// would end at the first NUL) for the duration of `body`, which steps the statement.
    func withText<T>(_ text: String, at index: Int32, of statement: OpaquePointer, _ sql: String, _ body: () throws -> T) throws -> T {
        var text = text
        return try text.withUTF8 { bytes in
            try bindText(UnsafeRawBufferPointer(bytes), at: index, of: statement, sql)
            return try body()
        }
    }
}
