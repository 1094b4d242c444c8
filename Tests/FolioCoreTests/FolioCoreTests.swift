import Testing

@testable import FolioCore
