import FileSystem
import Foundation
import Library

/// The members a round's group cards kept, by group: a duplicate or similar photo the player deleted
/// from a group card moves only against them (the first kept copy is the twin a duplicate is compared
/// with byte for byte, or the photo kept in a similar one's place), and only while every one of them
/// is still the file that was dealt.
struct GroupKeepers {
    private var kept: [String: [ItemRecord]] = [:]
    private var problems: [String: String?] = [:]

    /// From the round's decisions: each member of a duplicate or similar group kept (or kept as the copy that
    /// stays while the others go), by its group now.
    init(_ decisions: [DecisionRecord], library: LibraryDatabase) throws {
        for decision in decisions where decision.decision == .keep || decision.decision == .stay {
            guard let category = CardCategory(rawValue: decision.category), category == .duplicates || category == .similar,
                  let item = try library.cardFiles(of: decision.item)?.item,
                  let key = Self.key(item, category) else { continue }
            kept[key, default: []].append(item)
        }
    }

    /// The decisions of `decisions` that kept a member of the group of one of `deletes` (a group card's keepers): what a
    /// batch carried over to another keeps beside its deletes, so they still move only against them.
    static func keeping(_ deletes: [DecisionRecord], among decisions: [DecisionRecord], library: LibraryDatabase) throws -> [DecisionRecord] {
        var groups = Set<String>()
        for decision in deletes {
            if let category = CardCategory(rawValue: decision.category), let item = try library.cardFiles(of: decision.item)?.item,
               let key = key(item, category) { groups.insert(key) }
        }
        guard !groups.isEmpty else { return [] }
        return try decisions.filter { decision in
            guard decision.decision == .keep || decision.decision == .stay, let category = CardCategory(rawValue: decision.category),
                  let item = try library.cardFiles(of: decision.item)?.item, let key = key(item, category) else { return false }
            return groups.contains(key)
        }
    }

    /// The group an item belongs to now under `category`.
    private static func key(_ item: ItemRecord, _ category: CardCategory) -> String? {
        switch category {
        case .duplicates: item.duplicateGroup.map { "d\($0)" }
        case .similar: item.similarGroup.map { "s\($0)" }
        default: nil
        }
    }

    /// The members kept from the group of `item` in this round, the first to compare with first; nil when
    /// the round kept none of it (a card of one file, or a batch dealt before group cards).
    func keepers(of item: ItemRecord, category: String) -> [ItemRecord]? {
        guard let category = CardCategory(rawValue: category), let key = Self.key(item, category) else { return nil }
        return kept[key].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Why nothing of the group moves (a kept member changed or is gone since it was dealt), or nil.
    mutating func problem(with keepers: [ItemRecord]) -> String? {
        let key = keepers.map { String($0.id!) }.joined(separator: ",")
        if let known = problems[key] { return known }
        var problem: String?
        for keeper in keepers {
            let path = keeper.rawPath
            do {
                // Reached without following a link anywhere on the way: a kept copy behind a planted link
                // could be the very file that moves.
                let now = try NoLinks.status(path)
                if now.kind != .regular || !now.isSameVersion(as: keeper.status) {
                    problem = "the copy kept in its place, \(path), changed since it was dealt; nothing of this group moves"
                }
            } catch where error.isNotFound {
                problem = "the copy kept in its place, \(path), is gone since it was dealt; this one stays, it may be the last copy"
            } catch {
                problem = "the copy kept in its place, \(path), is reached through a symbolic link now or cannot be checked (\(error.reason)); this one stays, it may be the last copy"
            }
            if problem != nil { break }
        }
        problems[key] = problem
        return problem
    }
}
