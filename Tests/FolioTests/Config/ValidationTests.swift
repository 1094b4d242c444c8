import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// `FolioConfiguration.validate(templates:)`: one set of rules for
/// configurations built in Swift and read from JSON.
@Suite struct ValidationTests {
    let templates: TemporaryFolder

    init() throws {
        templates = try TemporaryFolder()
        try templates.write("content/mine.html", "<p tal:content=\"page/title\">x</p>")
    }

    /// What the new user of issue 12 wrote: a key with a space, a colour
    /// that is not one, a template that does not exist.
    func broken() -> FolioConfiguration {
        var pager = PagerConfiguration(
            key: "ops", title: "Ops",
            pages: [
                PageConfiguration(key: "board", title: "Board", template: "content/mine.html"),
                PageConfiguration(key: "my ops", title: "Mine", template: "content/gone.html"),
            ])
        pager.colors.indicator = "not-a-colour"
        return FolioConfiguration(title: "Ops", pagers: [pager])
    }

    func problems(_ configuration: FolioConfiguration, searchPath: [String]? = nil) -> [ConfigurationProblem]
    {
        do {
            return try configuration.validate(templates: searchPath ?? [templates.path])
        } catch {
            return error.problems
        }
    }

    @Test func aConfigurationBuiltInSwiftIsRefusedWithThePathOfEachProblem() {
        #expect(
            problems(broken()).map(\.description) == [
                "<memory>: pagers[0].colors.indicator: 'not-a-colour' is not a CSS colour",
                "<memory>: pagers[0].pages[1].key: key 'my ops' must be 1 to 64 letters, digits, '-' or '_'",
                "<memory>: pagers[0].pages[1].template: template 'content/gone.html' not found in \(templates.path)",
            ])
    }

    @Test func folioAppRefusesAnInvalidConfigurationAtStartWithTheSameProblems() throws {
        let options = FolioAppOptions(templatesDirectory: templates.path, publicDirectory: templates.path)
        let sessions = SessionManager(
            store: MemorySessionStore(), clock: TestClock(), random: CountingRandom())
        do {
            _ = try FolioApp(configuration: broken(), options: options, sessions: sessions)
            Issue.record("FolioApp started with an invalid configuration")
        } catch {
            #expect(error.problems == problems(broken(), searchPath: options.templateSearchPath))
            let searched = options.templateSearchPath.joined(separator: ", ")
            #expect(
                error.problems.map(\.message) == [
                    "'not-a-colour' is not a CSS colour",
                    "key 'my ops' must be 1 to 64 letters, digits, '-' or '_'",
                    "template 'content/gone.html' not found in \(searched)",
                ])
            #expect(error.description.contains("<memory>: pagers[0].pages[1].key: key 'my ops'"))
        }
    }

    @Test func theJSONReaderReportsTheSameRulesWithLineAndColumn() {
        let json = """
            {"pagers": [{"key": "ops", "title": "Ops", "colors": {"indicator": "not-a-colour"},
              "pages": [{"key": "board", "title": "Board", "template": "content/mine.html"},
                        {"key": "my ops", "title": "Mine", "template": "content/gone.html"}]}]}
            """
        var found: [ConfigurationProblem] = []
        do {
            _ = try FolioConfiguration.parse(
                Array(json.utf8), file: "ops.json", directory: templates.path,
                templatesDirectory: templates.path)
        } catch {
            found = error.problems
        }
        #expect(
            found.map(\.description).prefix(2) == [
                "ops.json:1:68: 'not-a-colour' is not a CSS colour",
                "ops.json:3:21: key 'my ops' must be 1 to 64 letters, digits, '-' or '_'",
            ])
        #expect(
            found.map(\.path) == [
                "pagers[0].colors.indicator", "pagers[0].pages[1].key", "pagers[0].pages[1].template",
            ])
        // Apart from the folders searched (the JSON loader adds Folio's own), the same messages.
        #expect(
            found.map(\.message).prefix(2) == problems(broken()).map(\.message).prefix(2))
        #expect(found[2].message.hasPrefix("template 'content/gone.html' not found in \(templates.path), "))
    }

    @Test func keysOfDigitsAreAWarningThatDoesNotStopTheApp() throws {
        let pager = PagerConfiguration(
            key: "ops", title: "Ops",
            pages: [
                PageConfiguration(key: "1", title: "One", template: "content/mine.html"),
                PageConfiguration(key: "two", title: "Two", template: "content/mine.html"),
            ])
        let configuration = FolioConfiguration(title: "Ops", pagers: [pager])
        let warnings = try configuration.validate(templates: [templates.path])
        #expect(warnings.map(\.severity) == [.warning])
        #expect(
            warnings.map(\.description) == [
                "<memory>: pagers[0].pages[0].key: warning: page key '1' is all digits: a select form's page=1 "
                    + "picks this page by its key, never the page at position 1 (keys are matched before positions)"
            ])
        let options = FolioAppOptions(templatesDirectory: templates.path, publicDirectory: templates.path)
        let sessions = SessionManager(
            store: MemorySessionStore(), clock: TestClock(), random: CountingRandom())
        let app = try FolioApp(configuration: configuration, options: options, sessions: sessions)
        #expect(
            app.warnings.contains(warnings[0].description.replacingOccurrences(of: "warning: ", with: "")))
    }

    @Test func rangesDuplicatesLinksAndSourcesAreJudgedInSwiftToo() {
        var pager = PagerConfiguration(
            key: "public", title: "P",
            pages: [
                PageConfiguration(
                    key: "a", title: " ", template: "../a.html", source: .inline(json: "[1]")),
                PageConfiguration(
                    key: "a", title: "A", template: "content/mine.html",
                    source: .url(URL(string: "ftp://x/feed")!, cacheSeconds: -1, timeoutSeconds: 5)),
                PageConfiguration(
                    key: "c", title: "C", template: "content/mine.html",
                    source: .file(path: templates.path + "/none.json")),
            ])
        pager.fontSize = 1000
        pager.cacheLimit = 0
        pager.navigation = NavigationConfiguration(
            leftButton: NavigationButton(label: "x", href: "javascript:x"))
        let found = problems(
            FolioConfiguration(
                title: "T", pagers: [pager, PagerConfiguration(key: "public", title: "Q", pages: [])]))
        #expect(
            found.map { "\($0.path ?? ""): \($0.message)" } == [
                "pagers[0].key: key 'public' is reserved for Folio's own routes",
                "pagers[0].fontSize: 'fontSize' must be between 6 and 96",
                "pagers[0].cacheLimit: 'cacheLimit' must be between 1 and 10000",
                "pagers[0].navigation.leftButton.href: leftButton href 'javascript:x' must be a path "
                    + "(like \"tags\") or an http(s) URL",
                "pagers[0].pages[0].title: the title of page 'a' of pager 'public' is empty",
                "pagers[0].pages[0].template: template '../a.html' must be a relative path inside the templates folder",
                "pagers[0].pages[0].source: the data of page 'a' of pager 'public' must be a JSON object, found an array",
                "pagers[0].pages[1].key: duplicate page key 'a' in pager 'public' (first at pagers[0].pages[0].key)",
                "pagers[0].pages[1].source: 'ftp://x/feed' is not an http(s) URL",
                "pagers[0].pages[1].source.cacheSeconds: 'cacheSeconds' must be between 0 and 31536000",
                "pagers[0].pages[2].source: cannot read data file \(templates.path)/none.json",
                "pagers[1].key: duplicate pager key 'public' (first at pagers[0].key)",
                "pagers[1].key: key 'public' is reserved for Folio's own routes",
                "pagers[1].pages: 'pages' must be a non-empty array",
            ])
    }

    @Test func aProvidersCachePeriodAndTimeoutAreJudgedAsAURLsAre() {
        let pager = PagerConfiguration(
            key: "p", title: "P",
            pages: [
                PageConfiguration(
                    key: "a", title: "A", template: "content/mine.html",
                    source: .provider(cacheSeconds: -1, timeoutSeconds: .infinity) {
                        .object(TemplateObject([]))
                    })
            ])
        #expect(
            problems(FolioConfiguration(title: "T", pagers: [pager])).map {
                "\($0.path ?? ""): \($0.message)"
            } == [
                "pagers[0].pages[0].source.cacheSeconds: 'cacheSeconds' must be between 0 and 31536000",
                "pagers[0].pages[0].source.timeoutSeconds: 'timeoutSeconds' must be between 0.01 and 300",
            ])
    }

    @Test func problemsAreSortedByFileLineAndColumn() {
        let at = { (file: String, line: Int, column: Int) in
            ConfigurationProblem(
                file: file, location: SourceLocation(line: line, column: column), message: "")
        }
        let sorted = ConfigurationProblem.sorted([
            at("b", 1, 1), at("a", 9, 2), at("a", 2, 30), at("a", 9, 1),
        ])
        #expect(sorted.map(\.description) == ["a:2:30: ", "a:9:1: ", "a:9:2: ", "b:1:1: "])
    }
}
