import FolioCore

extension FolioConfiguration {
    /// Warnings for titles of an `equal` pager too wide for their tab on a
    /// 390 px phone, measured with `measurer` as the server lays titles out.
    /// Such a title is cut short with an ellipsis (folio.css), whole only
    /// in its tooltip and accessible name. `folio check` reports them.
    /// - Parameter measurer: Measures titles as the page draws them (FolioText's `FontMeasurer`).
    /// - Returns: One warning per title that does not fit, sorted.
    public func titleFitProblems(measurer: some TextMeasuring) -> [ConfigurationProblem] {
        var validator = ConfigurationValidator(
            configuration: self, templates: nil, searchPath: nil, skipped: [])
        validator.checkTitlesFit(measurer: measurer)
        return ConfigurationProblem.sorted(validator.problems)
    }
}

extension ConfigurationValidator {
    /// The narrowest screen a pager is judged on: a phone held upright.
    static let phoneWidth = 390.0
    /// What an equal tab keeps free beside its label (folio.css: the label
    /// is at most the tab's width less 8 px).
    static let equalTabLabelInset = 8.0

    mutating func checkTitlesFit(measurer: some TextMeasuring) {
        for (index, pager) in configuration.pagers.enumerated() {
            guard case .equal = pager.layout, !pager.pages.isEmpty else { continue }
            let count = pager.pages.count
            let room = Self.phoneWidth / Double(count) - Self.equalTabLabelInset
            for (pageIndex, page) in pager.pages.enumerated() {
                let width = measurer.width(of: page.title, fontSize: pager.fontSize)
                guard width > room else { continue }
                report(
                    "pagers[\(index)].pages[\(pageIndex)].title",
                    "title '\(page.title)' is \(Int(width.rounded(.up))) px wide, over the \(Int(room)) px "
                        + "an equal tab leaves it on a 390 px phone (\(count) tabs): it is cut short with an "
                        + "ellipsis; shorten it, or use layout {\"fit\": 12} so the bar scrolls",
                    severity: .warning)
            }
        }
    }
}
