import FolioCore
import FolioSync
import FolioTemplate
import Foundation

extension FolioConfiguration {
    /// Checks everything Folio needs of a configuration, however it was
    /// made: the one set of rules behind `FolioConfiguration.load`,
    /// `FolioApp`'s initialiser and `folio check`.
    ///
    /// Keys are URL slugs (1 to 64 letters, digits, `-`, `_`), unique, and
    /// not one of Folio's own routes; titles are not empty; colours (light
    /// and dark) are CSS colours; `lang`s are language tags (one Folio has
    /// no words for is a warning); sizes and times are in range; navigation links are paths or
    /// http(s) URLs; data files and inline data are JSON objects; URL
    /// sources are http(s); every page's template exists on the search path
    /// and compiles.
    ///
    /// A title under WCAG AA's 4.5:1 on its bar, the bar seen over black
    /// (content scrolls under it), is a warning.
    ///
    /// A page key made only of digits is a warning, not an error: a select
    /// form's `page=2` is matched against the keys first and only then taken
    /// as a position, so such a key hides the page at that position from
    /// `page=` (URLs, `GET /{pager}/{key}`, are keys only and unaffected).
    ///
    /// - Parameter searchPath: The template folders, searched in order
    ///   (`FolioAppOptions.templateSearchPath`); `nil` skips the template checks.
    /// - Returns: The warnings; none means the configuration is clean.
    /// - Throws: `ConfigurationError` with every problem (warnings too),
    ///   sorted by file, line and column. Each names its value's path, like
    ///   `pagers[1].pages[0].key`, and, for a configuration read from a file,
    ///   the file, line and column.
    @discardableResult
    public func validate(templates searchPath: [String]?) throws(ConfigurationError) -> [ConfigurationProblem]
    {
        let problems = problems(searchPath: searchPath, alreadyReported: [])
        guard problems.contains(where: { $0.severity == .error }) else { return problems }
        throw ConfigurationError(problems: problems)
    }

    /// Every problem, sorted, with the templates of `searchPath` (its
    /// folders that exist); paths in `alreadyReported` (values the JSON
    /// reader found broken and replaced) are not judged again.
    func problems(searchPath: [String]?, alreadyReported: Set<String>) -> [ConfigurationProblem] {
        let existing = searchPath.map { $0.filter(FolioPaths.isDirectory) }
        let templates = existing.flatMap {
            try? TemplateSet(searchPath: $0, preload: false, formatting: formatting)
        }
        return problems(templates: templates, searchPath: existing, alreadyReported: alreadyReported)
    }

    /// `validate(templates:)` over templates already opened (`FolioApp`'s).
    func validate(templates: TemplateSet?, searchPath: [String]?) throws(ConfigurationError)
        -> [ConfigurationProblem]
    {
        let problems = problems(templates: templates, searchPath: searchPath, alreadyReported: [])
        guard problems.contains(where: { $0.severity == .error }) else { return problems }
        throw ConfigurationError(problems: problems)
    }

    /// Every problem, sorted, with templates already opened.
    func problems(templates: TemplateSet?, searchPath: [String]?, alreadyReported: Set<String>)
        -> [ConfigurationProblem]
    {
        var validator = ConfigurationValidator(
            configuration: self, templates: templates, searchPath: searchPath, skipped: alreadyReported)
        validator.checkConfiguration()
        return ConfigurationProblem.sorted(validator.problems)
    }
}

/// The rules of `FolioConfiguration.validate(templates:)`, collecting problems.
struct ConfigurationValidator {
    let configuration: FolioConfiguration
    let templates: TemplateSet?
    let searchPath: [String]?
    let skipped: Set<String>
    var problems: [ConfigurationProblem] = []

    init(
        configuration: FolioConfiguration, templates: TemplateSet?, searchPath: [String]?,
        skipped: Set<String>
    ) {
        self.configuration = configuration
        self.templates = templates
        self.searchPath = searchPath
        self.skipped = skipped
    }

    /// Keys that would collide with Folio's own routes.
    static let reservedPagerKeys: Set<String> = ["public", "healthz", "playlist"]
    static let reservedPageKeys: Set<String> = ["select", "scroll", "state", "fragment", "events"]
    /// What a key may be made of: it becomes part of URLs, ids and CSS selectors.
    static let keyCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-")

