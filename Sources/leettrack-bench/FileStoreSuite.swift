import Foundation
import Synchronization
import Persistence

/// The `persistence-files` suite: what the JSON and property-list file stores cost as they grow.
/// Every write rewrites the whole file (and fsyncs it), so a write's cost grows with the number of
/// keys; a transaction writes the file once for all its keys. Prints, per format: one write's
/// median at 100, 500 and 2,000 stored keys, 4 writers (each its own store on the file, which lock
/// each other out as processes do) x 500 new keys (x 100 for the property list), and 500 new keys
/// in one transaction.
func runFileStoreSuite() throws {
    let workspace = NSTemporaryDirectory() + "leettrack-bench-files-\(getpid())"
    try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true)
    defer { CLIBench.removeScratch(workspace) }

    for format in FileFormat.allCases {
        let directory = workspace + "/\(format.rawValue)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var cells: [String] = []
        for count in [100, 500, 2_000] {
            let path = directory + "/grow-\(count).store"
            let store = try Store.file(path: path, format: format)
            try store.transaction { transaction in
                for index in 0..<count {
                    try transaction.set(PersistenceBench.record(index), for: fileKey(index))
                }
            }
            var samples: [Double] = []
            for round in 0..<15 {
                let start = DispatchTime.now().uptimeNanoseconds
                try store.set(PersistenceBench.record(round), for: fileKey(round))
                samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            cells.append("\(count) keys: \(PersistenceBench.format(PersistenceBench.median(samples)))/write")
        }

        // The property list is slow enough that 4 x 500 would take minutes: it writes 4 x 100.
        let perWriter = format == .json ? 500 : 100
        let sharedPath = directory + "/writers.store"
        let failures = Mutex<[String]>([])
        let writersStart = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: 4) { writer in
            do {
                let store = try Store.file(path: sharedPath, format: format)
                for index in 0..<perWriter {
                    try store.set(index, for: Key<Int>("writer\(writer).\(index)", default: 0))
                }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        let writersSeconds = Double(DispatchTime.now().uptimeNanoseconds - writersStart) / 1e9
        if let failure = failures.withLock({ $0.first }) { throw BenchError(failure) }
        let written = try Store.file(path: sharedPath, format: format).keys(withPrefix: "writer").count
        guard written == 4 * perWriter else {
            throw BenchError("\(format.rawValue): 4 writers x \(perWriter) keys left \(written) keys")
        }

        let batch = try Store.file(path: directory + "/batch.store", format: format)
        let batchStart = DispatchTime.now().uptimeNanoseconds
        try batch.transaction { transaction in
            for index in 0..<500 { try transaction.set(index, for: Key<Int>("batch.\(index)", default: 0)) }
        }
        let batchSeconds = Double(DispatchTime.now().uptimeNanoseconds - batchStart) / 1e9

        print("\(format.rawValue): " + cells.joined(separator: ", ")
            + String(format: "; 4 writers x %d keys: %.2f s; 500 keys in one transaction: %.3f s", perWriter, writersSeconds, batchSeconds))
    }
}

private func fileKey(_ index: Int) -> Key<PersistenceBench.Record> {
    Key("record.\(index)", default: PersistenceBench.record(0))
}
