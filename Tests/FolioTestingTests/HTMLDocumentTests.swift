import FolioHTTP
import Testing

@testable import FolioTesting

private let sample = """
    <!DOCTYPE html>
    <html lang="zh-Hans"><body>
    <section class="folio-pager" id="folio-essence" data-pager="essence" data-selected="1">
    <div role="tablist">
      <button role="tab" value="all" aria-selected="false"><span class="folio-title-label">全部</span></button>
      <button role="tab" value="video" aria-selected="true"><span class="folio-title-label">视频</span></button>
    </div>
    <div role="tabpanel" data-loaded="true"><p>  Two   lines
      of text </p></div>
    </section>
    </body></html>
    """

@Suite struct HTMLDocumentTests {
    @Test func nodesReturnsEveryMatchInDocumentOrder() throws {
        let doc = try HTMLDocument(html: sample)
        let tabs = try doc.nodes("//*[@role='tab']")
        #expect(tabs.map { $0["value"] } == ["all", "video"])
        #expect(tabs.map(\.name) == ["button", "button"])
    }

    @Test func textCollapsesWhiteSpaceAndKeepsChineseAsIs() throws {
        let doc = try HTMLDocument(html: sample)
        #expect(try doc.text("//*[@role='tab'][@aria-selected='true']") == "视频")
        #expect(try doc.text("//*[@role='tabpanel']/p") == "Two lines of text")
        #expect(try doc.node("//*[@role='tabpanel']/p").rawText.contains("   "))
    }

    @Test func attributeIsTheValueOrNilWhenAbsent() throws {
        let doc = try HTMLDocument(html: sample)
        #expect(try doc.attribute("data-selected", of: "//section") == "1")
        #expect(try doc.attribute("hidden", of: "//section") == nil)
        #expect(try doc.node("//section")["DATA-PAGER"] == "essence")
    }

    @Test func evaluateGivesNumbersStringsAndBooleans() throws {
        let doc = try HTMLDocument(html: sample)
        #expect(try doc.evaluate("count(//*[@role='tab'])").number == 2)
        #expect(try doc.evaluate("string(//section/@data-pager)").string == "essence")
        #expect(try doc.evaluate("//section/@data-selected = '1'").string == "true")
    }

    @Test func queriesRelativeToANodeStayUnderIt() throws {
        let doc = try HTMLDocument(html: sample)
        let tablist = try doc.node("//*[@role='tablist']")
        #expect(try tablist.nodes(".//span").map(\.text) == ["全部", "视频"])
        #expect(try tablist.node("ancestor::section")["id"] == "folio-essence")
        #expect(tablist.children.count == 2)
        #expect(tablist.parent?.name == "section")
    }

    @Test func htmlOfANodeKeepsNonASCIITextAsUTF8() throws {
        let doc = try HTMLDocument(html: sample)
        let html = try doc.node("//*[@value='all']").html
        #expect(html.contains("全部"))
        #expect(html.hasPrefix("<button"))
    }

    @Test func anInvalidExpressionThrowsWithLibxml2sReason() throws {
        let doc = try HTMLDocument(html: sample)
        let error = #expect(throws: HTMLQueryError.self) { try doc.nodes("//*[@role=") }
        #expect(error?.description.hasPrefix("invalid XPath //*[@role=") == true)
    }

    @Test func aQueryThatSelectsAValueIsNotANodeQuery() throws {
        let doc = try HTMLDocument(html: sample)
        #expect(throws: HTMLQueryError.self) { try doc.nodes("count(//button)") }
    }

