import ArgumentParser
import LeetTrackCore

// Values the parser checks as it reads the command line: a bad one is a usage error (exit 64)
// that names the option, the value and what is accepted, before the store is opened.

/// A rating word (`--rating easy`, `review 1 good`), in any case.
extension ReviewRating: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

/// A TCP port number, 0 to 65535.
struct Port: ExpressibleByArgument {
    let number: Int

    init?(argument: String) {
        guard let number = Int(argument), (0...65535).contains(number) else { return nil }
        self.number = number
    }
}
