import ArgumentParser
import FoundationEssentials
import LeetTrackCore
import LeetTrackScreen
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

    func run(_ context: CommandContext) throws {
        guard !destination.isEmpty else { throw Self.usageError("give the backup's PATH") }
        // A mistyped folder is a mistake to report, not folders to make (the library makes them).
        let folder = FilePaths.directory(of: destination)
        var isFolder = false
        if !folder.isEmpty, !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) || !isFolder {
            throw CLIError.failure("cannot back up to \(destination): the folder \(folder) does not exist. Nothing was written.")
        }
        guard context.storeExists else {
            throw CLIError.failure("there is no store at \(context.storePath) to back up.")
        }
        let store = try context.reader().store
        let records = try store.keys(withPrefix: ProgressRepository.keyPrefix).count
        try store.backup(to: destination)
        context.line("Backed up \(Format.outside(context.storePath)) to \(Format.outside(destination)) (\(records == 1 ? "1 problem" : "\(records) problems")).")
    }
}
