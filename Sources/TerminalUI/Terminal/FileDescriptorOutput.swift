#if canImport(Glibc)
import Glibc

/// Writing all of a byte array to a file descriptor.
public enum FileDescriptorOutput {
    /// Writes every byte of `bytes` to `descriptor`, retrying after partial writes and signals
    /// (`EINTR`), and waiting for the descriptor to drain when it is non-blocking (`EAGAIN`).
    /// A frame is written with as few `write(2)` calls as the kernel allows.
    /// - Throws: `TerminalError.systemCall` for any other failure (a closed terminal, say).
    public static func write(_ bytes: [UInt8], to descriptor: Int32) throws {
        try bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var written = 0
            while written < raw.count {
                let result = Glibc.write(descriptor, base + written, raw.count - written)
                if result >= 0 {
                    written += result
                    continue
                }
                switch errno {
                case EINTR:
                    continue
                case EAGAIN:
                    var descriptors = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
                    if poll(&descriptors, 1, -1) < 0 && errno != EINTR {
                        throw TerminalError.systemCall("poll", errno: errno)
                    }
                default:
                    throw TerminalError.systemCall("write", errno: errno)
                }
            }
        }
    }
}
#endif
