import Testing
@testable import Media

/// The file-name date patterns of phones, messengers and screenshot tools.
@Suite struct FileNameDateTests {
    static let table: [(String, String?)] = [
        ("IMG_20190412_101500.jpg", "2019-04-12T10:15:00"),
        ("20190412_101500.jpg", "2019-04-12T10:15:00"),
        ("VID_20190412_101500.mp4", "2019-04-12T10:15:00"),
        ("PXL_20230101_120000123.jpg", "2023-01-01T12:00:00Z"),  // Pixel names are UTC
        ("PXL_20230101_120000123.MP.jpg", "2023-01-01T12:00:00Z"),
        ("IMG-20191120-WA0001.jpg", "2019-11-20T00:00:00"),     // WhatsApp: date only
        ("Screenshot_20240105-101010.png", "2024-01-05T10:10:10"),
        ("Screenshot_20240105-101010_Chrome.jpg", "2024-01-05T10:10:10"),
        ("Screenshot_2014-01-01-10-10-10.png", "2014-01-01T10:10:10"),
        ("Screenshot 2024-01-05 at 10.10.10.png", "2024-01-05T10:10:10"),
        ("Screen Shot 2019-05-21 at 10.45.52 AM.png", "2019-05-21T10:45:52"),
        ("Screen Shot 2019-05-21 at 10.45.52 PM.png", "2019-05-21T22:45:52"),
        ("Screen Shot 2019-05-21 at 12.05.00 AM.png", "2019-05-21T00:05:00"),
        ("Screen Shot 2019-05-21 at 12.05.00 PM.png", "2019-05-21T12:05:00"),
        ("Screenshot 2023-11-02 at 9.41.07\u{202F}PM.png", "2023-11-02T21:41:07"),  // macOS 13+: narrow space, unpadded hour
        ("Screen Shot 2019-05-21 at 9.45.52 AM.png", "2019-05-21T09:45:52"),
        ("Screenshot 2023-11-02 at 09.41.07\u{202F}PM.png", "2023-11-02T21:41:07"),  // macOS 14 narrow space
        ("Screenshot 2024-01-05 101010.png", "2024-01-05T10:10:10"),  // Windows 11
        ("Screenshot from 2024-01-05 10-10-10.png", "2024-01-05T10:10:10"),  // GNOME
        ("IMG_20191340_101500.jpg", nil),   // month 13
        ("IMG_20190230_101500.jpg", nil),   // February 30
        ("IMG_20190412_251500.jpg", nil),   // hour 25
        ("Screen Shot 2019-05-21 at 13.45.52 PM.png", nil),  // 13 PM
        ("1554462908123.jpg", nil),         // a Unix timestamp in ms, not a date
        ("DSC_0001.JPG", nil),
        ("holiday.jpg", nil),
    ]

    @Test(arguments: table)
    func dateInName(_ name: String, _ expected: String?) {
        let date = FileNameDates.date(inFileName: Array(name.utf8))
        #expect(date?.iso8601 == expected)
    }

    @Test func pixelMillisecondsAreKept() {
        #expect(FileNameDates.date(inFileName: Array("PXL_20230101_120000123.jpg".utf8))?.iso8601WithFraction == "2023-01-01T12:00:00.123Z")
    }
}
