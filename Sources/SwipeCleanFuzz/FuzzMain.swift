import Foundation

/// libFuzzer's driver, called from our own main: SwiftPM gives every executable target a main of
/// its own, so the one in libFuzzer's archive is never linked; `LLVMFuzzerRunDriver` is its body.
@_silgen_name("LLVMFuzzerRunDriver")
private func runDriver(_ argc: UnsafeMutablePointer<CInt>,
                       _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                       _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// The target named by `FUZZ_TARGET`, read once.
private let selected: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("FUZZ_TARGET must be one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: " "))\n".utf8))
        exit(2)
    }
    return target
}()

@main
enum FuzzMain {
    static func main() {
        _ = selected
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(runDriver(&argc, &argv) { data, size in
            selected.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
            return 0
        })
    }
}

/// The entry libFuzzer's own main (linked from its archive, though ours runs) refers to.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
