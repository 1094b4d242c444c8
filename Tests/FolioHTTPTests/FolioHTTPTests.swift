import Testing

@testable import FolioHTTP
