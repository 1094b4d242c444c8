/// The fonts of the page's title stack, opened with HarfBuzz, and the rule
/// that picks one per grapheme cluster, as Chromium's font fallback does:
///
/// 1. A cluster holding the emoji presentation selector (U+FE0F) is drawn
///    by the emoji font when it has the cluster's first scalar.
/// 2. Else by the first font that has every scalar of the cluster (leaving
///    out default-ignorable ones such as the zero-width joiner and
///    variation selectors), within its `unicode-range`.
/// 3. Else by the first font that has the cluster's first scalar.
/// 4. Else by the primary font, whose `.notdef` box HarfBuzz measures.
///
/// Each run of one font and one script is then shaped with HarfBuzz's
/// default features (kerning, ligatures, and each script's joining and
/// reordering), as Chromium shapes text with `font-kerning: auto`.
///
/// Not `Sendable`: it holds HarfBuzz objects behind ``FontMeasurer``'s lock.
final class ShapingStack {
    private let harfBuzz: HarfBuzz
    /// In the order of the page's `font-family`, the primary font first.
    let faces: [ShapingFace]
    private let emojiIndex: Int?
    private let buffer: HarfBuzz.Object
    private let unicode: HarfBuzz.Object?

    /// - Parameters:
    ///   - faces: The fonts in fallback order; the first is the primary one.
    ///   - emoji: The colour emoji font, tried last and for rule 1.
    init(harfBuzz: HarfBuzz, faces: [ShapingFace], emoji: ShapingFace?) throws(FontError) {
        guard let buffer = harfBuzz.bufferCreate() else {
            throw .unsupportedFont(path: faces.first?.path ?? "", reason: "HarfBuzz could not make a buffer")
        }
        self.harfBuzz = harfBuzz
        self.faces = faces + (emoji.map { [$0] } ?? [])
        self.emojiIndex = emoji.map { _ in faces.count }
        self.buffer = buffer
        self.unicode = harfBuzz.unicodeFuncsGetDefault()
    }

    deinit { harfBuzz.bufferDestroy(buffer) }

    /// The shaped width of `text`.
    func width(of text: String) -> ShapedWidth {
        let runs = TextRun.split(text, fontIndex: fontIndex(for:), script: script(of:))
        return runs.reduce(ShapedWidth()) { $0 + shapedWidth(of: $1) }
    }

    private func fontIndex(for cluster: Character) -> Int {
        let scalars = cluster.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if let emojiIndex, scalars.contains("\u{FE0F}"), faces[emojiIndex].covers(first) { return emojiIndex }
        let needed = scalars.filter { !$0.properties.isDefaultIgnorableCodePoint }
        if let index = faces.firstIndex(where: { face in needed.allSatisfy(face.covers) }) { return index }
        return faces.firstIndex { $0.covers(first) } ?? 0
    }

    /// HarfBuzz's script tag for `scalar`, nil for Common, Inherited and
    /// Unknown, which take the script of the run they are in.
    private func script(of scalar: Unicode.Scalar) -> UInt32? {
        let tag = harfBuzz.unicodeScript(unicode, scalar.value)
        return Self.neutralScripts.contains(tag) ? nil : tag
    }

    private static let neutralScripts: Set<UInt32> = [
        HarfBuzz.tag("Zyyy"), HarfBuzz.tag("Zinh"), HarfBuzz.tag("Zzzz"), 0,
    ]

    private func shapedWidth(of run: TextRun) -> ShapedWidth {
        let face = faces[run.fontIndex]
        harfBuzz.bufferClearContents(buffer)
        run.scalars.withUnsafeBufferPointer { scalars in
            let count = Int32(scalars.count)
            harfBuzz.bufferAddUTF32(buffer, scalars.baseAddress, count, 0, count)
        }
        if let script = run.script { harfBuzz.bufferSetScript(buffer, script) }
        harfBuzz.bufferGuessSegmentProperties(buffer)
        harfBuzz.shape(face.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = harfBuzz.bufferGetGlyphPositions(buffer, &count) else { return ShapedWidth() }
        let unitsPerEm = Double(face.unitsPerEm)
        var width = ShapedWidth()
        for glyph in 0..<Int(count) {
            let advance = positions.load(fromByteOffset: glyph * HarfBuzz.glyphRecordStride, as: Int32.self)
            let ems = Double(advance) / unitsPerEm
            if face.drawsBitmaps { width.bitmapEms.append(ems) } else { width.outlineEms += ems }
        }
        return width
    }
}

@available(*, unavailable, message: "HarfBuzz objects stay behind FontMeasurer's lock")
extension ShapingStack: Sendable {}
