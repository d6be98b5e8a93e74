import Foundation
import HummingbirdTesting
import Imaging
import Testing
import App
@testable import Web

/// Every `/api/v1` route and its JSON on the scanned phone fixture (5 screenshots, 9 old photos,
/// 3 duplicate copies, 3 similar photos, no big video at the fixture's size).
@Suite struct APITests {
    @Test func profileAndBossesAreTheCommandLinesJSON() async throws {
        let fixture = try WebFixture()
        let backend = AppService(environment: fixture.environment)
        try await fixture.test { client in
            let profile = try await client.send(.get, "/api/v1/profile")
            #expect(profile.status == .ok)
            #expect(profile.text == (try DocumentEncoder.text(backend.profile())))
            #expect(profile.object["totalXP"] as? Int == 0 && (profile.object["calendar"] as? [Any])?.count == 7)
            let bosses = try await client.send(.get, "/api/v1/bosses").array
            let available = Dictionary(uniqueKeysWithValues: bosses.filter { $0["weekly"] as? Bool == false }
                .map { ($0["name"] as! String, $0["available"] as! Int) })
            // Duplicates and similar photos count a card a group: 3 groups of copies, 2 groups of similar photos.
            #expect(available == ["screenshots": 5, "videos": 0, "old": 9, "duplicates": 3, "similar": 2, "bad-shots": 0])
            let weekly = try #require(bosses.last)
            #expect(weekly["name"] as? String == "weekly" && weekly["weekly"] as? Bool == true && (weekly["available"] as? Int ?? 0) > 0)
            // Its battle's header names it by its own title.
            let fight = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"weekly"}"#).object
            let title = try #require(weekly["title"] as? String)
            #expect(fight["bossTitle"] as? String == "\(title) · this week's boss", "\(fight["bossTitle"] ?? "none")")
            let round = try #require(fight["round"] as? String)
            _ = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":null,"decision":"quit"}"#)
            _ = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":false}"#)
            let home = try await client.send(.get, "/api/v1/home").object
            #expect((home["profile"] as? [String: Any])?["level"] as? Int == 1)
            #expect((home["bosses"] as? [[String: Any]])?.count == 7 && (home["challenges"] as? [Any])?.isEmpty == false)
            // The home lists this week's boss as `/bosses` does (issue 50: it had none), and what to play next as data.
            let homeWeekly = try #require((home["bosses"] as? [[String: Any]])?.last)
            #expect(homeWeekly["name"] as? String == "weekly" && homeWeekly["title"] as? String == title
                    && homeWeekly["weeklyName"] as? String == weekly["weeklyName"] as? String && homeWeekly["story"] as? String == weekly["story"] as? String)
            let next = try #require(home["next"] as? [String: Any])
            #expect(next["boss"] as? String == "old" && next["cards"] as? Int == 9 && next["what"] as? String == "9 old photos", "\(next)")
            #expect(home["nextLevelTitle"] as? String == "Digital Declutterer")
        }
    }

    @Test func aBossBattleFromDealToTrashAndBack() async throws {
        let fixture = try WebFixture(freeTier: true)
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"duplicates"}"#)
            #expect(started.status == .created)
            let round = try #require(started.object["round"] as? String)
            let cards = try #require(started.object["cards"] as? [[String: Any]])
            #expect(cards.count == 3)
            #expect(started.object["seconds"] is NSNull, "a boss battle shows no countdown")
            #expect(started.object["allowanceSeconds"] as? Double == 300, "the free tier's 5 minutes a day still hold")
            // Each card is a group of two copies: the suggested one is the card's own photo, listed first.
            for card in cards {
                let id = card["id"] as! Int
                #expect(card["media"] as? String == "/media/\(id)")
                #expect(card["poster"] is NSNull, "a photo has no poster frame")
                #expect((card["reason"] as? String)?.hasPrefix("2 copies, byte for byte the same: mark the ones to keep") == true, "\(card["reason"] ?? "")")
                #expect(card["kind"] as? String == "photo" && (card["size"] as? Int ?? 0) > 0)
                #expect(card["path"] == nil, "the client gets ids, not paths to send back")
                let members = try #require((card["group"] as? [String: Any])?["members"] as? [[String: Any]])
                #expect(members.count == 2 && members[0]["item"] as? Int == id && members[0]["suggested"] as? Bool == true)
                #expect(members[1]["suggested"] as? Bool == false && members[1]["media"] as? String == "/media/\(members[1]["item"] as! Int)")
                for member in members {
                    #expect(member["path"] == nil && member["name"] is String && member["folder"] is String && ["jpeg", "png"].contains(member["format"] as? String ?? ""))
                    #expect(member["size"] is Int && member["width"] is Int && member["height"] is Int && member["why"] is [String])
                    #expect((member["sharpness"] as? Double).map { $0 >= 0 && $0 <= 1 } ?? (member["sharpness"] is NSNull))
                }
            }
            let firstMembers = (cards[0]["group"] as! [String: Any])["members"] as! [[String: Any]]
            let firstCopy = firstMembers[1]["item"] as! Int
            let first = cards[0]["id"] as! Int, second = cards[1]["id"] as! Int

            // A second tab cannot start another round.
            let again = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":null}"#)
            #expect(again.status == .conflict)
            #expect(again.error?.contains("a round is already running") == true)

            // Only the card on the table can be decided.
            let stale = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(second),"decision":"delete"}"#)
            #expect(stale.status == .conflict)
            let deleted = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(first),"decision":"delete"}"#).object
            #expect(deleted["result"] as? String == "deleted" && deleted["deleted"] as? Int == 1 && deleted["current"] as? Int == second)
            #expect(deleted["reviewed"] as? Int == 2 && deleted["kept"] as? Int == 1, "a group card counts its files: the suggested kept, the copy deleted")
            let undone = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":null,"decision":"undo"}"#).object
            #expect(undone["result"] as? String == "undone" && undone["current"] as? Int == first && undone["deleted"] as? Int == 0)
            #expect(undone["undosLeft"] as? Int == 2, "the free tier's 3 undos a day, one used")
            _ = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(first),"decision":"delete"}"#)
            let kept = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(second),"decision":"keep"}"#).object
            #expect(kept["result"] as? String == "kept" && kept["reviewed"] as? Int == 4)
            let unknown = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":1,"decision":"shred"}"#)
            #expect(unknown.status == .badRequest)

            let batch = try await client.send(.get, "/api/v1/rounds/\(round)/batch").object
            #expect((batch["cards"] as? [[String: Any]])?.map { $0["id"] as! Int } == [firstCopy])
            let bytes = try #require(batch["bytesToFree"] as? Int)

            let report = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":true}"#).object
            #expect(report["confirmed"] as? Bool == true && report["deleted"] as? Int == 1 && report["bytesFreed"] as? Int == bytes)
            #expect(report["reviewed"] as? Int == 4 && report["kept"] as? Int == 3 && report["boss"] as? String == "duplicates")
            let xp = try #require(report["xpEarned"] as? Int)
            let breakdown = try #require(report["breakdown"] as? [String: Any])
            #expect((breakdown["files"] as! Int) + (breakdown["round"] as! Int) + (breakdown["size"] as! Int) == xp, "multiplier 1 on a first day")

            // The round is over: its id no longer answers, and the lock is free for the next one.
            let late = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(first),"decision":"keep"}"#)
            #expect(late.status == .notFound)
            let profile = try await client.send(.get, "/api/v1/profile").object
            #expect(profile["totalXP"] as? Int == xp && profile["photosDeleted"] as? Int == 1)

            let trash = try await client.send(.get, "/api/v1/trash").array
            #expect(trash.count == 1 && (trash[0]["originalPath"] as? String)?.hasSuffix("/Backup/IMAG0042 (1).jpg") == true)
            let trashID = try #require(trash[0]["id"] as? Int)
            #expect(!FileManager.default.fileExists(atPath: trash[0]["originalPath"] as! String))
            let reportJSON = try await client.send(.get, "/api/v1/report").object
            #expect(reportJSON["bytesFreed"] as? Int == bytes && reportJSON["filesDeleted"] as? Int == 1)

            let restored = try await client.send(.post, "/api/v1/trash/restore", json: #"{"ids":[\#(trashID)]}"#).object
            #expect(restored["restored"] as? [Int] == [trashID] && (restored["failed"] as? [Any])?.isEmpty == true)
            #expect(FileManager.default.fileExists(atPath: trash[0]["originalPath"] as! String))
            let badIDs = try await client.send(.post, "/api/v1/trash/restore", json: #"{"ids":["../x"]}"#)
            #expect(badIDs.status == .badRequest)

            let next = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"screenshots"}"#)
            #expect(next.status == .created, "the lock was released at the confirmation")
        }
    }

    /// A group card's decision names the members that stay: `keep` with the other copy moves the suggested
    /// one; an empty keep set or an id outside the group is 400 and nothing is recorded.
    @Test func aGroupCardKeepsTheMembersItIsToldTo() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"duplicates"}"#).object
            let round = try #require(started["round"] as? String)
            let card = try #require((started["cards"] as? [[String: Any]])?.first)
            let id = card["id"] as! Int
            let members = try #require((card["group"] as? [String: Any])?["members"] as? [[String: Any]])
            let suggested = members[0]["item"] as! Int, other = members[1]["item"] as! Int
            for keep in ["[]", "[\(id), 999999]", "\"x\""] {
                let refused = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(id),"decision":"delete","keep":\#(keep)}"#)
                #expect(refused.status == .badRequest, "keep \(keep)")
            }
            let state = try await client.send(.get, "/api/v1/rounds/current").object
            #expect(state["reviewed"] as? Int == 0 && state["current"] as? Int == id, "nothing recorded")
            let decided = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(id),"decision":"delete","keep":[\#(other)]}"#).object
            #expect(decided["result"] as? String == "deleted" && decided["deleted"] as? Int == 1 && decided["kept"] as? Int == 1)
            let batch = try await client.send(.get, "/api/v1/rounds/\(round)/batch").object
            #expect((batch["cards"] as? [[String: Any]])?.map { $0["id"] as! Int } == [suggested])
            let report = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":true}"#).object
            #expect(report["deleted"] as? Int == 1)
            let trash = try await client.send(.get, "/api/v1/trash").array
            let kept = try fixture.item(Int64(other))
            #expect(trash.count == 1 && FileManager.default.fileExists(atPath: kept.rawPath.description))
            #expect(trash.first?["originalPath"] as? String != kept.rawPath.description)
        }
    }

    /// A battle longer than a page: the start sends the first cards and `total`, each decision's answer
    /// the cards read since (`more`), so the card on the table is always one the page already has.
    @Test func aLongBossBattleIsDealtAPageAtATime() async throws {
        // The clock stands still: on a loaded machine 65 decisions can outlast the free tier's 5 minutes.
        let fixture = try WebFixture(clock: TestClock(), extraScreenshots: 60)
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"screenshots"}"#).object
            let round = try #require(started["round"] as? String), total = try #require(started["total"] as? Int)
            var known = try #require(started["cards"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
            #expect(total >= 63 && known.count < total, "\(known.count) of \(total) cards sent at the start")
            var current = started["current"] as? Int, decided = 0
            while let card = current, decided <= total {
                #expect(known.contains(card), "card \(card) is on the table but was never sent")
                let answer = try await client.send(.post, "/api/v1/rounds/\(round)/decisions",
                                                   json: #"{"card":\#(card),"decision":"keep"}"#).object
                known += ((answer["more"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }
                current = answer["current"] as? Int
                decided += 1
            }
            #expect(decided == total)
            #expect(known.count == total && Set(known).count == total, "every card sent once")
        }
    }

    /// The index cannot be read any more in the middle of a long battle: the cards already sent are played,
    /// and the decisions' answers say why no more come (the page shows it) instead of the queue just ending.
    @Test func aDeckThatCannotBeReadAnyMoreIsSaidInTheAnswers() async throws {
        let fixture = try WebFixture(clock: TestClock(), extraScreenshots: 60)
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"screenshots"}"#).object
            let round = try #require(started["round"] as? String)
            let sent = try #require(started["cards"] as? [[String: Any]]).count
            #expect(try fixture.sqlite("ALTER TABLE item RENAME TO itemElsewhere"))
            var current = started["current"] as? Int, decided = 0, problem: String?
            while let card = current, decided <= sent {
                let answer = try await client.send(.post, "/api/v1/rounds/\(round)/decisions",
                                                   json: #"{"card":\#(card),"decision":"keep"}"#).object
                problem = problem ?? answer["deckProblem"] as? String
                current = answer["current"] as? Int
                decided += 1
            }
            #expect(decided == sent)
            #expect(problem?.contains("no such table: item") == true, "\(problem ?? "no deckProblem")")
        }
    }

    /// A screenshots battle with its first card deleted, ended with "Not now": the answer to the confirmation.
    static func deleteOneNotNow(_ client: any TestClientProtocol) async throws -> [String: Any] {
        let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"screenshots"}"#).object
        let round = started["round"] as! String, card = started["current"] as! Int
        _ = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(card),"decision":"delete"}"#)
        return try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":false}"#).object
    }

    @Test func notNowKeepsTheBatchPending() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let report = try await Self.deleteOneNotNow(client)
            #expect(report["pending"] as? Bool == true && report["confirmed"] as? Bool == false && report["xpEarned"] as? Int == 0)
            let trash = try await client.send(.get, "/api/v1/trash").array
            #expect(trash.isEmpty, "nothing moved")
        }
    }

    /// The waiting batches are a read: listed while another round holds the mover's lock (the home page of a
    /// second browser asks for them then), not a 500.
    @Test func theWaitingBatchesAreListedWhileARoundIsInPlay() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            _ = try await Self.deleteOneNotNow(client)
            let next = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"old"}"#)
            #expect(next.status == .created)
            let pending = try await client.send(.get, "/api/v1/pending")
            #expect(pending.status == .ok, "\(pending.text)")
            #expect(pending.array.count == 1)
        }
    }

    @Test func aRoundEndsWhenItsTimeIsUp() async throws {
        let now = TestClock()
        let fixture = try WebFixture(clock: now)
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":null}"#).object
            #expect(started["seconds"] as? Double == 60)
            let round = started["round"] as! String, card = started["current"] as! Int
            now.set(seconds: 59)
            let inTime = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(card),"decision":"keep"}"#).object
            #expect(inTime["secondsLeft"] as? Double == 1)
            now.set(seconds: 61)
            // The card on the table as time ran out: its decision (a swipe under way then) is still taken, and ends the round.
            let next = inTime["current"] as! Int
            let last = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(next),"decision":"keep"}"#)
            #expect(last.status == .ok && last.object["result"] as? String == "kept" && last.object["over"] as? Bool == true)
            #expect(last.object["current"] == nil || last.object["current"] is NSNull)
            let late = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(next),"decision":"delete"}"#)
            #expect(late.status == .conflict && late.error?.contains("time is up") == true)
            let report = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":true}"#).object
            // The round's first card is a group of two copies, kept whole: two files reviewed, and the last card's.
            #expect((report["reviewed"] as? Int ?? 0) > 2 && report["deleted"] as? Int == 0)
        }
    }

    /// A tab closed mid-round holds the lock only until the round is abandoned (10 minutes untouched):
    /// then a new round takes over and the old batch waits in `clean pending`, nothing moved.
    @Test func anAbandonedRoundIsTakenOverAndItsBatchWaitsPending() async throws {
        let now = TestClock()
        let fixture = try WebFixture(clock: now, freeTier: true)
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":null}"#).object
            let round = started["round"] as! String, card = started["current"] as! Int
            _ = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(card),"decision":"delete"}"#)
            now.set(seconds: 599)
            #expect(try await client.send(.post, "/api/v1/rounds", json: #"{"boss":null}"#).status == .conflict)
            now.set(seconds: 1_200)
            let next = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":null}"#)
            #expect(next.status == .created, "\(next.error ?? "")")
            #expect(try await client.send(.get, "/api/v1/rounds/\(round)/batch").status == .notFound)
            #expect(try await client.send(.get, "/api/v1/trash").array.isEmpty, "nothing moved")
            let second = try #require(next.object["round"] as? String)
            _ = try await client.send(.post, "/api/v1/rounds/\(second)/confirm", json: #"{"yes":false}"#)   // the lock goes with it
        }
        let pending = try fixture.pendingRounds()
        // The first card was a group of two copies: the copy waits to go, the suggested one stays.
        #expect(pending.count == 1 && pending.first?.kind == .round && pending.first?.reviewed == 2)
        #expect(try fixture.allowanceLeft().swipeSeconds == 240, "the abandoned round counts its 60 seconds, not 20 minutes")
    }

    /// A reload of /play or a second tab finds the round in play where it stands (the card on the
    /// table, the tallies, the time left) instead of a 409; the terminal is still refused meanwhile.
    @Test func aReloadDuringARoundResumesIt() async throws {
        let now = TestClock()
        let fixture = try WebFixture(clock: now)
        try await fixture.test { client in
            #expect(try await client.send(.get, "/api/v1/rounds/current").object["round"] is NSNull, "nothing to resume yet")
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":null}"#).object
            let round = try #require(started["round"] as? String), first = try #require(started["current"] as? Int)
            _ = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(first),"decision":"delete"}"#)
            now.set(seconds: 20)

            let resumed = try await client.send(.get, "/api/v1/rounds/current")
            #expect(resumed.status == .ok)
            let state = resumed.object
            let second = try #require(state["current"] as? Int)
            #expect(state["round"] as? String == round && second != first)
            // The first card was a group of two copies: both reviewed, the copy deleted.
            #expect(state["reviewed"] as? Int == 2 && state["deleted"] as? Int == 1 && state["resumed"] as? Bool == true)
            #expect(state["secondsLeft"] as? Double == 40 && state["seconds"] as? Double == 60 && state["kind"] as? String == "round")
            let cards = try #require(state["cards"] as? [[String: Any]]).compactMap { $0["id"] as? Int }
            #expect(cards.contains(second), "the card on the table is among the cards sent")
            #expect(try await client.send(.post, "/api/v1/rounds", json: #"{"boss":null}"#).status == .conflict, "still one round")
            // The terminal's round is refused while the web round runs (the one-round lock); the trash's commands are not.
            #expect(throws: PlayRefusal.roundInPlay(home: AppContext.home(fixture.environment)), "the terminal is refused while the web round runs") {
                _ = try AppService(environment: fixture.environment).openRound(boss: nil)
            }
            #expect(try AppService(environment: fixture.environment).trashListing().files.isEmpty)

            // The resumed page plays on: the card it was given is the one on the table.
            let kept = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(second),"decision":"keep"}"#)
            let secondFiles = (try #require(state["cards"] as? [[String: Any]]).first { $0["id"] as? Int == second }?["group"] as? [String: Any])
                .flatMap { ($0["members"] as? [Any])?.count } ?? 1
            #expect(kept.status == .ok && kept.object["reviewed"] as? Int == 2 + secondFiles)
            let report = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":false}"#).object
            #expect(report["reviewed"] as? Int == 2 + secondFiles && report["pending"] as? Bool == true)
            #expect(try await client.send(.get, "/api/v1/rounds/current").object["round"] is NSNull, "over: nothing to resume")
        }
    }

    /// A boss battle resumed says which boss, and has no countdown.
    @Test func aResumedBossBattleNamesItsBoss() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            _ = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"old"}"#)
            let state = try await client.send(.get, "/api/v1/rounds/current").object
            #expect(state["boss"] as? String == "old" && state["kind"] as? String == "boss" && state["seconds"] is NSNull)
        }
    }

    @Test func theFreeTiersSwipingTimeUsedUpRefusesARound() async throws {
        let fixture = try WebFixture(freeTier: true)
        try fixture.spendToday(seconds: 300)
        try await fixture.test { client in
            let refused = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":null}"#)
            #expect(refused.status == .conflict)
            #expect(refused.error == "you have used today's 5 minutes of swiping (free tier); it renews at midnight, and choosing no limits on the Settings page lifts it")
            let boss = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"old"}"#)
            #expect(boss.status == .conflict, "a boss battle too")
        }
    }

    @Test func aBossWithNoCardsNamesOneThatHasSome() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let response = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"videos"}"#)
            #expect(response.status == .notFound)
            #expect(response.error == "no big videos to deal right now; the old boss has 9 cards")
        }
    }

    /// The page's running figures are the driver's: the XP estimate grows with each delete, undo gives it back.
    @Test func theXPEstimateFollowsTheDecisions() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let started = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"old"}"#).object
            let round = started["round"] as! String
            let first = started["current"] as! Int
            let one = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(first),"decision":"delete"}"#).object
            #expect(one["xpEstimate"] as? Int == 51, "1 file + 50 for the round, day 1 ×1")
            let second = one["current"] as! Int
            let two = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":\#(second),"decision":"delete"}"#).object
            #expect(two["xpEstimate"] as? Int == 52)
            let back = try await client.send(.post, "/api/v1/rounds/\(round)/decisions", json: #"{"card":null,"decision":"undo"}"#).object
            #expect(back["xpEstimate"] as? Int == 51 && back["current"] as? Int == second)
            let report = try await client.send(.post, "/api/v1/rounds/\(round)/confirm", json: #"{"yes":true}"#).object
            let breakdown = try #require(report["breakdown"] as? [String: Any])
            #expect(breakdown["files"] as? Int == 1 && breakdown["round"] as? Int == 50 && breakdown["boss"] as? Int == 0)
            #expect(report["xpEarned"] as? Int == 51 + (breakdown["challenges"] as? Int ?? -1))
        }
    }

    @Test func unknownBossIsABadRequest() async throws {
        let fixture = try WebFixture()
        try await fixture.test { client in
            let response = try await client.send(.post, "/api/v1/rounds", json: #"{"boss":"dragons"}"#)
            #expect(response.status == .badRequest && response.error?.contains("unknown boss") == true && response.error?.contains("dragons") == false)
        }
    }

    @Test func mediaIsAnUprightPreviewOfTheIndexedPhoto() async throws {
        let fixture = try WebFixture()
        let jpeg = try fixture.itemID("DCIM/Camera/IMAG0042.jpg")
        let heic = try fixture.itemID("DCIM/100APPLE/IMG_2927.HEIC")
        try await fixture.test { client in
            let photo = try await client.send(.get, "/media/\(jpeg)")
            #expect(photo.status == .ok && photo.headers[.contentType] == "image/jpeg")
            let image = try Decoding.decode(bytes: Array(photo.body.readableBytesView), name: "preview")
            #expect((image.width, image.height) == (776, 909))
            let fromHEIC = try await client.send(.get, "/media/\(heic)")
            #expect(fromHEIC.status == .ok && fromHEIC.headers[.contentType] == "image/jpeg")
            let upright = try Decoding.decode(bytes: Array(fromHEIC.body.readableBytesView), name: "preview")
            #expect((upright.width, upright.height) == (1_200, 1_600))
            // A phone's sizes (`srcset`): the same photo at 1080 and 640 px on the long side; no other size.
            for (side, size) in [(1_080, (810, 1_080)), (640, (480, 640))] {
                let small = try await client.send(.get, "/media/\(heic)?side=\(side)")
                let decoded = try Decoding.decode(bytes: Array(small.body.readableBytesView), name: "preview")
                #expect(small.status == .ok && (decoded.width, decoded.height) == size, "side \(side)")
            }
            #expect(try await client.send(.get, "/media/\(heic)?side=100000").status == .badRequest)
            #expect(try await client.send(.get, "/media/\(heic)?side=x").status == .badRequest)
        }
    }

    /// A video's poster frame (ffmpeg): the MP4's frame a second in, scaled to 640 wide; a photo
    /// has none (404), nor has an id that is not indexed.
    @Test func aVideosPosterFrameIsAJPEGAndAPhotoHasNone() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is not installed: sudo apt-get install -y ffmpeg (or make setup)")
        let fixture = try WebFixture()
        let video = try fixture.itemID("Movies/VID_20250612_190000.mp4")
        let photo = try fixture.itemID("DCIM/Camera/IMAG0042.jpg")
        try await fixture.test { client in
            let poster = try await client.send(.get, "/media/\(video)/poster")
            #expect(poster.status == .ok && poster.headers[.contentType] == "image/jpeg")
            let frame = try Decoding.decode(bytes: Array(poster.body.readableBytesView), name: "poster")
            // 190×240 scaled to 640 wide, the height rounded to an even number.
            #expect((frame.width, frame.height) == (640, 808))
            let again = try await client.send(.get, "/media/\(video)/poster")
            #expect(Array(again.body.readableBytesView) == Array(poster.body.readableBytesView), "made once, then cached")
            #expect(try await client.send(.get, "/media/\(photo)/poster").status == .notFound)
            #expect(try await client.send(.get, "/media/987654/poster").status == .notFound)
        }
    }
}

/// A clock the test moves by hand, shared by the server's tasks.
final class TestClock: Clock, @unchecked Sendable {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private let lock = NSLock()
    private var value = Instant(offset: .zero)
    var now: Instant { lock.lock(); defer { lock.unlock() }; return value }
    var minimumResolution: Duration { .zero }

    func set(seconds: Int) { lock.lock(); value = Instant(offset: .seconds(seconds)); lock.unlock() }
    func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}
