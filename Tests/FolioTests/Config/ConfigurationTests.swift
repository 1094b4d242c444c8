import Foundation
import Testing

@testable import Folio

@Suite struct ConfigurationTests: ParsesConfigurations {
    let templates: TemporaryFolder

    init() throws {
        templates = try TemporaryFolder()
        try templates.write("content/posts.html", "<div tal:content=\"page/title\">x</div>")
        try templates.write("demo/posts.json", #"{"posts": []}"#)
    }

    var configurationFolder: String { templates.path + "/demo" }
    var templatesFolder: String { templates.path }

    @Test func validConfigurationReadsEveryField() throws {
        let configuration = try parse(
            """
            {
              "title": "Intranet",
              "pagers": [{
                "key": "essence", "title": "精华", "titleStyle": "segmented",
                "layout": {"fixed": 96}, "transition": {"crossDissolve": 0.3},
                "fontSize": 15, "barHeight": 44, "cacheLimit": 2,
                "colors": {"bar": "rgba(255,255,255,0.7)", "indicator": "#e00000"},
                "navigation": {"titleImage": "img/t.svg", "leftButton": {"label": "Tags", "href": "tags"}},
                "pages": [
                  {"key": "all", "title": "全部", "template": "content/posts.html", "dataFile": "posts.json"},
                  {"key": "x", "title": "X", "template": "content/posts.html", "data": {"n": 1}},
                  {"key": "y", "title": "Y", "template": "content/posts.html",
                   "url": "http://127.0.0.1:9/feed.json", "cacheSeconds": 10, "timeoutSeconds": 1}
                ]
              }]
            }
            """)
        #expect(configuration.title == "Intranet")
        let pager = try #require(configuration.pager("essence"))
        #expect(pager.titleStyle == .segmented)
        #expect(pager.layout == .fixed(width: 96))
        #expect(pager.transition == .crossDissolve(duration: 0.3))
        #expect(pager.fontSize == 15 && pager.barHeight == 44 && pager.cacheLimit == 2)
        #expect(pager.colors.indicator == "#e00000" && pager.colors.title == "#767676")
        #expect(pager.navigation?.leftButton?.href == "tags")
        #expect(pager.pages.map(\.key) == ["all", "x", "y"])
        #expect(pager.pages[0].source == .file(path: templates.path + "/demo/posts.json"))
        #expect(pager.pages[1].source == .inline(json: #"{"n":1}"#))
        #expect(
            pager.pages[2].source
                == .url(URL(string: "http://127.0.0.1:9/feed.json")!, cacheSeconds: 10, timeoutSeconds: 1))
    }

