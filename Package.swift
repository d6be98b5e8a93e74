// swift-tools-version:6.0
import PackageDescription

/// SwipeClean: photo-library cleanup as a game.
/// Each target is one stage of the flow in ../shared/DESIGN.md; arrows point one way:
/// C libraries ← Media ← Library (the index) ← Keeping (the keep rule) ← Deck ← Play ← App ← Web, CleanCLI ← clean,
/// Keeping ← Scanning ← App, with Game pure and Trash on its own. Both front-ends (CleanCLI, Web) parse a request, call
/// App's use cases and render what they return; neither writes a use case again.
let package = Package(
    name: "SwipeClean",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "clean", targets: ["clean"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        // The web server's own channel handlers (read back-pressure, deadlines, the request line's checks).
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.0"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.34.1"),
    ],
    targets: [
        // MARK: - C libraries, one small module each
        .systemLibrary(name: "CMagic", pkgConfig: "libmagic", providers: [.apt(["libmagic-dev"])]),
        .systemLibrary(name: "CExif", pkgConfig: "libexif", providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CXXHash", pkgConfig: "libxxhash", providers: [.apt(["libxxhash-dev"])]),
        .systemLibrary(name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CSpng", pkgConfig: "spng", providers: [.apt(["libspng-dev"])]),
        .systemLibrary(name: "CTiff", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),

        // MARK: - The operating system's file calls, byte-exact paths (Foundation/Glibc only)
        .target(name: "FileSystem"),

        // MARK: - The flow
        .target(name: "Game"),
        .target(name: "Media", dependencies: ["FileSystem", "CMagic", "CExif", "CXXHash", "CZlib"]),
        // The index (the database, its records, frozen migrations), and the two stages that stand on it: the scan
        // writes it, the deck deals cards from it.
        .target(name: "Library", dependencies: [
            "FileSystem", "Media", "Imaging", "Game", .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "GRDBSQLite", package: "GRDB.swift"),
        ]),
        // The one keep rule (which copy of a duplicate or similar group stays), below both stages that use it: the scan
        // records its choice as the group's kept copy, the deck's group card suggests the same copy.
        .target(name: "Keeping", dependencies: ["Library", "Imaging", "FileSystem", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "Deck", dependencies: ["Library", "Keeping", "Imaging", "Game", .product(name: "GRDB", package: "GRDB.swift")]),
        .target(name: "Scanning", dependencies: [
            "Library", "Keeping", "FileSystem", "Media", "Imaging", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .target(name: "Trash", dependencies: ["FileSystem"]),
        .target(name: "Imaging", dependencies: ["FileSystem", "CTurboJPEG", "CHeif", "CSpng", "CDeflate", "CTiff"]),
        .target(name: "Play", dependencies: ["Library", "Keeping", "Deck", "Trash", "Game"]),
        .target(name: "Settings", dependencies: ["Game"]),
        .target(name: "QRCode", dependencies: ["CQREncode"]),
        // The use-case layer both front-ends call (`AppService` and `UseCases/`: home, bosses, rounds opened, trash,
        // restore, pending batches, report), the documents they serve, and the context (configuration, state paths, the
        // one database).
        .target(name: "App", dependencies: ["FileSystem", "Game", "Media", "Library", "Keeping", "Deck", "Scanning", "Trash", "Play", "Settings"]),
        .target(name: "Web", dependencies: [
            "App", "FileSystem", "Game", "Library", "Deck", "Scanning", "Play", "Imaging", "Media", "QRCode", .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        ], resources: [
            // The browser's scripts and styles, compiled into the binary as bytes (`PackageResources`):
            // nothing to install beside it, nothing to find at run time.
            .embedInCode("Resources"),
        ]),
        .target(name: "CleanCLI", dependencies: [
            "App", "FileSystem", "Game", "Media", "Imaging", "Library", "Deck", "Scanning", "Trash", "Play", "Settings", "Web", "QRCode",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "clean", dependencies: ["CleanCLI"]),
        .executableTarget(name: "TrashCrashHarness", dependencies: ["Trash", "FileSystem"]),
        .executableTarget(name: "PlayCrashHarness", dependencies: ["Play", "Library", "Scanning", "Trash", "Game", "FileSystem"]),

        // MARK: - Tests mirror the modules (CleanCLITests: the CLI's units), plus one suite over the built binary
        .testTarget(name: "FileSystemTests", dependencies: ["FileSystem"]),
        .testTarget(name: "GameTests", dependencies: ["Game"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "MediaTests", dependencies: ["Media", "TestSupport"]),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "FileSystem", "TestSupport"]),
        // LibraryTests test the index and the two stages on it (the scan, the deck) together, as one flow.
        .testTarget(name: "LibraryTests", dependencies: ["Library", "Keeping", "Deck", "Scanning", "Media", "Imaging", "Game", "TestSupport"]),
        .testTarget(name: "TrashTests", dependencies: ["Trash", "FileSystem"]),
        .testTarget(name: "PlayTests", dependencies: ["Play", "Library", "Keeping", "Deck", "Scanning", "Trash", "Game"]),
        .testTarget(name: "SettingsTests", dependencies: ["Settings", "Game"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "AppTests", dependencies: ["App", "FileSystem", "Library", "Scanning", "Media", "Settings"]),
        .testTarget(name: "WebTests", dependencies: [
            "Web", "App", "Imaging", "Library", "Scanning", "Play", "FileSystem", "TestSupport", .product(name: "HummingbirdTesting", package: "hummingbird"),
        ], exclude: ["Golden"]),
        .testTarget(name: "CleanCLITests", dependencies: ["CleanCLI", "App", "Library", "Game"]),
        .testTarget(name: "EndToEndTests", dependencies: ["CleanCLI", "TestSupport"], exclude: ["Golden"]),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets for libFuzzer, declared only when SWIPECLEAN_FUZZ=1: `make fuzz` builds them with
// -sanitize=fuzzer,address on their own scratch path (.build-fuzz); the ordinary build never sees them.
if Context.environment["SWIPECLEAN_FUZZ"] == "1" {
    package.targets.append(.executableTarget(name: "SwipeCleanFuzz", dependencies: ["Media", "Settings", "Trash", "Imaging"]))
}
