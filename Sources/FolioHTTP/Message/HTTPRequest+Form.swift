import FolioSync

extension HTTPRequest {
    /// The body decoded as `application/x-www-form-urlencoded` (UTF-8, `+` as space).
    ///
    /// An empty body gives empty fields whatever the content type.
    /// - Throws: `FormDecodingError` when the content type is another one or
    ///   the body is malformed.
    public func form() throws(FormDecodingError) -> FormFields {
        if body.isEmpty { return FormFields() }
        if let type = headers["Content-Type"] {
            let essence = type.split(separator: ";", maxSplits: 1).first.map { $0.trimmingSpacesAndTabs() }
            guard let essence, essence.equalsIgnoringASCIICase("application/x-www-form-urlencoded") else {
                throw FormDecodingError(text: type)
            }
        }
        return try FormFields(urlEncoded: body)
    }
}
