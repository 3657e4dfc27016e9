// swift-tools-version:6.3
// 6.3: the sources use `weak let` (SE-0481, first released in Swift 6.3), so an older toolchain
// stops here with a clear message instead of a compile error inside IMReferenceServer.
import PackageDescription

let package = Package(
    name: "ImSDK",
    // The oldest systems with Swift concurrency (the public API has `async` forms). The library
    // targets use nothing newer; the `imsdk` tool and the tests keep to these too.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        // The legacy TIM API.
        .library(name: "ImSDK", targets: ["ImSDK"]),
        // The V2 API.
        .library(name: "ImSDK_Plus", targets: ["ImSDK_Plus"]),
        // The transport seam: what a custom backend implements.
        .library(name: "IMTransportKit", targets: ["IMTransportKit"]),
        // The model of a conversation list screen, on the public V2 API.
        .library(name: "ConversationListKit", targets: ["ConversationListKit"]),
        .library(name: "IMReferenceServer", targets: ["IMReferenceServer"]),
        .executable(name: "imsdk", targets: ["IMSDKTool"]),
    ],
    targets: [
        // The system SQLite; used by IMCore/Persistence.
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The system zlib; used by IMCrypto.
        .systemLibrary(
            name: "CZlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // SHA-256, HMAC-SHA256 and zlib streams: what signed logins (UserSig) need. Foundation-free,
        // for the server, the tool and the network code alike.
        .target(name: "IMCrypto", dependencies: ["CZlib"]),
        // The transport seam: the transport protocols, requests, responses and pushes, the values
        // they carry, and the error type with the vendor's codes; the wire protocol and the socket
        // transport (IMCrypto: the administrator's proof).
        .target(name: "IMTransportKit", dependencies: ["IMCrypto"]),
        // The error-code constants of the vendor's `TIMErrorCode.h` (`ERR_SUCC`, ...), re-exported by
        // both facades as the vendor's umbrella headers make them visible.
        .target(name: "TIMErrorCode", dependencies: ["IMTransportKit"]),
        // SQLite connections, statements and errors, shared by the client's store and the server's
        // journal.
        .target(name: "IMSQLite", dependencies: ["CSQLite", "IMTransportKit"]),
        // The server with the vendor's cloud semantics (the embedded default transport).
        .target(name: "IMReferenceServer", dependencies: ["IMTransportKit", "IMSQLite", "IMCrypto"]),
        // The shared engine under both APIs: session, model, store, persistence, sync, events. It
        // picks the embedded server when an app configures no transport.
        .target(name: "IMCore", dependencies: ["CSQLite", "IMSQLite", "IMTransportKit", "IMReferenceServer"]),
        // The V2 API facade.
        .target(name: "ImSDK_Plus", dependencies: ["IMCore", "IMTransportKit", "TIMErrorCode"]),
        // Legacy semantics over the shared core.
        .target(name: "TIMAdapter", dependencies: ["IMCore", "IMTransportKit"]),
        // The legacy TIM API facade; ImSDK_Plus and ConversationListKit only for the public
        // conversions between the two generations.
        .target(
            name: "ImSDK",
            dependencies: ["TIMAdapter", "IMTransportKit", "TIMErrorCode", "ImSDK_Plus", "ConversationListKit"]),
        // ConversationListModel, its diffs and rows, on the public V2 API only.
        .target(name: "ConversationListKit", dependencies: ["ImSDK_Plus", "IMTransportKit"]),
        // The `imsdk` command-line program. Its module is not called `imsdk`: that name would clash
        // with `ImSDK` on case-insensitive file systems.
        .executableTarget(
            name: "IMSDKTool",
            dependencies: [
                "ImSDK", "ImSDK_Plus", "ConversationListKit", "IMReferenceServer", "IMCore", "IMSQLite", "IMTransportKit",
                "IMConformance", "IMTestSupport",
            ]),
        // The cross-API conformance suite: scenarios run through both API generations, compared.
        .target(
            name: "IMConformance",
            dependencies: ["ImSDK", "ImSDK_Plus", "IMReferenceServer", "IMCore", "IMTransportKit"]),

        // Fakes, recorders and helpers shared by the test targets.
        .target(
            name: "IMTestSupport",
            dependencies: ["IMCore", "IMTransportKit", "IMReferenceServer", "ImSDK_Plus", "ImSDK"]),
        // Points the SDK's default data directory at a sandbox for the whole test run and fails a test
        // that writes there. Every test target that creates SDK sessions depends on it.
        .target(name: "IMTestSandbox", dependencies: ["CIMTestSandbox", "IMCore"]),
        // Installs IMTestSandbox when the test bundle loads, before any test (a C constructor).
        .target(name: "CIMTestSandbox"),

        .testTarget(
            name: "IMCoreTests",
            dependencies: ["IMCore", "IMSQLite", "IMTransportKit", "IMReferenceServer", "IMTestSupport", "IMTestSandbox"]),
        .testTarget(name: "IMCryptoTests", dependencies: ["IMCrypto"]),
        .testTarget(
            name: "IMReferenceServerTests",
            dependencies: ["IMReferenceServer", "IMCore", "IMTransportKit", "IMTestSupport", "IMCrypto"]),
        .testTarget(
            name: "ImSDK_PlusTests",
            dependencies: [
                "ImSDK_Plus", "ImSDK", "IMCore", "IMSQLite", "IMTransportKit", "IMReferenceServer", "IMTestSupport",
                "IMTestSandbox",
            ]),
        .testTarget(
            name: "ConversationListKitTests",
            dependencies: ["ConversationListKit", "ImSDK_Plus", "IMReferenceServer", "IMTestSupport", "IMTestSandbox"]),
        .testTarget(name: "TIMAdapterTests", dependencies: ["TIMAdapter", "IMCore", "IMTransportKit", "IMTestSupport"]),
        .testTarget(
            name: "ImSDKTests",
            dependencies: [
                "ImSDK", "ImSDK_Plus", "ConversationListKit", "IMCore", "IMTransportKit", "IMReferenceServer",
                "IMTestSupport", "IMTestSandbox",
            ]),
        .testTarget(
            name: "IMSDKToolTests",
            dependencies: [
                "IMSDKTool", "ImSDK_Plus", "ConversationListKit", "IMReferenceServer", "IMCore", "IMSQLite",
                "IMTransportKit", "IMTestSupport", "IMTestSandbox",
            ]),
        .testTarget(
            name: "MigrationTests",
            dependencies: [
                "ImSDK", "ImSDK_Plus", "ConversationListKit", "IMReferenceServer", "IMTransportKit", "IMTestSupport",
                "IMTestSandbox",
            ]),
        .testTarget(name: "IMConformanceTests", dependencies: ["IMConformance", "IMTestSandbox"]),
        // Call shapes of public Swift code written against the vendor's SDKs (legacy 3.x to 5.x, V2 5.x
        // to 8.x, the vendor's TUIKit, Flutter and React Native plugins): what a drop-in must compile.
        // Only the two public API modules, as an app sees them.
        .testTarget(name: "CompatibilityTests", dependencies: ["ImSDK", "ImSDK_Plus"]),
    ],
    swiftLanguageModes: [.v6]
)
