import App

/// Prints a document on stdout, one line, as `--json` promises (the same encoding the web app serves).
func printDocument(_ document: some Encodable) throws {
    print(try DocumentEncoder.text(document))
}
