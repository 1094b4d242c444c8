import FolioSync
import Foundation
import Testing

@testable import FolioTemplate

@Suite struct ConcurrencyTests {
    @Test func oneTemplateRendersFromManyTasksAtOnce() async throws {
        let template = try Template(
            source:
                #"<ul><li tal:repeat="x xs" tal:content="string:${who}-$x" tal:attributes="id x"></li></ul>"#)
        let results = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<64 {
                group.addTask {
                    let who = TemplateValue.string("t\(task)")
                    let xs = TemplateValue.array((0..<20).map { .number(Double($0)) })
                    let expected =
                        "<ul>" + (0..<20).map { #"<li id="\#($0)">t\#(task)-\#($0)</li>"# }.joined() + "</ul>"
                    for _ in 0..<50 {
                        guard (try? template.render(["who": who, "xs": xs])) == expected else { return false }
                    }
                    return true
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results.count == 64 && results.allSatisfy { $0 })
    }

    @Test func aTemplateSetLoadsFromManyTasksAtOnce() async throws {
        let folder = try makeFolder([
            "layout.html": #"<b metal:define-macro="m" tal:content="v"></b>"#,
            "page.html": #"<p metal:use-macro="macros/layout/macros/m"></p>"#,
        ])
        let set = try TemplateSet(directory: folder, reloadWhenChanged: true, preload: false)
        let ok = await withTaskGroup(of: Bool.self) { group in
            for task in 0..<32 {
                group.addTask {
                    (try? set.render("page.html", ["v": .number(Double(task))])) == "<b>\(task)</b>"
                }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(ok)
    }

    @Test func oneTemplateRendersFromManyThreadsAtOnce() throws {
        let template = try Template(
            source: #"<p tal:repeat="x xs" tal:content="x" tal:attributes="class who"></p>"#)
        let failures = LockedValue(0)
        let group = DispatchGroup()
        for thread in 0..<16 {
            group.enter()
            let worker = Thread {
                defer { group.leave() }
                let who = TemplateValue.string("t\(thread)")
                let expected = #"<p class="t\#(thread)">a</p><p class="t\#(thread)">&lt;b&gt;</p>"#
                for _ in 0..<500 {
                    var output: [UInt8] = []
                    try? template.render(["who": who, "xs": ["a", "<b>"]], into: &output)
                    if output != Array(expected.utf8) { failures.withLock { $0 += 1 } }
                }
            }
            worker.start()
        }
        group.wait()
        #expect(failures.withLock { $0 } == 0)
    }
}
