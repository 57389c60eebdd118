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
/// files elsewhere. The handler then asks the backend what changed; its runs never overlap (one
/// thread on Linux, one serial queue elsewhere).
///
/// A signal can come a moment before the change is visible: SQLite writes a commit's pages to its
/// log, and only then publishes the commit in its shared index. So after each event the handler
/// runs again at ``followUps``; a look that finds nothing new costs a few memory loads.
enum FileChangeWatch {
    /// When the handler runs again after an event, in microseconds from the previous run. The
    /// first look, at once, often comes between another process's last log write and its
    /// publication in the shared index; the next, 50 µs later, finds it.
    static let followUps = [50, 250, 1_000, 4_000, 20_000]
    /// While `isSettled` says that a change is still to be published (a commit slower than the
    /// follow-ups: a disk flush), the handler runs again every 20 ms, for up to 2 s.
    static let unsettledFollowUps = 100

    /// Starts watching `files` (absolute paths); `nil` when the system offers no watch (the store
    /// then polls).
    static func start(
        files: [String], isSettled: @escaping @Sendable () -> Bool = { true }, _ handler: @escaping @Sendable () -> Void
    ) -> ObservationToken? {
        #if canImport(Glibc)
        return InotifyWatch.start(files: files, isSettled: isSettled, handler: handler)
        #elseif canImport(Darwin)
        let queue = DispatchQueue(label: "Persistence.FileChangeWatch")
        let followUp = FollowUp(queue: queue, isSettled: isSettled, handler: handler)
        return startDispatchSources(files: files, queue: queue) { followUp.eventsArrived() }
        #else
        return nil
        #endif
    }

    /// The delay before the run after `step` runs, in microseconds, or `nil` when the follow-ups
    /// are over: the delays of ``followUps``, then every 20 ms while `isSettled` says no.
    static func followUpDelay(afterStep step: Int, isSettled: () -> Bool) -> Int? {
        if step < followUps.count { return followUps[step] }
        return step < followUps.count + unsettledFollowUps && !isSettled() ? 20_000 : nil
    }

    #if canImport(Darwin)
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
            guard let delay = FileChangeWatch.followUpDelay(afterStep: step, isSettled: isSettled) else { return }
            queue.asyncAfter(deadline: .now() + .microseconds(delay)) { [self] in
                guard events.load(ordering: .relaxed) == event else { return }
                handler()
                run(step: step + 1, event: event)
            }
        }
    }

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

#if canImport(Glibc)
/// The watch on Linux: one thread waits in `poll` on an inotify descriptor (a watch on each
/// file's folder) and on a pipe that stops it, with the next follow-up as its timeout.
///
/// Why a thread rather than a dispatch source and timers: the signal comes with every commit,
/// this process's own included, and each one armed a dispatch timer per follow-up. In `serve`
/// with 50 clients toggling hearts, the timers and their threads cost more CPU than the looks.
private final class InotifyWatch: @unchecked Sendable {
    // @unchecked: after `start` only the watch's thread uses these (the token holds only the
    // pipe's write end).
    private let descriptor: Int32
    private let stopReader: Int32
    private let watched: Set<String>
    private let isSettled: @Sendable () -> Bool
    private let handler: @Sendable () -> Void
    /// Reused for every read of the events.
    private var buffer = [UInt8](repeating: 0, count: 16_384)

    private init(descriptor: Int32, stopReader: Int32, watched: Set<String>, isSettled: @escaping @Sendable () -> Bool, handler: @escaping @Sendable () -> Void) {
        self.descriptor = descriptor
        self.stopReader = stopReader
        self.watched = watched
        self.isSettled = isSettled
        self.handler = handler
    }

    static func start(files: [String], isSettled: @escaping @Sendable () -> Bool, handler: @escaping @Sendable () -> Void) -> ObservationToken? {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE)
        for folder in Set(files.map(FilePaths.folder(of:))) where inotify_add_watch(descriptor, folder, mask) < 0 {
            close(descriptor)
            return nil
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            close(descriptor)
            return nil
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }  // Not inherited by child processes.
        let watch = InotifyWatch(
            descriptor: descriptor, stopReader: ends[0], watched: Set(files.map(FilePaths.lastComponent(of:))),
            isSettled: isSettled, handler: handler)
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            Unmanaged<InotifyWatch>.fromOpaque(argument).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(watch).toOpaque())
        guard started == 0 else {
            Unmanaged.passUnretained(watch).release()
            for end in [descriptor, ends[0], ends[1]] { close(end) }
            return nil
        }
        pthread_detach(thread)
        let stopWriter = ends[1]
        // Closing the pipe's write end wakes the thread (POLLHUP), which then closes the rest.
        return ObservationToken { close(stopWriter) }
    }

    /// Waits for events and follow-ups until stopped; each run of the handler is on this thread.
    private func run() {
        defer {
            close(descriptor)
            close(stopReader)
        }
        var step: Int?  // The follow-up whose deadline is `deadline`; `nil`: none is due.
        var deadline = ContinuousClock.now
        while true {
            var descriptors = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0)]
            // `poll` counts whole milliseconds: a shorter wait (the first follow-ups) is slept, and
            // an event that comes meanwhile is read right after it.
            var timeout: Int32 = -1
            if step != nil {
                let microseconds = max(0, Int(((deadline - .now) / .microseconds(1)).rounded(.up)))
                if microseconds < 1_000 {
                    usleep(UInt32(microseconds))
                    timeout = 0
                } else {
                    timeout = Int32(min((microseconds + 999) / 1_000, 60_000))
                }
            }
            if poll(&descriptors, 2, timeout) < 0 {
                if errno == EINTR { continue }
                // Cannot wait any more (no memory): observers then hear of others' commits only
                // when this store next reads or writes.
                return
            }
            if descriptors[1].revents != 0 { return }
            var due = step != nil && ContinuousClock.now >= deadline
            if descriptors[0].revents != 0, eventsConcernWatchedFiles() {
                step = 0  // A new event starts the follow-ups again.
                due = true
            }
            guard due, let current = step else { continue }
            handler()
            if let delay = FileChangeWatch.followUpDelay(afterStep: current, isSettled: isSettled) {
                step = current + 1
                deadline = .now + .microseconds(delay)
            } else {
                step = nil
            }
        }
    }

    /// Reads every queued event: whether one concerns a watched file, or events were lost (the
    /// queue overflowed), which may hide one that did.
    private func eventsConcernWatchedFiles() -> Bool {
        var concerned = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return concerned }  // EAGAIN: drained (or an error: nothing to read).
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len].
                while offset + 16 <= count {
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let start = offset + 16
                    let end = min(start + length, count)
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                        concerned = true
                    } else if !concerned {
                        concerned = watched.contains(String(decoding: bytes[start..<end].prefix { $0 != 0 }, as: UTF8.self))
                    }
                    offset = start + length
                }
            }
        }
    }
}
#endif
