import FolioText

func titleWidths() throws -> [Double] {
    let measurer = try FontMeasurer.standard(publicDirectory: "Public")
    return [
        measurer.width(of: "全部", fontSize: 14),  // 28.0
        measurer.width(of: "AVATAR Wave", fontSize: 14),  // 100.358...
    ]
}
