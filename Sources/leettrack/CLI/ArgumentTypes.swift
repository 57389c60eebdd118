import ArgumentParser
import LeetTrackCore

// Values the parser checks as it reads the command line: a bad one is a usage error (exit 64)
// that names the option, the value and what is accepted, before the store is opened.

/// A rating word (`--rating easy`, `review 1 good`), in any case.
extension ReviewRating: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

/// A sort order (`--sort recent`), in any case; a bad one is answered with every order.
extension ProblemQuery.Sort: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument.lowercased()) }
}

/// A study list's name (`--list`), built-in or the user's own: only its form is checked here (it
/// has a word); whether the list exists is known once the store is open.
struct ListName: ExpressibleByArgument {
    let name: String
    init?(argument: String) {
        guard OwnLists.key(for: argument) != nil else { return nil }
        name = argument
    }
}

/// A TCP port number, 0 to 65535.
struct Port: ExpressibleByArgument {
    let number: Int

    init?(argument: String) {
        guard let number = Int(argument), (0...65535).contains(number) else { return nil }
        self.number = number
    }
}

/// The whole number in `range` (by default above zero) `text` says (`--limit`, `--upcoming`,
/// `--read-timeout`); else a usage error: `need`, with the value.
func wholeNumber(_ text: String, in range: ClosedRange<Int> = 1...Int.max, _ need: String) throws -> Int {
    guard let number = Int(text), range.contains(number) else { throw ValidationError("\(need), not '\(text)'") }
    return number
}
