import Testing

@testable import FolioText

/// `standard(publicDirectory:harfBuzzSetting:)` measures with the fonts the page serves.
struct FontMeasurerStandardTests {
    @Test func theServedDejaVuSansComesFirst() throws {
        let measurer = try FontMeasurer.standard(
            publicDirectory: Fixtures.publicDirectory, harfBuzzSetting: "off")
        #expect(measurer.fontFile == Fixtures.dejaVuSans)
        #expect(agree(measurer.width(of: "AVATAR Wave", fontSize: 14), 100.358398))
    }

    @Test func withoutAPublicFolderTheSystemDejaVuSansIsUsed() throws {
        let measurer = try FontMeasurer.standard(
            publicDirectory: "/nonexistent/folio-public", harfBuzzSetting: "off")
        #expect(measurer.fontFile == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        #expect(agree(measurer.width(of: "Video", fontSize: 14), 39.532227))
    }

    @Test(.enabled(if: Fixtures.hasNotoCJK, "needs fonts-noto-cjk"))
    func anInstalledNotoSansCJKIsFound() throws {
        let measurer = try FontMeasurer.standard(publicDirectory: nil)
        #expect(measurer.cjkFontFile == Fixtures.notoCJK)
        #expect(measurer.cjkFamilyName == "Noto Sans CJK SC")
    }

    @Test func searchPathsStartInThePublicFolder() {
        #expect(
            FontLocations.dejaVuSans(publicDirectory: "/srv/public/").first
                == "/srv/public/fonts/DejaVuSans.ttf")
        #expect(FontLocations.dejaVuSans(publicDirectory: nil).first?.hasPrefix("/usr/share/fonts/") == true)
        #expect(FontLocations.cjk(publicDirectory: nil).contains(Fixtures.notoCJK))
    }
}
