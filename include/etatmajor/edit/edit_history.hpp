// SPDX-License-Identifier: GPL-3.0-or-later
// Undo/redo history of a map being edited, without any GUI: the same rules as the editor's wxCommandProcessor
// adapter (a stroke's edits merge into one step, the saved state is remembered for the dirty flag).
#pragma once

#include "etatmajor/edit/edit.hpp"
#include "etatmajor/map/map.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace etatmajor::edit {

class EditHistory {
public:
    // `limit`: the most undo steps kept (0 = no limit); the oldest are forgotten first.
    explicit EditHistory(std::size_t limit = 0) : m_limit(limit) {}

    // Applies `edit` to `map` and records it: merged into the last step when that step was the last thing done and
    // both belong to the same stroke, else as a new step (forgetting whatever could be redone). An empty edit is
    // neither applied nor recorded. Returns whether the map changed.
    bool perform(map::Map& map, Edit edit);

    bool canUndo() const { return m_position > 0; }
    bool canRedo() const { return m_position < m_steps.size(); }
    // Labels of the steps undo() and redo() would take; empty when there is none.
    std::string undoLabel() const;
    std::string redoLabel() const;

    // Reverts / re-applies one step and returns it (for redrawing what it touched); nullptr when there is none.
    const Edit* undo(map::Map& map);
    const Edit* redo(map::Map& map);

    // Dirty: the map differs from the state last marked as saved (or was never saved, once edited).
    bool isDirty() const { return m_savedAt != m_position; }
    void markSaved();
    // Forgets every step; the current state counts as saved.
    void clear();

    std::size_t size() const { return m_steps.size(); }
    std::size_t position() const { return m_position; }
    const std::vector<Edit>& steps() const { return m_steps; }

private:
    std::size_t m_limit;
    std::vector<Edit> m_steps;
    std::size_t m_position = 0;
    // The position of the saved state; kUnreachable once undoing and redoing can no longer get back to it.
    static constexpr std::size_t kUnreachable = static_cast<std::size_t>(-1);
    std::size_t m_savedAt = 0;
    bool m_mergeOpen = false;  // the last step may absorb the next edit of its stroke
};

}  // namespace etatmajor::edit
