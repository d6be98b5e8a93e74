import App
import ArgumentParser
import Foundation
import Library

extension Clean {
    /// `clean items`: list what the index holds.
    struct Items: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List indexed files, all or one kind of candidate.",
            discussion: """
                Filters: all, screenshots, videos, big-videos, old, duplicates, similar. Each line: size, \
                capture day, what the file is (the copy a duplicate or similar group keeps is marked \
                "(kept)"), path (shortened in the middle to fit a terminal).
                With --json, one JSON object per line (JSON Lines). A path whose name is not valid \
                UTF-8 is written with \\udcXX escapes for its odd bytes (Python: os.fsencode gives the bytes back).

                Example: clean items --filter duplicates --json | jq -r .path
                """
        )

        @Option(help: "Which items: \(ItemFilter.allCases.map(\.rawValue).joined(separator: ", ")).")
        var filter: ItemFilter = .all

        @Flag(help: "One JSON object per line on stdout.")
        var json = false

        func run() throws {
            let context = try AppContext()
            guard let library = try context.existingLibrary() else {
                if !json { print("No items. Run `clean scan DIR` first.") }
                return
            }
            let thresholds = context.thresholds
            var count = 0
            var bytes: Int64 = 0
            var out = FileHandleOutput()
            let kept = json ? [] : try library.keptDuplicates()
            let stores = try library.storeKinds()
            let width = Terminal.size?.columns
            try library.forEachItem(filter, thresholds: thresholds) { item in
                count += 1
                bytes += item.size
                if json {
                    out.write(try DocumentEncoder.text(ItemDocument(item, thresholds: thresholds, stores: stores)) + "\n")
                } else {
                    out.write(ItemOutput.line(item, thresholds: thresholds, keptDuplicates: kept, width: width, stores: stores) + "\n")
                }
            }
            out.flush()
            if !json {
                print(count > 0 ? "\(plural(count, "item")), \(humanBytes(bytes))"
                      // A filter that matches nothing in a scanned index is not a missing scan.
                      : filter != .all ? "No items match --filter \(filter.rawValue) in the index (`clean items` lists them all)."
                      : "No items. Run `clean scan DIR` first.")
            }
        }
    }
}

extension ItemFilter: ExpressibleByArgument {}

/// Buffered stdout for long listings.
struct FileHandleOutput {
    private var buffer = Data()
    mutating func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count > 1 << 16 { flush() }
    }
    mutating func flush() {
        FileHandle.standardOutput.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
