import FoundationEssentials
import Persistence

/// The user's scheduling settings, stored in the store under `settings.review` so they follow the
/// store (and a synced store) rather than one machine's environment.
///
/// Changing a setting affects the ratings made from then on; cards already scheduled keep their
/// due dates, as in Anki, so a change never moves a whole queue at once.
public struct ReviewSettings: Codable, Sendable, Hashable {
    /// The probability of still knowing a problem when it falls due; 0.9 by default. Higher means
    /// shorter intervals and more reviews. Accepted from 0.70 to 0.99, the range Anki allows:
    /// outside it, intervals become useless (years apart, or every day).
    public var desiredRetention: Double
    /// The longest interval in days; 36,500 by default.
    public var maximumInterval: Int
    /// Whether intervals of three days or more are spread by a few percent, so problems solved
    /// together do not all fall due together; off by default.
    public var fuzz: Bool
    /// The FSRS-6 weights w0 … w20 fitted to this user's history by `leettrack review optimize
    /// --apply`; `nil` for the published defaults. Set through ``setParameters(_:)``, which checks
    /// them; stored only when set, so settings without them keep their stored form.
    public private(set) var parameters: [Double]?
    /// The most reviews a day (`leettrack config review-cap`), those done already counted, or `nil`
    /// for no cap. Above it, the most forgotten problems come first and the rest wait for the next days, and
    /// a rating picks its due day within the fuzz range by the load of each day
    /// (``ReviewLoad``). Stored only when set, so settings without it keep their stored form.
    public var reviewCap: Int?

    /// The accepted review caps: a day of 1,000 reviews is already more than anyone keeps up with.
    public static let reviewCapRange: ClosedRange<Int> = 1...1000

    /// The accepted desired retentions.
    public static let retentionRange: ClosedRange<Double> = 0.70...0.99
    /// The accepted maximum intervals, in days: up to the default of a hundred years.
    public static let maximumIntervalRange: ClosedRange<Int> = 1...ReviewScheduler.defaultMaximumInterval

    /// The defaults: 0.9 retention, 36,500 days at most, no fuzz.
    public init(
        desiredRetention: Double = ReviewScheduler.defaultDesiredRetention,
        maximumInterval: Int = ReviewScheduler.defaultMaximumInterval, fuzz: Bool = false
    ) {
        self.desiredRetention = desiredRetention
        self.maximumInterval = maximumInterval
        self.fuzz = fuzz
    }

    enum CodingKeys: String, CodingKey {
        case desiredRetention, maximumInterval, fuzz, parameters, reviewCap
    }

    /// Decodes settings; a missing field takes its default, so settings added later keep old
    /// stores readable.
    ///
    /// A value that ``scheduler()`` refuses (a retention of 5, a maximum interval of 0: a store
    /// edited by hand) does not decode, so the store reports `settings.review` as a damaged record
    /// by its key, and `doctor` lists it, rather than every command blaming the user's command line.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ReviewSettings()
        desiredRetention = try container.decodeIfPresent(Double.self, forKey: .desiredRetention) ?? defaults.desiredRetention
        maximumInterval = try container.decodeIfPresent(Int.self, forKey: .maximumInterval) ?? defaults.maximumInterval
        fuzz = try container.decodeIfPresent(Bool.self, forKey: .fuzz) ?? defaults.fuzz
        parameters = try container.decodeIfPresent([Double].self, forKey: .parameters)
        reviewCap = try container.decodeIfPresent(Int.self, forKey: .reviewCap)
        if let reviewCap {
            try container.require(Self.reviewCapRange.contains(reviewCap), at: .reviewCap, "\(reviewCap) is not a review cap from 1 to 1000")
        }
        // A synced or hand-edited value is checked like one from `review optimize --apply`.
        try container.checked(at: .parameters) { if let parameters { try FSRSModel.validate(parameters) } }
        try container.require(
            Self.retentionRange.contains(desiredRetention), at: .desiredRetention,
            "\(desiredRetention) is not a desired retention from 0.70 to 0.99")
        // The range `config maximum-interval` takes: an import or a sync must not set what the command refuses.
        try container.require(
            Self.maximumIntervalRange.contains(maximumInterval), at: .maximumInterval,
            "\(maximumInterval) is not a maximum interval from 1 to 36500 days")
    }

    /// The store key.
    public static let key = Key<ReviewSettings>("settings.review", default: ReviewSettings())

    /// Sets the scheduler's weights (`nil`: back to the defaults).
    /// - Throws: ``LeetTrackError/invalidSetting(_:value:reason:)`` unless there are 21 finite
    ///   numbers, each within the reference's bounds; nothing changes then.
    public mutating func setParameters(_ parameters: [Double]?) throws(LeetTrackError) {
        if let parameters {
            do {
                try FSRSModel.validate(parameters)
            } catch {
                throw .invalidSetting("parameters", value: "\(parameters.count) numbers", reason: error.description)
            }
        }
        self.parameters = parameters
    }

    /// The scheduler these settings describe.
    /// - Throws: ``LeetTrackError/invalidSetting(_:value:reason:)`` for a stored value out of range
    ///   (only possible when the store was edited by hand).
    public func scheduler() throws(LeetTrackError) -> ReviewScheduler {
        guard Self.retentionRange.contains(desiredRetention) else {
            throw .invalidSetting("desired-retention", value: "\(desiredRetention)", reason: "it must be from 0.70 to 0.99")
        }
        do {
            // A fixed seed: the same review of the same card gets the same date on every machine.
            return try ReviewScheduler(
                parameters: parameters ?? ReviewScheduler.defaultParameters,
                desiredRetention: desiredRetention, maximumInterval: maximumInterval,
                fuzzing: fuzz ? .seeded(0x4C45_4554_5452_4B) : .off)
        } catch .wrongParameterCount, .parameterOutOfBounds {
            throw .invalidSetting("parameters", value: "\(parameters?.count ?? 0) numbers", reason: "they are outside FSRS-6's bounds")
        } catch {
            throw .invalidSetting("maximum-interval", value: "\(maximumInterval)", reason: error.description)
        }
    }
}

