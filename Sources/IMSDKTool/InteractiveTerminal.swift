import Foundation

/// The terminal on standard input and output, switched to full-screen mode for the interactive demo.
///
/// `enter()` turns echo and line buffering off (signals stay on, so Ctrl-C still sends SIGINT),
/// switches to the alternate screen and hides the cursor; `restore()` undoes all of it and may be
/// called any number of times.
/// - Thread safety: not thread-safe; the interactive session uses it on its queue only.
final class InteractiveTerminal {
    /// The escape sequences the screen is drawn with.
    enum Escape {
        static let home = "\u{1B}[H"
        static let clearToEndOfLine = "\u{1B}[K"
        static let reverse = "\u{1B}[7m"
        static let normal = "\u{1B}[27m"
        static let clearToEndOfScreen = "\u{1B}[J"
        static let enterAlternateScreen = "\u{1B}[?1049h"
        static let leaveAlternateScreen = "\u{1B}[?1049l"
        static let hideCursor = "\u{1B}[?25l"
        static let showCursor = "\u{1B}[?25h"
    }

    private let original: termios
    private var isRaw = false

    /// The terminal, or nil when standard input or output is not a terminal.
    init?() {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { return nil }
        var settings = termios()
        guard tcgetattr(STDIN_FILENO, &settings) == 0 else { return nil }
        original = settings
    }

    /// Switches to raw input, the alternate screen and a hidden cursor.
    func enter() {
        guard !isRaw else { return }
        var raw = original
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &raw)
        isRaw = true
        write(Escape.enterAlternateScreen + Escape.hideCursor)
    }

    /// Shows the cursor, leaves the alternate screen and puts the saved settings back.
    func restore() {
        guard isRaw else { return }
        write(Escape.showCursor + Escape.leaveAlternateScreen)
        var settings = original
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
        isRaw = false
    }

    /// The window size in columns and lines; 80 by 24 when the terminal does not say.
    var size: (columns: Int, lines: Int) {
        var window = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else {
            return (80, 24)
        }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Writes `text` to standard output as is.
    func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Reads what standard input has (at least one byte, waiting if need be); empty at end of input.
    func read() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            return Array(buffer.prefix(max(0, count)))
        }
    }
}
