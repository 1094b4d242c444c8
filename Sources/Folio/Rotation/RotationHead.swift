/// A wall screen's elements in the page's `<head>`, spliced into the cached
/// page per response (`ResponseFormFields.wallScreen`):
///
/// - `<noscript><meta http-equiv="refresh" content="N; url=NEXT"></noscript>`:
///   without JavaScript the browser goes on to the next view; with it the
///   refresh is not applied and folio.js advances the page in place.
/// - `<meta name="folio-rotate" content="N" data-next="NEXT">`: what
///   folio.js reads to do so.
/// - `<meta name="folio-kiosk" content="on">`: folio.css hides the
///   navigation and the pointer; folio.js keeps the screen awake.
enum RotationHead {
    static func markup(_ screen: WallScreen) -> [UInt8] {
        var html = ""
        if let next = screen.next {
            let seconds = PageRotation.text(next.seconds)
            let url = escaped(next.url)
            html += "<noscript><meta http-equiv=\"refresh\" content=\"\(seconds); url=\(url)\"></noscript>\n"
            html += "<meta name=\"folio-rotate\" content=\"\(seconds)\" data-next=\"\(url)\">\n"
        }
        if screen.kiosk { html += "<meta name=\"folio-kiosk\" content=\"on\">\n" }
        return Array(html.utf8)
    }

    /// Escaped for a double-quoted attribute (a URL made of keys, which are
    /// slugs, and a query of Folio's own: `&` is what occurs).
    private static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}
