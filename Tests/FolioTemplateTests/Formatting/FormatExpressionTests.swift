import FolioTemplate
import Testing

/// `format:` and `level:` call the formatting a template was compiled with.
@Suite struct FormatExpressionTests {
    /// Formats for these tests: `upper` upper-cases text, `lang` and `now`
    /// show the render's environment, level `positive` says ok or critical.
    struct Shouting: TemplateFormatting {
        struct Formatter: TemplateFormatter {
            var spec: String
            var dependsOnNow: Bool { spec == "now" }
            func apply(to value: TemplateValue?, in environment: TemplateFormatEnvironment) -> TemplateValue {
                guard let value else { return .string("—") }
                switch spec {
                case "upper": return .string(value.text.uppercased())
                case "lang": return .string(environment.language)
                case "now": return .number(environment.now)
                default:
                    guard case .number(let number) = value else { return .string("unknown") }
                    return .string(number > 0 ? "ok" : "critical")
                }
            }
        }

        func compile(_ spec: String, as kind: TemplateFormatKind) throws(TemplateFormattingError)
            -> any TemplateFormatter
        {
            let known = kind == .format ? ["upper", "lang", "now"] : ["positive"]
            guard known.contains(spec) else {
                throw TemplateFormattingError(message: "'\(spec)' at character 1: unknown \(kind.rawValue)")
            }
            return Formatter(spec: spec)
        }
    }

    static let environment = TemplateFormatEnvironment(language: "zh-Hans", now: 42)

    static func render(_ source: String, _ globals: [String: TemplateValue]) throws -> String {
        try Template(source: source, formatting: Shouting()).render(globals, formatEnvironment: environment)
    }

    @Test func formatInsertsTheFormattedValue() throws {
        let out = try Self.render(
            #"<b tal:content="format:upper service/name">x</b><i tal:content="format: lang service/name"></i>"#,
            ["service": ["name": "api"]])
        #expect(out == "<b>API</b><i>zh-Hans</i>")
    }

    @Test func levelWorksInAttributesAndConditions() throws {
        let out = try Self.render(
            #"<p tal:attributes="data-level level:positive cpu" tal:content="format:now cpu"></p>"#
                + #"<q tal:condition="not:exists:nothing/x" tal:attributes="class level:positive gone | cpu"></q>"#,
            ["cpu": -3])
        #expect(out == #"<p data-level="critical">42</p><q class="critical"></q>"#)
    }

    @Test func aTemplateKnowsWhetherItsOutputDependsOnNow() throws {
        #expect(
            try Template(source: #"<b tal:content="format:now x"></b>"#, formatting: Shouting()).dependsOnNow)
        let upper = try Template(source: #"<b tal:content="format:upper x"></b>"#, formatting: Shouting())
        #expect(!upper.dependsOnNow)
        let inAttribute = try Template(
            source: #"<b tal:attributes="title not:format:now x"></b>"#, formatting: Shouting())
        #expect(inAttribute.dependsOnNow)
    }

    @Test func aPathThatNamesNothingIsAMissingValueNotAFailedPage() throws {
        let out = try Self.render(#"<b tal:content="format:upper stats/gone"></b>"#, ["stats": [:]])
        #expect(out == "<b>—</b>")
    }

    @Test func anUnknownSpecFailsTheLoadAtTheAttribute() {
        #expect(
            throws: TemplateError(
                file: "t.html", line: 2, column: 4,
                message: #"tal:content="format:shout x": 'shout' at character 1: unknown format"#)
        ) {
            try Template(
                source: "<div>\n<p tal:content=\"format:shout x\"></p></div>", name: "t.html",
                formatting: Shouting())
        }
    }

    @Test func aFormatWithoutAPathOrWithoutFormattingIsRefused() {
        #expect(throws: TemplateError.self) {
            try Template(source: #"<p tal:content="format:upper"></p>"#, formatting: Shouting())
        }
        do {
            _ = try Template(source: #"<p tal:content="format:upper x"></p>"#)
            Issue.record("a template without formatting accepted format:")
        } catch {
            #expect(error.message.contains("compiled without formats"))
        }
    }
}
