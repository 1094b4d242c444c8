import Foundation
import Testing

@testable import Folio

/// Every form a PostgreSQL password can take is masked in messages
/// (issue 24, item 9).
@Suite struct PasswordMaskingTests {
    @Test(arguments: [
        ("postgresql://folio:SECRETX@db:5432/folio", "postgresql://folio:***@db:5432/folio"),
        ("postgres://folio:SECRETX@db", "postgres://folio:***@db"),
        ("POSTGRESQL://folio:SECRETX@db/x", "POSTGRESQL://folio:***@db/x"),
        ("postgresql://folio:SEC@RETX@db/x", "postgresql://folio:***@db/x"),
        ("postgresql://folio:SECRETX@db1,db2:5433/x?pool=3", "postgresql://folio:***@db1,db2:5433/x?pool=3"),
        ("postgresql://folio@db/x?password=SECRETX", "postgresql://folio@db/x?password=***"),
        (
            "postgresql://db/x?sslmode=disable&PassWord=SECRETX&pool=2",
            "postgresql://db/x?sslmode=disable&PassWord=***&pool=2"
        ),
        ("postgresql://db/x?sslpassword=SECRETX#f", "postgresql://db/x?sslpassword=***#f"),
        ("host=db password=SECRETX dbname=folio", "host=db password=*** dbname=folio"),
        ("host=db PASSWORD = SECRETX dbname=folio", "host=db PASSWORD = *** dbname=folio"),
        ("host=db password='SEC RET\\' X' dbname=folio", "host=db password='***' dbname=folio"),
        ("password=SECRETX", "password=***"),
        (
            "state store postgresql://u:SECRETX@h/db: \"password=SECRETX\"",
            "state store postgresql://u:***@h/db: \"password=***\""
        ),
    ])
    func everyFormIsMasked(_ text: String, _ expected: String) {
        #expect(PasswordMasking.masked(text) == expected)
        #expect(!PasswordMasking.masked(text).contains("SECRET"))
    }

    @Test(arguments: [
        "postgresql://folio@db:5432/folio?sslmode=require",
        "host=db user=folio passfile=/etc/folio/pgpass",
        "cannot connect to PostgreSQL: connection refused at 127.0.0.1:1",
        "https://example.com:8080/path?q=1",
    ])
    func textWithoutAPasswordIsUnchanged(_ text: String) {
        #expect(PasswordMasking.masked(text) == text)
        #expect(!PasswordMasking.hasPassword(text))
    }

    @Test func aKnownPasswordIsMaskedWhereverAMessageQuotesIt() {
        let url = "postgresql://folio:SECRETX%ZZ@127.0.0.1:1/db"
        let message = "invalid percent-encoded token: \"SECRETX%ZZ\""
        #expect(
            PasswordMasking.masked(message, hiding: PasswordMasking.passwords(in: url))
                == "invalid percent-encoded token: \"***\"")
    }

    @Test func theURLsPasswordsAreFoundRawAndDecoded() {
        let found = PasswordMasking.passwords(in: "postgresql://u:a%40b@h/db?password=c%26d&pool=2")
        #expect(Set(found) == ["a%40b", "a@b", "c%26d", "c&d"])
    }

    @Test func anAddressRedactsAndMasksWithItsFilePassword() throws {
        let address = try PostgreSQLAddress(
            url: "postgresql://u:SECRETX@h/db?password=OTHERX&pool=2", password: "FROMFILE")
        #expect(address.redacted == "postgresql://u:***@h/db?password=***")
        #expect(address.urlHasPassword)
        #expect(address.masked("x SECRETX y OTHERX z FROMFILE") == "x *** y *** z ***")
        #expect(!(try PostgreSQLAddress(url: "postgresql://u@h/db")).urlHasPassword)
    }

    @Test func aPasswordInTheStateURLIsWarnedOf() {
        #expect(
            StateLocation(argument: "postgresql://u:SECRETX@h/db").passwordWarning?.contains("ps") == true)
        #expect(StateLocation(argument: "postgresql://u@h/db?password=SECRETX").passwordWarning != nil)
        #expect(StateLocation(argument: "postgresql://u@h/db").passwordWarning == nil)
        #expect(StateLocation(argument: "state.sqlite").passwordWarning == nil)
    }
}
