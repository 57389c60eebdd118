// swift-tools-version: 6.1
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6)]

let package = Package(
    name: "LeetTrack",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Persistence", targets: ["Persistence"]),
        .library(name: "LeetTrackCore", targets: ["LeetTrackCore"]),
        .executable(name: "leettrack", targets: ["leettrack"]),
        .executable(name: "leettrack-bench", targets: ["leettrack-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // Headers only: libpq is loaded with dlopen when a PostgreSQL store is first opened (see
        // Sources/CLibPQ/shim.h), so no pkg-config link flags: linking it would load libpq and the
        // 25 libraries it needs into every process at start-up. apt: libpq-dev (headers), libpq5.
        .systemLibrary(name: "CLibPQ"),
        // Headers only, like CLibPQ: libcurl is loaded with dlopen by `leettrack leetcode` alone
        // (see Sources/CLibCurl/shim.h). apt: libcurl4-openssl-dev (headers), libcurl4.
        .systemLibrary(name: "CLibCurl"),
        .target(name: "Persistence", dependencies: ["CSQLite", "CLibPQ"], swiftSettings: strict),
        .target(
            name: "LeetTrackCore",
            dependencies: ["Persistence"],
            // The JSON catalog ships as the source of truth; the code reads the generated
            // Catalog/CatalogData.swift (scripts/generate-catalog.py explains why).
            exclude: ["Catalog/Data"],
            swiftSettings: strict
        ),
        .target(name: "LeetCodeClient", dependencies: ["LeetTrackCore", "CLibCurl"], swiftSettings: strict),
        .target(name: "TerminalUI", swiftSettings: strict),
        .executableTarget(
            name: "leettrack",
            dependencies: ["LeetTrackCore", "LeetCodeClient", "TerminalUI"],
            swiftSettings: strict
        ),
        .executableTarget(
            name: "leettrack-bench",
            dependencies: ["Persistence", "LeetTrackCore", "TerminalUI", "CSQLite"],
            swiftSettings: strict
        ),
        // Run by the Persistence tests as separate processes (writers, a killed writer, an observer).
        .executableTarget(name: "persistence-probe", dependencies: ["Persistence"], swiftSettings: strict),
        .testTarget(
            name: "PersistenceTests",
            dependencies: ["Persistence", "CSQLite", "persistence-probe"],
            swiftSettings: strict
        ),
        .testTarget(name: "LeetTrackCoreTests", dependencies: ["LeetTrackCore"], swiftSettings: strict),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"], swiftSettings: strict),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["leettrack", "Persistence", "LeetTrackCore", "TerminalUI"],
            exclude: ["LeetCodeServer"],
            swiftSettings: strict
        ),
    ]
)
