extension Assets { static let css = "" }
