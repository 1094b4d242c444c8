import FolioText

func titleWidths() throws -> [Double] {
    let measurer = try FontMeasurer.standard(publicDirectory: "Public")
    // measurer.shaping: .harfBuzz(version: "6.0.0") where HarfBuzz loads
    return [
        measurer.width(of: "全部", fontSize: 14),  // 28.0
        measurer.width(of: "AVATAR Wave", fontSize: 14),  // 95.498..., kerned
        measurer.width(of: "لوحة المعلومات", fontSize: 14),  // 91.92..., joined
    ]
}
