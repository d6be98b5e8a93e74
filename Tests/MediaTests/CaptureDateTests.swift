import Foundation
import Testing
@testable import Media

@Suite struct CaptureDateTests {
    @Test func rendersKnownOffsetUTCAndUnknown() throws {
        #expect(CaptureDate.exif(Array("2020:05:04 18:39:11".utf8), subSeconds: Array("644".utf8), offset: Array("-04:00".utf8))?.iso8601 == "2020-05-04T18:39:11-04:00")
        #expect(CaptureDate.exif(Array("2020:05:04 18:39:11".utf8), subSeconds: Array("644".utf8), offset: Array("-04:00".utf8))?.iso8601WithFraction == "2020-05-04T18:39:11.644-04:00")
        #expect(CaptureDate(utcSecondsSince1970: 1_603_484_849)?.iso8601 == "2020-10-23T20:27:29Z")
        #expect(CaptureDate.exif(Array("2011:01:13 14:33:39\0".utf8))?.iso8601 == "2011-01-13T14:33:39")
        #expect(CaptureDate.iso8601(Array("2019-07-24T11:25:40+0300".utf8))?.iso8601 == "2019-07-24T11:25:40+03:00")
    }

    @Test(arguments: ["0000:00:00 00:00:00", "    :  :     :  :  ", "2019:13:01 10:00:00", "2019:02:30 10:00:00", "2019:02:29 10:00:00", "2019:01:01 24:00:00", ""])
    func impossibleExifDatesAreNil(_ text: String) {
        #expect(CaptureDate.exif(Array(text.utf8)) == nil)
    }

    @Test func leapDayIsValid() {
        #expect(CaptureDate.exif(Array("2020:02:29 10:00:00".utf8)) != nil)
    }

    @Test func absoluteDates() throws {
        let utc = try #require(CaptureDate(utcSecondsSince1970: 1_000_000_000))
        #expect(utc.date(assuming: TimeZone(identifier: "Asia/Tokyo")!) == Date(timeIntervalSince1970: 1_000_000_000))
        let offset = try #require(CaptureDate.iso8601(Array("2001-09-09T03:46:40+02:00".utf8)))
        #expect(offset.date(assuming: .gmt) == Date(timeIntervalSince1970: 1_000_000_000))
        let local = try #require(CaptureDate.exif(Array("2001:09:09 01:46:40".utf8)))
        #expect(local.date(assuming: .gmt) == Date(timeIntervalSince1970: 1_000_000_000))
        #expect(local.date(assuming: TimeZone(identifier: "Europe/Paris")!) == Date(timeIntervalSince1970: 1_000_000_000 - 7200))
    }

    @Test(arguments: ["2019-07-24T11:25:40.500+03:00", "2019-07-24T11:25:40Z", "2019-07-24T11:25:40", "2019-07-24T11:25:40.123-09:30"])
    func codableAsItsString(_ text: String) throws {
        let date = try #require(CaptureDate(iso8601: text))
        let json = try JSONEncoder().encode(date)
        #expect(String(decoding: json, as: UTF8.self) == "\"\(text)\"")
        #expect(try JSONDecoder().decode(CaptureDate.self, from: json) == date)
    }

    @Test(arguments: ["2019-07-24T11:25:40+3", "2019-07-24", "yesterday", "2019-13-24T11:25:40Z"])
    func invalidISOTextIsRejected(_ text: String) {
        #expect(CaptureDate(iso8601: text) == nil)
    }
}
