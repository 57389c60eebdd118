import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the header of SQLite's WAL index (the `-shm` file, mapped read-only) to tell, in a few
/// nanoseconds, whether any connection committed since the last look.
///
/// The layout is SQLite's documented file format (https://sqlite.org/walformat.html, "WAL-Index
/// Header"): `iChange` at byte 8 is incremented by every transaction, `mxFrame` at byte 16 is the
/// last committed frame, and the salts at byte 32 change whenever the log restarts. A torn read can
/// only make a signature differ, which costs one `PRAGMA data_version`, never a missed change.
/// When the file cannot be mapped, the backend falls back to `PRAGMA data_version` on every check.
final class WALIndexWatcher: @unchecked Sendable {
    // @unchecked: the mapping is read-only and lives as long as this object; it is only read.

    struct Signature: Equatable {
        let change: UInt32
        let maxFrame: UInt32
        let salts: UInt64
    }

    private let base: UnsafeMutableRawPointer
    private let length = 48

    init?(databasePath: String) {
        #if canImport(Glibc) || canImport(Darwin)
        let descriptor = open(databasePath + "-shm", O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let mapped = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0)
        guard let mapped, mapped != MAP_FAILED else { return nil }
        base = mapped
        #else
        return nil
        #endif
    }

    deinit {
        #if canImport(Glibc) || canImport(Darwin)
        munmap(base, length)
        #endif
    }

    func signature() -> Signature {
        Signature(
            change: base.loadUnaligned(fromByteOffset: 8, as: UInt32.self),
            maxFrame: base.loadUnaligned(fromByteOffset: 16, as: UInt32.self),
            salts: base.loadUnaligned(fromByteOffset: 32, as: UInt64.self))
    }
}