    @Test func everyProblemIsReportedAtOnceInPositionOrder() {
        let found = problems(
            """
            {
              "pagers": [
                {"key": "a", "title": "A", "colour": "red",
                 "colors": {"bar": "red; } body { x"},
                 "layout": {"wide": 3},
                 "pages": [
                   {"key": "p", "title": 5, "template": "content/posts.html"},
                   {"key": "p", "title": "P", "template": "content/missing.html"},
                   {"key": "q", "title": "Q", "template": "content/posts.html", "dataFile": "nope.json"}
                 ]},
                {"key": "a", "title": "Again", "pages": [{"key": "z", "title": "Z", "template": "content/posts.html"}]}
              ]
            }
            """)
        #expect(
            found == [
                "dash.json:3:32: unknown key 'colour' in a pager (known: 'key', 'title', 'titleStyle', 'layout', "
                    + "'transition', 'fontSize', 'barHeight', 'cacheLimit', 'colors', 'navigation', 'pages', 'lang', 'dir', "
                    + "'access', 'rotate')",
                "dash.json:4:24: 'red; } body { x' is not a CSS colour",
                "dash.json:5:17: layout must be \"equal\", {\"fixed\": width} or {\"fit\": padding}",
                "dash.json:7:30: 'title' must be a string, found a number",
                "dash.json:8:16: duplicate page key 'p' in pager 'a' (first at 7:16)",
                "dash.json:8:47: template 'content/missing.html' not found in \(templates.path), "
                    + FolioPaths.builtInTemplatesDirectory,
                "dash.json:9:81: cannot read data file \(templates.path)/demo/nope.json",
                "dash.json:11:13: duplicate pager key 'a' (first at 3:13)",
            ])
    }

    @Test func aNavigationLinkThatWouldRunCodeIsRefused() {
        let found = problems(
            """
            {"pagers": [{"key": "a", "title": "A",
              "navigation": {"leftButton": {"label": "Tags", "href": "JavaScript:alert(1)"}},
              "pages": [{"key": "p", "title": "P", "template": "content/posts.html"}]}]}
            """)
        #expect(
            found == [
                "dash.json:2:58: leftButton href 'JavaScript:alert(1)' must be a path (like \"tags\") or an http(s) URL"
            ])
        #expect(ConfigurationValidator.isSafeLink("tags"))
        #expect(ConfigurationValidator.isSafeLink("/tools/tags?x=a:b"))
        #expect(ConfigurationValidator.isSafeLink("https://intranet.example/tags"))
        #expect(!ConfigurationValidator.isSafeLink("data:text/html,<script>"))
    }

    @Test func syntaxErrorNamesItsPlace() {
        #expect(problems("{\n  \"pagers\": [,]\n}") == ["dash.json:2:14: expected a value, found ','"])
        #expect(problems("{\"pagers\": []") == ["dash.json:1:14: expected ',' or '}' in the object"])
    }

    @Test func missingRequiredKeysAreNamed() {
        #expect(
            problems(#"{"title": "x"}"#) == [
                "dash.json:1:2: missing required key 'pagers' in the configuration"
            ])
        #expect(
            problems(
                #"{"pagers": [{"key": "a", "pages": [{"key": "b", "template": "content/posts.html"}]}]}"#)
                == [
                    "dash.json:1:14: missing required key 'title' in pager 'a'",
                    "dash.json:1:37: missing required key 'title' in page 'b' of pager 'a'",
                ])
    }

    @Test func reservedAndMalformedKeysAreRefused() {
        let found = problems(
            """
            {"pagers": [{"key": "public", "title": "P",
              "pages": [{"key": "select", "title": "S", "template": "content/posts.html"},
                        {"key": "a b", "title": "S", "template": "content/posts.html"}]}]}
            """)
        #expect(
            found == [
                "dash.json:1:21: key 'public' is reserved for Folio's own routes",
                "dash.json:2:21: key 'select' is reserved for Folio's own routes",
                "dash.json:3:21: key 'a b' must be 1 to 64 letters, digits, '-' or '_'",
            ])
    }

    @Test func sourcesAreExclusiveAndURLOptionsNeedAURL() {
        let found = problems(
            """
            {"pagers": [{"key": "a", "title": "A", "pages": [
              {"key": "b", "title": "B", "template": "content/posts.html", "data": {}, "url": "http://x/"},
              {"key": "c", "title": "C", "template": "content/posts.html", "cacheSeconds": 3},
              {"key": "d", "title": "D", "template": "../etc/passwd", "url": "ftp://x/"}]}]}
            """)
        #expect(
            found == [
                "dash.json:2:76: page 'b' of pager 'a' has both 'data' and 'url': choose one",
                "dash.json:3:64: 'cacheSeconds' only applies to a page with a 'url'",
                "dash.json:4:42: template '../etc/passwd' must be a relative path inside the templates folder",
                "dash.json:4:66: 'ftp://x/' is not an http(s) URL",
            ])
    }

    @Test func commentsAreAllowed() throws {
        let configuration = try parse(
            """
            // the demo
            {"pagers": [{"key": "a", "title": "A", /* one page */ "pages": [
              {"key": "b", "title": "B", "template": "content/posts.html"}]}]}
            """)
        #expect(configuration.title == "Folio")
    }

    @Test func dataFilesAreCheckedAsStrictlyAsPagesReadThem() throws {
        try templates.write("demo/commented.json", "{/* no */ \"posts\": []}")
        let found = problems(
            #"{"pagers": [{"key": "a", "title": "A", "pages": [{"key": "b", "title": "B", "#
                + #""template": "content/posts.html", "dataFile": "commented.json"}]}]}"#)
        #expect(found == ["\(templates.path)/demo/commented.json:1:2: expected a quoted key"])
    }

    @Test func colorsAreCheckedStrictly() {
        for valid in [
            "#fff", "#ffffff80", "rgb(230,230,230)", "rgba(255, 255, 255, 0.7)", "hsl(0 100% 50%)", "red",
        ] {
            #expect(CSSColor.isValid(valid), "\(valid)")
        }
        for invalid in ["#ffff0", "rgb(1,2)", "url(x)", "red;", "rgb(1,2,3);}", "expression(alert(1))", ""] {
            #expect(!CSSColor.isValid(invalid), "\(invalid)")
        }
    }
}
