/// Who may see which pager, and which of its pages (`"access"`): the one
/// place the rules are applied to a request's person.
struct PagerAccess: Sendable {
    /// The pagers by key.
    let pagers: [String: ResolvedPager]
    /// The pagers cut down to the pages a person may see.
    let variants: PagerVariants
    /// Per pager key, its access rule and the rule's words for the log, made
    /// once: spelling a rule out costs more than judging it.
    private let notes: [String: (rule: AccessRule, note: String)]
    /// Whether what someone may see depends on who they are anywhere (the
    /// index then varies per person).
    let hasRules: Bool

    init(_ configuration: FolioConfiguration, pagers: [ResolvedPager], variants: PagerVariants) {
        self.pagers = Dictionary(pagers.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        self.variants = variants
        var notes: [String: (rule: AccessRule, note: String)] = [:]
        for pager in configuration.pagers {
            let rule = configuration.accessRule(of: pager)
            notes[pager.key] = notes[pager.key] ?? (rule, "\(rule)")
        }
        self.notes = notes
        hasRules = configuration.pagers.contains { pager in
            configuration.accessRule(of: pager) != .everyone || pager.pages.contains { $0.access != nil }
        }
    }

    /// What `person` is shown of the pager `key` names: the pager cut down
    /// to the pages they may see, or why it is not there for them at all
    /// (for the access log: the rule that refused, never who they are). A
    /// missing pager is refused by `AccessRule.nobody` along the same steps.
    func visible(_ key: String, to person: Person?) -> Result<ResolvedPager, AccessRefusal> {
        // Looked up by the asked key either way: a miss costs what a hit does.
        let pager = pagers[key]
        let access = notes[key] ?? Self.missingPager
        guard access.rule.admits(person), let pager else {
            return .failure(AccessRefusal(pager: key, rule: access.note))
        }
        guard let shown = variants.pager(pager, for: person) else {
            return .failure(AccessRefusal(pager: key, rule: "no page admits them"))
        }
        return .success(shown)
    }

    /// Whether the pager `key` is for some people only, as a whole or in some page.
    func isGuarded(_ key: String) -> Bool {
        (notes[key].map { $0.rule != .everyone } ?? true) || pagers[key]?.hasPageRules == true
    }

    /// What a request for a pager that does not exist is judged by.
    private static let missingPager = (rule: AccessRule.nobody, note: "none")
}
