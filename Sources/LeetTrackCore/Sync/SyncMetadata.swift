import FoundationEssentials
import Persistence

/// What sync needs to know about one problem's record beyond the record itself: when each field
/// was last changed (by the hybrid logical clock), and which events were erased. Stored locally
/// under `sync.meta.<slug>`, apart from the record, so the record's format does not change and
/// the stamps outlive a record that became empty and was removed.
public struct SyncMetadata: Codable, Sendable, Hashable {
    /// When the status was last changed here or by a record merged in.
    public var status: HLCTimestamp?
    /// When the favorite flag was last changed.
    public var favorite: HLCTimestamp?
    /// When the note was last changed.
    public var note: HLCTimestamp?
    /// Events erased on purpose (`reset --forget`): they never come back from another machine.
    public var erased: [ProgressEvent]

    /// Metadata with no stamps: everything in the record is older than any stamped change.
    public init(status: HLCTimestamp? = nil, favorite: HLCTimestamp? = nil, note: HLCTimestamp? = nil, erased: [ProgressEvent] = []) {
        self.status = status
        self.favorite = favorite
        self.note = note
        self.erased = erased
    }

    enum CodingKeys: String, CodingKey {
        case status, favorite, note, erased
    }

    /// Decodes metadata; every field may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try container.decodeIfPresent(HLCTimestamp.self, forKey: .status)
        favorite = try container.decodeIfPresent(HLCTimestamp.self, forKey: .favorite)
        note = try container.decodeIfPresent(HLCTimestamp.self, forKey: .note)
        erased = try container.decodeIfPresent([ProgressEvent].self, forKey: .erased) ?? []
    }

    /// The latest stamp of any field.
    var latest: HLCTimestamp? { [status, favorite, note].compactMap { $0 }.max() }
}

/// The local keys sync keeps beside the progress records.
enum SyncKeys {
    static let metadataPrefix = "sync.meta."
    static let pendingPrefix = "sync.pending."
    static let clock = Key<HybridLogicalClock?>("sync.clock", default: nil)
    static let state = Key<SyncState?>("sync.state", default: nil)

    static let stampsPrefix = "sync.stamps."
    static let pendingValuePrefix = "sync.pending-value."

    static func metadata(_ slug: String) -> Key<SyncMetadata> {
        Key<SyncMetadata>(metadataPrefix + slug, default: SyncMetadata())
    }

    /// Present while a local change of the problem waits to be pushed; holds the change's stamp,
    /// so a sync clears it only if no newer change came meanwhile.
    static func pending(_ slug: String) -> Key<HLCTimestamp?> {
        Key<HLCTimestamp?>(pendingPrefix + slug, default: nil)
    }

    /// The stamps of a synced list or settings key (`lists.<key>`, `settings.review`).
    static func stamps(_ name: String) -> Key<SyncValueStamps> {
        Key<SyncValueStamps>(stampsPrefix + name, default: SyncValueStamps())
    }

    /// Present while a local change of a list or the settings waits to be pushed; holds its stamp.
    static func pendingValue(_ name: String) -> Key<HLCTimestamp?> {
        Key<HLCTimestamp?>(pendingValuePrefix + name, default: nil)
    }
}

/// What the local store remembers of its last sync.
public struct SyncState: Codable, Sendable, Hashable {
    /// The id of the remote data set this store syncs with (a new server starts from scratch).
    public var remoteID: String
    /// The remote sequence number up to which every remote change has been merged here.
    public var cursor: Int
    /// Where the remote is (`postgresql://user@host:port/db`, never the password).
    public var location: String
    /// When the last sync finished.
    public var lastSync: Date?
    /// Whether every list and the settings have been exchanged with this remote once; nil for a
    /// store that synced before lists and settings were synced, whose next sync pushes and pulls
    /// them all.
    public var listsAndSettingsSynced: Bool? = nil
    /// The digest of the server's log of push ``cursor`` as this store last saw it
    /// (``SyncEngine/logDigest(_:)``); `nil` when it had none, and in states stored before it was
    /// kept. Another log under that number means the server was restored from an older copy and
    /// other pushes took its numbers: the next sync starts again from the start.
    public var cursorLog: String? = nil
}
