extension Assets { static let commonJS = "" }
