import Foundation

/// Reads lines from a running process's output as they arrive (nothing is read past the line
/// asked for), for tests and benchmarks that talk to a child process line by line.
public final class LineReader: @unchecked Sendable {
    // @unchecked: `buffer` is only touched by the calling thread.
    private let handle: FileHandle
    private var buffer = Data()

    /// A reader of `handle` (a pipe's reading end).
    public init(_ handle: FileHandle) { self.handle = handle }

    /// The next line, without its line feed, or nil at end of file.
    public func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                return line
            }
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }
}
