import Dispatch
import FoundationEssentials
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Tells when some files may have changed, through the file system: inotify on Linux (a watch on
/// each file's folder, so files created or replaced later are seen too), dispatch sources on the
/// files elsewhere. The handler then asks the backend what changed; it runs on one serial queue.
///
/// A signal can come a moment before the change is visible: SQLite writes a commit's pages to its
/// log, and only then publishes the commit in its shared index. So after each event the handler
/// runs again at ``followUps``; a look that finds nothing new costs a few memory loads.
enum FileChangeWatch {
    /// When the handler runs again after an event, in microseconds from the previous run.
    static let followUps = [250, 1_000, 4_000, 20_000]
    /// While `isSettled` says that a change is still to be published (a commit slower than the
    /// follow-ups: a disk flush), the handler runs again every 20 ms, for up to 2 s.
    static let unsettledFollowUps = 100

    /// Starts watching `files` (absolute paths); `nil` when the system offers no watch (the store
    /// then polls).
    static func start(
        files: [String], isSettled: @escaping @Sendable () -> Bool = { true }, _ handler: @escaping @Sendable () -> Void
    ) -> ObservationToken? {
        let queue = DispatchQueue(label: "Persistence.FileChangeWatch")
        let followUp = FollowUp(queue: queue, isSettled: isSettled, handler: handler)
        #if canImport(Glibc)
        return startInotify(files: files, queue: queue) { followUp.eventsArrived() }
        #elseif canImport(Darwin)
        return startDispatchSources(files: files, queue: queue) { followUp.eventsArrived() }
        #else
        return nil
        #endif
    }

    /// Runs the handler at once and then at the follow-up delays after each event; a new event
    /// starts the delays again (the runs scheduled for an older one are dropped), so the last
    /// event always gets all of them.
    private final class FollowUp: Sendable {
        let queue: DispatchQueue
        let isSettled: @Sendable () -> Bool
        let handler: @Sendable () -> Void
        /// The events seen: a scheduled run for an older one does nothing.
        private let events = Atomic<Int>(0)

        init(queue: DispatchQueue, isSettled: @escaping @Sendable () -> Bool, handler: @escaping @Sendable () -> Void) {
            self.queue = queue
            self.isSettled = isSettled
            self.handler = handler
        }

        /// Called on `queue`.
        func eventsArrived() {
            handler()
            run(step: 0, event: events.add(1, ordering: .relaxed).newValue)
        }

        private func run(step: Int, event: Int) {
            let followUps = FileChangeWatch.followUps
            guard step < followUps.count || (step < followUps.count + FileChangeWatch.unsettledFollowUps && !isSettled()) else {
                return
            }
            let delay = step < followUps.count ? followUps[step] : 20_000
            queue.asyncAfter(deadline: .now() + .microseconds(delay)) { [self] in
                guard events.load(ordering: .relaxed) == event else { return }
                handler()
                run(step: step + 1, event: event)
            }
        }
    }

    #if canImport(Glibc)
    private static func startInotify(files: [String], queue: DispatchQueue, _ changed: @escaping @Sendable () -> Void) -> ObservationToken? {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
        var names: Set<String> = []
        var folders: Set<String> = []
        for file in files {
            names.insert(FilePaths.lastComponent(of: file))
            folders.insert(FilePaths.folder(of: file))
        }
        for folder in folders where inotify_add_watch(descriptor, folder, mask) < 0 {
            close(descriptor)
            return nil
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        let watched = names
        source.setEventHandler {
            if readEvents(descriptor).contains(where: watched.contains) { changed() }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
        let box = UncheckedBox(source)  // Dispatch sources are safe to cancel from any thread.
        return ObservationToken { box.value.cancel() }
    }

    /// Reads every queued event and returns the names of the files they concern.
    private static func readEvents(_ descriptor: Int32) -> Set<String> {
        var names: Set<String> = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return names }  // EAGAIN: drained (or an error: nothing to read).
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len].
                while offset + 16 <= count {
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let start = offset + 16
                    let end = min(start + length, count)
                    let nameBytes = bytes[start..<end].prefix { $0 != 0 }
                    names.insert(String(decoding: nameBytes, as: UTF8.self))
                    offset = start + length
                }
            }
        }
    }
    #elseif canImport(Darwin)
    private static func startDispatchSources(files: [String], queue: DispatchQueue, _ changed: @escaping @Sendable () -> Void) -> ObservationToken? {
        var sources: [any DispatchSourceFileSystemObject] = []
        let folders = Set(files.map(FilePaths.folder(of:)))
        for path in files + folders {
            let descriptor = open(path, O_EVTONLY)
            guard descriptor >= 0 else { continue }  // A file made later shows as a change of its folder.
            let source = DispatchSource.makeFileSystemObjectSource(
                fileDescriptor: descriptor, eventMask: [.write, .extend, .delete, .rename], queue: queue)
            source.setEventHandler { changed() }
            source.setCancelHandler { close(descriptor) }
            source.resume()
            sources.append(source)
        }
        guard !sources.isEmpty else { return nil }
        let all = UncheckedBox(sources)
        return ObservationToken { for source in all.value { source.cancel() } }
    }
    #endif
}
