import ImSDK_Plus

/// Edit mode: a selection of shown rows, and the batch actions on it.
///
/// The selection holds only rows the model shows: selecting an ID that is not shown does nothing,
/// and a row that leaves the rows (deleted, filtered out, a reload) leaves the selection. Leaving
/// edit mode clears it.
extension ConversationListModel {
    /// Whether the list is in edit mode.
    public var isEditing: Bool { state.withLock { $0.isEditing } }

    /// The selected conversation IDs, in row order.
    public var selection: [String] {
        state.withLock { state in state.rows.map(\.conversationID).filter(state.selection.contains) }
    }

    /// Enters or leaves edit mode; leaving it clears the selection.
    public func setEditing(_ editing: Bool) {
        state.withLock { state in
            state.isEditing = editing
            if !editing { state.selection = [] }
        }
    }

    /// Selects or deselects a shown row (in edit mode; otherwise nothing happens).
    /// - Returns: whether the row is selected afterwards.
    @discardableResult
    public func setSelected(_ conversationID: String, _ selected: Bool) -> Bool {
        state.withLock { state in
            guard state.isEditing, state.rows.contains(where: { $0.conversationID == conversationID }) else {
                return state.selection.contains(conversationID)
            }
            if selected { state.selection.insert(conversationID) } else { state.selection.remove(conversationID) }
            return selected
        }
    }

    /// Selects every shown row (in edit mode).
    public func selectAll() {
        state.withLock { state in
            guard state.isEditing else { return }
            state.selection = Set(state.rows.map(\.conversationID))
        }
    }

    /// Pins or unpins the selection; one outcome per selected row, in row order.
    public func pinSelection(_ on: Bool) async -> [Outcome] { await pin(selection, on) }

    /// Mutes or unmutes the selection.
    public func muteSelection(_ on: Bool) async -> [Outcome] { await mute(selection, on) }

    /// Marks the selection read.
    public func markSelectionRead() async -> [Outcome] { await markRead(selection) }

    /// Marks the selection unread.
    public func markSelectionUnread() async -> [Outcome] { await markUnread(selection) }

    /// Deletes the selection; the deleted rows leave the selection with the rows.
    public func deleteSelection() async -> [Outcome] { await delete(selection) }
}
