extension Assets { static let trashJS = "" }
