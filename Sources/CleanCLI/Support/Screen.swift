import App
import Foundation

/// Where human text goes: stdout normally, stderr when stdout carries JSON.
struct Screen {
    let json: Bool
    func say(_ text: String) {
        if json { Terminal.warn(text) } else { print(text) }
    }
}
