import IMSQLite
import Foundation

/// Where databases live on disk: per-user paths, the default directory, creating and moving files.
extension ConversationDatabase {
    /// The database file of `userID` in app `appID`, inside `directory`: one database per (app, user).
    ///
    /// The user ID is escaped, never used raw: every byte outside `a-z 0-9 _ -` becomes `%XX`
    /// (uppercase letters too, so IDs differing only in case stay apart on case-insensitive file
    /// systems). `/`, `..`, quotes and NUL cannot reach the path. An escaped ID longer than
    /// `maxEscapedLength` bytes (from 61 bytes of ID up; the vendor caps user IDs at 32) is cut and
    /// suffixed with `~` and a 64-bit FNV-1a hash of the whole ID: only two such long IDs sharing
    /// their first ~54 bytes and a hash could share a file.
    package static func path(directory: String, appID: Int32, userID: String) -> String {
        URL(fileURLWithPath: directory, isDirectory: true)
            .appendingPathComponent("im_\(appID)_\(escapedFileName(userID)).sqlite").path
    }

    /// The longest escaped user ID kept whole in a file name (names stay well below 255 bytes).
    static let maxEscapedLength = 180

    private static func escapedFileName(_ userID: String) -> String {
        let hexDigits = Array("0123456789ABCDEF".utf8)
        var escaped: [UInt8] = []
        var tokenStarts: [Int] = []  // so a cut never splits a %XX
        for byte in userID.utf8 {
            tokenStarts.append(escaped.count)
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "-"):
                escaped.append(byte)
            default:
                escaped += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
            }
        }
        guard escaped.count > maxEscapedLength else { return String(decoding: escaped, as: UTF8.self) }
        let hashLength = 16
        let cut = tokenStarts.last { $0 <= maxEscapedLength - hashLength - 1 } ?? 0
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in userID.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let hashText = String(hash, radix: 16)
        return String(decoding: escaped[..<cut], as: UTF8.self) + "~"
            + String(repeating: "0", count: hashLength - hashText.count) + hashText
    }

    /// The per-user default directory for databases (`DataDirectory.defaultPath()`).
    package static func defaultDirectory() -> String {
        DataDirectory.defaultPath()
    }

    /// Creates the directory of `path` (0700) and an empty file at `path` (0600) when missing; a
    /// directory or file that cannot be created is a disk failure (6022), as a write refused later is.
    ///
    /// SQLite gives the `-wal` and `-shm` files the permissions of the database file.
    static func prepareFile(at path: String) throws(PersistenceError) {
        let files = FileManager.default
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !files.fileExists(atPath: directory) {
            do {
                try files.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
                )
            } catch {
                throw PersistenceError.diskFailure(path: path, reason: "cannot create its directory: \(error)")
            }
        }
        if !files.fileExists(atPath: path) {
            guard files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
                throw PersistenceError.diskFailure(path: path, reason: "cannot create the file")
            }
        }
    }

    /// Throws `.corrupt` when a file exists at `path` and has zero bytes.
    ///
    /// `open` creates the file empty, and SQLite writes its first page before the open returns
    /// (switching to WAL writes the header): an empty file is one whose content was lost (a
    /// truncation, a restore that copied nothing) or whose first open never finished. SQLite
    /// would take it for a new database and the store would quietly start over.
    static func checkNotEmpty(at path: String) throws(PersistenceError) {
        guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
              size == 0 else { return }
        throw PersistenceError.corrupt(path: path, reason: "the file is empty (0 bytes)")
    }

    /// Throws `.corrupt` when the file at `path` is not empty and does not start with the SQLite
    /// header, before SQLite touches it (it would treat some such files as empty databases, and
    /// would delete a `-wal` file next to them on close).
    ///
    /// Reads through `InputStream`: `FileHandle.read(upToCount:)` needs macOS 10.15.4 / iOS 13.4, and
    /// the older `readData(ofLength:)` raises an Objective-C exception on a read error.
    static func checkHeader(at path: String) throws(PersistenceError) {
        let header = Array("SQLite format 3\u{0}".utf8)
        guard let stream = InputStream(fileAtPath: path) else {
            throw PersistenceError.cannotOpen(path: path, reason: "cannot read the file")
        }
        stream.open()
        defer { stream.close() }
        guard stream.streamStatus != .error else {
            throw PersistenceError.cannotOpen(path: path, reason: "cannot read the file")
        }
        var start: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: header.count)
        while start.count < header.count {
            let count = stream.read(&buffer, maxLength: header.count - start.count)
            if count == 0 { break }
            guard count > 0 else {
                let reason = stream.streamError.map { "\($0)" } ?? "read failed"
                throw PersistenceError.cannotOpen(path: path, reason: "cannot read the file: \(reason)")
            }
            start += buffer[..<count]
        }
        if !start.isEmpty && start != header {
            throw PersistenceError.corrupt(path: path, reason: "the file does not start with the SQLite header")
        }
    }

    /// The suffixes of a database's files: the database itself and SQLite's side files.
    static let fileSuffixes = ["", "-wal", "-shm", "-journal"]

    /// Deletes the database at `path` and its side files (those that exist); for a database that
    /// must leave nothing behind. Close it first.
    package static func removeFiles(at path: String) {
        for suffix in fileSuffixes {
            try? FileManager.default.removeItem(atPath: path + suffix)
        }
    }

    /// Moves the database at `path` and its `-wal`, `-shm` and `-journal` files to
    /// `<path>.corrupt-<unix seconds>` (plus the same suffixes); returns the new path.
    package static func moveAside(_ path: String) throws(PersistenceError) -> String {
        let files = FileManager.default
        let stamp = "\(path).corrupt-\(Int(Date().timeIntervalSince1970))"
        var aside = stamp
        var attempt = 1
        while files.fileExists(atPath: aside) {
            aside = "\(stamp)-\(attempt)"
            attempt += 1
        }
        for suffix in fileSuffixes where files.fileExists(atPath: path + suffix) {
            do {
                try files.moveItem(atPath: path + suffix, toPath: aside + suffix)
            } catch {
                throw PersistenceError.io("cannot move \(path + suffix) aside: \(error)")
            }
        }
        return aside
    }
}
