import Foundation

/// Human units for the benchmark's table.
enum BenchFormat {
    /// Seconds as ns, us, ms or s with three significant digits.
    static func time(_ seconds: Double) -> String {
        switch seconds {
        case ..<1e-6: return significant(seconds * 1e9) + " ns"
        case ..<1e-3: return significant(seconds * 1e6) + " us"
        case ..<1: return significant(seconds * 1e3) + " ms"
        default: return significant(seconds) + " s"
        }
    }

    /// "fastest / median" of round times sorted fastest first (not empty).
    static func fastestAndMedian(_ sorted: [Double]) -> String {
        time(sorted[0]) + " / " + time(sorted[sorted.count / 2])
    }

    /// Bytes in MB (2^20 bytes).
    static func bytes(_ bytes: Double) -> String { significant(bytes / 1_048_576) + " MB" }

    /// Messages per second, grouped by thousands.
    static func throughput(_ perSecond: Double) -> String { grouped(Int(perSecond.rounded())) + " msg/s" }

    /// A ratio: "12.3x", "4,560x", "0.45x".
    static func ratio(_ value: Double) -> String {
        value >= 1_000 ? grouped(Int(value.rounded())) + "x" : significant(value) + "x"
    }

    /// A value of `unit`.
    static func value(_ value: Double, _ unit: BenchMetric.Unit) -> String {
        unit == .bytes ? bytes(value) : time(value)
    }

    /// An integer with thousands separators: 100000 -> "100,000".
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// Three significant digits, without exponent: 1.23, 12.3, 123, 1234.
    private static func significant(_ value: Double) -> String {
        switch value {
        case ..<10: return String(format: "%.2f", value)
        case ..<100: return String(format: "%.1f", value)
        default: return String(format: "%.0f", value)
        }
    }
}

extension String {
    /// The string right-aligned in `width` columns (unchanged when longer).
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }

    /// The string left-aligned in `width` columns (unchanged when longer).
    func rightPadded(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
