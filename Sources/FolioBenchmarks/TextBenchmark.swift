import FolioText

/// FolioText: widths measured per second with the caches off (every scalar
/// asks FreeType), with them on (one dictionary lookup), and the cost of
/// opening the fonts. Run from the package root so `Public/` is found.
enum TextBenchmark {
    /// The seeds' titles plus two Latin ones, measured round-robin.
    static let titles = [
        "全部", "视频", "声音", "图片", "段子", "头条", "今日", "焦点", "控制器一", "控制器二",
        "控制器三", "AVATAR Wave", "Hello, world", "Video",
    ]

    static func run() throws {
        let cached = try FontMeasurer.standard(publicDirectory: "Public")
        let uncached = try FontMeasurer(
            fontFile: cached.fontFile, cjkFontFile: cached.cjkFontFile, cacheLimit: 0)
        print("fonts: \(cached.fontFile) + \(cached.cjkFamilyName ?? "no CJK font (1 em rule)")")

        var index = 0
        var sink = 0.0
        let cold = measure("text: width, cold (caches off)") {
            sink += uncached.width(of: titles[index % titles.count], fontSize: 14)
            index += 1
        }
        report(cold, unit: "widths")
        let warm = measure("text: width, cached") {
            sink += cached.width(of: titles[index % titles.count], fontSize: 14)
            index += 1
        }
        report(warm, against: cold, unit: "widths")
        let open = try measure("text: open fonts (standard) + one width") {
            sink += try FontMeasurer.standard(publicDirectory: "Public").width(of: "全部", fontSize: 14)
        }
        report(open, unit: "opens")
        // Keeps the optimiser from discarding the measured calls.
        if sink.isNaN { print(sink) }
    }
}
