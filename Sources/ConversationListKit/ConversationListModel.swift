import Foundation
import ImSDK_Plus
import IMTransportKit

/// A conversation list screen's model, built on the public V2 API only: it pages the list in with
/// `getConversationList(nextSeq:count:)`, keeps it current with a `V2TIMConversationListener`, and
/// reports every change as one `ConversationListDiff`.
///
/// The rows are always a correct prefix of the conversation list (pinned first, then by `orderKey`
/// descending) under the filter: a conversation that a listener event brings in shows once it sorts
/// above the last row paged in; below that, it waits until paging reaches it.
///
/// - Thread safety: every method may be called from any thread. The rows change only on the SDK's
///   callback queue (`V2TIMSDKConfig.callbackQueue`), where listener callbacks and `succ` callbacks
///   run; `onChange` and `onTotalUnreadChange` are called there, one batch at a time, in order.
public final class ConversationListModel: @unchecked Sendable {
    // Invariant: mutable state is only in `state`, changed only on the callback queue (reads may
    // come from anywhere); user callbacks are never called while it is locked.

    /// Called after every batch that changed the rows, with the diff and the rows after it.
    public typealias ChangeHandler = (ConversationListDiff, [ConversationRowViewData]) -> Void

    /// The SDK instance the model reads.
    public let manager: V2TIMManager
    /// How many conversations one `loadNextPage()` asks for.
    public let pageSize: Int32

    /// Internal rather than private for the extension files (`+EditMode`, `+SyncState`), which keep its rules.
    let state = Locked(State())
    private let listener = Listener()

    /// A model of `manager`'s conversation list; it listens from now on and shows nothing until
    /// the first `loadNextPage()`.
    /// - Parameter pageSize: conversations per page; values below 1 count as 1.
    public init(manager: V2TIMManager, pageSize: Int32 = 50) {
        self.manager = manager
        self.pageSize = max(1, pageSize)
        listener.model = self
        manager.addConversationListener(listener: listener)
        manager.addIMSDKListener(listener: listener)
        manager.getTotalUnreadMessageCount(succ: { [weak self] total in self?.setTotalUnread(total) }, fail: nil)
    }

    deinit {
        manager.removeConversationListener(listener: listener)
        manager.removeIMSDKListener(listener: listener)
    }

    /// Stops listening; the rows stay as they are.
    public func stop() {
        manager.removeConversationListener(listener: listener)
        manager.removeIMSDKListener(listener: listener)
    }

    // MARK: - Reading

    /// The rows to show, in list order.
    public var rows: [ConversationRowViewData] { state.withLock { $0.rows } }

    /// The filter in force.
    public var filter: Filter { state.withLock { $0.filter } }

    /// The total unread count (muted conversations left out), as the SDK reports it.
    public var totalUnread: UInt64 { state.withLock { $0.totalUnread } }

    /// Whether paging reached the end of the list.
    public var hasLoadedEverything: Bool { state.withLock { $0.loaded == .everything } }

    /// Whether there is nothing to show and nothing more to load: the "empty list" state.
    public var isEmpty: Bool { state.withLock { $0.rows.isEmpty && $0.loaded == .everything } }

    /// The marks of `conversationID` as last heard (0 for a conversation the model does not know).
    func knownMarks(of conversationID: String) -> UInt64 {
        state.withLock { $0.entries[conversationID]?.marks ?? 0 }
    }

    /// Called on the callback queue after every batch (a page, a listener callback, a filter change)
    /// that changed the rows.
    public var onChange: ChangeHandler? {
        get { state.withLock { $0.onChange } }
        set { state.withLock { $0.onChange = newValue } }
    }

    /// Called on the callback queue when the total unread count changes.
    public var onTotalUnreadChange: ((UInt64) -> Void)? {
        get { state.withLock { $0.onTotalUnreadChange } }
        set { state.withLock { $0.onTotalUnreadChange = newValue } }
    }

    // MARK: - Paging and filtering

    /// Loads the next page of the list and merges it into the rows (one `onChange` per page).
    ///
    /// Under a filter, it goes on loading until a page adds a row the filter shows, or the list
    /// ends, each page twice the size of the one before (up to 64 times `pageSize`): a selective
    /// filter never needs call after call before a row appears, and reaching a row k conversations
    /// down takes about log(k / pageSize) pages (each one O(log n + its size) read of the SDK's
    /// local list, and one merge).
    /// - Returns: whether more pages remain; false once the whole list is loaded.
    /// - Throws: the SDK's `V2TIMError`; `ERR_IN_PROGESS` (6015) while another page is loading.
    ///   The rows stay as they were (pages loaded before the failure stay merged).
    public func loadNextPage() async throws -> Bool {
        let shownBefore = Set(rows.map(\.conversationID))
        var count = pageSize
        while true {
            let more = try await loadOnePage(count: count)
            let (filtered, shown) = state.withLock { ($0.filter != Filter(), $0.rows.map(\.conversationID)) }
            if !more || !filtered || shown.contains(where: { !shownBefore.contains($0) }) { return more }
            let doubled = count.multipliedReportingOverflow(by: 2), cap = pageSize.multipliedReportingOverflow(by: 64)
            count = min(doubled.overflow ? .max : doubled.partialValue, cap.overflow ? .max : cap.partialValue)
        }
    }

