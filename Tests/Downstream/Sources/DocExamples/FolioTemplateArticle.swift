import FolioTemplate

struct Post: Encodable {
    var title: String
    var author: String
}

func renderPosts(_ posts: [Post]) throws -> String {
    let templates = try TemplateSet(directory: "Templates", reloadWhenChanged: true)
    return try templates.render("content/posts.html", ["posts": try TemplateValue(encoding: posts)])
}
