/// The `Content-Type` of a static file, chosen by its extension.
struct MediaType {
    /// The header value.
    var contentType: String
    /// Whether gzip is worth trying (text formats; not PNG or WOFF2, which are compressed already).
    var compressible: Bool

    /// The type for `path`'s extension; `application/octet-stream` when unknown.
    init(path: String) {
        let name = path.split(separator: "/").last ?? ""
        let fileExtension =
            name.contains(".") ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
        switch fileExtension {
        case "html", "htm": self.init(contentType: "text/html; charset=utf-8", compressible: true)
        case "css": self.init(contentType: "text/css; charset=utf-8", compressible: true)
        case "js", "mjs": self.init(contentType: "text/javascript; charset=utf-8", compressible: true)
        case "json": self.init(contentType: "application/json", compressible: true)
        case "svg": self.init(contentType: "image/svg+xml", compressible: true)
        case "txt": self.init(contentType: "text/plain; charset=utf-8", compressible: true)
        case "xml": self.init(contentType: "application/xml", compressible: true)
        case "ttf": self.init(contentType: "font/ttf", compressible: true)
        case "otf": self.init(contentType: "font/otf", compressible: true)
        case "woff2": self.init(contentType: "font/woff2", compressible: false)
        case "woff": self.init(contentType: "font/woff", compressible: false)
        case "png": self.init(contentType: "image/png", compressible: false)
        case "jpg", "jpeg": self.init(contentType: "image/jpeg", compressible: false)
        case "gif": self.init(contentType: "image/gif", compressible: false)
        case "webp": self.init(contentType: "image/webp", compressible: false)
        case "ico": self.init(contentType: "image/x-icon", compressible: true)
        // Audio and video are compressed already; players seek in them with Range.
        case "mp4", "m4v": self.init(contentType: "video/mp4", compressible: false)
        case "webm": self.init(contentType: "video/webm", compressible: false)
        case "ogv": self.init(contentType: "video/ogg", compressible: false)
        case "mov": self.init(contentType: "video/quicktime", compressible: false)
        case "mp3": self.init(contentType: "audio/mpeg", compressible: false)
        case "m4a": self.init(contentType: "audio/mp4", compressible: false)
        case "ogg", "oga", "opus": self.init(contentType: "audio/ogg", compressible: false)
        case "wav": self.init(contentType: "audio/wav", compressible: false)
        case "flac": self.init(contentType: "audio/flac", compressible: false)
        default: self.init(contentType: "application/octet-stream", compressible: false)
        }
    }

    private init(contentType: String, compressible: Bool) {
        self.contentType = contentType
        self.compressible = compressible
    }
}
