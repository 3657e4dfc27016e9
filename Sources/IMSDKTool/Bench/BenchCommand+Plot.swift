import Foundation

/// `imsdk bench --svg FILE`: the run's scaling plot (`BenchPlot`).
extension BenchCommand {
    /// Throws `BenchError.plot` unless a file can be written at `path` (its folder exists and is
    /// writable, and it is not a folder): checked before a run that may take an hour.
    static func checkPlotPath(_ path: String) throws(BenchError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw .plot("the folder \(folder) does not exist")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else { throw .plot("the folder \(folder) is not writable") }
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw .plot("\(path) is a folder")
        }
    }

    /// Writes the plot of `report` to `path` and says so on standard error.
    func writePlot(_ report: Report, to path: String) throws(BenchError) {
        let plot = BenchPlot(report: report)
        do {
            try Data(plot.svg().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .plot("\(path): \(error.localizedDescription)")
        }
        console.err("imsdk bench: wrote the plot (\(plot.metrics.count) panels) to \(path)")
    }
}