    mutating func checkConfiguration() {
        if configuration.pagers.isEmpty { report("pagers", "'pagers' must be a non-empty array") }
        checkLanguage(configuration.lang, of: "the configuration", at: "lang")
        checkFormatting()
        checkTileFormats()
        checkAccess(configuration.access, at: "access")
        checkStylesheets(configuration.stylesheets)
        var seen: [String: String] = [:]
        for (index, pager) in configuration.pagers.enumerated() {
            let path = "pagers[\(index)]"
            if let first = seen[pager.key] {
                report(path + ".key", "duplicate pager key '\(pager.key)' (first at \(place(first)))")
            } else {
                seen[pager.key] = path + ".key"
            }
            checkPager(pager, at: path)
        }
        checkPlaylists()
    }

    mutating func checkPager(_ pager: PagerConfiguration, at path: String) {
        let what = "pager '\(pager.key)'"
        checkKey(pager.key, at: path + ".key", reserved: Self.reservedPagerKeys)
        if pager.pages.isEmpty { report(path + ".pages", "'pages' must be a non-empty array") }
        checkAccess(pager.access, at: path + ".access")
        checkRange(pager.fontSize, 6...96, named: "fontSize", at: path + ".fontSize")
        checkRange(pager.barHeight, 16...200, named: "barHeight", at: path + ".barHeight")
        if let seconds = pager.rotate { checkRotation(seconds, named: "rotate", at: path + ".rotate") }
        if let limit = pager.cacheLimit {
            checkRange(Double(limit), 1...10_000, named: "cacheLimit", at: path + ".cacheLimit")
        }
        switch pager.layout {
        case .equal: break
        case .fixed(let width): checkRange(width, 8...2000, named: "fixed", at: path + ".layout")
        case .fit(let padding): checkRange(padding, 0...200, named: "fit", at: path + ".layout")
        }
        if case .crossDissolve(let duration) = pager.transition {
            checkRange(duration, 0...10, named: "crossDissolve", at: path + ".transition")
        }
        for (scheme, colors) in [(".colors.", pager.colors), (".colors.dark.", pager.darkColors)] {
            for (name, value) in colors.named where !CSSColor.isValid(value) {
                report(path + scheme + name, "'\(value)' is not a CSS colour")
            }
        }
        checkTitleContrast(pager, at: path + ".colors")
        if let lang = pager.lang { checkLanguage(lang, of: what, at: path + ".lang") }
        if let href = pager.navigation?.leftButton?.href, !Self.isSafeLink(href) {
            report(
                path + ".navigation.leftButton.href",
                "leftButton href '\(href)' must be a path (like \"tags\") or an http(s) URL")
        }
        var seen: [String: String] = [:]
        for (index, page) in pager.pages.enumerated() {
            let pagePath = "\(path).pages[\(index)]"
            if let first = seen[page.key] {
                report(
                    pagePath + ".key",
                    "duplicate page key '\(page.key)' in \(what) (first at \(place(first)))")
            } else {
                seen[page.key] = pagePath + ".key"
            }
            checkPage(page, of: what, at: pagePath)
        }
    }

    /// Content scrolls under the title bar, so its titles are judged over the
    /// worst content, black, seen through the bar: a warning below WCAG AA's
    /// 4.5:1, in the light scheme and the dark one. (A segmented pager's
    /// selected title sits on the indicator.) Colours not read as sRGB
    /// (`hsl()`, most names) are not judged.
    mutating func checkTitleContrast(_ pager: PagerConfiguration, at path: String) {
        checkTitleContrast(pager.colors, style: pager.titleStyle, scheme: "", at: path)
        checkTitleContrast(
            pager.darkColors, style: pager.titleStyle, scheme: " in dark mode", at: path + ".dark")
    }

