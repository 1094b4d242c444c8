// Sources/Dashboard/Dashboard.swift
import Folio
import Foundation

/// The dashboard's pagers, built in Swift instead of read from a `folio.json`.
public enum Dashboard {
    /// One pager of two colour pages, rendered with Folio's `content/color.html`.
    public static var configuration: FolioConfiguration {
        var colors = PagerConfiguration(
            key: "colors", title: "Colours",
            pages: [
                PageConfiguration(
                    key: "red", title: "Red", template: "content/color.html",
                    source: .inline(json: #"{"color": "red", "order": "1", "heading": "Red", "note": ""}"#)),
                PageConfiguration(
                    key: "blue", title: "Blue", template: "content/color.html",
                    source: .inline(json: #"{"color": "blue", "order": "2", "heading": "Blue", "note": ""}"#)),
            ])
        colors.titleStyle = .segmented
        // The selected segment's label sits on the indicator: white on red keeps 4.5:1.
        colors.colors.selectedTitle = "#ffffff"
        let ops = PagerConfiguration(key: "ops", title: "Ops", pages: [loadPage])
        return FolioConfiguration(title: "Dashboard", pagers: [colors, ops])
    }

    /// This package's templates (a resource of the target): looked up first,
    /// then Folio's built-in ones, so it holds only the templates it adds.
    public static var templatesDirectory: String {
        Bundle.module.bundlePath + "/Templates"
    }
}
