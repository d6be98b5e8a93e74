/// Counted nouns as a person reads them, for every front-end: "1 card", "3 cards", "2 copies".
public enum Words {
    /// `count` with thousands separators and `noun` in the singular or plural (`plural` when irregular).
    public static func count(_ count: Int, _ noun: String, plural: String? = nil) -> String {
        "\(grouped(count)) \(count == 1 ? noun : plural ?? Self.plural(noun))"
    }

    /// The regular English plural: copy → copies, day → days, box → boxes, file → files.
    public static func plural(_ noun: String) -> String {
        guard let last = noun.last else { return noun }
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        if last == "y", let before = noun.dropLast().last, !vowels.contains(before) {
            return noun.dropLast() + "ies"
        }
        if ["s", "x", "z"].contains(last) || noun.hasSuffix("ch") || noun.hasSuffix("sh") { return noun + "es" }
        return noun + "s"
    }

    /// A whole number with thousands separators: 12,345.
    public static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out += "," }
            out.append(character)
        }
        return number < 0 ? "-" + out : out
    }
}