extension ReviewSettings {
    /// A setting as `leettrack config` names it.
    public enum Name: String, CaseIterable, Sendable {
        /// ``ReviewSettings/desiredRetention``.
        case desiredRetention = "desired-retention"
        /// ``ReviewSettings/maximumInterval``.
        case maximumInterval = "maximum-interval"
        /// ``ReviewSettings/fuzz``.
        case fuzz
        /// ``ReviewSettings/reviewCap``.
        case reviewCap = "review-cap"

        /// One line of help.
        public var help: String {
            switch self {
            case .desiredRetention: "Chance of still knowing a problem when it is due, 0.70 to 0.99 (default 0.9)."
            case .maximumInterval: "The longest interval between redos, in days (default 36500)."
            case .fuzz: "Spread intervals of 3 days or more by a few percent: on or off (default off)."
            case .reviewCap: "The most reviews a day, 1 to 1000, or none; the most forgotten come first (default none)."
            }
        }
    }

    /// A setting's value as text (`0.9`, `36500`, `off`).
    public func value(of name: Name) -> String {
        switch name {
        case .desiredRetention: "\(desiredRetention)"
        case .maximumInterval: "\(maximumInterval)"
        case .fuzz: fuzz ? "on" : "off"
        case .reviewCap: reviewCap.map(String.init) ?? "none"
        }
    }

    /// Sets a setting from text. Retention takes `0.85` or `85%`; fuzz takes on/off, true/false,
    /// yes/no; the review cap takes a number or `none`.
    /// - Throws: ``LeetTrackError/invalidSetting(_:value:reason:)`` naming what is accepted.
    public mutating func set(_ name: Name, to text: String) throws(LeetTrackError) {
        let trimmed = text.trimmedOfWhitespace.lowercased()
        switch name {
        case .desiredRetention:
            var value = Double(trimmed.hasSuffix("%") ? String(trimmed.dropLast()) : trimmed)
            if trimmed.hasSuffix("%") { value = value.map { $0 / 100 } }
            guard let value, Self.retentionRange.contains(value) else {
                throw .invalidSetting(name.rawValue, value: text, reason: "use a number from 0.70 to 0.99 (or 70% to 99%)")
            }
            desiredRetention = value
        case .maximumInterval:
            guard let value = Int(trimmed), Self.maximumIntervalRange.contains(value) else {
                throw .invalidSetting(name.rawValue, value: text, reason: "use a whole number of days from 1 to 36500")
            }
            maximumInterval = value
        case .fuzz:
            switch trimmed {
            case "on", "true", "yes", "1": fuzz = true
            case "off", "false", "no", "0": fuzz = false
            default: throw .invalidSetting(name.rawValue, value: text, reason: "use on or off")
            }
        case .reviewCap:
            if trimmed == "none" { reviewCap = nil; return }
            guard let value = Int(trimmed), Self.reviewCapRange.contains(value) else {
                throw .invalidSetting(name.rawValue, value: text, reason: "use a whole number of reviews a day from 1 to 1000, or none")
            }
            reviewCap = value
        }
    }
}
