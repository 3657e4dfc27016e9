import Foundation
import ImSDK_Plus

/// How a list of rows changed in one batch, in the shape of a `UITableView` batch update.
///
/// Semantics (what `apply(_:to:reading:)` does, and what a table view does with the same values):
/// 1. `deletes` and every `moves[i].from` are indexes into the *old* rows; those rows leave.
/// 2. `inserts` and every `moves[i].to` are indexes into the *new* rows: inserted rows and moved
///    rows take exactly those places.
/// 3. The remaining old rows keep their relative order and fill the remaining places in order.
/// 4. `reloads` are indexes into the *new* rows whose content changed (a moved row may be among
///    them; UIKit users reconfigure those cells after the batch, since UIKit cannot reload and move
///    one row in the same batch).
/// A `reset` says "read everything again" (`reloadData()`); its index sets are empty.
/// - Thread safety: a value type.
public struct ConversationListDiff: Sendable, CustomStringConvertible {
    /// Old indexes of rows that left the list.
    public private(set) var deletes = IndexSet()
    /// New indexes of rows that joined the list.
    public private(set) var inserts = IndexSet()
    /// Rows that stayed but changed place relative to the others: old index to new index.
    public private(set) var moves: [(from: Int, to: Int)] = []
    /// New indexes of rows that stayed and whose content changed.
    public private(set) var reloads = IndexSet()
    /// Whether this is a reset: throw away the old rows, show the new ones.
    public private(set) var isReset = false

    /// Read everything again.
    public static let reset: ConversationListDiff = {
        var diff = ConversationListDiff()
        diff.isReset = true
        return diff
    }()

    private init() {}

    /// The changes that turn `old` into `new`, rows being identified by `conversationID`.
    ///
    /// Moves are as few as possible: the rows whose old order forms a longest increasing run in the
    /// new order stay, the others move.
    /// - Precondition: no conversation ID appears twice in `old` or in `new`.
    /// - Complexity: O((n + m) log(n + m)) for n old and m new rows.
    public init(from old: [ConversationRowViewData], to new: [ConversationRowViewData]) {
        let oldIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.conversationID, $0) })
        let newIndex = Dictionary(uniqueKeysWithValues: new.enumerated().map { ($1.conversationID, $0) })
        var common: [(old: Int, new: Int)] = []
        for (index, row) in old.enumerated() where newIndex[row.conversationID] == nil { deletes.insert(index) }
        for (index, row) in new.enumerated() {
            guard let from = oldIndex[row.conversationID] else {
                inserts.insert(index)
                continue
            }
            common.append((from, index))
            if old[from] != row { reloads.insert(index) }
        }
        let staying = Self.longestIncreasingRun(common.map(\.old))
        moves = common.enumerated().filter { !staying.contains($0.offset) }.map { (from: $1.old, to: $1.new) }
    }

    /// Whether nothing changed (a reset is never empty).
    public var isEmpty: Bool {
        !isReset && deletes.isEmpty && inserts.isEmpty && moves.isEmpty && reloads.isEmpty
    }

    public var description: String {
        if isReset { return "reset" }
        let moved = moves.map { "\($0.from)->\($0.to)" }.joined(separator: ",")
        return "deletes \(Array(deletes)) inserts \(Array(inserts)) moves [\(moved)] reloads \(Array(reloads))"
    }

    /// The rows after `diff`, built from `old` as a table view would: only inserted and reloaded
    /// rows are read from `new`, every other row is carried over from `old`.
    ///
    /// A reset returns `new`.
    /// - Precondition: `diff` was made for `old` and `new` (counts and indexes in range).
    /// - Complexity: O(n + m).
    public static func apply<Row>(_ diff: ConversationListDiff, to old: [Row], reading new: [Row]) -> [Row] {
        if diff.isReset { return new }
        let leaving = diff.deletes.union(IndexSet(diff.moves.map(\.from)))
        let count = old.count - diff.deletes.count + diff.inserts.count
        precondition(count == new.count && leaving.count == diff.deletes.count + diff.moves.count,
                     "the diff does not fit the rows: \(diff)")
        var placed: [Row?] = Array(repeating: nil, count: count)
        for move in diff.moves { placed[move.to] = old[move.from] }
        for index in diff.inserts { placed[index] = new[index] }
        var staying = old.indices.lazy.filter { !leaving.contains($0) }.makeIterator()
        var result: [Row] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            if diff.reloads.contains(index) {
                result.append(new[index])
                if placed[index] == nil { _ = staying.next() }
            } else if let row = placed[index] {
                result.append(row)
            } else {
                guard let from = staying.next() else { preconditionFailure("the diff does not fit the rows: \(diff)") }
                result.append(old[from])
            }
        }
        precondition(staying.next() == nil, "the diff does not fit the rows: \(diff)")
        return result
    }

    /// The positions (into `values`) of one longest strictly increasing subsequence.
    /// - Complexity: O(n log n).
    private static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []
        var previous = Array(repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run = Set<Int>()
        var position = tails.last ?? -1
        while position >= 0 {
            run.insert(position)
            position = previous[position]
        }
        return run
    }
}
