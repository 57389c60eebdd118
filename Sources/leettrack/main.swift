import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The whole program: parse, run, exit with the code `LeetTrack.run` chose.
let environment = Terminal.environment(["LEETTRACK_STORE", "NO_COLOR", "VISUAL", "EDITOR", "XDG_DATA_HOME", "HOME", "LEETTRACK_REMOTE", "LEETTRACK_REMOTE_FILE", "LEETTRACK_NOW", "LEETCODE_SESSION", "LEETCODE_CSRFTOKEN", "LEETTRACK_LEETCODE_TIMEOUT"])
exit(LeetTrack.run(Array(CommandLine.arguments.dropFirst()), environment: environment))
