import Foundation
import Testing
@testable import TerminalUI

#if canImport(Glibc)
import Glibc

@Suite("Terminal I/O")
struct TerminalIOTests {
    @Test("A large write to a non-blocking pipe arrives complete despite partial writes")
    func largeWriteArrivesWhole() throws {
        let pipe = try makeNonBlockingPipe()
        defer { close(pipe.read) }
        let box = ReceivedBytes()
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
        let reader = Thread {
            var received: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 8192)
            while true {
                var descriptor = [pollfd(fd: pipe.read, events: Int16(POLLIN), revents: 0)]
                _ = poll(&descriptor, 1, 1000)
                let count = read(pipe.read, &chunk, chunk.count)
                if count > 0 { received += chunk[0..<count] } else if count == 0 { break }
            }
            box.set(received)
        }
        reader.start()
        try FileDescriptorOutput.write(payload, to: pipe.write)
        close(pipe.write)
        let received = box.wait()
        #expect(received == payload)
    }

    @Test("A write to a closed pipe throws instead of losing the frame silently")
    func writeToClosedPipeThrows() throws {
        signal(SIGPIPE, SIG_IGN)
        let pipe = try makeNonBlockingPipe()
        close(pipe.read)
        defer { close(pipe.write) }
        #expect(throws: TerminalError.self) { try FileDescriptorOutput.write([1, 2, 3], to: pipe.write) }
    }

    @Test("A waker makes its descriptor readable, and draining reports one wake for many")
    func wakerWakes() throws {
        let waker = try Waker()
        #expect(!waker.drain())
        waker.wake()
        waker.wake()
        var descriptor = [pollfd(fd: waker.readDescriptor, events: Int16(POLLIN), revents: 0)]
        #expect(poll(&descriptor, 1, 1000) == 1)
        #expect(waker.drain())
        #expect(!waker.drain())
    }

    @Test("Opening a terminal on a pipe fails with notATerminal")
    func openWithoutTerminal() throws {
        let pipe = try makeNonBlockingPipe()
        defer {
            close(pipe.read)
            close(pipe.write)
        }
        #expect(throws: TerminalError.notATerminal) { try Terminal.open(input: pipe.read, output: pipe.write) }
    }

    @Test("A terminal that says it is 20000x20000 is taken as the largest screen, 1000x1000")
    func hugeTerminalSizeIsCut() throws {
        let terminal = try PseudoTerminal(size: Size(width: 20_000, height: 20_000))
        #expect(Terminal.size(of: terminal.child) == Size.largestScreen)
        #expect(Size.largestScreen == Size(width: 1_000, height: 1_000))
    }

    @Test("A terminal over the largest screen one way only is cut that way only")
    func wideTerminalSizeIsCutInWidth() throws {
        let terminal = try PseudoTerminal(size: Size(width: 65_535, height: 50))
        #expect(Terminal.size(of: terminal.child) == Size(width: 1_000, height: 50))
    }

    @Test("An ordinary terminal's size is taken as it is")
    func ordinaryTerminalSizeIsKept() throws {
        let terminal = try PseudoTerminal(size: Size(width: 80, height: 24))
        #expect(Terminal.size(of: terminal.child) == Size(width: 80, height: 24))
    }
}

/// Hands the reader thread's bytes to the test, waiting on a condition rather than sleeping.
final class ReceivedBytes: @unchecked Sendable {
    // `bytes` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var bytes: [UInt8]?

    func set(_ value: [UInt8]) {
        condition.lock()
        bytes = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> [UInt8] {
        condition.lock()
        defer {
            bytes = nil
            condition.unlock()
        }
        while bytes == nil { condition.wait() }
        return bytes ?? []
    }
}
#endif
