import FolioSync
import Testing

/// The one trimming the modules share.
@Suite struct ASCIITrimmingTests {
    @Test func spacesAndTabsGoLineBreaksStayForHTTP() {
        #expect(" \t a b \t ".trimmingSpacesAndTabs() == "a b")
        #expect("\r\na\r\n".trimmingSpacesAndTabs() == "\r\na\r\n")
        #expect(" \t ".trimmingSpacesAndTabs() == "")
        #expect("".trimmingSpacesAndTabs() == "")
    }

    @Test func lineBreaksGoTooForMarkup() {
        #expect("\n\t path/to \r\n".trimmingASCIIWhitespace() == "path/to")
        #expect("\u{A0}a\u{A0}".trimmingASCIIWhitespace() == "\u{A0}a\u{A0}", "only ASCII blanks")
    }

    @Test func aSubstringTrimsWithinItsBounds() {
        let text = "x  y  z"
        let middle = text.dropFirst().dropLast()
        #expect(middle.trimmingSpacesAndTabs() == "y")
    }
}