    mutating func checkTitleContrast(
        _ colors: PagerColors, style: TitleStyle, scheme: String, at path: String
    ) {
        guard let barColor = RGBAColor(css: colors.bar) else { return }
        let bar = barColor.over(.black)
        let translucent = barColor.alpha < 1
        let onBar = "the bar '\(colors.bar)'" + (translucent ? " over black content" : "")
        var grounds: [(name: String, value: String, ground: RGBAColor, on: String)] = [
            ("title", colors.title, bar, onBar)
        ]
        if style == .underline {
            grounds.append(("selectedTitle", colors.selectedTitle, bar, onBar))
        } else if let fill = RGBAColor(css: colors.indicator)?.over(bar) {
            let on =
                "the indicator '\(colors.indicator)'" + (translucent ? " on the bar over black content" : "")
            grounds.append(("selectedTitle", colors.selectedTitle, fill, on))
        }
        for (name, value, ground, on) in grounds {
            guard let title = RGBAColor(css: value)?.over(ground) else { continue }
            let ratio = title.contrast(with: ground)
            guard ratio < 4.5 else { continue }
            // Rounded down, so a ratio just under 4.5 never reads as 4.5.
            let shown = (ratio * 100).rounded(.down) / 100
            let advice =
                translucent
                ? ": content scrolls under the bar, so make the bar more opaque or the title darker" : ""
            report(
                path + "." + name,
                "\(name) '\(value)' is \(shown):1 on \(on)\(scheme), under WCAG AA's 4.5:1" + advice,
                severity: .warning)
        }
    }

    mutating func checkPage(_ page: PageConfiguration, of pagerWhat: String, at path: String) {
        let what = "page '\(page.key)' of \(pagerWhat)"
        checkAccess(page.access, at: path + ".access", onPage: true)
        if checkKey(page.key, at: path + ".key", reserved: Self.reservedPageKeys),
            page.key.allSatisfy(\.isASCIIDigit)
        {
            report(
                path + ".key",
                "page key '\(page.key)' is all digits: a select form's page=\(page.key) picks this page by its "
                    + "key, never the page at position \(page.key) (keys are matched before positions)",
                severity: .warning)
        }
        if page.title.trimmingSpacesAndTabs().isEmpty {
            report(path + ".title", "the title of \(what) is empty")
        }
        checkTemplate(page.template, at: path + ".template")
        checkSource(page.source, of: what, at: path + ".source")
        checkLive(page, of: what, at: path)
        checkDataPaths(page, of: what, at: path)
    }

    /// `refreshSeconds` (only for URL, file and computed data such as
    /// `simulate`, 1 s to a day) and `badge` (a dotted path, only for a page with data).
    mutating func checkLive(_ page: PageConfiguration, of what: String, at path: String) {
        if let seconds = page.refreshSeconds {
            switch page.source {
            case .url, .file, .provider:
                checkRange(seconds, 1...86_400, named: "refreshSeconds", at: path + ".refreshSeconds")
            case .none, .inline:
                report(
                    path + ".refreshSeconds",
                    "\(what) has 'refreshSeconds' but no 'url', 'dataFile' or 'simulate' to refresh")
            }
        }
        if let badge = page.badge {
            if BadgePath(badge) == nil {
                report(
                    path + ".badge",
                    "the badge of \(what) must be a dotted path such as 'alerts.open', found '\(badge)'")
            } else if case .none = page.source {
                report(path + ".badge", "\(what) has a 'badge' but no data to count it from")
            }
        }
    }

    /// A pager or page key: a URL slug that no route uses.
    @discardableResult
    mutating func checkKey(_ key: String, at path: String, reserved: Set<String>) -> Bool {
        guard !key.isEmpty, key.count <= 64, key.allSatisfy({ Self.keyCharacters.contains($0) }) else {
            report(path, "key '\(key)' must be 1 to 64 letters, digits, '-' or '_'")
            return false
        }
        guard !reserved.contains(key) else {
            report(path, "key '\(key)' is reserved for Folio's own routes")
            return false
        }
        return true
    }

    /// A relative path inside the template folders that names a template
    /// that compiles.
    mutating func checkTemplate(_ template: String, at path: String) {
        let components = template.split(separator: "/")
        guard !template.hasPrefix("/"), !components.contains(".."), !template.isEmpty else {
            report(path, "template '\(template)' must be a relative path inside the templates folder")
            return
        }
        guard let searchPath else { return }
        guard let templates, templates.path(of: template) != nil else {
            let folders = searchPath.isEmpty ? "any templates folder" : searchPath.joined(separator: ", ")
            report(path, "template '\(template)' not found in \(folders)")
            return
        }
        do {
            try templates.template(named: template).checkMacroReferences()
        } catch {
            problems.append(ConfigurationProblem(error, in: templates.directory))
        }
    }