    /// Loads one page of `count` conversations and merges it into the rows.
    private func loadOnePage(count: Int32) async throws -> Bool {
        let start = try state.withLock { state throws(V2TIMError) -> (seq: UInt64, generation: UInt64, walk: Walk?)? in
            if state.loaded == .everything { return nil }
            guard !state.isLoading else {
                throw V2TIMError(code: V2TIMErrorCode.ERR_IN_PROGESS, desc: "a page is already loading")
            }
            state.isLoading = true
            // A filter the SDK can walk is paged by it; from then on the loaded prefix holds only
            // what that walk selects (`setFilter` starts over for another filter).
            let walk = state.filter.walk
            if walk != nil { state.prefixWalk = walk }
            return (seq: state.nextSeq, generation: state.generation, walk: walk)
        }
        guard let start else { return false }
        return try await withCheckedThrowingContinuation { continuation in
            let succ: V2TIMConversationResultSucc = { list, nextSeq, isFinished in
                self.merge(page: list ?? [], nextSeq: nextSeq, isFinished: isFinished, generation: start.generation)
                continuation.resume(returning: !isFinished)
            }
            let fail: V2TIMFail = { code, desc in
                self.state.withLock { state in
                    if state.generation == start.generation { state.isLoading = false }
                }
                continuation.resume(throwing: V2TIMError(code: code, desc: desc ?? ""))
            }
            if let walk = start.walk {
                manager.getConversationListByFilter(
                    filter: walk.makeFilter(), nextSeq: start.seq, count: UInt32(count), succ: succ, fail: fail)
            } else {
                manager.getConversationList(nextSeq: start.seq, count: count, succ: succ, fail: fail)
            }
        }
    }

    /// Forgets every row and loads the first page again: for a model that outlives a logout (its
    /// rows belong to the previous user) or that was made before login. Reported as a `.reset`
    /// (rows empty), then the first page's diff; the total unread is read again.
    ///
    /// A page that was loading when this is called is dropped when it arrives.
    /// - Returns: whether more pages remain.
    /// - Throws: the SDK's `V2TIMError` for the first page (e.g. not logged in); the rows stay empty
    ///   (and the total is 0 when it cannot be read either).
    public func reload() async throws -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            manager.callbackQueue.async {
                self.update(reset: true) { state in
                    state.entries = [:]
                    state.startOver()
                }
                continuation.resume()
            }
        }
        manager.getTotalUnreadMessageCount(succ: { [weak self] total in self?.setTotalUnread(total) },
                                           fail: { [weak self] _, _ in self?.setTotalUnread(0) })
        return try await loadNextPage()
    }

    /// Shows only the conversations `filter` selects; reported as a `.reset`.
    ///
    /// A filter the SDK can walk (one kind, favourites) is paged by `getConversationListByFilter`,
    /// so its rows come page by page however few the list holds. The rows loaded so far are
    /// filtered at once, unless they were paged by another filter's walk: then the model starts
    /// over and loads the first page of the new filter before returning (an error leaves the
    /// rows empty; `loadNextPage()` tries again).
    /// Returns once the rows show the new filter and `onChange` ran.
    public func setFilter(_ filter: Filter) async {
        let startedOver = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            manager.callbackQueue.async {
                var startedOver = false
                self.update(reset: true) { state in
                    if let walk = state.prefixWalk, walk != filter.walk {
                        state.startOver()
                        startedOver = true
                    }
                    state.filter = filter
                }
                continuation.resume(returning: startedOver)
            }
        }
        if startedOver { _ = try? await loadNextPage() }
    }

    // MARK: - Changes (on the callback queue)

    private func merge(page: [V2TIMConversation], nextSeq: UInt64, isFinished: Bool, generation: UInt64) {
        update { state in
            guard state.generation == generation else { return }  // asked for before a reload()
            state.isLoading = false
            state.nextSeq = nextSeq
            for conversation in page { state.entries[conversation.conversationID] = Entry(conversation) }
            if isFinished {
                state.loaded = .everything
            } else if let last = page.last {
                // Whatever the walk has not returned yet and no event told about sorts below the
                // walk's position, and the last conversation of the page sorts at or above it
                // (unless it was unpinned since the walk started: then the rows may miss
                // conversations between it and the pinned band until the next page).
                state.loaded.extend(to: Entry(last).position)
            }
        }
    }

    fileprivate func upsert(_ conversations: [V2TIMConversation]) {
        update { state in
            for conversation in conversations { state.entries[conversation.conversationID] = Entry(conversation) }
        }
    }

    fileprivate func remove(_ conversationIDs: [String]) {
        update { state in
            for id in conversationIDs { state.entries[id] = nil }
        }
    }

    fileprivate func setTotalUnread(_ total: UInt64) {
        let handler = state.withLock { state -> ((UInt64) -> Void)? in
            guard state.totalUnread != total else { return nil }
            state.totalUnread = total
            return state.onTotalUnreadChange
        }
        handler?(total)
    }

    fileprivate func setSyncState(_ syncState: SyncState) {
        let handler = state.withLock { state -> ((SyncState) -> Void)? in
            guard state.syncState != syncState else { return nil }
            state.syncState = syncState
            return state.onSyncStateChange
        }
        handler?(syncState)
    }

    /// Applies `change`, recomputes the rows and reports the diff (when there is one).
    /// - Complexity: O(n log n), n being the conversations the model knows.
    private func update(reset: Bool = false, _ change: (inout State) -> Void) {
        let delivery = state.withLock { state -> (ChangeHandler, ConversationListDiff, [ConversationRowViewData])? in
            let old = state.rows
            change(&state)
            state.rows = state.visibleRows()
            // The selection holds shown rows only: a row that went (deleted, filtered out) leaves it.
            if !state.selection.isEmpty { state.selection.formIntersection(state.rows.map(\.conversationID)) }
            let diff = reset ? ConversationListDiff.reset : ConversationListDiff(from: old, to: state.rows)
            guard !diff.isEmpty, let handler = state.onChange else { return nil }
            return (handler, diff, state.rows)
        }
        if let (handler, diff, rows) = delivery { handler(diff, rows) }
    }
}

