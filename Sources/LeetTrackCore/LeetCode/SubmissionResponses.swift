import FoundationEssentials
import Persistence

/// The judge's answer to `/submissions/detail/ID/check/`, for a run of examples (`test`) or a
/// submission, checked like an import's values.
///
/// Field names are LeetCode's, as j178/leetgo's `RunCheckResult`/`SubmitCheckResult` and
/// clearloop/leetcode-cli's `VerifyResult` read them.
public struct JudgeResult: Sendable, Equatable {
    /// `state`: `PENDING`, `STARTED`, then `SUCCESS` once judged.
    public var state: String
    /// `status_code`: 10 accepted, 11 wrong answer, 12 memory, 13 output, 14 time limit,
    /// 15 runtime error, 20 compile error.
    public var statusCode: Int?
    /// `status_msg`: "Accepted", "Wrong Answer", …
    public var statusMessage: String
    /// `total_correct` and `total_testcases`.
    public var totalCorrect: Int?
    /// See ``totalCorrect``.
    public var totalTestcases: Int?
    /// `status_runtime` ("4 ms") and `runtime_percentile`.
    public var runtime: String?
    /// See ``runtime``.
    public var runtimePercentile: Double?
    /// `status_memory` ("17.2 MB") and `memory_percentile`.
    public var memory: String?
    /// See ``memory``.
    public var memoryPercentile: Double?
    /// `full_compile_error`, else `compile_error`.
    public var compileError: String?
    /// `full_runtime_error`, else `runtime_error`.
    public var runtimeError: String?
    /// A submission's failing case: `last_testcase`, `expected_output`, and `code_output`.
    public var lastTestcase: String?
    /// See ``lastTestcase``.
    public var expectedOutput: String?
    /// See ``lastTestcase``.
    public var actualOutput: String?
    /// What the code printed: a submission's `std_output`, a run's `std_output_list` (per case).
    public var stdout: [String]
    /// A run's answers, case by case (`code_answer`), and the expected ones (`expected_code_answer`).
    public var answers: [String]
    /// See ``answers``.
    public var expectedAnswers: [String]
    /// A run's `compare_result`: one `1` or `0` per case.
    public var compareResult: String?

    /// Whether the judge has finished.
    public var isFinished: Bool { state == "SUCCESS" }
    /// Whether the code was accepted.
    public var isAccepted: Bool { statusCode == 10 }

    /// The verdict in a few words, as an attempt's note keeps it: "Wrong Answer 40/63".
    public var summary: String {
        guard let correct = totalCorrect, let total = totalTestcases, total > 0, statusCode != 20 else { return statusMessage }
        return "\(statusMessage) \(correct)/\(total)"
    }
}

/// Reads the judge's REST answers and the small question query, in LeetCode's shapes; every value
/// is checked by ``InputRules`` before anything uses it, and a response breaking a rule is refused
/// whole (as an import is).
///
/// The answers are read with Persistence's strict ``JSONValue`` rather than `Decodable` types: their
/// fields change type between a run and a submission (`code_output` is a list for one and a string
/// for the other; ids come as numbers or strings), which a reader of values says plainly.
public enum SubmissionResponses {
    /// The most text one field may hold (a compile error, an output): far above what LeetCode sends,
    /// a bound on what a hostile answer can make the terminal print.
    public static let maximumText = 64 * 1024
    /// The most cases or lines a list may hold.
    public static let maximumItems = 1000

