import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import TerminalUI

/// `leettrack export [--format json|csv] [-o FILE]`.
struct ExportCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write everything you recorded to JSON or CSV.",
        discussion: paragraphs("""
            JSON is LeetTrack's versioned export format (Sources/LeetTrackCore/Exchange/Exchange.docc/FORMAT.md), which
            `leettrack import` reads back; CSV has one row per problem touched, for spreadsheets.
            Without -o the export goes to standard output.
            """))

    enum Format: String {
        case json, csv
    }

    @Option(
        help: ArgumentHelp("The format (default: json).", valueName: "json|csv"), completion: .list(["json", "csv"]),
        transform: { name in
            guard let format = Format(rawValue: name.lowercased()) else { throw ValidationError("'\(name)' is not a format; use json or csv") }
            return format
        })
    var format = Format.json
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write to this file instead of standard output (- is standard output).", valueName: "file"),
        completion: .file())
    var output: String?
    @Flag(help: "Include the solution files of the code folder (JSON only; up to 256 KiB each, larger or non-UTF-8 files are named and left out).")
    var withCode = false
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ standardOutput: CommandOutput) throws {
        if let output, output.isEmpty { throw Self.usageError("'--output' needs a file name") }
        if withCode, format == .csv { throw Self.usageError("'--with-code' needs the JSON format: a CSV table has no place for files") }
        let exporter = Exporter(catalog: context.catalog)
        // A store that does not exist yet exports as empty and is not created; a record that does
        // not decode is left out with a warning (`allProgress`), not the whole export, and the
        // command then fails (after writing the rest), so that a script's backup does not pass
        // for a whole one.
        if context.storeExists { _ = try context.ownLists() }  // Warns about list records left out.
        var document = context.storeExists
            ? try exporter.document(of: try context.tracker().store, progress: try context.progress())
            : exporter.document(of: [:])
        if withCode { document.code = try CodeTransfer.exported(context) }
        let data: Data
        switch format {
        case .json: data = try document.jsonData()
        case .csv: data = Data(exporter.csv(of: Dictionary(uniqueKeysWithValues: document.problems.map { ($0.slug, $0.progress) })).utf8)
        }
        let records = document.problems
        guard let output, output != "-" else {
            // Exact data: JSON keeps every character (escaping only what a terminal would obey);
            // CSV is written as made into a pipe or file, and made safe when a terminal shows it.
            let text = String(decoding: data, as: UTF8.self)
            switch format {
            case .json: standardOutput.writeData(TerminalText.escapingJSON(text))
            case .csv:
                if Terminal.isTerminal(.standardOutput) {
                    // Row ends (CRLF) stay; any other carriage return could hide a row's start.
                    standardOutput.writeData(text.components(separatedBy: "\r\n").map { TerminalText.sanitized($0) }.joined(separator: "\r\n"))
                } else {
                    standardOutput.writeData(text)
                }
            }
            try failIfRecordsWereLeftOut(context)
            try failIfImportWouldRefuse(document, context)
            return
        }
        do {
            try OutputFile.save(data, to: output, sparingStoreAt: context.storePath)
        } catch {
            throw CLIError.failure("cannot write \(error.path): \(error.reason). Nothing was written.")
        }
        let count = Plural.count(records.count, "problem")
        let files = withCode ? " and \(Plural.count(document.code.count, "solution file"))" : ""
        Terminal.writeError("Exported \(count)\(files) to \(output).\n")
        try failIfRecordsWereLeftOut(context)
        try failIfImportWouldRefuse(document, context)
    }

    /// Exit 1, after naming them, when records in the file break a rule `import` holds records to
    /// (a hand edit, a clock set wrong, an older build): the import of the file would be refused
    /// whole, so it must not pass for a backup that can be restored.
    private func failIfImportWouldRefuse(_ document: ExchangeDocument, _ context: CommandContext) throws {
        var refused = 0
        for problem in document.problems {
            guard let reason = InputRules.importRefusal(of: problem.progress, now: context.now) else { continue }
            refused += 1
            Terminal.writeError(TerminalText.sanitized("warning: the record of '\(problem.slug)' breaks a rule of `leettrack import`: \(reason)") + "\n")
        }
        for list in document.lists {
            guard let reason = InputRules.importRefusal(of: list, now: context.now) else { continue }
            refused += 1
            Terminal.writeError(TerminalText.sanitized("warning: the list '\(list.name)' breaks a rule of `leettrack import`: \(reason)") + "\n")
        }
        guard refused > 0 else { return }
        throw CLIError.failure(
            "the export holds \(Plural.count(refused, "record")) that `leettrack import` would refuse (named above), so the file "
                + "cannot be imported as it is; `leettrack doctor` lists \(refused == 1 ? "it" : "them") and says how to fix \(refused == 1 ? "it" : "them").")
    }

    /// Exit 1 when the export left out records that do not decode (each was named on standard error).
    private func failIfRecordsWereLeftOut(_ context: CommandContext) throws {
        let count = context.leftOutRecordCount
        guard count > 0 else { return }
        throw CLIError.failure(
            "the export leaves out \(Plural.count(count, "record")) that cannot be read (named above); "
                + "`leettrack doctor` shows \(count == 1 ? "it" : "them") and `leettrack doctor --export-raw FILE` saves the bytes.")
    }
}