    @Test func noMatchPrintsWhatTheQueryCameClosestTo() throws {
        let doc = try HTMLDocument(html: sample, source: "GET /essence → 200")
        let error = #expect(throws: HTMLQueryError.self) {
            try doc.node("//*[@role='tab'][@aria-selected='maybe']")
        }
        let message = error?.description ?? ""
        #expect(
            message.contains("no node matches //*[@role='tab'][@aria-selected='maybe'] in GET /essence → 200")
        )
        #expect(message.contains("the nearest query that matches is //*[@role='tab']:"))
        #expect(message.contains(#"aria-selected="true""#))
        #expect(error?.fragment?.contains("视频") == true)
    }

    @Test func noMatchWithNothingNearPrintsThePageStart() throws {
        let doc = try HTMLDocument(html: sample)
        let error = #expect(throws: HTMLQueryError.self) { try doc.node("//table") }
        #expect(error?.description.contains("nothing near it matches; the page starts:") == true)
        #expect(error?.fragment?.hasPrefix("<html") == true)
    }

    @Test func relaxingDropsTheLastPredicateThenTheLastStep() {
        #expect(XPathRelaxation.relaxed("//a[@x='1'][@y=']']") == "//a[@x='1']")
        #expect(XPathRelaxation.relaxed("//a[@x='1']") == "//a")
        #expect(XPathRelaxation.relaxed("//section/div[@id='a/b']/span") == "//section/div[@id='a/b']")
        #expect(XPathRelaxation.relaxed("//section//span") == "//section")
        #expect(XPathRelaxation.relaxed("//a") == nil)
    }

    @Test func expectTextRecordsAnIssuePrintingTheNodeWhenTheTextDiffers() throws {
        let doc = try HTMLDocument(html: sample)
        #expect(try doc.expectText(of: "//*[@aria-selected='true']", equals: "视频"))
        try withKnownIssue {
            let passed = try doc.expectText(of: "//*[@aria-selected='true']", equals: "全部")
            #expect(!passed)
        } matching: { issue in
            let comment = issue.comments.map(\.rawValue).joined()
            return comment.contains(#"is "视频", expected "全部""#) && comment.contains(#"value="video""#)
        }
    }

    @Test func expectAttributeAndCountCompareAndPrintMatches() throws {
        let doc = try HTMLDocument(html: sample)
        try doc.expectAttribute("data-selected", of: "//section", equals: "1")
        try doc.expectAttribute("hidden", of: "//section", equals: nil)
        try doc.expectCount(of: "//*[@role='tab']", equals: 2)
        try doc.expectNoMatch("//*[@role='tab'][@aria-selected='maybe']")
        try withKnownIssue {
            try doc.expectCount(of: "//*[@role='tab']", equals: 3)
        } matching: { issue in
            let comment = issue.comments.map(\.rawValue).joined()
            return comment.contains("the number of matches of //*[@role='tab']")
                && comment.contains("is 2, expected 3")
        }
    }

    @Test func everyFailedExpectationIsReportedAtTheCallersLine() throws {
        let doc = try HTMLDocument(html: sample)
        let first = #line + 3  // the five checks below, one a line
        let lines = first...(first + 4)
        try withKnownIssue {
            try doc.expectText(of: "//*[@aria-selected='true']", equals: "全部")
            try doc.expectAttribute("data-selected", of: "//section", equals: "0")
            try doc.expectCount(of: "//*[@role='tab']", equals: 3)
            try doc.expectNoMatch("//*[@role='tab']")
            try doc.expectText(of: "//nav", equals: "")  // no match at all: reported the same way
        } matching: { issue in
            issue.sourceLocation?.fileName == "HTMLDocumentTests.swift"
                && lines.contains(issue.sourceLocation?.line ?? -1)
        }
    }

    @Test func aPageForwardsItsChecksWithTheCallersLine() throws {
        let page = FolioPage(
            method: .get, path: "/essence",
            response: HTTPResponse(status: .ok, body: .bytes(Array(sample.utf8))))
        try page.expectText(of: "//*[@aria-selected='true']", equals: "视频")
        try page.expectAttribute("data-selected", of: "//section", equals: "1")
        let line = #line + 2
        try withKnownIssue {
            try page.expectCount(of: "//*[@role='tab']", equals: 1)
        } matching: { issue in
            issue.sourceLocation?.line == line
        }
    }

    @Test func outsideSwiftTestingAFailedCheckThrowsNamingTheCallersLine() async throws {
        let line = #line + 3
        let description = await Task.detached {  // no task-local Test.current: as under XCTest
            do {
                try HTMLDocument(html: sample).expectText(of: "//*[@aria-selected='true']", equals: "全部")
                return "passed"
            } catch {
                return "\(error)"
            }
        }.value
        #expect(description.hasPrefix("\(#filePath):\(line): the text of //*[@aria-selected='true']"))
    }

    @Test func anEmptyAnswerIsAnEmptyDocumentWhoseQueriesFindNothing() throws {
        let page = FolioPage(method: .head, path: "/essence", response: HTTPResponse(status: .ok))
        #expect(page.document.root == nil)
        #expect(try page.nodes("//section").isEmpty)
        let error = #expect(throws: HTMLQueryError.self) { try page.node("//section") }
        #expect(error?.description.hasPrefix("no node matches //section in HEAD /essence → 200") == true)
    }
}