extension ConversationListModel {
    /// How far down the list paging has reached.
    enum Loaded: Equatable {
        /// No page yet.
        case nothing
        /// Every conversation at or above this position is known.
        case through(Position)
        /// The whole list.
        case everything

        func contains(_ position: Position) -> Bool {
            switch self {
            case .nothing: false
            case .through(let boundary): position <= boundary
            case .everything: true
            }
        }

        /// Moves the boundary down to `position` (never up).
        mutating func extend(to position: Position) {
            switch self {
            case .nothing: self = .through(position)
            case .through(let boundary): self = .through(max(boundary, position))
            case .everything: break
            }
        }
    }

    struct State {
        /// Every conversation the model heard of, shown or not, by ID.
        var entries: [String: Entry] = [:]
        var loaded = Loaded.nothing
        var nextSeq: UInt64 = 0
        var isLoading = false
        /// Counts `reload()`s; a page asked for in an earlier generation is dropped.
        var generation: UInt64 = 0
        var filter = Filter()
        var rows: [ConversationRowViewData] = []
        var totalUnread: UInt64 = 0
        var onChange: ChangeHandler?
        var onTotalUnreadChange: ((UInt64) -> Void)?
        var syncState = SyncState.unknown
        var onSyncStateChange: ((SyncState) -> Void)?
        /// Edit mode and its selection (`ConversationListModel+EditMode.swift`).
        var isEditing = false
        var selection: Set<String> = []
        /// The filtered SDK walk the loaded prefix came from (nil: whole-list pages only).
        var prefixWalk: Walk?

        /// Forgets how far paging reached (not the conversations heard of); a page loading now is
        /// dropped when it arrives.
        mutating func startOver() {
            loaded = .nothing
            nextSeq = 0
            isLoading = false
            prefixWalk = nil
            generation &+= 1
        }

        /// The loaded conversations the filter selects, in list order.
        func visibleRows() -> [ConversationRowViewData] {
            entries.values
                .filter { loaded.contains($0.position) && filter.matches($0) }
                .sorted { $0.position < $1.position }
                .map(\.row)
        }
    }

    /// Forwards listener callbacks to the model (the SDK holds listeners weakly; the model holds this).
    private final class Listener: V2TIMConversationListener, V2TIMSDKListener {
        weak var model: ConversationListModel?

        func onNewConversation(conversationList: [V2TIMConversation]) { model?.upsert(conversationList) }
        func onConversationChanged(conversationList: [V2TIMConversation]) { model?.upsert(conversationList) }
        func onConversationDeleted(conversationIDList: [String]) { model?.remove(conversationIDList) }
        func onTotalUnreadMessageCountChanged(totalUnreadCount: UInt64) { model?.setTotalUnread(totalUnreadCount) }
        func onSyncServerStart() { model?.setSyncState(.syncing) }
        func onSyncServerFinish() { model?.setSyncState(.upToDate) }
        func onSyncServerFailed() { model?.setSyncState(.syncFailed) }
        func onConnecting() { model?.setSyncState(.connecting) }
        func onConnectFailed(_ code: Int32, err: String?) { model?.setSyncState(.disconnected(code: code)) }
        func onKickedOffline() { model?.setSyncState(.loggedOut) }
        func onUserSigExpired() { model?.setSyncState(.loggedOut) }
    }
}
