/// Why a font file could not be opened for measuring.
public enum FontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file exists at `path`.
    case fileMissing(path: String)
    /// The file at `path` exists but FreeType does not recognise it as a font.
    case notAFont(path: String)
    /// The font at `path` has no outlines or no Unicode character map, so
    /// its advances cannot be looked up by character.
    case unsupportedFont(path: String, reason: String)
    /// A FreeType call failed with an error code (see `fterrdef.h`).
    case freeType(call: String, code: Int32, path: String)
    /// ``FontMeasurer/standard(publicDirectory:harfBuzzSetting:)`` found DejaVu Sans in none
    /// of the places it looked.
    case noStandardFont(searched: [String])

    /// A one-line explanation naming the file or the FreeType call.
    public var description: String {
        switch self {
        case .fileMissing(let path):
            return "font file not found: \(path)"
        case .notAFont(let path):
            return "not a font file: \(path)"
        case .unsupportedFont(let path, let reason):
            return "unsupported font \(path): \(reason)"
        case .freeType(let call, let code, let path):
            return "\(call) failed with FreeType error \(code) for \(path)"
        case .noStandardFont(let searched):
            return "DejaVu Sans not found; looked at: \(searched.joined(separator: ", "))"
        }
    }
}
