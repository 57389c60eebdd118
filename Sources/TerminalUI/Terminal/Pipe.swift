#if canImport(Glibc)
import Glibc

/// Makes a pipe whose ends are non-blocking and closed on exec (`pipe2` is a GNU extension the
/// Glibc module does not export, so this is `pipe` plus `fcntl`).
func makeNonBlockingPipe() throws -> (read: Int32, write: Int32) {
    var descriptors: [Int32] = [-1, -1]
    guard pipe(&descriptors) == 0 else { throw TerminalError.systemCall("pipe", errno: errno) }
    for descriptor in descriptors {
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0,
            fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0
        else {
            let code = errno
            close(descriptors[0])
            close(descriptors[1])
            throw TerminalError.systemCall("fcntl", errno: code)
        }
    }
    return (descriptors[0], descriptors[1])
}
#endif
