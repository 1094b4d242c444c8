// swift-tools-version:6.0
import PackageDescription

/// Strict concurrency and Swift 6 mode for every Swift target.
let strict: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "Folio",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "folio", targets: ["folio"]),
        .library(name: "FolioCore", targets: ["FolioCore"]),
        .library(name: "FolioText", targets: ["FolioText"]),
        .library(name: "FolioTemplate", targets: ["FolioTemplate"]),
        .library(name: "FolioHTTP", targets: ["FolioHTTP"]),
        .library(name: "Folio", targets: ["Folio"]),
        .library(name: "FolioTesting", targets: ["FolioTesting"]),
    ],
    targets: [
        // System-library shims: C libraries enter Swift only through these.
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        // libpq, for the PostgreSQL state store (`--state postgresql://...`).
        .systemLibrary(
            name: "CLibPQ", pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        // libcrypto, for the HMAC that signs form tokens.
        .systemLibrary(
            name: "COpenSSL", pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]),
        // epoll, eventfd and accept4, missing from Swift's Glibc module.
        .systemLibrary(name: "CLinux"),

        .target(name: "FolioCore", swiftSettings: strict),
        // The lock every module shares state behind (pthread, so ThreadSanitizer sees it).
        .target(name: "FolioSync", swiftSettings: strict),
        .target(
            name: "FolioText", dependencies: ["FolioCore", "FolioSync", "CFreeType"], swiftSettings: strict),
        .target(name: "FolioTemplate", dependencies: ["FolioSync", "CLibXML2"], swiftSettings: strict),
        .target(name: "FolioHTTP", dependencies: ["FolioSync", "CZlib", "CLinux"], swiftSettings: strict),
        .target(
            name: "Folio",
            dependencies: [
                "FolioCore", "FolioSync", "FolioText", "FolioTemplate", "FolioHTTP", "CSQLite", "CLibPQ",
                "COpenSSL", "CLinux",
            ],
            swiftSettings: strict),
        .target(
            name: "FolioTesting", dependencies: ["Folio", "FolioHTTP", "FolioSync", "CLibXML2"],
            swiftSettings: strict),
        .executableTarget(name: "folio", dependencies: ["Folio", "FolioTemplate"], swiftSettings: strict),
        // A tiny server for the Python suites and scripts/bench-http.
        .executableTarget(
            name: "FolioHTTPFixture", dependencies: ["FolioHTTP", "FolioSync"], swiftSettings: strict),
        .executableTarget(
            name: "FolioBenchmarks",
            dependencies: ["FolioCore", "FolioText", "FolioTemplate", "FolioHTTP", "Folio", "CLibXML2"],
            swiftSettings: strict),

        .testTarget(name: "FolioCoreTests", dependencies: ["FolioCore"], swiftSettings: strict),
        .testTarget(
            name: "FolioTextTests", dependencies: ["FolioText"], exclude: ["expected_widths.py"],
            swiftSettings: strict),
        .testTarget(name: "FolioSyncTests", dependencies: ["FolioSync"], swiftSettings: strict),
        .testTarget(
            name: "FolioTemplateTests", dependencies: ["FolioTemplate", "FolioSync"], swiftSettings: strict),
        .testTarget(name: "FolioHTTPTests", dependencies: ["FolioHTTP"], swiftSettings: strict),
        .testTarget(
            name: "FolioTests", dependencies: ["Folio", "FolioSync", "COpenSSL"],
            exclude: ["Tiles/TilePageBytes.html"], swiftSettings: strict),
        .testTarget(
            name: "FolioTestingTests", dependencies: ["FolioTesting", "Folio", "FolioHTTP"],
            swiftSettings: strict),
    ],
    swiftLanguageModes: [.v6]
)
