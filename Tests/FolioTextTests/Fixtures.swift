import Foundation

@testable import FolioText

/// Font files and measurers the tests share.
enum Fixtures {
    /// The package root, three levels above this file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    /// `Public/`, the folder the server serves as `/public`.
    static let publicDirectory = packageRoot + "/Public"
    /// The DejaVu Sans the page serves.
    static let dejaVuSans = publicDirectory + "/fonts/DejaVuSans.ttf"
    /// Debian's fonts-noto-cjk collection, which the test command installs.
    static let notoCJK = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    /// Whether the CJK font is installed; its tests are skipped otherwise.
    static let hasNotoCJK = FileManager.default.fileExists(atPath: notoCJK)

    /// A measurer over DejaVu Sans and Noto Sans CJK.
    static func withCJKFont(cacheLimit: Int = FontMeasurer.defaultCacheLimit) throws -> FontMeasurer {
        try FontMeasurer(fontFile: dejaVuSans, cjkFontFile: notoCJK, cacheLimit: cacheLimit)
    }

    /// A measurer over DejaVu Sans alone: CJK text falls back to 1 em.
    static func withoutCJKFont(cacheLimit: Int = FontMeasurer.defaultCacheLimit) throws -> FontMeasurer {
        try FontMeasurer(fontFile: dejaVuSans, cacheLimit: cacheLimit)
    }

    /// Writes `bytes` to a new file in the temporary folder and returns its path.
    static func temporaryFile(named name: String, bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("folio-text-\(UUID().uuidString)-\(name)")
        try Data(bytes).write(to: url)
        return url.path
    }
}

/// Whether two widths agree within 0.01 px, the accuracy the tests demand.
func agree(_ actual: Double, _ expected: Double) -> Bool {
    abs(actual - expected) < 0.01
}
