import Foundation

// The whole program: parse, run, exit with the code `Root.run` chose.
exit(Root.run(Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