    /// `interpret_solution`'s answer: `{"interpret_id":"runcode_1700000000.52_abcd","test_case":"…"}`.
    /// The id goes into the check URL's path: only letters, digits, `.`, `_` and `-` pass.
    public static func interpretID(from data: Data, source: String) throws(ExchangeError) -> String {
        let body = try object(data, source: source)
        return try rule(source) { () throws(InputRules.Violation) -> String in
            guard case .string(let id)? = body["interpret_id"] else { throw InputRules.Violation("interpret_id", "is missing") }
            let allowed = id.utf8.allSatisfy { byte in
                (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            }
            guard !id.isEmpty, id.utf8.count <= 100, allowed, id != ".", id != ".." else {
                throw InputRules.Violation("interpret_id", "'\(id.prefix(40))' is not a run's id (letters, digits, '.', '_', '-')")
            }
            return id
        }
    }

    /// `submit`'s answer: `{"submission_id": 1234567890}` (a number; some answers quote it).
    public static func submissionID(from data: Data, source: String) throws(ExchangeError) -> String {
        let body = try object(data, source: source)
        return try rule(source) { () throws(InputRules.Violation) -> String in
            guard let id = body["submission_id"].flatMap(idText) else { throw InputRules.Violation("submission_id", "is missing") }
            try checkDigits(id, at: "submission_id")
            return id
        }
    }

    /// `/submissions/detail/ID/check/`'s answer. A pending one carries only `state`.
    public static func check(from data: Data, source: String) throws(ExchangeError) -> JudgeResult {
        let body = try object(data, source: source)
        return try rule(source) { () throws(InputRules.Violation) -> JudgeResult in
            guard case .string(let state)? = body["state"] else { throw InputRules.Violation("state", "is missing") }
            guard ["PENDING", "STARTED", "SUCCESS"].contains(state) else {
                throw InputRules.Violation("state", "'\(state.prefix(20))' is not PENDING, STARTED or SUCCESS")
            }
            var result = JudgeResult(state: state, statusMessage: "", stdout: [], answers: [], expectedAnswers: [])
            guard state == "SUCCESS" else { return result }
            func field(_ name: String) throws(InputRules.Violation) -> String? { try text(body[name], at: name, limit: maximumText) }
            func short(_ name: String) throws(InputRules.Violation) -> String? {
                guard let value = try field(name) else { return nil }
                try InputRules.check(text: value, at: name, what: name, limit: 100)
                return value
            }
            result.statusCode = try count(body["status_code"], at: "status_code")
            guard let message = try short("status_msg") else { throw InputRules.Violation("status_msg", "is missing") }
            result.statusMessage = message
            result.totalCorrect = try count(body["total_correct"], at: "total_correct")
            result.totalTestcases = try count(body["total_testcases"], at: "total_testcases")
            result.runtime = try short("status_runtime")
            result.runtimePercentile = try percentile(body["runtime_percentile"], at: "runtime_percentile")
            result.memory = try short("status_memory")
            result.memoryPercentile = try percentile(body["memory_percentile"], at: "memory_percentile")
            let (fullCompile, compile) = (try field("full_compile_error"), try field("compile_error"))
            result.compileError = fullCompile ?? compile
            let (fullRuntime, runtime) = (try field("full_runtime_error"), try field("runtime_error"))
            result.runtimeError = fullRuntime ?? runtime
            result.lastTestcase = try field("last_testcase")
            result.expectedOutput = try field("expected_output")
            // A submission's code_output is its output on the failing case; a run's is the lines it
            // printed per case, which std_output_list says too.
            if case .array = body["code_output"] {
                _ = try list(body["code_output"], at: "code_output")
            } else {
                result.actualOutput = try field("code_output")
            }
            if body["std_output_list"] != nil, body["std_output_list"] != .null {
                result.stdout = try list(body["std_output_list"], at: "std_output_list")
            } else if let printed = try field("std_output") {
                result.stdout = [printed]
            }
            result.answers = try list(body["code_answer"], at: "code_answer")
            result.expectedAnswers = try list(body["expected_code_answer"], at: "expected_code_answer")
            if let compare = try field("compare_result") {
                guard compare.utf8.count <= maximumItems, compare.utf8.allSatisfy({ $0 == UInt8(ascii: "0") || $0 == UInt8(ascii: "1") }) else {
                    throw InputRules.Violation("compare_result", "is not a string of 0 and 1")
                }
                result.compareResult = compare
            }
            return result
        }
    }

    /// The message of a REST error (`{"error": "…"}` or `{"detail": "…"}`), at most 200
    /// characters, or `nil` when the body holds none (it is then reported by its status).
    public static func errorMessage(in data: Data) -> String? {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONValue(parsing: data.prefix(64 * 1024))
        } catch {
            return nil  // Not JSON (an HTML error page): the status says enough.
        }
        guard case .object(let members) = value else { return nil }
        for name in ["error", "detail"] {
            if case .string(let message)? = members[name], !message.isEmpty { return String(message.prefix(200)) }
        }
        return nil
    }

