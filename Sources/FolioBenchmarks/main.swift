import Foundation

// `FolioBenchmarks [SUITE ...]`: runs the named suites (all when none),
// printing one line per figure. Build with `-c release` for real numbers.
let suites: [(name: String, run: @Sendable () throws -> Void)] = [
    ("core", CoreBenchmark.run),
    ("text", TextBenchmark.run),
    ("template", TemplateBenchmark.run),
    ("format", FormatBenchmark.run),
    ("offload", OffloadBenchmark.run),
    ("charts", ChartBenchmark.run),
    ("tiles", TilesBenchmark.run),
]

let wanted = Set(CommandLine.arguments.dropFirst())
for suite in suites where wanted.isEmpty || wanted.contains(suite.name) {
    print("== \(suite.name)")
    try suite.run()
}
