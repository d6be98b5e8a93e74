extension Assets { static let playJS = "" }
