import FolioCore
import FolioTemplate
import Foundation
import Testing

@testable import Folio

/// `timeZone`, `formats` and `levels` in a configuration: read, judged by
/// `folio check` with file:line:col, and used by the pages' templates.
@Suite struct FormattingConfigurationTests: ParsesConfigurations {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
        try folder.write("content/c.html", "<p tal:content=\"page/title\">c</p>")
    }

    /// One pager `p` whose page uses `template`; `dashboard` holds extra members.
    func config(_ dashboard: String, template: String = "content/c.html") -> String {
        """
        {\(dashboard)
         "pagers": [{"key": "p", "title": "P", "pages": [{"key": "a", "title": "A", "template": "\(template)"}]}]}
        """
    }

    var configurationFolder: String { folder.path }
    var templatesFolder: String { folder.path }

    @Test func namedFormatsLevelsAndTheZoneAreRead() throws {
        let configuration = try parse(
            config(
                #""timeZone": "Europe/Berlin", "formats": {"requests": "compact"},"#
                    + #" "levels": {"service": "up=ok,down=critical"},"#))
        #expect(configuration.timeZone == "Europe/Berlin")
        #expect(configuration.formats == ["requests": "compact"])
        #expect(configuration.levels == ["service": "up=ok,down=critical"])
        #expect(try parse(config("")).timeZone == "UTC")
    }

    @Test func aBadSpecIsNamedAtItsCharacter() {
        // `"compakt"` opens at column 26: its first character is column 27.
        #expect(
            problems(config(#""formats": {"requests": "compakt"},"#)) == [
                "dash.json:1:27: format 'requests': unknown format 'compakt' (known: "
                    + ValueFormat.names.joined(separator: ", ") + ") in 'compakt'"
            ])
        // `"warning=80,critical=high"` opens at column 20; `high` starts 21 characters later.
        #expect(
            problems(config(#""levels": {"cpu": "warning=80,critical=high"},"#)) == [
                "dash.json:1:41: level 'cpu': the critical threshold 'high' is not a finite number"
                    + " in 'warning=80,critical=high'"
            ])
    }

    @Test func anUnknownZoneABuiltInNameAndAWrongTypeAreErrors() {
        #expect(
            problems(config(#""timeZone": "Mars/Olympus","#)) == [
                "dash.json:1:14: unknown time zone 'Mars/Olympus': write an IANA name such as 'Europe/Berlin' or 'UTC'"
            ])
        #expect(
            problems(config(#""formats": {"compact": "number.1"},"#)) == [
                "dash.json:1:25: 'compact' in 'formats' is a built-in format's name: choose another"
            ])
        #expect(
            problems(config(#""levels": {"cpu": 80},"#)) == [
                "dash.json:1:20: 'levels.cpu' must be a spec string, found a number"
            ])
    }

    @Test func aTemplateWithAnUnknownFormatIsNamedByFileLineAndColumn() throws {
        try folder.write(
            "content/f.html", "<div>\n  <b tal:content=\"format:compakt stats/requests\"></b>\n</div>")
        let found = problems(config("", template: "content/f.html"))
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix(folder.path + "/content/f.html:2:6: tal:content=") == true)
        #expect(found.first?.contains("unknown format 'compakt'") == true)
    }

    @Test func templatesUseTheConfigurationsNamesZoneAndThePagesLanguage() throws {
        try folder.write(
            "content/f.html",
            #"<p tal:content="format:requests stats/requests"></p><p tal:content="format:datetime stats/at"></p>"#
                + #"<p tal:content="level:service stats/api"></p><p tal:content="format:relative stats/at"></p>"#
        )
        let configuration = try parse(
            config(
                #""timeZone": "Asia/Shanghai", "formats": {"requests": "compact"},"#
                    + #" "levels": {"service": "up=ok,degraded=warning,down=critical"},"#,
                template: "content/f.html"))
        let templates = try TemplateSet(directory: folder.path, formatting: configuration.formatting)
        let data: [String: TemplateValue] = [
            "stats": ["requests": 23_456, "at": "2026-12-01T21:46:31Z", "api": "degraded"]
        ]
        let chinese = try templates.render(
            "content/f.html", data,
            formatEnvironment: TemplateFormatEnvironment(language: "zh-CN", now: 1_796_162_011))
        #expect(chinese == "<p>2.3万</p><p>2026年12月2日 05:46</p><p>warning</p><p>7分钟前</p>")
        let english = try templates.render(
            "content/f.html", data, formatEnvironment: TemplateFormatEnvironment(now: 1_796_161_411))
        #expect(english == "<p>23.5k</p><p>Dec 2, 2026, 5:46\u{202F}AM</p><p>warning</p><p>in 3 min</p>")
    }
}
