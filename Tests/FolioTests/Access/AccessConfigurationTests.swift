import Testing

@testable import Folio

/// `"access"` on the dashboard and on pagers (issue 18, item 2), as
/// `folio check` reads it.
extension ConfigurationTests {
    private func dashboard(access: String?, pagerAccess: String?) -> String {
        let page = #"{"key": "b", "title": "B", "template": "content/posts.html"}"#
        let pager =
            #"{"key": "a", "title": "A", "pages": [\#(page)]"#
            + (pagerAccess.map { #", "access": \#($0)"# } ?? "") + "}"
        return #"{"title": "x", "pagers": [\#(pager)]"# + (access.map { #", "access": \#($0)"# } ?? "") + "}"
    }

    @Test func accessRulesAreRead() throws {
        let cases: [(String, AccessRule)] = [
            (#""public""#, .everyone), (#""signedIn""#, .signedIn), (#"{"signedIn": true}"#, .signedIn),
            (#"{"groups": ["ops"]}"#, .only(users: [], groups: ["ops"])),
            (
                #"{"groups": ["ops", "sre"], "users": ["ann@example.com"]}"#,
                .only(users: ["ann@example.com"], groups: ["ops", "sre"])
            ),
        ]
        for (text, rule) in cases {
            let configuration = try parse(dashboard(access: nil, pagerAccess: text))
            #expect(configuration.pagers[0].access == rule, "\(text)")
        }
        let signedIn = try parse(dashboard(access: #""signedIn""#, pagerAccess: nil))
        #expect(signedIn.accessRule(of: signedIn.pagers[0]) == .signedIn)
        let opened = try parse(dashboard(access: #""signedIn""#, pagerAccess: #""public""#))
        #expect(opened.accessRule(of: opened.pagers[0]) == .everyone)
        let open = try parse(dashboard(access: nil, pagerAccess: nil))
        #expect(open.accessRule(of: open.pagers[0]) == .everyone)
    }

    @Test func anAccessRuleThatCannotMeanWhatItSaysIsRefused() {
        let cases: [(String, String)] = [
            (#""everyone""#, "access must be \"public\", \"signedIn\""),
            (#"{"signedIn": false}"#, "'signedIn' must be true"),
            (#"{"groups": [], "users": []}"#, "an access rule must name at least one group or user"),
            (#"{"groups": "ops"}"#, "'groups' must be an array of strings"),
            (#"{"groups": ["ops,sre"]}"#, "'groups' must hold names without commas"),
            (#"{"users": [" ann"]}"#, "'users' must hold names without commas or surrounding spaces"),
            (#"{"roles": ["ops"]}"#, "unknown key 'roles' in an access rule"),
        ]
        for (text, message) in cases {
            let found = problems(dashboard(access: nil, pagerAccess: text))
            #expect(found.count == 1 && found[0].contains(message), "\(text): \(found)")
            let atTop = problems(dashboard(access: text, pagerAccess: nil))
            #expect(atTop.count == 1 && atTop[0].contains(message), "\(text) at the top: \(atTop)")
        }
    }

    @Test func aPageCanHaveARuleOfItsOwn() throws {
        let configuration = try parse(
            #"{"title": "x", "pagers": [{"key": "a", "title": "A", "pages": ["#
                + #"{"key": "b", "title": "B", "template": "content/posts.html", "access": {"users": ["ann"]}},"#
                + #"{"key": "c", "title": "C", "template": "content/posts.html"}]}]}"#)
        #expect(configuration.pagers[0].pages.map(\.access) == [.only(users: ["ann"], groups: []), nil])
        #expect(
            problems(
                #"{"title": "x", "pagers": [{"key": "a", "title": "A", "pages": ["#
                    + #"{"key": "b", "title": "B", "template": "content/posts.html", "access": "ops"}]}]}"#
            ).first?.contains("access must be") == true)
    }

    @Test func aRuleBuiltInSwiftIsCheckedAsOneRead() throws {
        var configuration = try parse(dashboard(access: nil, pagerAccess: nil))
        configuration.pagers[0].access = .only(users: [], groups: [])
        configuration.pagers[0].pages[0].access = .only(users: ["a,b"], groups: [])
        let messages = configuration.problems(searchPath: [templates.path], alreadyReported: []).map(
            \.description)
        #expect(messages.contains { $0.hasSuffix("an access rule must name at least one group or user") })
        #expect(messages.contains { $0.contains("the access rule's name 'a,b' can never match") })
        configuration.pagers[0].access = nil
        configuration.pagers[0].pages[0].access = .everyone
        let warnings = configuration.problems(searchPath: [templates.path], alreadyReported: [])
        #expect(warnings.count == 1 && warnings[0].severity == .warning)
        #expect(warnings[0].description.contains("\"public\" here changes nothing"))
    }

    @Test func aRuleAdmitsByUserNameEmailOrGroup() {
        let rule = AccessRule.only(users: ["ann", "cat@example.com"], groups: ["ops"])
        #expect(rule.admits(Person(user: "ann")))
        #expect(rule.admits(Person(email: "cat@example.com")))
        #expect(rule.admits(Person(user: "dan", groups: ["sales", "ops"])))
        #expect(!rule.admits(Person(user: "dan", email: "dan@example.com", groups: ["sales"])))
        #expect(!rule.admits(nil))
        #expect(AccessRule.signedIn.admits(Person(user: "dan")) && !AccessRule.signedIn.admits(nil))
        #expect(rule.description == "groups=ops users=ann,cat@example.com")
    }
}
