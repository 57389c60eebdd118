import FoundationEssentials
import Dispatch
import Synchronization

/// Whether a store may change its file.
public enum StoreAccess: Sendable, Hashable {
    /// Reads and writes; creates a missing store.
    case readWrite
    /// Reads only: never creates, writes or changes permissions of any file. Writes throw
    /// ``PersistenceError/readOnly(path:reason:)``.
    case readOnly
}

/// A durable, observable key-value store: `@AppStorage` for all Swift code.
///
/// ```swift
/// let store = try Store.sqlite(path: "/tmp/app/store.sqlite")
/// store[.favorites].insert("two-sum")       // durable when the statement ends
/// let favorites = store[.favorites]          // cached: no I/O unless another process wrote
/// ```
///
/// `Store` is safe to use from any thread: its state lives behind one `Mutex`. Values are cached
/// after their first read; a write by another process (or another `Store` on the same file) is
/// noticed at the next read, at the cost of two memory loads when nothing changed.
///
/// Do not call the store from inside a ``transaction(_:)`` body: use the ``Transaction`` it hands you.
public final class Store: Sendable {
    let backend: any StorageBackend
    /// The backend, when it is SQLite's: a `set` of a `Codable` value lends it the encoder's bytes
    /// (``SQLiteBackend/write(key:bytes:)``). The others are given a `Data`, which the cache keeps:
    /// reading the bytes again would cost them more than keeping them. Used in place (optional
    /// chaining), never bound to a constant: a binding retains it, through the runtime's slow path
    /// (the backend has weak references, so its count is in a side table), 125 instructions a write.
    let lendingBackend: SQLiteBackend?
    let state = Mutex(StoreState())
    /// The file watch's wish to look at others' commits, and the writers under way.
    let outsideLook = OutsideLookGate()

    /// A store over `backend`: a backend of your own (see ``StorageBackend``), or one of the
    /// package's, which the static factories (``sqlite(path:synchronous:access:)``, ``memory()``,
    /// ``file(path:format:)``) make.
    public init(backend: any StorageBackend) {
        self.backend = backend
        lendingBackend = backend as? SQLiteBackend
    }

    deinit {
        saveAllUntrackedChanges()
        let watch = state.withLock { state in
            defer { state.watch = nil }
            return state.watch
        }
        watch?.cancel()
    }

    /// A store that lives in memory only: for tests and previews.
    public static func memory() -> Store {
        Store(backend: MemoryBackend())
    }

    /// A store in the SQLite database at `path`.
    ///
    /// With ``StoreAccess/readWrite`` (the default) a missing file is created readable by its
    /// owner only (0600), in directories made 0700. With ``StoreAccess/readOnly`` nothing is
    /// created or changed, and a store the user cannot write (mode 0444, a read-only directory or
    /// file system) can still be read.
    ///
    /// Copying a store: the last connection to close copies its log (`-wal`) into `path`, so a
    /// store nobody has open is the one file `path`; while it is open, copy it with
    /// ``backup(to:)``, or copy `path` with its `-wal` and `-shm` files together.
    ///
    /// - Parameter synchronous: ``SynchronousMode/normal`` (the default) survives a process crash;
    ///   ``SynchronousMode/full`` also survives a power loss, at one disk flush per write.
    /// - Throws: ``PersistenceError/notADatabase(path:reason:)`` for a file that is not a store (it
    ///   is left unchanged), ``PersistenceError/readOnly(path:reason:)`` when writing is asked for
    ///   but not allowed, ``PersistenceError/cannotOpen(path:reason:)`` for anything else that
    ///   prevents opening (a missing file when reading).
    public static func sqlite(
        path: String, synchronous: SynchronousMode = .normal, access: StoreAccess = .readWrite
    ) throws -> Store {
        Store(backend: try SQLiteBackend(path: path, synchronous: synchronous, access: access))
    }

    /// A store in a human-readable file (JSON or property list), replaced atomically on each write
    /// and locked so that several processes lose nothing. Every write rewrites the file: use it for
    /// small stores that people read or edit; use ``sqlite(path:synchronous:)`` for everything else.
    public static func file(path: String, format: FileFormat = .json) throws -> Store {
        Store(backend: try FileBackend(path: path, format: format))
    }

