/// Why a scheduler could not be built from the given settings.
public enum ReviewSchedulerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// FSRS-6 takes exactly 21 weights.
    case wrongParameterCount(expected: Int, got: Int)
    /// A weight lies outside the range the reference implementation accepts.
    case parameterOutOfBounds(index: Int, value: Double, lower: Double, upper: Double)
    /// The desired retention must be strictly between 0 and 1.
    case desiredRetentionOutOfRange(Double)
    /// The maximum interval must be at least one day.
    case maximumIntervalTooShort(Int)

    /// A message for the user, naming the bad setting and the accepted values.
    public var description: String {
        switch self {
        case .wrongParameterCount(let expected, let got):
            "FSRS needs \(expected) parameters, but \(got) were given."
        case .parameterOutOfBounds(let index, let value, let lower, let upper):
            "FSRS parameter w\(index) is \(value), outside its range \(lower) … \(upper)."
        case .desiredRetentionOutOfRange(let value):
            "Desired retention \(value) must be between 0 and 1 (exclusive), e.g. 0.9."
        case .maximumIntervalTooShort(let value):
            "Maximum interval \(value) days must be at least 1 day."
        }
    }
}