    mutating func checkSource(_ source: PageSource, of what: String, at path: String) {
        if case .inline(let json) = source {
            do {
                let node = try JSONReader.parse(Array(json.utf8))
                if case .object = node.value {
                } else {
                    report(path, "the data of \(what) must be a JSON object, found \(node.kind)")
                }
            } catch {
                report(path, "the data of \(what) is not JSON: \(error.message)")
            }
        } else if case .file(let file) = source {
            checkDataFile(file, at: path)
        } else if case .url(let url, let cacheSeconds, let timeoutSeconds) = source {
            if !["http", "https"].contains(url.scheme?.lowercased() ?? "") || url.host == nil {
                report(path, "'\(url.absoluteString)' is not an http(s) URL")
            }
            checkTimes(cacheSeconds: cacheSeconds, timeoutSeconds: timeoutSeconds, at: path)
        } else if case .provider(let provider) = source {
            // The `url` rules: a timeout of `.infinity` would never cancel a hung provider.
            checkTimes(cacheSeconds: provider.cacheSeconds, timeoutSeconds: provider.timeoutSeconds, at: path)
        }
    }

    /// The cache period and timeout of a `url` or provider source.
    mutating func checkTimes(cacheSeconds: Double, timeoutSeconds: Double, at path: String) {
        checkRange(cacheSeconds, 0...86_400 * 365, named: "cacheSeconds", at: path + ".cacheSeconds")
        checkRange(timeoutSeconds, 0.01...300, named: "timeoutSeconds", at: path + ".timeoutSeconds")
    }

    /// Reads a data file now, so a missing or malformed one is reported at
    /// startup and by `folio check` rather than when the page is first shown.
    mutating func checkDataFile(_ file: String, at path: String) {
        guard let data = FileManager.default.contents(atPath: file) else {
            report(path, "cannot read data file \(file)")
            return
        }
        do {
            // Strict, no comments: as the page will read it (`TemplateValue(json:)`).
            let node = try JSONReader.parse([UInt8](data))
            guard case .object = node.value else {
                problems.append(
                    ConfigurationProblem(
                        file: file, location: node.location,
                        message: "a data file must hold an object, found \(node.kind)"))
                return
            }
        } catch {
            problems.append(
                ConfigurationProblem(file: file, location: error.location, message: error.message))
        }
    }

    mutating func checkRange(
        _ value: Double, _ range: ClosedRange<Double>, named name: String, at path: String
    ) {
        guard !range.contains(value) else { return }
        // Numbers as templates show them: `6`, `0.01`.
        let text = { (bound: Double) in TemplateValue.number(bound).text }
        report(path, "'\(name)' must be between \(text(range.lowerBound)) and \(text(range.upperBound))")
    }

    /// Whether a configured link is a relative path or an http(s) URL: a
    /// `javascript:` or `data:` link would run or show code the author did not mean.
    static func isSafeLink(_ href: String) -> Bool {
        let scheme = href.prefix { $0 != ":" && $0 != "/" && $0 != "?" && $0 != "#" }
        guard scheme.count < href.count, href[scheme.endIndex] == ":" else { return true }
        return ["http", "https"].contains(scheme.lowercased())
    }

    /// Where a path is, as problems name it: `line:col` when read from a
    /// file, else the path itself.
    func place(_ path: String) -> String {
        configuration.sourceLocations[path].map(\.description) ?? path
    }

    /// Records a problem at a path, placed in the file when the JSON reader
    /// noted where that value (or its nearest enclosing one) was.
    mutating func report(_ path: String, _ message: String, severity: ConfigurationProblem.Severity = .error)
    {
        guard !skipped.contains(path) else { return }
        var location: SourceLocation?
        var probe = Substring(path)
        while location == nil, !probe.isEmpty {
            location = configuration.sourceLocations[String(probe)]
            guard let cut = probe.lastIndex(where: { $0 == "." || $0 == "[" }) else { break }
            probe = probe[..<cut]
        }
        problems.append(
            ConfigurationProblem(
                file: configuration.file, location: location, path: path, message: message, severity: severity
            ))
    }
}

extension Character {
    /// `0` to `9` only (not other scripts' digits).
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
