import Foundation

/// The lines of standard input as they are typed, read on a thread of their own so that a waiting
/// read blocks no task; the stream ends at the end of the input.
enum StandardInputLines {
    static func stream() -> AsyncStream<String> {
        AsyncStream { continuation in
            let thread = Thread {
                while let line = readLine(strippingNewline: true) {
                    continuation.yield(line)
                }
                continuation.finish()
            }
            thread.name = "imsdk.stdin"
            thread.start()
        }
    }
}
