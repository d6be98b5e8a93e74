/// Capture dates that phones, messengers and screenshot tools write into file names.
///
/// Recognised, scanning left to right and taking the first valid one:
/// - compact `YYYYMMDD` with an optional `_HHMMSS` / `-HHMMSS` and optional milliseconds:
///   `IMG_20190412_101500`, `20190412_101500`, `VID_…`, `PXL_20230101_120000123`,
///   `Screenshot_20240105-101010`, `IMG-20191120-WA0001` (date only);
/// - dashed `YYYY-MM-DD` with an optional time after ` at `, ` `, `_`, `-` or `T`, its fields
///   separated by `.`, `:`, `-` or nothing, and an optional ` AM`/` PM` (12-hour clock):
///   `Screenshot 2024-01-05 at 10.10.10`, `Screen Shot 2019-05-21 at 10.45.52 AM`,
///   `Screenshot 2024-01-05 101010`, `Screenshot_2014-01-01-10-10-10`.
///
/// Impossible dates (`20191340`) are skipped. A digit run longer than the pattern (a Unix
/// timestamp, a serial number) is not a date. Times are local, except Pixel's `PXL_` names,
/// which the camera writes in UTC.
enum FileNameDates {
    static func date(inFileName name: [UInt8]) -> CaptureDate? {
        let zone: CaptureDate.Zone = name.starts(with: Array("PXL_".utf8)) ? .utc : .unknown
        var index = 0
        while index < name.count {
            guard isDigit(name, index), index == 0 || !isDigit(name, index - 1) else { index += 1; continue }
            let run = digitRun(name, from: index)
            if run == 8, let date = compact(name, at: index, zone: zone) { return date }
            if run == 4, let date = dashed(name, at: index, zone: zone) { return date }
            index += max(run, 1)
        }
        return nil
    }

    /// `YYYYMMDD` at `start`, then optionally `[_-]HHMMSS[mmm]`.
    private static func compact(_ name: [UInt8], at start: Int, zone: CaptureDate.Zone) -> CaptureDate? {
        guard let year = number(name, start, 4), (1970...2099).contains(year),
              let month = number(name, start + 4, 2), let day = number(name, start + 6, 2) else { return nil }
        let afterDate = start + 8
        if afterDate < name.count, name[afterDate] == UInt8(ascii: "_") || name[afterDate] == UInt8(ascii: "-") {
            let timeStart = afterDate + 1
            let run = digitRun(name, from: timeStart)
            if run == 6 || run == 9 {
                guard let hour = number(name, timeStart, 2), let minute = number(name, timeStart + 2, 2),
                      let second = number(name, timeStart + 4, 2) else { return nil }
                let milliseconds = run == 9 ? number(name, timeStart + 6, 3) ?? 0 : 0
                return CaptureDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                                   nanosecond: milliseconds * 1_000_000, zone: zone)
            }
        }
        return CaptureDate(year: year, month: month, day: day, zone: zone)
    }

    /// `YYYY-MM-DD` at `start`, then optionally a time and AM/PM.
    private static func dashed(_ name: [UInt8], at start: Int, zone: CaptureDate.Zone) -> CaptureDate? {
        guard byte(name, start + 4) == UInt8(ascii: "-"), byte(name, start + 7) == UInt8(ascii: "-"),
              let year = number(name, start, 4), (1970...2099).contains(year),
              let month = number(name, start + 5, 2), let day = number(name, start + 8, 2),
              !isDigit(name, start + 10) else { return nil }
        let dateOnly = CaptureDate(year: year, month: month, day: day, zone: zone)
        var index = start + 10
        for separator in [" at ", " ", "_", "-", "T"] where matches(name, index, separator) {
            index += separator.utf8.count
            break
        }
        var fields: [Int]
        switch digitRun(name, from: index) {
        case 6:  // HHMMSS (Windows 11)
            guard let h = number(name, index, 2), let m = number(name, index + 2, 2), let s = number(name, index + 4, 2) else { return dateOnly }
            fields = [h, m, s]
            index += 6
        case 1, 2:  // H.MM.SS / HH-MM-SS / HH:MM:SS (macOS leaves a 12-hour hour unpadded)
            let hourWidth = digitRun(name, from: index)
            guard let h = number(name, index, hourWidth) else { return dateOnly }
            index += hourWidth
            fields = [h]
            for _ in 0..<2 {
                guard let separator = byte(name, index), separator == UInt8(ascii: ".") || separator == UInt8(ascii: ":")
                        || separator == UInt8(ascii: "-"), let value = number(name, index + 1, 2) else { return dateOnly }
                fields.append(value)
                index += 3
            }
        default:
            return dateOnly
        }
        guard !isDigit(name, index) else { return dateOnly }
        var hour24 = fields[0]
        if let meridiem = meridiem(name, at: index) {
            guard (1...12).contains(hour24) else { return nil }
            hour24 = hour24 % 12 + (meridiem == "P" ? 12 : 0)
        }
        return CaptureDate(year: year, month: month, day: day, hour: hour24, minute: fields[1], second: fields[2], zone: zone)
    }

    /// "A" or "P" for a following " AM"/" PM" (space, no-break space, narrow no-break space, or none).
    private static func meridiem(_ name: [UInt8], at start: Int) -> Character? {
        var index = start
        if byte(name, index) == 0x20 {
            index += 1
        } else if matches(name, index, "\u{202F}") {
            index += 3
        } else if matches(name, index, "\u{00A0}") {
            index += 2
        }
        guard let letter = byte(name, index), let m = byte(name, index + 1),
              m == UInt8(ascii: "M") || m == UInt8(ascii: "m") else { return nil }
        switch letter {
        case UInt8(ascii: "A"), UInt8(ascii: "a"): return "A"
        case UInt8(ascii: "P"), UInt8(ascii: "p"): return "P"
        default: return nil
        }
    }

    // MARK: - Byte helpers

    private static func byte(_ name: [UInt8], _ index: Int) -> UInt8? { index >= 0 && index < name.count ? name[index] : nil }

    private static func isDigit(_ name: [UInt8], _ index: Int) -> Bool {
        guard let b = byte(name, index) else { return false }
        return b >= 0x30 && b <= 0x39
    }

    private static func digitRun(_ name: [UInt8], from start: Int) -> Int {
        var end = start
        while isDigit(name, end) { end += 1 }
        return end - start
    }

    private static func number(_ name: [UInt8], _ start: Int, _ width: Int) -> Int? {
        guard start >= 0, start + width <= name.count else { return nil }
        var value = 0
        for i in start..<(start + width) {
            guard isDigit(name, i) else { return nil }
            value = value * 10 + Int(name[i] - 0x30)
        }
        return value
    }

    private static func matches(_ name: [UInt8], _ start: Int, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard start >= 0, start + bytes.count <= name.count else { return false }
        return name[start..<(start + bytes.count)].elementsEqual(bytes)
    }
}
