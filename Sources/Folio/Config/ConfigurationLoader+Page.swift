import FolioTemplate
import Foundation

extension ConfigurationLoader {
    static let pageKeys = [
        "key", "title", "template", "data", "dataFile", "url", "cacheSeconds", "timeoutSeconds",
    ]

    /// Reads one page; `nil` when it is too broken to use (problems reported).
    mutating func page(_ node: JSONNode, in pagerWhat: String) -> (PageConfiguration, SourceLocation)? {
        guard let fields = reader.object(node, allowed: Self.pageKeys, what: "a page of \(pagerWhat)") else {
            return nil
        }
        let key = reader.string(fields, "key", in: "a page of \(pagerWhat)", required: true)
        let keyLocation = fields["key"]?.value.location ?? node.location
        let what = key.map { "page '\($0)' of \(pagerWhat)" } ?? "a page of \(pagerWhat)"
        var keyIsValid = false
        if let key { keyIsValid = checkKey(key, at: keyLocation, reserved: Self.reservedPageKeys) }
        let title = reader.string(fields, "title", in: what, required: true)
        if let title, title.trimmingSpaces.isEmpty {
            reader.report(fields["title"]?.value.location, "the title of \(what) is empty")
        }
        let template = reader.string(fields, "template", in: what, required: true)
        if let template, let location = fields["template"]?.value.location {
            checkTemplate(template, at: location)
        }
        let source = self.source(fields, in: what)
        guard let key, keyIsValid, let title, let template, let source else { return nil }
        return (PageConfiguration(key: key, title: title, template: template, source: source), keyLocation)
    }

    /// Reports a template path that leaves the templates folder or names no file.
    mutating func checkTemplate(_ template: String, at location: SourceLocation) {
        let components = template.split(separator: "/")
        guard !template.hasPrefix("/"), !components.contains(".."), !template.isEmpty else {
            reader.report(
                location, "template '\(template)' must be a relative path inside the templates folder")
            return
        }
        guard let templatesDirectory else { return }
        var isDirectory: ObjCBool = false
        let path = templatesDirectory + "/" + template
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) || isDirectory.boolValue {
            reader.report(location, "template '\(template)' not found in \(templatesDirectory)")
        }
    }

    /// Exactly one of `data`, `dataFile`, `url` (or none).
    mutating func source(_ fields: [String: JSONMember], in what: String) -> PageSource? {
        let given = ["data", "dataFile", "url"].filter { fields[$0] != nil }
        if given.count > 1 {
            reader.report(
                fields[given[1]]?.keyLocation, "\(what) has both '\(given[0])' and '\(given[1])': choose one")
            return nil
        }
        for key in ["cacheSeconds", "timeoutSeconds"] where given.first != "url" {
            if let member = fields[key] {
                reader.report(member.keyLocation, "'\(key)' only applies to a page with a 'url'")
            }
        }
        switch given.first {
        case "data":
            let node = fields["data"]!.value
            guard case .object = node.value else {
                reader.report(node.location, "'data' must be an object, found \(node.kind)")
                return nil
            }
            return .inline(json: node.jsonText)
        case "dataFile":
            guard let name = reader.string(fields, "dataFile", in: what, required: true) else { return nil }
            let path = name.hasPrefix("/") ? name : directory + "/" + name
            return checkDataFile(path, named: name, at: fields["dataFile"]!.value.location)
                ? .file(path: path) : nil
        case "url":
            guard let text = reader.string(fields, "url", in: what, required: true) else { return nil }
            guard let url = URL(string: text), url.scheme == "http" || url.scheme == "https", url.host != nil
            else {
                reader.report(fields["url"]?.value.location, "'\(text)' is not an http(s) URL")
                return nil
            }
            let cache = reader.number(fields, "cacheSeconds", in: 0...86_400 * 365) ?? 60
            let timeout = reader.number(fields, "timeoutSeconds", in: 0.01...300) ?? 5
            return .url(url, cacheSeconds: cache, timeoutSeconds: timeout)
        default:
            return PageSource.none
        }
    }

    /// Reads a data file now, so a missing or malformed one is reported by
    /// `folio check` and at startup rather than when the page is first shown.
    mutating func checkDataFile(_ path: String, named name: String, at location: SourceLocation) -> Bool {
        guard let data = FileManager.default.contents(atPath: path) else {
            reader.report(location, "cannot read data file '\(name)' (\(path))")
            return false
        }
        do {
            // Strict, no comments: as the page will read it (`TemplateValue(json:)`).
            let node = try JSONReader.parse([UInt8](data))
            guard case .object = node.value else {
                reader.append([
                    ConfigurationProblem(
                        file: path, location: node.location,
                        message: "a data file must hold an object, found \(node.kind)")
                ])
                return false
            }
            return true
        } catch {
            reader.append([ConfigurationProblem(file: path, location: error.location, message: error.message)]
            )
            return false
        }
    }
}
