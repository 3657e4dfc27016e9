import XCTest
import IMReferenceServer
import IMTestSupport
import IMTransportKit
@testable import IMSDKTool

/// The command lines of `imsdk admin`, `imsdk device` and `imsdk inbox --server`, the lines a
/// device takes, and `imsdk admin` against a server in this process.
final class NetworkCommandTests: XCTestCase {
    private let noKey: [String: String] = [:]

    private func admin(_ arguments: String...) throws -> AdminCommand? {
        try AdminCommand.parse(ArraySlice(arguments), environment: noKey)
    }

    func test_parse_adminVerbs_takeTheirOperandsAndOptions() throws {
        let server = ["--server", "10.0.0.2:9000"]
        let address = try ServerAddress(parsing: "10.0.0.2:9000")
        XCTAssertEqual(try AdminCommand.parse(["user", "alice", "--nickname", "Alice"] + server, environment: noKey),
                       AdminCommand(server: address, action: .user("alice", nickname: "Alice", faceURL: nil)))
        XCTAssertEqual(try admin("remark", "", "--owner", "a", "--friend", "b")?.action, .remark("", owner: "a", friend: "b"))
        XCTAssertEqual(try admin("group", "g", "--members", "a,b", "--name", "G", "--type", "Public")?.action,
                       .group("g", name: "G", groupType: "Public", members: ["a", "b"]))
        XCTAssertEqual(try admin("group", "g", "--members", "a")?.action, .group("g", name: nil, groupType: "Work", members: ["a"]))
        XCTAssertEqual(try admin("text", "hi there", "--from", "bob", "--to", "alice")?.action,
                       .text("hi there", from: "bob", to: .user("alice"), atUserIDs: [], atAll: false))
        XCTAssertEqual(try admin("text", "hi", "--from", "bob", "--group", "g", "--at", "a,c", "--at-all")?.action,
                       .text("hi", from: "bob", to: .group("g"), atUserIDs: ["a", "c"], atAll: true))
        XCTAssertEqual(try admin("kick", "alice", "--platform", "iOS")?.action, .kick("alice", platform: .iOS))
        XCTAssertEqual(try admin("kick", "alice")?.action, .kick("alice", platform: nil))
        XCTAssertEqual(try admin("expire", "alice")?.action, .expire("alice"))
        XCTAssertEqual(try admin("conversations", "alice")?.action, .conversations("alice"))
        XCTAssertEqual(try admin("version", "alice")?.action, .version("alice"))
        XCTAssertEqual(try admin("epoch")?.action, .epoch)
        XCTAssertEqual(try admin("revoke", "3", "--from", "bob", "--group", "g")?.action, .revoke(seq: 3, from: "bob", in: .group("g")))
        XCTAssertEqual(try admin("read", "alice", "--peer", "bob", "--up-to", "4")?.action, .read("alice", peer: "bob", upTo: 4))
        XCTAssertEqual(try admin("read", "alice", "--peer", "bob")?.action, .read("alice", peer: "bob", upTo: .max))
        XCTAssertEqual(try Command.parse(["admin", "--help"]), .help(.admin))
    }

