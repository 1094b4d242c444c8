import Testing

@testable import FolioTemplate
