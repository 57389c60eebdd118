import ArgumentParser
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LeetTrackCore
import LeetTrackText
import Persistence

/// `leettrack backup PATH`.
struct BackupCommand: LeetTrackCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the store to a new file, safely, even while it is in use.",
        discussion: paragraphs("""
            Uses SQLite's online backup: the copy is one consistent file with every change saved so far, even
            while the screen or another command is writing. The copy is checked by SQLite, readable by you
            only (0600), and never overwrites a file. Use it with --store to read the copy.
            """))

    @Argument(help: ArgumentHelp("The new file.", valueName: "path"), completion: .file()) var destination: String
    @ParentCommand var root: LeetTrack

    func run(_ context: CommandContext, _ output: CommandOutput) throws {
        guard !destination.isEmpty else { throw Self.usageError("give the backup's PATH") }
        try checkDestination(storePath: context.storePath)
        guard context.storeExists else {
            if context.storeIsEmptyFile {
                throw CLIError.failure("the store at \(context.storePath) is an empty file (nothing was ever saved in it): "
                    + "there is nothing to back up. Nothing was written.")
            }
            throw CLIError.failure("there is no store at \(context.storePath) to back up.")
        }
        let store = try context.tracker().store
        let records = try store.keys(withPrefix: ProgressRepository.keyPrefix).count
        do {
            try store.backup(to: destination)
        } catch PersistenceError.cannotOpen(let path, let reason) where path == destination {
            // The library speaks of the file it could not create as a store; it is the backup.
            throw refusal(reason)
        }
        output.line("Backed up \(Format.outside(context.storePath)) to \(Format.outside(destination)) (\(Plural.count(records, "problem"))).")
    }

    /// Refuses a destination that cannot become a new file, saying why: a folder (give a file in
    /// it), one of the files of the store at `storePath` (existing or not), any other existing file or link (a backup never overwrites), or a folder that is missing or
    /// is not a folder (a mistyped folder is a mistake to report, not folders to make).
    private func checkDestination(storePath: String) throws {
        var isFolder = false
        if FileManager.default.fileExists(atPath: destination, isDirectory: &isFolder), isFolder {
            let example = destination.hasSuffix("/") ? destination + "leettrack-backup.sqlite" : destination + "/leettrack-backup.sqlite"
            throw refusal("it is a folder; name a new file in it, e.g. \(example)")
        }
        // Also before it exists: a backup named `<store>-changes` became the store's ring of changes.
        var info = stat()
        let found = stat(destination, &info) == 0
        if let reason = OutputFile.storeFileRefusal(destination, info: found ? info : nil, storePath: storePath) { throw refusal(reason) }
        if found || lstat(destination, &info) == 0 {
            throw refusal("a file already exists there; choose a new path (a backup never overwrites a file)")
        }
        let folder = FilePaths.directory(of: destination)
        guard !folder.isEmpty else { return }
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            throw refusal("the folder \(folder) does not exist")
        }
        if !isFolder { throw refusal("\(folder) is a file, not a folder") }
    }

    /// Why the backup to the destination was not made.
    private func refusal(_ reason: String) -> CLIError {
        CLIError.failure("cannot back up to \(destination): \(reason). Nothing was written.")
    }
}
