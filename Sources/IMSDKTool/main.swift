import Foundation

let status = await Tool.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