    /// The standard location of an application's store: `$XDG_DATA_HOME/<application>/store.sqlite`,
    /// where `XDG_DATA_HOME` defaults to `~/.local/share`.
    public static func standardPath(application: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let base: String
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            base = data
        } else {
            // A relative or empty `HOME` (a careless `HOME=tmp`) would put the store under the
            // current directory, or at `/.local/share`: only an absolute one is taken, as the
            // XDG base directory specification asks of its variables; else the account's home.
            let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? FileManager.default.homeDirectoryForCurrentUser.path
            base = home + "/.local/share"
        }
        return base + "/" + application + "/store.sqlite"
    }

    /// The SQLite store at ``standardPath(application:environment:)``.
    public static func standard(application: String) throws -> Store {
        try sqlite(path: standardPath(application: application))
    }

    /// The file behind this store, or `nil` for a memory store.
    public var path: String? { backend.path }

    /// The last error that a non-throwing accessor (the subscript, the UserDefaults-shaped getters,
    /// `@Stored`) met and answered with a default value instead. Never silently dropped: check it,
    /// or use the throwing API.
    public var lastError: PersistenceError? {
        state.withLock { $0.lastError }
    }

    func record(_ error: PersistenceError) {
        state.withLock { $0.lastError = error }
    }
}

/// Everything a store keeps in memory.
struct StoreState {
    /// Decoded values and their bytes, by key name. `raw == nil` means "not stored".
    var cache: [String: CacheEntry] = [:]
    /// Values from ``Store/register(defaults:)``, as stored bytes.
    var registered: [String: Data] = [:]
    /// The typed keys used with this store (or given to ``Store/register(_:)``), by name: their
    /// defaults are what the string-key API answers for them. ``registered`` wins over these.
    var keyDefaults: [String: Keys] = [:]
    /// This state's number, never reused (0 is no store): what `Keys.notedBy` holds once noted here.
    let serial = StoreState.serials.add(1, ordering: .relaxed).newValue
    private static let serials = Atomic<UInt64>(0)
    var lastError: PersistenceError?
    var keyObservers: [UInt64: KeyObserver] = [:]
    var changeObservers: [UInt64: ChangeObserver] = [:]
    var nextObserverID: UInt64 = 0
    /// While anyone observes a store that others can change: the backend's watch of the file, or
    /// the poller that stands in for one.
    var watch: ObservationToken?
    /// Changes from outside that a read (not the watch) found: observers have not heard of them yet.
    var unsentOutsideChange: StoreChange?
    /// Which tracked `@Observable` object is current for each key (see Store+ObservableObjects).
    var trackedObjects: [String: ObjectIdentifier] = [:]
    /// Tracked objects that Observation cannot watch, compared at their next read and at exit
    /// (see Store+UntrackedObjects).
    var untrackedObjects: [String: UntrackedObject] = [:]
    /// The types already reported as ``PersistenceError/untrackedChanges(key:type:)``.
    var reportedUntrackedTypes: Set<String> = []
}

struct CacheEntry {
    /// The stored bytes (`nil`: not stored), unless ``bytesKept`` is false.
    var raw: Data?
    /// The decoded value (or, for an absent `@Observable` object, the default instance handed out).
    var decoded: UncheckedBox<Any>?
    /// False after this store wrote ``decoded`` from bytes its encoder lent (a `set` of a `Codable`
    /// value): the value is stored, and its bytes are read again only when asked for
    /// (``Store/currentEntry(for:in:needsBytes:)``).
    var bytesKept = true
    /// Kept across another process's change only because it holds a tracked `@Observable` object:
    /// its bytes must be compared with the store's before it is used again.
    var needsCheck = false
}

extension StoreState {
    /// Forgets the cached values that `change` (from outside) may have changed: its keys, or
    /// everything when it is not complete. Tracked `@Observable` objects are kept, marked to be
    /// compared at their next read: the app may hold them, and they must keep saving their
    /// changes as long as nobody else changed their key.
    /// Observers hear of the change later, from ``Store/deliverChangesByOthers()``.
    mutating func forget(_ change: StoreChange) {
        if change.isComplete {
            for name in change.keys {
                if trackedObjects[name] != nil {
                    cache[name]?.needsCheck = true
                } else {
                    cache[name] = nil
                }
            }
        } else {
            var kept: [String: CacheEntry] = [:]
            for (name, _) in trackedObjects {
                if var entry = cache[name] {
                    entry.needsCheck = true
                    kept[name] = entry
                }
            }
            cache = kept
        }
        if !keyObservers.isEmpty || !changeObservers.isEmpty {
            unsentOutsideChange = unsentOutsideChange.merged(with: change)
        }
    }
}