    func test_parse_adminServerAndSecretKey_fromOptionsFileOrEnvironment() throws {
        XCTAssertEqual(try admin("epoch")?.server, ServerAddress(), "127.0.0.1:7878 by default")
        XCTAssertEqual(try admin("epoch", "--server", "[::1]:80")?.server.description, "[::1]:80")
        XCTAssertEqual(try admin("epoch", "--server", ":8080")?.server.description, "127.0.0.1:8080")
        XCTAssertEqual(try admin("epoch", "--server", "example.org:1")?.server.description, "example.org:1")
        XCTAssertNil(try admin("epoch")?.secretKey)
        XCTAssertEqual(try AdminCommand.parse(["epoch"], environment: ["IMSDK_SECRET_KEY": "env"])?.secretKey, "env")
        XCTAssertEqual(try AdminCommand.parse(["epoch", "--secret-key", "k"], environment: ["IMSDK_SECRET_KEY": "env"])?.secretKey, "k")
        let directory = try TemporaryDirectory(prefix: "admin-key")
        defer { directory.remove() }
        try "  file-key\n".write(toFile: directory.file("key"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try admin("epoch", "--secret-key-file", directory.file("key"))?.secretKey, "file-key")
    }

    func test_parse_badAdminAndDeviceCommandLines_throwAUsageErrorNamingTheCulprit() {
        let cases: [([String], String)] = [
            (["admin"], "admin needs what to do: \(AdminCommand.verbs)"),
            (["admin", "frob"], "unknown admin action 'frob' (\(AdminCommand.verbs))"),
            (["admin", "user"], "admin user needs one user ID"),
            (["admin", "user", "a", "b"], "admin user needs one user ID"),
            (["admin", "remark", "--owner", "a", "--friend", "b"], "admin remark needs one remark (\"\" clears it)"),
            (["admin", "remark", "x", "--owner", "a"], "admin remark needs --friend USER"),
            (["admin", "group", "g"], "admin group needs --members A,B,..."),
            (["admin", "text", "hi", "--to", "a"], "admin text needs --from USER"),
            (["admin", "text", "hi", "--from", "a"], "admin text needs either --to USER or --group GROUP"),
            (["admin", "text", "hi", "--from", "a", "--to", "b", "--group", "g"], "admin text needs either --to USER or --group GROUP"),
            (["admin", "text", "hi", "--from", "a", "--to", "b", "--at-all"], "--at and --at-all need --group GROUP"),
            (["admin", "revoke", "0", "--from", "a", "--to", "b"], "admin revoke needs a sequence number of at least 1, not '0'"),
            (["admin", "revoke", "x", "--from", "a", "--to", "b"], "admin revoke needs a sequence number of at least 1, not 'x'"),
            (["admin", "read", "a"], "admin read needs --peer USER"),
            (["admin", "read", "a", "--peer", "b", "--up-to", "-1"], "--up-to needs a sequence number of at least 1, not '-1'"),
            (["admin", "epoch", "x"], "unexpected argument 'x'"),
            (["admin", "epoch", "--frob"], "unknown option '--frob'"),
            (["admin", "epoch", "--server", "localhost"], "--server needs HOST:PORT, not 'localhost'"),
            (["admin", "epoch", "--server", "h:0"], "--server needs HOST:PORT, not 'h:0'"),
            (["admin", "epoch", "--server", "h:70000"], "--server needs HOST:PORT, not 'h:70000'"),
            (["admin", "epoch", "--secret-key"], "--secret-key needs a value"),
            (["admin", "epoch", "--secret-key-file", "/nonexistent/key"], "cannot read the secret key file /nonexistent/key"),
            (["device"], "device needs --user USER"),
            (["device", "--user"], "--user needs a value"),
            (["device", "--user", "a", "x"], "unexpected argument 'x'"),
            (["device", "--user", "a", "--keep-alive", "0"], "--keep-alive needs a number of seconds above 0, not '0'"),
            (["device", "--user", "a", "--wait-timeout", "soon"], "--wait-timeout needs a number of seconds above 0, not 'soon'"),
            (["device", "--user", "a", "--app-id", "-4"], "--app-id needs a positive number, not '-4'"),
            (["inbox", "--user", "a", "--server", "nowhere"], "--server needs HOST:PORT, not 'nowhere'"),
            (["inbox", "--user", "a", "--platform"], "--platform needs a name"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try Command.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? UsageError)?.message, message, "\(arguments)")
            }
        }
    }

    func test_parse_deviceAndInbox_takeTheServerAndPlatform() throws {
        XCTAssertEqual(
            try Command.parse([
                "device", "--server", "127.0.0.1:4000", "--user", "alice", "--platform", "iPad", "--data", "/d",
                "--app-id", "7", "--user-sig", "s", "--keep-alive", "0.5", "--wait-timeout", "5",
            ]),
            .device(DeviceCommand(
                server: try ServerAddress(parsing: "127.0.0.1:4000"), userID: "alice", userSig: "s", platform: .iPad,
                directory: "/d", appID: 7, keepAlive: 0.5, waitTimeout: 5)))
        XCTAssertEqual(try Command.parse(["device", "--user", "bob"]), .device(DeviceCommand(userID: "bob")))
        XCTAssertEqual(
            try Command.parse(["inbox", "--user", "alice", "--server", "h:1", "--platform", "Web"]),
            .inbox(InboxCommand(userID: "alice", server: try ServerAddress(parsing: "h:1"), platform: .web)))
    }

    func test_deviceLines_parse_orFailWith6017() throws {
        XCTAssertEqual(try DeviceRequest.parse("send c2c_bob  hello   there "), .send(.c2c("bob"), text: "hello   there "))
        XCTAssertEqual(try DeviceRequest.parse("  send group_g x"), .send(.group("g"), text: "x"))
        XCTAssertEqual(try DeviceRequest.parse("read c2c_bob"), .read(.c2c("bob")))
        XCTAssertEqual(try DeviceRequest.parse("read-all"), .readAll)
        XCTAssertEqual(try DeviceRequest.parse("pin group_g"), .pin(.group("g"), true))
        XCTAssertEqual(try DeviceRequest.parse("unpin c2c_a"), .pin(.c2c("a"), false))
        XCTAssertEqual(try DeviceRequest.parse("list"), .list)
        XCTAssertEqual(try DeviceRequest.parse("total"), .total)
        XCTAssertEqual(try DeviceRequest.parse("history c2c_a"), .history(.c2c("a"), count: 20))
        XCTAssertEqual(try DeviceRequest.parse("history c2c_a 3"), .history(.c2c("a"), count: 3))
        XCTAssertEqual(try DeviceRequest.parse("wait-for heard group_g a b"), .waitForHeard(.group("g"), text: "a b"))
        XCTAssertEqual(try DeviceRequest.parse("wait-for total 0"), .waitForTotal(0))
        XCTAssertEqual(try DeviceRequest.parse("wait-for unread c2c_b 2"), .waitForUnread(.c2c("b"), 2))
        XCTAssertEqual(try DeviceRequest.parse("wait-for connected"), .waitForConnected)
        XCTAssertEqual(try DeviceRequest.parse("quit"), .quit)
        XCTAssertNil(try DeviceRequest.parse(""))
        XCTAssertNil(try DeviceRequest.parse("   "))
        XCTAssertNil(try DeviceRequest.parse("# a comment"))

        let bad: [(String, String)] = [
            ("frob", "unknown command 'frob' (send, read, read-all, pin, unpin, list, total, history, wait-for, quit)"),
            ("send bob hi", "'bob' is not a conversation ID (c2c_<user> or group_<group>)"),
            ("send c2c_ hi", "'c2c_' is not a conversation ID (c2c_<user> or group_<group>)"),
            ("send c2c_bob", "send needs a text"),
            ("read", "'' is not a conversation ID (c2c_<user> or group_<group>)"),
            ("list now", "unexpected 'now' after list"),
            ("history c2c_a many", "history needs a number, not 'many'"),
            ("wait-for total -1", "wait-for total needs a number, not '-1'"),
            ("wait-for heard c2c_a", "wait-for heard needs a text"),
            ("wait-for godot", "cannot wait for 'godot' (heard, total, unread or connected)"),
        ]
        for (line, message) in bad {
            XCTAssertThrowsError(try DeviceRequest.parse(line), line) { error in
                XCTAssertEqual((error as? IMError)?.code, .invalidParameters, line)
                XCTAssertEqual((error as? IMError)?.message, message, line)
            }
        }
    }

    func test_usage_describesAdminAndDevice() {
        XCTAssertTrue(Usage.text.contains("admin"))
        XCTAssertTrue(Usage.text.contains("device"))
        for word in ["--server HOST:PORT", "--secret-key", "--secret-key-file", "conversations USER", "revoke SEQ", "read USER"] {
            XCTAssertTrue(Usage.text(for: .admin).contains(word), word)
        }
        for word in ["--server HOST:PORT", "--user USER", "--platform", "--keep-alive", "wait-for", "event connected"] {
            XCTAssertTrue(Usage.text(for: .device).contains(word), word)
        }
        XCTAssertTrue(Usage.text(for: .inbox).contains("--server"))
    }

    /// `imsdk admin` against a server on a loopback port of this process: what it prints, and a
    /// refused call's code and message with exit status 1.
    func test_run_admin_printsTheOutcome_andTheServersErrorWithExit1() async throws {
        let served = IMReferenceServer()
        let network = try IMNetworkServer(serving: served)
        defer { network.stop() }
        let server = ["--server", "127.0.0.1:\(network.port)"]
        func run(_ arguments: String...) async -> (ExitStatus, [String], [String]) {
            let recorder = ConsoleRecorder()
            let status = await Tool.run(["admin"] + arguments + server, console: recorder.console)
            return (status, recorder.outLines, recorder.errLines)
        }

        var (status, out, err) = await run("user", "alice")
        XCTAssertEqual(status, .success)
        XCTAssertEqual(out, ["registered alice"])
        XCTAssertEqual(err, [])
        _ = await run("user", "bob")
        (_, out, _) = await run("group", "g", "--members", "alice,bob")
        XCTAssertEqual(out, ["group g: alice, bob"])
        (_, out, _) = await run("text", "hi", "--from", "bob", "--to", "alice")
        XCTAssertEqual(out, ["sent seq 1"])
        (_, out, _) = await run("text", "all", "--from", "bob", "--group", "g", "--at-all")
        XCTAssertEqual(out, ["sent seq 1"])
        (_, out, _) = await run("remark", "Bobby", "--owner", "alice", "--friend", "bob")
        XCTAssertEqual(out, ["alice calls bob \"Bobby\""])
        (_, out, _) = await run("read", "bob", "--peer", "alice")
        XCTAssertEqual(out, ["bob read c2c_alice up to seq 1"])
        (_, out, _) = await run("conversations", "alice")
        XCTAssertEqual(out, ["c2c_bob unread 1 read 0/1 last \"hi\"", "group_g unread 1 read 0/1 last \"all\""])
        (_, out, _) = await run("revoke", "1", "--from", "bob", "--to", "alice")
        XCTAssertEqual(out, ["revoked seq 1"])
        (_, out, _) = await run("conversations", "alice")
        XCTAssertEqual(out.first, "c2c_bob unread 0 read 0/1 last \"(revoked)\"")
        (_, out, _) = await run("version", "alice")
        XCTAssertEqual(out, [String(try served.version(of: "alice"))])
        (_, out, _) = await run("epoch")
        XCTAssertEqual(out, [served.epoch])
        (_, out, _) = await run("kick", "alice")
        XCTAssertEqual(out, ["kicked 0 connections of alice"])
        (_, out, _) = await run("expire", "alice")
        XCTAssertEqual(out, ["expired the signatures of alice"])

        (status, out, err) = await run("text", "x", "--from", "nobody", "--to", "alice")
        XCTAssertEqual(status, .failure)
        XCTAssertEqual(out, [])
        XCTAssertEqual(err.count, 1)
        XCTAssertTrue(err.first?.hasPrefix("imsdk admin: 20003: ") == true, "\(err)")
    }

    func test_run_admin_withNoServerThere_printsNetworkFailure_andExits1() async throws {
        let network = try IMNetworkServer(serving: IMReferenceServer())
        let port = network.port
        network.stop()
        let recorder = ConsoleRecorder()
        let status = await Tool.run(["admin", "epoch", "--server", "127.0.0.1:\(port)"], console: recorder.console)
        XCTAssertEqual(status, .failure)
        XCTAssertTrue(recorder.errLines.first?.hasPrefix("imsdk admin: 9520: ") == true, "\(recorder.errLines)")
    }
}
