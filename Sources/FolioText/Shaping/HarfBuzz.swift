#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// HarfBuzz's shaping functions, found at run time with `dlopen`.
///
/// Folio is built without HarfBuzz's headers (Debian's `libharfbuzz-dev` is
/// not on a fresh machine, its runtime `libharfbuzz0b` is), so the few
/// functions it calls are declared here with their C signatures and looked up
/// by name. HarfBuzz objects appear as opaque pointers.
struct HarfBuzz: @unchecked Sendable {
    // @unchecked: only C function pointers, which are immutable and callable
    // from any thread; HarfBuzz's own objects stay behind FontMeasurer's lock.
    typealias Object = OpaquePointer

    let version: String
    let blobCreateFromFile: @convention(c) (UnsafePointer<CChar>) -> Object?
    let blobGetLength: @convention(c) (Object?) -> UInt32
    let blobDestroy: @convention(c) (Object?) -> Void
    let faceCreate: @convention(c) (Object?, UInt32) -> Object?
    let faceGetUpem: @convention(c) (Object?) -> UInt32
    let faceGetGlyphCount: @convention(c) (Object?) -> UInt32
    let faceReferenceTable: @convention(c) (Object?, UInt32) -> Object?
    let faceDestroy: @convention(c) (Object?) -> Void
    let fontCreate: @convention(c) (Object?) -> Object?
    let fontSetScale: @convention(c) (Object?, Int32, Int32) -> Void
    let fontGetNominalGlyph: @convention(c) (Object?, UInt32, UnsafeMutablePointer<UInt32>) -> Int32
    let fontDestroy: @convention(c) (Object?) -> Void
    let bufferCreate: @convention(c) () -> Object?
    let bufferClearContents: @convention(c) (Object?) -> Void
    let bufferAddUTF32: @convention(c) (Object?, UnsafePointer<UInt32>?, Int32, UInt32, Int32) -> Void
    let bufferSetScript: @convention(c) (Object?, UInt32) -> Void
    let bufferGuessSegmentProperties: @convention(c) (Object?) -> Void
    let bufferGetGlyphPositions:
        @convention(c) (Object?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutableRawPointer?
    let bufferDestroy: @convention(c) (Object?) -> Void
    let shape: @convention(c) (Object?, Object?, UnsafeRawPointer?, UInt32) -> Void
    let unicodeFuncsGetDefault: @convention(c) () -> Object?
    let unicodeScript: @convention(c) (Object?, UInt32) -> UInt32

    /// Bytes per `hb_glyph_position_t`: five 32-bit fields, the x advance
    /// first.
    static let glyphRecordStride = 20

    /// A four-letter OpenType or script tag as HarfBuzz packs it.
    static func tag(_ name: String) -> UInt32 {
        name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    /// The library names tried when `FOLIO_HARFBUZZ` does not name one.
    static let defaultLibraryNames = ["libharfbuzz.so.0", "libharfbuzz.so", "libharfbuzz.0.dylib"]

    /// Loads HarfBuzz as `FOLIO_HARFBUZZ` says: nil or empty tries
    /// ``defaultLibraryNames``; `off` turns shaping off; anything else is the
    /// library's path.
    static func load(setting: String?) -> Result<HarfBuzz, ShapingUnavailable> {
        let setting = setting ?? ""
        if setting == "off" { return .failure(.turnedOff) }
        let names = setting.isEmpty ? defaultLibraryNames : [setting]
        var reasons: [String] = []
        for name in names {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(dlerror().map { String(cString: $0) } ?? "\(name): cannot be loaded")
                continue
            }
            do {
                return .success(try HarfBuzz(handle: handle))
            } catch {
                reasons.append("\(name): \(error.reason)")
                dlclose(handle)
            }
        }
        return .failure(.notLoaded(reasons: reasons))
    }

    /// Looks up every function; the handle stays open for the process's life.
    private init(handle: UnsafeMutableRawPointer) throws(MissingSymbol) {
        func symbol<Function>(_ name: String) throws(MissingSymbol) -> Function {
            guard let address = dlsym(handle, name) else { throw MissingSymbol(reason: "it has no \(name)") }
            return unsafeBitCast(address, to: Function.self)
        }
        let versionString: @convention(c) () -> UnsafePointer<CChar>? = try symbol("hb_version_string")
        version = versionString().map { String(cString: $0) } ?? "unknown"
        blobCreateFromFile = try symbol("hb_blob_create_from_file")
        blobGetLength = try symbol("hb_blob_get_length")
        blobDestroy = try symbol("hb_blob_destroy")
        faceCreate = try symbol("hb_face_create")
        faceGetUpem = try symbol("hb_face_get_upem")
        faceGetGlyphCount = try symbol("hb_face_get_glyph_count")
        faceReferenceTable = try symbol("hb_face_reference_table")
        faceDestroy = try symbol("hb_face_destroy")
        fontCreate = try symbol("hb_font_create")
        fontSetScale = try symbol("hb_font_set_scale")
        fontGetNominalGlyph = try symbol("hb_font_get_nominal_glyph")
        fontDestroy = try symbol("hb_font_destroy")
        bufferCreate = try symbol("hb_buffer_create")
        bufferClearContents = try symbol("hb_buffer_clear_contents")
        bufferAddUTF32 = try symbol("hb_buffer_add_utf32")
        bufferSetScript = try symbol("hb_buffer_set_script")
        bufferGuessSegmentProperties = try symbol(
            "hb_buffer_guess_segment_properties")
        bufferGetGlyphPositions = try symbol("hb_buffer_get_glyph_positions")
        bufferDestroy = try symbol("hb_buffer_destroy")
        shape = try symbol("hb_shape")
        unicodeFuncsGetDefault = try symbol("hb_unicode_funcs_get_default")
        unicodeScript = try symbol("hb_unicode_script")
    }

    private struct MissingSymbol: Error {
        let reason: String
    }
}

/// Why text is measured without shaping.
public enum ShapingUnavailable: Error, Equatable, Sendable, CustomStringConvertible {
    /// `FOLIO_HARFBUZZ=off`.
    case turnedOff
    /// No library could be loaded; one reason per name tried.
    case notLoaded(reasons: [String])

    public var description: String {
        switch self {
        case .turnedOff: "FOLIO_HARFBUZZ=off"
        case .notLoaded(let reasons): "HarfBuzz could not be loaded (" + reasons.joined(separator: "; ") + ")"
        }
    }
}
