import Testing

@testable import FolioText
