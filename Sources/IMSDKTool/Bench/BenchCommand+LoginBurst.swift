import Foundation
import IMReferenceServer

/// `imsdk bench --login-burst`: a login after a burst of missed messages (`LoginBurstBench`), as a
/// table or JSON.
extension BenchCommand {
    /// The login burst's targets: a right first page within `firstPageLimit` seconds of the call to
    /// `login`, and the pushes at least `pushesOverBurstAtLeast` times slower than that.
    static let loginBurstFirstPageLimit = 0.15
    static let loginBurstPushesOverBurstAtLeast = 2.0

    /// The JSON of `--login-burst --json`.
    struct LoginBurstReport: Encodable {
        let cores: Int
        let configuration: String
        let smoke: Bool
        let figures: LoginBurstBench.Report
        let pushesOverBurst: Double
        /// Whether the targets were met; nil when not judged (a debug build, or smoke sizes).
        let firstPageTargetMet: Bool?
        let pushesTargetMet: Bool?
    }

    func runLoginBurst() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("imsdk-login-burst-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = Self.buildConfiguration
        if configuration != "release" && !options.json {
            console.err(Self.debugBuildWarning(configuration, judged: true, rerun: "--login-burst"))
        }
        let bench = options.smoke
            ? LoginBurstBench(conversations: 20, messages: 400, rounds: 1)
            : LoginBurstBench(conversations: 500, messages: 10_000, rounds: 5)
        if !options.json {
            console.err("imsdk bench: \(BenchFormat.grouped(bench.messages)) messages in \(bench.conversations) "
                + "conversations, missed then as pushes...")
        }
        let report = try await bench.run(in: directory)
        let judged = configuration == "release" && !options.smoke
        let firstPageMet = judged ? report.firstPageSeconds < Self.loginBurstFirstPageLimit : nil
        let pushesMet = judged ? report.pushesOverBurst >= Self.loginBurstPushesOverBurstAtLeast : nil
        if options.json {
            let json = LoginBurstReport(
                cores: ProcessInfo.processInfo.activeProcessorCount, configuration: configuration, smoke: options.smoke,
                figures: report, pushesOverBurst: report.pushesOverBurst, firstPageTargetMet: firstPageMet,
                pushesTargetMet: pushesMet)
            try printJSON(json)
            return
        }
        let milliseconds = { (seconds: Double) in String(format: "%.0f ms", seconds * 1000) }
        console.out("Login after a burst (store on disk, in-process reference server, "
            + "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(configuration) build\(options.smoke ? ", smoke sizes" : ""); "
            + "medians of \(report.rounds) round\(report.rounds == 1 ? "" : "s"))")
        console.out("  conversations                          \(report.conversations)")
        console.out("  messages that arrived while offline    \(BenchFormat.grouped(report.messages))")
        console.out("  the server took them in                \(milliseconds(report.serverSeconds)) (device offline)")
        console.out("  login to onSyncServerFinish            \(milliseconds(report.syncFinishedSeconds))")
        console.out("  login to its succ                      \(milliseconds(report.loginSeconds))")
        console.out("  login to a right first page of \(LoginBurstBench.pageSize)      \(milliseconds(report.firstPageSeconds)) "
            + "(\(report.firstPageRows) rows equal to the server's; whole list checked)")
        console.out("  the same messages as pushes            \(milliseconds(report.pushesSeconds)) "
            + "(device online: first send to last applied, the server's share included)")
        console.out("  pushes / login to first page           \(BenchFormat.ratio(report.pushesOverBurst)) "
            + "(rounds: \(BenchFormat.ratio(report.pushesOverBurstRange[0]))-\(BenchFormat.ratio(report.pushesOverBurstRange[1])))")
        // The server's default page, read from a server rather than written here, so it cannot drift.
        let defaultPage = BenchFormat.grouped(IMReferenceServer(loginPolicy: .unlimited).syncPageLimit)
        console.out("  with sync pages of \(BenchFormat.grouped(LoginBurstBench.smallSyncPage)) changes "
            + "(the default until 2026-11-27; now \(defaultPage)): "
            + "login to onSyncServerFinish \(milliseconds(report.smallPagesSyncFinishedSeconds)), "
            + "to a right first page \(milliseconds(report.smallPagesFirstPageSeconds))")
        let verdict = { (met: Bool?) in met.map { $0 ? "met" : "MISSED" } ?? "n/a" }
        console.out("targets\(judged ? "" : " (not judged: \(options.smoke ? "smoke sizes" : "a \(configuration) build"))"):")
        console.out("  first page right within \(milliseconds(Self.loginBurstFirstPageLimit)) of login".rightPadded(60)
            + verdict(firstPageMet))
        console.out("  the pushes at least \(BenchFormat.ratio(Self.loginBurstPushesOverBurstAtLeast)) as long".rightPadded(60)
            + verdict(pushesMet))
    }
}
