import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackText
import TerminalUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `leettrack timer PROBLEM`: a stopwatch at the terminal, then the solve or attempt recorded
/// with its time.
struct TimerCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "timer",
        abstract: "Time yourself on a problem, then record how it went with the time.",
        discussion: paragraphs("""
            Shows a stopwatch; Enter, q or Ctrl-C stops it. Then it asks how it went: 1-4 records a \
            solve rated again, hard, good (also Enter) or easy; a records an attempt (with a note if \
            you type one); d records nothing. While it runs, an accepted `leettrack leetcode submit` of the \
            problem (in another terminal) records the solve with the timer's time, and the timer stops. \
            Needs a terminal; in a script, use `solve PROBLEM --time 25m` or `attempt PROBLEM --time 25m`.
            """))

    @Argument(help: .problem, completion: .problems) var problemName: String
    @ParentCommand var root: LeetTrack
    func storeUse(_ context: CommandContext) -> StoreUse { .writing }

    /// What the user said after stopping.
    enum Outcome: Equatable {
        case solved(ReviewRating)
        case attempted(note: String?)
        case discarded
    }

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        let problem = try context.catalog.resolve(problemName)
        guard Terminal.isTerminal(.standardInput), Terminal.isTerminal(.standardOutput) else {
            throw CLIError.failure(
                "the timer needs a terminal (it shows a stopwatch and asks how it went); in a script, record the time with "
                    + "`leettrack solve \(problem.id) --time 25m` or `leettrack attempt \(problem.id) --time 25m`.")
        }
        // Kept while the stopwatch runs: a `leetcode submit` meanwhile records the solve with
        // this timer's time and takes the record away, which stops the stopwatch.
        let store = try context.tracker().store
        let timerKey = RunningTimer.key(for: problem.slug)
        try store.set(RunningTimer(started: context.clock.now, process: getpid()), for: timerKey)
        let stopped = try stopwatch(for: problem) { try store.value(for: timerKey) == nil }
        // The rest of a key that stopped it (an arrow's `[A` after its ESC) must not answer below.
        tcflush(0, TCIFLUSH)
        let wasRunning = try store.transaction { transaction in
            defer { transaction.removeValue(for: timerKey) }
            return try transaction.value(for: timerKey) != nil
        }
        guard wasRunning, let elapsed = stopped else {
            Terminal.writeOutput("\n")
            output.line("Solved with `leetcode submit`, with this timer's time; the timer stopped.")
            return
        }
        Terminal.writeOutput("\nStopped at \(PracticeTime.clock(elapsed)).\n")
        // A stopwatch left running a day or more did not time one attempt: recorded without a time.
        let seconds: Int? = elapsed > PracticeTime.range.upperBound ? nil : max(1, elapsed)
        if seconds == nil { Terminal.writeOutput("That is longer than a day, so it is recorded without a time.\n") }
        switch ask() {
        case .discarded:
            output.line("Nothing recorded.")
        case .solved(let rating):
            let scheduler = try context.tracker().reviews.scheduler()
            let date = context.clock.now
            try ProgressChanges.apply([problem], json: false, in: context, output) { slug, record in
                record.recordSolve(at: date, rating: rating, scheduler: scheduler.fuzzed(for: slug), seconds: seconds)
            } describe: { problem, change in
                ProgressChanges.solved(problem, change, date: date, rating: rating, seconds: seconds, context)
            }
            CodeGit.afterSolve([problem], context, output)
        case .attempted(let note):
            let date = context.clock.now
            try ProgressChanges.apply([problem], json: false, in: context, output) { _, record in
                record.recordAttempt(at: date, seconds: seconds, note: note)
            } describe: { problem, _ in
                "Recorded an attempt at \(Format.name(problem))\(ProgressChanges.timeSuffix(seconds))."
            }
        }
    }

    /// Runs the stopwatch until Enter, q, Esc or Ctrl-C (or the end of input); returns the whole
    /// seconds elapsed, measured on the monotonic clock (a change of the wall clock does not count),
    /// or `nil` when `ended` (asked once a second) says the timer was ended elsewhere.
    private func stopwatch(for problem: Problem, ended: () throws -> Bool) throws -> Int? {
        let start = ContinuousClock.now
        let keys = EchoOff(readingKeys: true)
        defer { keys.restore() }
        var shown = -1
        while true {
            let elapsed = Int((ContinuousClock.now - start).components.seconds)
            if elapsed != shown {
                shown = elapsed
                if try ended() { return nil }
                // Drawn in place: the line is cleared and written again (the title made safe).
                Terminal.writeAsItIs("\r\u{1B}[2K" + TerminalText.sanitized(
                    "⏱ \(PracticeTime.clock(elapsed))  \(Format.name(problem))  (Enter, q or Ctrl-C stops)"), to: .standardOutput)
            }
            var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 200)
            if ready < 0 {
                if errno == EINTR { continue }
                throw CLIError.failure("cannot read the terminal: \(String(cString: strerror(errno)))")
            }
            guard ready > 0 else { continue }
            var byte: UInt8 = 0
            let count = read(0, &byte, 1)
            // Enter, q, Esc, Ctrl-C, Ctrl-\, Ctrl-D, or the terminal gone.
            if count <= 0 || [0x0A, 0x0D, 0x71, 0x51, 0x1B, 0x03, 0x1C, 0x04].contains(byte) {
                return Int((ContinuousClock.now - start).components.seconds)
            }
        }
    }

    /// Asks how it went until the answer is one it knows; the end of input discards.
    private func ask() -> Outcome {
        while true {
            Terminal.writeOutput("How did it go? 1 again, 2 hard, 3 good, 4 easy, a attempted, d discard [3]: ")
            guard let line = readLine() else { return .discarded }
            switch line.trimmedOfWhitespace.lowercased() {
            case "", "3", "good": return .solved(.good)
            case "1", "again": return .solved(.again)
            case "2", "hard": return .solved(.hard)
            case "4", "easy": return .solved(.easy)
            case "d", "discard": return .discarded
            case "a", "attempted":
                Terminal.writeOutput("A note about this attempt (Enter for none): ")
                let note = (readLine() ?? "").trimmedOfWhitespace
                if InputRules.showsNothing(note) { return .attempted(note: nil) }
                do throws(InputRules.Violation) {
                    try InputRules.check(note: note, at: "note")
                    return .attempted(note: note)
                } catch {
                    Terminal.writeOutput("\(error.reason); the attempt is recorded without it.\n")
                    return .attempted(note: nil)
                }
            default:
                Terminal.writeOutput("Answer 1, 2, 3, 4, a or d.\n")
            }
        }
    }
}
