// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/edit/edit_history.hpp"

namespace etatmajor::edit {

bool EditHistory::perform(map::Map& map, Edit edit) {
    if (edit.empty()) return false;
    edit.apply(map);
    const bool atEnd = m_position == m_steps.size();
    if (m_mergeOpen && atEnd && !m_steps.empty() && m_steps.back().canMergeWith(edit)) {
        // The saved state, if it was the one this step led to, is gone: the step now leads elsewhere.
        if (m_savedAt == m_position) m_savedAt = kUnreachable;
        m_steps.back().mergeWith(std::move(edit));
        return true;
    }
    if (!atEnd) {
        if (m_savedAt != kUnreachable && m_savedAt > m_position) m_savedAt = kUnreachable;
        m_steps.erase(m_steps.begin() + static_cast<std::ptrdiff_t>(m_position), m_steps.end());
    }
    m_steps.push_back(std::move(edit));
    ++m_position;
    if (m_limit > 0 && m_steps.size() > m_limit) {
        const std::size_t drop = m_steps.size() - m_limit;
        m_steps.erase(m_steps.begin(), m_steps.begin() + static_cast<std::ptrdiff_t>(drop));
        m_position -= drop;
        m_savedAt = m_savedAt != kUnreachable && m_savedAt >= drop ? m_savedAt - drop : kUnreachable;
    }
    m_mergeOpen = true;
    return true;
}

std::string EditHistory::undoLabel() const { return canUndo() ? m_steps[m_position - 1].label() : std::string(); }

std::string EditHistory::redoLabel() const { return canRedo() ? m_steps[m_position].label() : std::string(); }

const Edit* EditHistory::undo(map::Map& map) {
    m_mergeOpen = false;
    if (!canUndo()) return nullptr;
    --m_position;
    m_steps[m_position].revert(map);
    return &m_steps[m_position];
}

const Edit* EditHistory::redo(map::Map& map) {
    m_mergeOpen = false;
    if (!canRedo()) return nullptr;
    m_steps[m_position].apply(map);
    return &m_steps[m_position++];
}

void EditHistory::markSaved() {
    m_savedAt = m_position;
    m_mergeOpen = false;
}

void EditHistory::clear() {
    m_steps.clear();
    m_position = 0;
    m_savedAt = 0;
    m_mergeOpen = false;
}

}  // namespace etatmajor::edit
