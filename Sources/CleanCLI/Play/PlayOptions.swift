import App
import ArgumentParser
import Deck
import Library

/// The flags `clean round` and `clean boss NAME` share.
struct PlayOptions: ParsableArguments {
    @Flag(help: "Move the batch at the end without asking.")
    var yes = false

    @Flag(help: "Show what would move; move nothing and record nothing (with --yes too: the dry run wins).")
    var dryRun = false

    @Option(help: "Deal order: standard (clearest and largest first), oldest, largest, random.")
    var order: QueueOrder = .standard

    @Flag(help: "Print the round's result as one JSON document on stdout (cards and prompts go to stderr).")
    var json = false

    @Flag(help: "Play in the browser instead: start the web app (as `clean web`) straight on this round.")
    var web = false

    @Flag(help: "With --web: do not open a browser; just print the link.")
    var noOpen = false

    func validate() throws {
        if web && (yes || dryRun || json) { throw ValidationError("--web plays in the browser; --yes, --dry-run and --json are for the terminal") }
    }
}

extension QueueOrder: ExpressibleByArgument {}
