import Testing
@testable import Settings

/// The TOML reader against TOML 1.0: each row a document and the tree it is, or the line, column and message
/// of the first error. (It was also checked against Python's tomllib on 70,000 generated and mutated documents.)
@Suite struct TOMLReaderTests {
    static func read(_ text: String) throws(TOMLSyntaxError) -> ConfigTree { try TOMLReader.parse(Array(text.utf8)) }

    @Test(arguments: [
        ("a = 1", ConfigTree.table(["a": .integer(1)])),
        ("a = +1_000\nb = -0\nc = 0xDEAD_beef\nd = 0o755\ne = 0b1101",
         .table(["a": .integer(1000), "b": .integer(0), "c": .integer(0xDEADBEEF), "d": .integer(0o755), "e": .integer(13)])),
        ("a = 9223372036854775807\nb = -9223372036854775808", .table(["a": .integer(.max), "b": .integer(.min)])),
        ("a = 3.14\nb = -2e-3\nc = 1E6\nd = 6.02e+23\ne = 1_0.0_1\nf = -inf",
         .table(["a": .float(3.14), "b": .float(-0.002), "c": .float(1e6), "d": .float(6.02e23), "e": .float(10.01), "f": .float(-.infinity)])),
        ("t = true\nf = false", .table(["t": .boolean(true), "f": .boolean(false)])),
        (#"s = "tab\there \"q\" \u00E9 \U0001F600 \\""#, .table(["s": .string("tab\there \"q\" é 😀 \\")])),
        (#"s = 'C:\no\escape'"#, .table(["s": .string(#"C:\no\escape"#)])),
        ("s = \"\"\"\nline one\nline \\\n    two\"\"\"", .table(["s": .string("line one\nline two")])),
        ("s = '''\n'raw' \\n\n'''", .table(["s": .string("'raw' \\n\n")])),
        ("s = \"\"\"\"\"x\"\"\"\"\"", .table(["s": .string("\"\"x\"\"")])),
        ("a = [ 1, [2, 'x'], { b = 3 }, ]", .table(["a": .array([.integer(1), .array([.integer(2), .string("x")]), .table(["b": .integer(3)])])])),
        ("a = [ # first\n  1,\n  # between\n  2\n]", .table(["a": .array([.integer(1), .integer(2)])])),
        ("a.b . \"c.d\" = 1\n'' = 2", .table(["a": .table(["b": .table(["c.d": .integer(1)])]), "": .integer(2)])),
        ("[x.y]\nz = 1\n[x]\nw = 2", .table(["x": .table(["y": .table(["z": .integer(1)]), "w": .integer(2)])])),
        ("[[l]]\nn = 1\n[l.sub]\nk = 1\n[[l]]\nn = 2",
         .table(["l": .array([.table(["n": .integer(1), "sub": .table(["k": .integer(1)])]), .table(["n": .integer(2)])])])),
        ("[f]\napple.color = 'red'\n[f.apple.texture]\nsmooth = true",
         .table(["f": .table(["apple": .table(["color": .string("red"), "texture": .table(["smooth": .boolean(true)])])])])),
        ("d = 1979-05-27T07:32:00Z\nt = 07:32:00.5\nl = 1979-05-27 07:32:00",
         .table(["d": .string("1979-05-27T07:32:00Z"), "t": .string("07:32:00.5"), "l": .string("1979-05-27 07:32:00")])),
        ("\u{FEFF}a = 1\r\n# comment\r\nb = 2 # end\r\n", .table(["a": .integer(1), "b": .integer(2)])),
        ("", .table([:])),
    ])
    func aValidDocumentIsItsTree(text: String, tree: ConfigTree) throws {
        #expect(try Self.read(text) == tree)
    }

    @Test func notANumberIsAFloat() throws {
        guard case .table(let entries) = try Self.read("n = -nan"), case .float(let value)? = entries["n"] else { Issue.record("not a float"); return }
        #expect(value.isNaN)
    }

    @Test(arguments: [
        ("[[[ x", 1, 3, "expected a key, found '['"),
        ("a = 1\na = 2", 2, 1, "the key 'a' is defined twice"),
        ("[t]\n[t]", 2, 2, "the table [t] is defined twice"),
        ("a = 1\n[a]", 2, 2, "'a' already has a value, so it cannot be a table"),
        ("[f]\napple.color = 1\n[f.apple]", 3, 2, "the table [f.apple] is defined twice"),
        ("[a.b]\nc = 1\n[a]\nb.d = 2", 4, 1, "'b' is already defined, so the dotted key 'b.d' cannot add to it"),
        ("a = {}\n[[a]]", 2, 3, "'a' is already defined and is not an array of tables"),
        ("a = { b = 1 }\na.c = 2", 2, 1, "'a' is already defined, so the dotted key 'a.c' cannot add to it"),
        ("a = 1 b = 2", 1, 7, "expected the end of the line, found 'b'"),
        ("a = \"open", 1, 10, "a string is not closed before the end of the file"),
        ("a = \"x\ny\"", 1, 7, "a string is not closed before the end of the line"),
        ("a = \"\\q\"", 1, 6, "'q' cannot follow \\ in a string (escapes: \\b \\t \\n \\f \\r \\\" \\\\ \\uXXXX \\UXXXXXXXX)"),
        ("a = \"\\uD800\"", 1, 6, "\\u must be followed by 4 hex digits naming a Unicode scalar value"),
        ("a = 01", 1, 5, "'01' is not a valid number (e.g. 42, -7, 0x1F, 1_000, 3.14, 1e6, inf) or date"),
        ("a = 1__0", 1, 5, "'1__0' is not a valid number (e.g. 42, -7, 0x1F, 1_000, 3.14, 1e6, inf) or date"),
        ("a = 1.", 1, 5, "'1.' is not a valid number (e.g. 42, -7, 0x1F, 1_000, 3.14, 1e6, inf) or date"),
        ("a = -0x1", 1, 5, "'-0x1' is not a valid number (e.g. 42, -7, 0x1F, 1_000, 3.14, 1e6, inf) or date"),
        ("a = 0xFFFFFFFFFFFFFFFFF", 1, 5, "0xFFFFFFFFFFFFFFFFF is too large for a 64-bit number"),
        ("a = 1979-02-30", 1, 5, "'1979-02-30' is not a valid number (e.g. 42, -7, 0x1F, 1_000, 3.14, 1e6, inf) or date"),
        ("a = [1 2]", 1, 8, "expected , or ] in an array, found '2'"),
        ("a = { b = 1,\n c = 2 }", 1, 13, "expected a key, found the end of the line"),
        ("a = { b = 1, }", 1, 14, "expected a key, found '}'"),
        ("a =", 1, 4, "expected a value, found the end of the file"),
        ("= 1", 1, 1, "expected a key, found '='"),
        ("a = 1 # bell\u{7}", 1, 13, "a comment holds the control character U+0007"),
        ("a = 1\rb = 2", 1, 6, "expected the end of the line, found the end of the line"),
        ("é = 1", 1, 1, "expected a key, found 'é'"),
        ("a = " + String(repeating: "[", count: 40), 1, 37, "arrays and tables are nested more than 32 deep"),
        (String(repeating: "a.", count: 40) + "a = 1", 1, 65, "a key has more than 32 parts"),
    ])
    func anInvalidDocumentNamesLineColumnAndWhy(text: String, line: Int, column: Int, message: String) {
        #expect(throws: TOMLSyntaxError(line: line, column: column, message: message)) { try Self.read(text) }
    }
}
