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
/// log, and only then publishes the commit in its shared index. So after each burst of events the
/// handler runs again ``followUps`` later; a look that finds nothing new costs a few memory loads.
enum FileChangeWatch {
    /// When the handler runs again after a burst of events, in milliseconds from the previous run.
    static let followUps = [1, 4, 20]

    /// Starts watching `files` (absolute paths); `nil` when the system offers no watch (the store
    /// then polls).
    static func start(files: [String], _ handler: @escaping @Sendable () -> Void) -> ObservationToken? {
        let queue = DispatchQueue(label: "Persistence.FileChangeWatch")
        let followUp = FollowUp(queue: queue, handler: handler)
        #if canImport(Glibc)
        return startInotify(files: files, queue: queue) { followUp.eventsArrived() }
        #elseif canImport(Darwin)
        return startDispatchSources(files: files, queue: queue) { followUp.eventsArrived() }
        #else
        return nil
        #endif
    }

    /// Runs the handler at once and then at the follow-up delays; events during a chain of
    /// follow-ups start another one when it ends, so the last event always gets all of them.
    private final class FollowUp: Sendable {
        let queue: DispatchQueue
        let handler: @Sendable () -> Void
        /// Events seen, and whether a chain of follow-ups is running.
        private let state = Mutex((events: 0, isRunning: false))

        init(queue: DispatchQueue, handler: @escaping @Sendable () -> Void) {
            self.queue = queue
            self.handler = handler
        }

        /// Called on `queue`.
        func eventsArrived() {
            handler()
            let start = state.withLock { state -> Int? in
                state.events += 1
                guard !state.isRunning else { return nil }
                state.isRunning = true
                return state.events
            }
            if let start { run(step: 0, startedAt: start) }
        }

        private func run(step: Int, startedAt events: Int) {
            guard step < FileChangeWatch.followUps.count else {
                let again = state.withLock { state -> Int? in
                    guard state.events != events else {
                        state.isRunning = false
                        return nil
                    }
                    return state.events
                }
                if let again { run(step: 0, startedAt: again) }
                return
            }
            queue.asyncAfter(deadline: .now() + .milliseconds(FileChangeWatch.followUps[step])) { [self] in
                handler()
                run(step: step + 1, startedAt: events)
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
