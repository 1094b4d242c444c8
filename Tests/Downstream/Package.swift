// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Dashboard",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Folio's checkout, in a folder of any name: `name:` is what `package:` refers to below.
        .package(name: "Folio", path: "../..")
    ],
    targets: [
        // Your pagers, built in Swift.
        // Its Templates folder holds only the templates it adds to Folio's.
        .target(
            name: "Dashboard",
            dependencies: [
                .product(name: "Folio", package: "Folio"),
                // TemplateValue, for data that Swift code computes.
                .product(name: "FolioTemplate", package: "Folio"),
            ],
            resources: [.copy("Templates")]),
        // Serves them: HTTPServer comes from the FolioHTTP product.
        .executableTarget(
            name: "dashboard-server",
            dependencies: [
                "Dashboard", .product(name: "Folio", package: "Folio"),
                .product(name: "FolioHTTP", package: "Folio"),
            ]),
        .testTarget(
            name: "DashboardTests",
            dependencies: [
                "Dashboard", .product(name: "Folio", package: "Folio"),
                .product(name: "FolioTesting", package: "Folio"),
            ]),
    ]
)

// Not in the documentation: the examples of Folio's DocC articles, compiled here so they stay true.
package.targets.append(
    .target(
        name: "DocExamples",
        dependencies: ["FolioCore", "FolioText", "FolioTemplate", "FolioHTTP", "Folio"].map {
            .product(name: $0, package: "Folio")
        }))
