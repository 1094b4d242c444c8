import Foundation

/// An sRGB colour with alpha, channels in 0...1, read from the colour forms
/// `CSSColor.isValid` accepts that name an sRGB value directly.
struct RGBAColor: Equatable {
    var red: Double
    var green: Double
    var blue: Double
    var alpha: Double

    static let black = RGBAColor(red: 0, green: 0, blue: 0, alpha: 1)

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` (numbers or
    /// percentages, comma or space separated), `white`, `black` and
    /// `transparent`; `nil` for the rest (`hsl()`, other names), which the
    /// contrast check then leaves unjudged rather than guess.
    init?(css text: String) {
        let value = text.trimmingSpacesAndTabs().lowercased()
        switch value {
        case "white": self.init(red: 1, green: 1, blue: 1, alpha: 1)
        case "black": self.init(red: 0, green: 0, blue: 0, alpha: 1)
        case "transparent": self.init(red: 0, green: 0, blue: 0, alpha: 0)
        default:
            if value.hasPrefix("#") {
                self.init(hex: value.dropFirst())
            } else if value.hasPrefix("rgb"), let open = value.firstIndex(of: "("), value.hasSuffix(")") {
                self.init(
                    functionArguments: value[value.index(after: open)..<value.index(before: value.endIndex)])
            } else {
                return nil
            }
        }
    }

    init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    private init?(hex digits: Substring) {
        let values = digits.map { $0.hexDigitValue }
        guard values.allSatisfy({ $0 != nil }) else { return nil }
        let nibbles = values.compactMap { $0 }
        let channels: [Double]
        switch nibbles.count {
        case 3, 4: channels = nibbles.map { Double($0 * 17) / 255 }
        case 6, 8:
            channels = stride(from: 0, to: nibbles.count, by: 2).map {
                Double(nibbles[$0] * 16 + nibbles[$0 + 1]) / 255
            }
        default: return nil
        }
        self.init(
            red: channels[0], green: channels[1], blue: channels[2],
            alpha: channels.count == 4 ? channels[3] : 1)
    }

    private init?(functionArguments arguments: Substring) {
        let parts = arguments.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "/" })
        guard (3...4).contains(parts.count) else { return nil }
        func number(_ part: Substring, percentOf whole: Double) -> Double? {
            if part.hasSuffix("%") { return Double(part.dropLast()).map { $0 / 100 } }
            return Double(part).map { $0 / whole }
        }
        let rgb = parts.prefix(3).compactMap { number($0, percentOf: 255) }
        guard rgb.count == 3 else { return nil }
        let alpha = parts.count == 4 ? number(parts[3], percentOf: 1) : 1
        guard let alpha else { return nil }
        let clamp = { (value: Double) in min(max(value, 0), 1) }
        self.init(red: clamp(rgb[0]), green: clamp(rgb[1]), blue: clamp(rgb[2]), alpha: clamp(alpha))
    }

    /// This colour painted over `ground` (source-over in sRGB, as browsers
    /// composite); the result is opaque when `ground` is.
    func over(_ ground: RGBAColor) -> RGBAColor {
        let mix = { (top: Double, bottom: Double) in alpha * top + (1 - alpha) * bottom }
        return RGBAColor(
            red: mix(red, ground.red), green: mix(green, ground.green), blue: mix(blue, ground.blue),
            alpha: alpha + (1 - alpha) * ground.alpha)
    }

    /// WCAG 2 relative luminance (alpha ignored: pass an opaque colour).
    var luminance: Double {
        func linear(_ channel: Double) -> Double {
            channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// The WCAG 2 contrast ratio of two opaque colours, 1...21.
    func contrast(with other: RGBAColor) -> Double {
        let (a, b) = (luminance, other.luminance)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}
