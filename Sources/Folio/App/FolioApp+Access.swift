/// Who may see which pager, and which of its pages (`"access"`): the one
/// place the rules are applied to a request's person.
extension FolioApp {
    /// What `person` is shown of `pager`: the pager cut down to the pages
    /// they may see, or why it is not there for them at all (for the
    /// access log: the rule that refused, never who they are).
    func visible(_ pager: ResolvedPager, to person: Person?) -> Result<ResolvedPager, AccessRefusal> {
        visible(pager, key: pager.key, to: person)
    }

    /// `visible(_:to:)` of the pager `key` names, `nil` when none does: a
    /// missing pager is refused by `AccessRule.nobody` along the same steps.
    func visible(_ pager: ResolvedPager?, key: String, to person: Person?) -> Result<
        ResolvedPager, AccessRefusal
    > {
        // Looked up by the asked key either way: a miss costs what a hit does.
        let access = accessNotes[key] ?? Self.missingPagerAccess
        guard access.rule.admits(person), let pager else {
            return .failure(AccessRefusal(pager: key, rule: access.note))
        }
        guard let shown = variants.pager(pager, for: person) else {
            return .failure(AccessRefusal(pager: key, rule: "no page admits them"))
        }
        return .success(shown)
    }

    /// What a request for a pager that does not exist is judged by.
    static let missingPagerAccess = (rule: AccessRule.nobody, note: "none")

    /// Each pager's rule, and its words for the access log, made once:
    /// spelling a rule out costs more than judging it.
    static func accessNotes(_ configuration: FolioConfiguration) -> [String: (rule: AccessRule, note: String)]
    {
        var notes: [String: (rule: AccessRule, note: String)] = [:]
        for pager in configuration.pagers {
            let rule = configuration.accessRule(of: pager)
            notes[pager.key] = notes[pager.key] ?? (rule, "\(rule)")
        }
        return notes
    }

    /// Whether what someone may see depends on who they are anywhere.
    static func hasAccessRules(_ configuration: FolioConfiguration) -> Bool {
        configuration.pagers.contains { pager in
            configuration.accessRule(of: pager) != .everyone || pager.pages.contains { $0.access != nil }
        }
    }
}

/// A pager not shown to someone, as the access log gives it.
struct AccessRefusal: Error {
    let pager: String
    let rule: String

    var logNote: String { "refused pager=\(pager) access=\(rule)" }

    /// `text` as one word of a log line: a space, `%` or anything but
    /// visible ASCII percent-encoded, so a name cannot pose as another field.
    static func logWord(_ text: String) -> String {
        var word = ""
        for byte in text.utf8 {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "%") {
                word.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                word += (byte < 0x10 ? "%0" : "%") + String(byte, radix: 16, uppercase: true)
            }
        }
        return word
    }
}
