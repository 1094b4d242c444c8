extension ConfigurationValidator {
    /// A `lang` is a BCP 47 tag (`en`, `zh-Hans`, `ar-EG`): a 2 or 3 letter
    /// language, then subtags of 1 to 8 letters or digits. A language
    /// Folio has no words for is a warning: its own words are then English.
    mutating func checkLanguage(_ tag: String, of what: String, at path: String) {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        let isLetter = { (c: Character) in c.isASCII && c.isLetter }
        let isAlphanumeric = { (c: Character) in c.isASCII && (c.isLetter || c.isNumber) }
        guard let first = subtags.first, (2...3).contains(first.count), first.allSatisfy(isLetter),
            subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy(isAlphanumeric) })
        else {
            report(
                path,
                "'lang' of \(what) must be a language tag like 'en', 'zh-Hans' or 'ar-EG', found '\(tag)'")
            return
        }
        if InterfaceStrings.exact(tag) == nil {
            report(
                path,
                "Folio has no words in '\(tag)' (only en and zh-Hans): its own words in \(what) "
                    + "(navigation label, index, error pages) are in English",
                severity: .warning)
        }
    }
}
