#if canImport(Glibc)
import Foundation
import Glibc
import Testing

/// `leettrack leetcode login` at a real terminal (a pseudo-terminal): the cookie prompt turns
/// echo off, and a signal that ends the process at the prompt puts the echo back.
@Suite("leettrack leetcode login at a terminal")
struct LeetCodeLoginTerminalTests {
    /// A pseudo-terminal whose child end is the program's standard input.
    final class Pair {
        let parent: Int32
        let child: Int32

        /// `TIOCSPTLCK` and `TIOCGPTN`, whose macros Swift cannot import (nor `posix_openpt`'s family).
        private static let unlockRequest = UInt(0x4004_5431)
        private static let numberRequest = UInt(0x8004_5430)

        init() throws {
            parent = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            guard parent >= 0 else { throw POSIXError(.ENODEV) }
            var unlock: Int32 = 0
            var number: UInt32 = 0
            guard ioctl(parent, Self.unlockRequest, &unlock) == 0, ioctl(parent, Self.numberRequest, &number) == 0 else {
                close(parent)
                throw POSIXError(.ENODEV)
            }
            child = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
            guard child >= 0 else {
                close(parent)
                throw POSIXError(.ENODEV)
            }
        }

        deinit {
            close(parent)
            close(child)
        }

        var echoes: Bool {
            var attributes = termios()
            tcgetattr(child, &attributes)
            return attributes.c_lflag & tcflag_t(ECHO) != 0
        }
    }

    @Test("a signal at the cookie prompt restores the terminal's echo", arguments: [SIGINT, SIGTERM])
    func signalAtThePromptRestoresEcho(signal: Int32) throws {
        let runner = try LeetTrackRunner()
        let terminal = try Pair()
        #expect(terminal.echoes)
        let process = Process()
        process.executableURL = LeetTrackRunner.executable
        process.arguments = ["--store", runner.storePath, "leetcode", "login", "--endpoint", "http://127.0.0.1:9/graphql"]
        process.environment = runner.environment(["LEETCODE_SESSION": "", "LEETCODE_CSRFTOKEN": ""])
        process.standardInput = FileHandle(fileDescriptor: terminal.child, closeOnDealloc: false)
        let error = Pipe()
        process.standardError = error
        process.standardOutput = Pipe()
        try process.run()
        // The prompt is written once echo is off; read standard error until it shows.
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains("(not shown as you type)") {
            let chunk = error.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += chunk
        }
        #expect(String(decoding: seen, as: UTF8.self).contains("LEETCODE_SESSION (not shown as you type)"))
        #expect(!terminal.echoes, "the prompt did not turn echo off")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signal)
        #expect(terminal.echoes, "echo is still off after the signal")
        #expect(!FileManager.default.fileExists(atPath: runner.storePath + ".leetcode-session"))
    }
}
#endif
