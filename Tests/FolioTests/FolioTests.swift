import Testing

@testable import Folio
