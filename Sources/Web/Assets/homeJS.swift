extension Assets { static let homeJS = "" }
