import Foundation
import Persistence

// A small program the Persistence tests run as separate processes: several writers on one store,
// a writer killed with SIGKILL, an observer in another process. Not part of the product.
//
//   persistence-probe write PATH PREFIX COUNT   sets PREFIX0…, printing "ok N" after each returns
//   persistence-probe set PATH KEY INTEGER      sets one integer key
//   persistence-probe watch PATH KEY            prints "value N" for each update of an integer key
//                                               (it opens the store for reading only)
//   persistence-probe stamp PATH PREFIX COUNT   for each line read from standard input, sets PREFIX0…
//                                               to CLOCK_MONOTONIC in nanoseconds as the commit starts,
//                                               then prints "done NS", the clock once it returned
//                                               (the benchmark of cross-process notices)

/// Writes a line straight to the pipe (no stdio buffering), so the parent sees it at once.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
let arguments = CommandLine.arguments
func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("persistence-probe: \(message)\n".utf8))
    exit(1)
}
guard arguments.count >= 3 else { fail("usage: persistence-probe write|set|watch PATH …") }
if runDurabilityCommand(arguments) { exit(0) }  // See DurabilityCommands.swift.
let store: Store
do {
    store = try .sqlite(path: arguments[2], access: arguments[1] == "watch" ? .readOnly : .readWrite)
} catch {
    fail("\(error)")
}

switch arguments[1] {
case "write" where arguments.count == 5:
    guard let count = Int(arguments[4]) else { fail("COUNT must be an integer") }
    for index in 0..<count {
        do {
            try store.set(index, for: Key<Int>("\(arguments[3])\(index)", default: 0))
        } catch {
            fail("\(error)")
        }
        say("ok \(index)")
    }
case "set" where arguments.count == 5:
    guard let value = Int(arguments[4]) else { fail("INTEGER must be an integer") }
    do {
        try store.set(value, for: Key<Int>(arguments[3], default: 0))
    } catch {
        fail("\(error)")
    }
case "stamp" where arguments.count == 5:
    guard let count = Int(arguments[4]) else { fail("COUNT must be an integer") }
    for index in 0..<count {
        guard readLine() != nil else { break }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        do {
            try store.set(Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec), for: Key<Int>("\(arguments[3])\(index)", default: 0))
        } catch {
            fail("\(error)")
        }
        clock_gettime(CLOCK_MONOTONIC, &now)
        say("done \(Int(now.tv_sec) * 1_000_000_000 + Int(now.tv_nsec))")
    }
case "watch" where arguments.count == 4:
    let key = Key<Int>(arguments[3], default: 0)
    let token = store.observe(key) { say("value \($0)") }
    say("ready")
    while true { sleep(60) }
    withExtendedLifetime(token) {}
default:
    fail("unknown command or wrong arguments: \(arguments.dropFirst().joined(separator: " "))")
}
