import FoundationEssentials
import LeetTrackCore
import LeetTrackText

/// `leettrack review optimize [--apply] [--json]`: fits the scheduler to the store's history
/// (``FSRSOptimizer``), compares the fit with the parameters in use, and with `--apply` saves it.
enum ReviewOptimize {
    /// The `--json` form.
    struct FitJSON: Encodable {
        var parameters: [Double]
        var reviews: Int
        var logLoss: Double
        var rmse: Double
        var currentLogLoss: Double
        var currentRMSE: Double
    }

    static func run(apply: Bool, json: Bool, _ context: CommandContext, _ output: CommandOutput) throws {
        let settings = try context.reviewSettings()
        let current = try settings.scheduler().parameters
        let fit = try FSRSOptimizer.fit(try context.progress(), current: current)
        if apply {
            // Read again, strictly: settings that do not decode are reported, never overwritten.
            let reviews = try context.tracker().reviews
            var stored = try reviews.settings()
            try stored.setParameters(fit.parameters)
            try reviews.save(stored)
        }
        if json {
            return try output.writeJSON(FitJSON(
                parameters: fit.parameters, reviews: fit.reviews, logLoss: fit.logLoss, rmse: fit.rmse,
                currentLogLoss: fit.currentLogLoss, currentRMSE: fit.currentRMSE))
        }
        let style = output.style
        let setAside = fit.evaluated - fit.reviews
        output.line(style.bold("Fitted FSRS-6 to \(Plural.count(fit.reviews, "redo"))")
            + (setAside > 0 ? " (\(setAside) of \(fit.evaluated) set aside as outliers or too long)." : "."))
        output.line("Both sets are measured on all \(Plural.count(fit.evaluated, "redo")); lower is better.")
        output.line("                  log loss    RMSE")
        output.line("  fitted          " + number(fit.logLoss) + "  " + number(fit.rmse))
        let currentName = settings.parameters == nil ? "defaults" : "current "
        output.line("  \(currentName)        " + number(fit.currentLogLoss) + "  " + number(fit.currentRMSE))
        output.line("Parameters: " + fit.parameters.map { number($0) }.joined(separator: " "))
        if apply {
            output.line("Applied: ratings from now on are scheduled with the fitted parameters.")
        } else {
            output.line(style.dim("Nothing was changed. `leettrack review optimize --apply` schedules with these parameters."))
        }
    }

    /// Four decimals, enough to compare two fits and to copy a parameter.
    private static func number(_ value: Double) -> String {
        let scaled = (value * 10_000).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return "\(value)" }
        let whole = Int(scaled)
        let sign = whole < 0 ? "-" : ""
        let magnitude = abs(whole)
        let fraction = String(magnitude % 10_000)
        return sign + "\(magnitude / 10_000)." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }
}
