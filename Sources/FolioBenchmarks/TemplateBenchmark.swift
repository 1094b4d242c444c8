import CLibXML2
import FolioTemplate
import Foundation

/// Renders an Essence-like pager page (layout macro, 5 tabs, a panel of 20
/// posts with text that needs escaping; about 10 KB) and, in the same run,
/// the baseline the issue sets: libxml2 parsing that output
/// (`htmlReadMemory`) and serializing it again (`htmlDocDumpMemoryFormat`).
/// Compiled templates must beat parse+serialize, i.e. never re-parse.
enum TemplateBenchmark {
    static let layout = """
        <!DOCTYPE html>
        <html lang="zh-CN" metal:define-macro="page">
        <head>
          <meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1">
          <title tal:content="string:${pager/title} · ${site/title}">Folio</title>
          <link rel="stylesheet" href="/public/folio.css" tal:attributes="href string:${site/public}/folio.css">
          <link rel="stylesheet" tal:attributes="href pager/stylesheet">
          <script defer src="/public/folio.js" tal:attributes="src string:${site/public}/folio.js"></script>
        </head>
        <body>
          <main metal:define-slot="content">content</main>
        </body>
        </html>
        """

    static let page = """
        <html metal:use-macro="macros/layout/macros/page">
        <main metal:fill-slot="content" class="folio-main">
        <section class="folio-pager" tal:attributes="id string:folio-${pager/key}; data-pager pager/key;
                 data-selected pager/selectedIndex">
          <nav class="folio-navigation" tal:condition="pager/navigation">
            <a class="folio-nav-left" tal:attributes="href pager/navigation/leftButton/href">
              <img alt="" tal:attributes="src pager/navigation/leftButton/icon">
              <span tal:content="pager/navigation/leftButton/label">tags</span></a>
            <img class="folio-title-image" alt="" tal:attributes="src pager/navigation/titleImage">
          </nav>
          <form method="post" class="folio-bar" tal:attributes="action pager/selectAction">
            <input type="hidden" name="csrf" tal:attributes="value pager/csrf">
            <div class="folio-titles" role="tablist">
              <button type="submit" name="page" role="tab" class="folio-title" tal:repeat="tab pager/tabs"
                tal:attributes="value tab/key; id tab/tabId; aria-controls tab/panelId;
                  aria-selected tab/selected; data-index tab/index"><span class="folio-title-label"
                  tal:content="tab/title">title</span></button>
              <span class="folio-indicator" tal:attributes="data-left pager/indicator/left;
                data-width pager/indicator/width"></span>
            </div>
          </form>
          <div class="folio-track">
            <div role="tabpanel" class="folio-panel" tal:repeat="panel pager/panels"
              tal:attributes="id panel/panelId; aria-labelledby panel/tabId; data-loaded panel/loaded;
                hidden not:panel/selected">
              <ol class="posts" tal:condition="panel/loaded">
                <li class="post" tal:repeat="post panel/posts" tal:attributes="data-id post/id">
                  <header><img class="avatar" alt="" width="40" height="40" tal:attributes="src post/avatar">
                    <b tal:content="post/author">author</b> <time tal:content="post/time">time</time></header>
                  <p tal:content="post/text">text</p>
                  <footer><span class="likes" tal:content="post/likes">0</span>
                    <span class="tag" tal:condition="post/hot">热</span></footer>
                </li>
              </ol>
            </div>
          </div>
        </section>
        </main>
        </html>
        """

    static func data() -> [String: TemplateValue] {
        let titles = ["全部", "视频", "声音", "图片", "段子"]
        let keys = ["all", "video", "voice", "picture", "joke"]
        let posts: [TemplateValue] = (0..<20).map { index in
            [
                "id": .number(Double(index)), "author": .string("用户 \(index) <b>"),
                "avatar": .string("/public/img/avatar-\(index % 5).svg"), "time": "2026-11-30 12:00",
                "text": .string(
                    "第 \(index) 条：今天的段子 & \"引号\" <script>alert(1)</script>"),
                "likes": .number(Double(index * 37)), "hot": .bool(index % 3 == 0),
            ]
        }
        let tabs: [TemplateValue] = keys.indices.map { index in
            [
                "key": .string(keys[index]), "title": .string(titles[index]), "index": .number(Double(index)),
                "selected": .bool(index == 1), "href": .string("/essence/\(keys[index])"),
                "tabId": .string("folio-essence-tab-\(keys[index])"),
                "panelId": .string("folio-essence-panel-\(keys[index])"),
            ]
        }
        let panels: [TemplateValue] = keys.indices.map { index in
            [
                "key": .string(keys[index]), "index": .number(Double(index)), "selected": .bool(index == 1),
                "loaded": .bool(index == 1), "tabId": .string("folio-essence-tab-\(keys[index])"),
                "panelId": .string("folio-essence-panel-\(keys[index])"),
                "posts": .array(index == 1 ? posts : []),
            ]
        }
        let pager: TemplateValue = [
            "key": "essence", "title": "精华", "selectedIndex": 1, "csrf": "k2Jd93-x_Q",
            "selectAction": "/essence/select",
            "stylesheet": "/essence/pager.css",
            "navigation": [
                "titleImage": "/public/img/essence-title.svg",
                "leftButton": ["label": "推荐标签", "icon": "/public/img/tags.svg", "href": "/essence/tags"],
            ],
            "tabs": .array(tabs), "indicator": ["left": 105, "width": 28],
            "panels": .array(panels),
        ]
        return ["site": ["title": "Folio", "public": "/public"], "pager": pager]
    }

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-bench-templates")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try layout.write(toFile: folder + "/layout.html", atomically: true, encoding: .utf8)
        try page.write(toFile: folder + "/page.html", atomically: true, encoding: .utf8)
        let set = try TemplateSet(directory: folder)
        let template = try set.template(named: "page.html")
        let globals = data()
        let html = try template.render(globals)
        print("page: \(html.utf8.count) bytes")

        let compile = measure("compile page.html (parse + compile)") {
            _ = try? Template(source: page, name: "page.html")
        }
        let rendered = try measure("render to String") { _ = try template.render(globals) }
        var buffer: [UInt8] = []
        let intoBuffer = try measure("render into a reused [UInt8]") {
            buffer.removeAll(keepingCapacity: true)
            try template.render(globals, into: &buffer)
        }
        let baseline = measure("libxml2 htmlReadMemory + htmlDocDumpMemoryFormat") {
            parseAndSerialize(html)
        }
        report(compile, unit: "compiles")
        report(baseline, unit: "pages")
        report(rendered, against: baseline, unit: "pages")
        report(intoBuffer, against: baseline, unit: "pages")
    }

    /// The baseline: what re-parsing and re-serializing the page costs.
    static func parseAndSerialize(_ html: String) {
        var bytes = Array(html.utf8)
        let count = Int32(bytes.count)
        bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                let options = Int32(
                    HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_NOERROR.rawValue
                        | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
                guard let document = htmlReadMemory(pointer, count, nil, "UTF-8", options) else { return }
                var output: UnsafeMutablePointer<xmlChar>?
                var size: Int32 = 0
                htmlDocDumpMemoryFormat(document, &output, &size, 0)
                free(output)  // libxml2 allocates with malloc by default; xmlFree is a C global var
                xmlFreeDoc(document)
            }
        }
    }
}
