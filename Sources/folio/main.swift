import Foundation

// The entry point only hands the arguments over; `FolioCommand` decides.
let status = await FolioCommand.main(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
