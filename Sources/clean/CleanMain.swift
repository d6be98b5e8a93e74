import CleanCLI

/// The `clean` executable: everything lives in CleanCLI.
@main
enum CleanMain {
    static func main() {
        Clean.start()
    }
}
