#if canImport(Glibc)
import Foundation
import Glibc
@testable import TerminalUI

/// A pseudo-terminal pair for tests: the program under test uses `child` as its terminal, the test
/// types into and reads the screen bytes from `parent`.
final class PseudoTerminal: @unchecked Sendable {
    // Both descriptors are fixed at creation; the test and the program thread each use one end.
    let parent: Int32
    let child: Int32

    /// `TIOCSPTLCK` and `TIOCGPTN`, whose macros Swift cannot import (they are `_IOW`/`_IOR` expressions).
    private static let unlockRequest = UInt(0x4004_5431)
    private static let numberRequest = UInt(0x8004_5430)

    init(size: Size) throws {
        parent = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard parent >= 0 else { throw TerminalError.systemCall("open /dev/ptmx", errno: errno) }
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard ioctl(parent, PseudoTerminal.unlockRequest, &unlock) == 0,
            ioctl(parent, PseudoTerminal.numberRequest, &number) == 0
        else { throw TerminalError.systemCall("ioctl", errno: errno) }
        child = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
        guard child >= 0 else { throw TerminalError.systemCall("open pts", errno: errno) }
        var window = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(child, UInt(TIOCSWINSZ), &window)
    }

    deinit {
        close(parent)
        close(child)
    }

    /// Types `text` as the user would.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(parent, $0.baseAddress, $0.count) }
    }

    /// Reads what the program wrote until it contains `expected`, or the time runs out; returns all
    /// that was read.
    func read(until expected: String, timeout: Double = 5) -> String {
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if String(decoding: received, as: UTF8.self).contains(expected) { break }
            var descriptor = [pollfd(fd: parent, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = Glibc.read(parent, &chunk, chunk.count)
            if count <= 0 { break }
            received += chunk[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// The child end's terminal attributes.
    func attributes() -> termios {
        var attributes = termios()
        tcgetattr(child, &attributes)
        return attributes
    }
}

/// A value handed from one thread to another, awaited on a condition rather than by sleeping.
final class Handoff<Value: Sendable>: @unchecked Sendable {
    // `value` is only touched with `condition` locked.
    private let condition = NSCondition()
    private var value: Value?

    func put(_ newValue: Value) {
        condition.lock()
        value = newValue
        condition.broadcast()
        condition.unlock()
    }

    func take(timeout: Double = 5) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date().addingTimeInterval(timeout)
        while value == nil, condition.wait(until: deadline) {}
        return value
    }
}
#endif
