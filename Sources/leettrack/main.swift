import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The whole program: parse, run, exit with the code `LeetTrack.run` chose.
// An argument that is not UTF-8 (a Latin-1 file name, stray bytes) would reach the commands with
// its bytes replaced by U+FFFD: a store, a file or a note other than the one given. It is refused.
// (`stride`, not a range: `argc` is 0 where a kernel lets a program start with no argv at all.)
for index in stride(from: 1, to: Int(CommandLine.argc), by: 1) {
    guard let argument = CommandLine.unsafeArgv[index], String(validatingCString: argument) == nil else { continue }
    let report = ErrorReport(
        CLIError.usage("argument \(index) is not UTF-8 text; leettrack reads its arguments as UTF-8. Nothing was changed", command: nil),
        storePath: nil)
    Terminal.writeError(report.message)
    exit(report.exitCode)
}
exit(LeetTrack.run(Array(CommandLine.arguments.dropFirst())))
