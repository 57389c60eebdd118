import FoundationEssentials

/// Reads the header of SQLite's WAL index (shared memory, as SQLite itself maps it) to tell, in a
/// few nanoseconds, whether any connection committed since the last look.
///
/// The layout is SQLite's documented file format (https://sqlite.org/walformat.html, "WAL-Index
/// Header"): `iChange` at byte 8 is incremented by every transaction, `mxFrame` at byte 16 is the
/// last committed frame, and the salts at byte 32 change whenever the log restarts. A torn read can
/// only make a signature differ, which costs one `PRAGMA data_version`, never a missed change.
/// When the index is not mapped, the backend falls back to `PRAGMA data_version` on every check.
struct WALIndexWatcher {
    struct Signature: Equatable {
        let change: UInt32
        let maxFrame: UInt32
        let salts: UInt64
    }

    /// Valid while the connection that mapped it stays open; both live in the backend's state.
    private let base: UnsafeRawPointer

    init?(connection: SQLiteConnection) {
        guard let base = connection.walIndex() else { return nil }
        self.base = base
    }

    func signature() -> Signature {
        Signature(
            change: base.loadUnaligned(fromByteOffset: 8, as: UInt32.self),
            maxFrame: base.loadUnaligned(fromByteOffset: 16, as: UInt32.self),
            salts: base.loadUnaligned(fromByteOffset: 32, as: UInt64.self))
    }
}
