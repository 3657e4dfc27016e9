import IMSQLite
import Foundation
import IMCore
import IMTransportKit
import IMReferenceServer

/// The options of `imsdk ingest`.
struct IngestOptions: Equatable, Sendable {
    var database: String
    var peers = 20
    var messages = 1000
    var prefix = "peer"

    /// Parses the arguments after `ingest`; nil when they ask for the help.
    static func parse(_ arguments: ArraySlice<String>) throws(UsageError) -> IngestOptions? {
        var database: String?
        var options = IngestOptions(database: "")
        var rest = arguments
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                return nil
            case "--database", "--peers", "--messages", "--prefix":
                guard let value = rest.popFirst() else { throw UsageError("\(argument) needs a value") }
                switch argument {
                case "--database": database = value
                case "--prefix": options.prefix = value
                default:
                    guard let number = Int(value), number > 0 else {
                        throw UsageError("\(argument) needs a positive number, not '\(value)'")
                    }
                    if argument == "--peers" { options.peers = number } else { options.messages = number }
                }
            case let option where option.hasPrefix("-"):
                throw UsageError("unknown option '\(option)'")
            default:
                throw UsageError("unexpected argument '\(argument)'")
            }
        }
        guard let database, !database.isEmpty else { throw UsageError("ingest needs --database PATH") }
        options.database = database
        return options
    }
}

/// `imsdk ingest`: one user's engine with a database, fed by a server that keeps its state next to
/// it (`PATH.server`), so that runs over one database continue one cloud (one epoch); every stored
/// message is acknowledged on standard output after its batch is on disk.
struct IngestCommand {
    let options: IngestOptions
    let console: Console

    /// Why `--database` cannot be used; nothing is created, moved or changed then.
    struct DatabaseError: Error, CustomStringConvertible {
        let description: String
    }

    /// Checks `--database` before anything touches it: its directory must exist, and the path must
    /// be missing (a new database) or a database file this SDK can open.
    func checkDatabasePath() throws(DatabaseError) {
        let path = options.database
        let directory = (path as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        let parent = directory.isEmpty ? "." : directory
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DatabaseError(description: "the directory \(parent) does not exist (create it first)")
        }
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return }
        guard !isDirectory.boolValue else { throw DatabaseError(description: "\(path) is a directory, not a database file") }
        do throws(PersistenceError) {
            _ = try ConversationDatabase.open(at: path, logger: .silent, verifying: false, creating: false)
        } catch {
            throw DatabaseError(description: "\(path) is not a database this SDK can use (\(error)); it was left as it is")
        }
    }

    func run() async throws {
        try checkDatabasePath()
        let server = try IMReferenceServer(persistingAt: options.database + ".server")
        let peers = (0..<options.peers).map { "\(options.prefix)\($0)" }
        for user in ["me"] + peers { try server.registerUser(user, nickname: nil, faceURL: nil) }
        let client = IMClient(
            userID: "me", transport: server, callbackQueue: DispatchQueue(label: "imsdk.ingest"),
            databasePath: options.database, clock: { UInt64(Date().timeIntervalSince1970) })
        let console = console
        let stored = Locked(0)
        client.addObserver { event in
            guard case .changes(let batch) = event else { return }
            for case .store(let message, let id, _) in batch.storage.operations where message.seq > 0 {
                console.out("ack \(id.target) \(message.seq)")
                stored.withLock { $0 += 1 }
            }
        }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, Error>) in
            client.start(userSig: "sig") { continuation.resume(with: $0.mapError { $0 as Error }) }
        }
        for index in 0..<options.messages {
            try server.sendText("message \(index)", from: peers[index % peers.count], toUser: "me")
        }
        while stored.withLock({ $0 }) < options.messages {
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        client.stop()
    }
}