    // MARK: Values

    /// The body as a JSON object; a syntax error is located as an import's is.
    private static func object(_ data: Data, source: String) throws(ExchangeError) -> [String: JSONValue] {
        if data.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
            throw .malformedJSON(file: source, line: 1, column: 1, reason: "the answer is empty")
        }
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONValue(parsing: data)
        } catch {
            throw JSONFile.unreadableJSONError(in: data, file: source)
        }
        guard case .object(let members) = value else { throw .invalidContent(file: source, path: "", reason: "expected an object") }
        return members
    }

    /// An id as text: a string as it is, a number in its digits.
    private static func idText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text), .number(let text): text
        default: nil
        }
    }

    /// A whole number in `0...1_000_000`, or `nil` when absent or null.
    private static func count(_ value: JSONValue?, at path: String) throws(InputRules.Violation) -> Int? {
        guard let value, value != .null else { return nil }
        guard let text = idText(value), let number = Int(text) else { throw InputRules.Violation(path, "is not a whole number") }
        try InputRules.check(count: number, maximum: 1_000_000, at: path, what: path)
        return number
    }

    /// A percentile in `0...100`, or `nil` when absent or null.
    private static func percentile(_ value: JSONValue?, at path: String) throws(InputRules.Violation) -> Double? {
        guard let value, value != .null else { return nil }
        guard let text = idText(value), let number = Double(text) else { throw InputRules.Violation(path, "is not a number") }
        try InputRules.check(number, in: 0...100, at: path, what: path)
        return number
    }

    /// A string of at most `limit` bytes without NUL (printed later, sanitised then); `nil` when
    /// absent, null or empty.
    private static func text(_ value: JSONValue?, at path: String, limit: Int) throws(InputRules.Violation) -> String? {
        guard let value, value != .null else { return nil }
        guard case .string(let text) = value else { throw InputRules.Violation(path, "is not a string") }
        if text.utf8.count > limit { throw InputRules.Violation(path, "is longer than \(limit / 1024) KiB") }
        if text.utf8.contains(0) { throw InputRules.Violation(path, "contains a NUL character") }
        return text.isEmpty ? nil : text
    }

    /// A list of strings, each checked like ``text(_:at:limit:)``; empty when absent or null.
    private static func list(_ value: JSONValue?, at path: String) throws(InputRules.Violation) -> [String] {
        guard let value, value != .null else { return [] }
        guard case .array(let items) = value else { throw InputRules.Violation(path, "is not a list") }
        if items.count > maximumItems { throw InputRules.Violation(path, "has more than \(maximumItems) items") }
        var strings: [String] = []
        for (index, item) in items.enumerated() { strings.append(try text(item, at: "\(path)[\(index)]", limit: maximumText) ?? "") }
        return strings
    }

    /// Whether `text` is a number id: digits only, at most 20 (it goes into a URL or a store key).
    static func isNumberID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 20 && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    private static func checkDigits(_ text: String, at path: String) throws(InputRules.Violation) {
        guard isNumberID(text) else {
            throw InputRules.Violation(path, "'\(text.prefix(40))' is not a number id")
        }
    }

    private static func rule<Value>(_ source: String, _ checks: () throws(InputRules.Violation) -> Value) throws(ExchangeError) -> Value {
        do throws(InputRules.Violation) {
            return try checks()
        } catch {
            throw .invalidContent(file: source, path: error.path, reason: error.reason)
        }
    }
}
