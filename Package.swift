// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ImSDK",
    products: [
        .library(name: "ImSDK", targets: ["ImSDK"]),
        .library(name: "ImSDK_Plus", targets: ["ImSDK_Plus"]),
        .library(name: "IMReferenceServer", targets: ["IMReferenceServer"]),
        .executable(name: "imsdk", targets: ["IMSDKTool"]),
    ],
    targets: [
        // The system SQLite; used by IMCore/Persistence (issue "persistence").
        .systemLibrary(
            name: "CSQLite",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The shared engine: model, ordered index, counters, events, transport seam.
        .target(name: "IMCore", dependencies: ["CSQLite"]),
        // The in-process server with the vendor's cloud semantics (the embedded default transport).
        .target(name: "IMReferenceServer", dependencies: ["IMCore"]),
        // The V2 API facade.
        .target(name: "ImSDK_Plus", dependencies: ["IMCore", "IMReferenceServer"]),
        // Legacy <-> V2 mapping.
        .target(name: "TIMAdapter", dependencies: ["IMCore", "ImSDK_Plus"]),
        // The legacy TIM API facade.
        .target(name: "ImSDK", dependencies: ["TIMAdapter", "IMCore", "ImSDK_Plus"]),
        // The `imsdk` command-line program. Its module is not called `imsdk`: that name would clash
        // with `ImSDK` on case-insensitive file systems.
        .executableTarget(
            name: "IMSDKTool", dependencies: ["ImSDK", "ImSDK_Plus", "IMReferenceServer", "IMConformance", "IMTestSupport"]),
        // The cross-API conformance suite: scenarios run through both API generations, compared.
        .target(name: "IMConformance", dependencies: ["ImSDK", "ImSDK_Plus", "IMReferenceServer", "IMCore"]),

        // Fakes, recorders and helpers shared by the test targets.
        .target(name: "IMTestSupport", dependencies: ["IMCore", "IMReferenceServer", "ImSDK_Plus", "ImSDK"]),

        .testTarget(name: "IMCoreTests", dependencies: ["IMCore", "IMTestSupport"]),
        .testTarget(name: "IMReferenceServerTests", dependencies: ["IMReferenceServer", "IMCore", "IMTestSupport"]),
        .testTarget(name: "ImSDK_PlusTests", dependencies: ["ImSDK_Plus", "ImSDK", "IMCore", "IMReferenceServer", "IMTestSupport"]),
        .testTarget(name: "TIMAdapterTests", dependencies: ["TIMAdapter", "ImSDK_Plus", "IMTestSupport"]),
        .testTarget(name: "ImSDKTests", dependencies: ["ImSDK", "ImSDK_Plus", "IMCore", "IMReferenceServer", "IMTestSupport"]),
        .testTarget(name: "IMSDKToolTests", dependencies: ["IMSDKTool", "ImSDK_Plus", "IMReferenceServer", "IMCore", "IMTestSupport"]),
        .testTarget(name: "MigrationTests", dependencies: ["ImSDK", "ImSDK_Plus", "IMReferenceServer", "IMTestSupport"]),
        .testTarget(name: "IMConformanceTests", dependencies: ["IMConformance"]),
    ],
    swiftLanguageModes: [.v6]
)
