// swift-tools-version: 6.1
import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

/// For the targets only the executable uses: concrete generic types (a dictionary of strings, a
/// command's coding keys) made by calling their metadata accessors, not from their mangled names.
/// A type made from its name has its conformances looked up at run time, and the first lookup of
/// each searches all of the process's ~8,000 conformance records (about 0.3 million instructions;
/// BENCHMARKS.md). Unsafe flags bar a product from being a versioned dependency, so the library
/// products (Persistence, LeetTrackCore) do without.
let executableOnly: [SwiftSetting] = strict + [
    .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])
]

/// How the `leettrack` binary is linked on Linux, for a faster start in less memory (BENCHMARKS.md,
/// seventh session). SQLite is linked in from Debian's archive (libsqlite3-dev): loading the shared
/// library bound its 1,596 symbols at every start-up (a million instructions, a fifth of a static
/// `--version`), and the binary then runs where no SQLite is installed. `Linking/<arch>/` holds
/// only a link to the archive and is searched before the system's folders, so the `sqlite3` that
/// CSQLite links is found there; where the archive is missing (a system without it), the link is
/// dangling, the linker passes it by and links the shared library. Programs that use the
/// Persistence library are linked as they always were. lld packs the 60,000 relative relocations
/// (RELR) into 12 KB instead of the 1.4 MB the loader read at every start-up, where the C library
/// applies them. The binary exports no symbols: nothing loads it as a library, and exporting
/// 15,000 made `dladdr` (the runtime's backtracer set-up) search them. And the code the everyday
/// commands run is laid out together (scripts/generate-symbol-order), so the kernel maps 2.5 MB
/// less of it.
let leanExecutable = ["-use-ld=lld", "-Xlinker", "--no-export-dynamic", "-L", "\(packageFolder)/Linking/\(architecture)"]
    + (cLibraryAppliesPackedRelocations ? ["-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : [])
    + [
        // By its full path: the linker does not run in the package's folder. A function the list
        // no longer names is no error (it only lies where it would have anyway).
        "-Xlinker", "--symbol-ordering-file=\(packageFolder)/Sources/leettrack/symbol-order.txt",
        "-Xlinker", "--no-warn-symbol-ordering",
    ]

/// Whether the C library the build runs on applies packed relative relocations (glibc 2.36 and
/// later): a binary that has them does not start under an older one, which refuses it by name.
var cLibraryAppliesPackedRelocations: Bool {
    #if canImport(Glibc)
    // "glibc 2.36"
    var text = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count) > 0 else { return false }
    let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard name.hasPrefix("glibc ") else { return false }
    let version = name.dropFirst("glibc ".count).split(separator: ".").compactMap { Int($0) }
    return version.count >= 2 && (version[0], version[1]) >= (2, 36)
    #else
    return false
    #endif
}

/// The machine's name in Debian's library folders (`/usr/lib/<name>-linux-gnu`).
var architecture: String {
    #if arch(arm64)
    "aarch64"
    #else
    "x86_64"
    #endif
}

/// The folder this manifest is in.
var packageFolder: String { String(#filePath.dropLast("/Package.swift".count)) }

let package = Package(
    name: "LeetTrack",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Persistence", targets: ["Persistence"]),
        .library(name: "LeetTrackCore", targets: ["LeetTrackCore"]),
        .executable(name: "leettrack", targets: ["leettrack"]),
        .executable(name: "leettrack-bench", targets: ["leettrack-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
    ],
    targets: [
        // apt: libsqlite3-dev. The module links `sqlite3`; no pkg-config, whose search path for it
        // would come before the `leettrack` executable's (see `leanExecutable`).
        .systemLibrary(name: "CSQLite"),
        // Headers only: libpq is loaded with dlopen when a PostgreSQL store is first opened (see
        // Sources/CLibPQ/shim.h), so no pkg-config link flags: linking it would load libpq and the
        // 25 libraries it needs into every process at start-up. apt: libpq-dev (headers), libpq5.
        .systemLibrary(name: "CLibPQ"),
        // gzip for `leettrack serve` (Sources/LeetTrackServer/Compression.swift). apt: zlib1g-dev. Like
        // CSQLite, no pkg-config: the `leettrack` executable links the archive found through
        // Linking/<arch>/ (one library fewer to load at every start-up), the other programs libz.so.
        .systemLibrary(name: "CZlib"),
        // Headers only: libssl is loaded with dlopen by `leettrack serve --tls-certificate` alone
        // (see Sources/COpenSSL/shim.h). apt: libssl-dev (headers), libssl3.
        .systemLibrary(name: "COpenSSL"),
        // Linux's epoll for the bench's HTTP clients (Glibc's module leaves it out); libc, no link.
        .systemLibrary(name: "CEpoll"),
        .target(name: "Persistence", dependencies: ["CSQLite", "CLibPQ"], swiftSettings: strict),
        .target(
            name: "LeetTrackCore",
            dependencies: ["Persistence"],
            // The JSON catalog ships as the source of truth; the code reads the generated
            // Catalog/CatalogData.swift (scripts/generate-catalog.py explains why).
            exclude: ["Catalog/Data"],
            swiftSettings: strict
        ),
        // Headers only: libcurl is loaded with dlopen by the `leetcode` commands alone (see
        // Sources/CLibCurl/shim.h). apt: libcurl4-openssl-dev (headers), libcurl4.
        .systemLibrary(name: "CLibCurl"),
        .target(name: "LeetCodeClient", dependencies: ["LeetTrackCore", "Persistence", "CLibCurl"], swiftSettings: executableOnly),
        .target(name: "TerminalUI", swiftSettings: executableOnly),
        // The text formatting the command line and the screen share: rows, styles, fitted columns.
        .target(name: "LeetTrackText", dependencies: ["LeetTrackCore", "TerminalUI"], swiftSettings: executableOnly),
        // The interactive screen's model and views.
        .target(name: "LeetTrackScreen", dependencies: ["LeetTrackCore", "LeetTrackText", "TerminalUI"], swiftSettings: executableOnly),
        // `leettrack serve`: the app in a browser, over the same store.
        .target(
            name: "LeetTrackServer",
            dependencies: [
                "LeetTrackCore", "CZlib", "COpenSSL",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: executableOnly
        ),
        .executableTarget(
            name: "leettrack",
            dependencies: [
                "LeetTrackCore", "LeetCodeClient", "TerminalUI", "LeetTrackText", "LeetTrackScreen", "LeetTrackServer", "ChildProcesses",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["symbol-order.txt"],
            swiftSettings: executableOnly,
            linkerSettings: [.unsafeFlags(leanExecutable, .when(platforms: [.linux]))]
        ),
        // A throwaway PostgreSQL server for the tests and the sync benchmark (one target, not a
        // file linked into each).
        .target(name: "TestSupport", dependencies: ["ChildProcesses"], swiftSettings: strict),
        // How a program started with posix_spawn is set up, for the executable and the tests alike.
        .target(name: "ChildProcesses", swiftSettings: executableOnly),
        .executableTarget(
            name: "leettrack-bench",
            dependencies: ["Persistence", "LeetTrackCore", "TerminalUI", "CSQLite", "TestSupport", "LeetTrackServer", "LeetTrackScreen", "CEpoll"],
            swiftSettings: strict
        ),
        // The parser's floor, timed by `leettrack-bench cli` beside `leettrack show 1`.
        .executableTarget(
            name: "parser-floor",
            dependencies: [.product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: executableOnly,
            linkerSettings: [.unsafeFlags(leanExecutable, .when(platforms: [.linux]))]
        ),
        // Run by the Persistence tests as separate processes (writers, a killed writer, an observer).
        .executableTarget(name: "persistence-probe", dependencies: ["Persistence"], swiftSettings: strict),
        .testTarget(
            name: "PersistenceTests",
            dependencies: ["Persistence", "CSQLite", "persistence-probe", "TestSupport"],
            swiftSettings: strict
        ),
        .testTarget(name: "LeetTrackCoreTests", dependencies: ["LeetTrackCore", "TestSupport"], exclude: ["Golden"], swiftSettings: strict),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TestSupport"], swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["leettrack", "Persistence", "LeetTrackCore", "LeetTrackServer", "TerminalUI", "LeetTrackText", "LeetTrackScreen", "TestSupport"],
            exclude: ["Browser", "LeetCodeServer"],  // Python run by ServeBrowserTests and the LeetCode tests
            swiftSettings: strict
        ),
    ]
)
