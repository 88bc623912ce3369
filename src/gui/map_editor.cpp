// SPDX-License-Identifier: GPL-3.0-or-later
#include "map_editor.hpp"

namespace etatmajor::gui {

namespace {
// Enough for a long session; the oldest steps are forgotten first.
constexpr int kMaxUndoSteps = 1000;
}  // namespace

MapEditor::MapEditor() : m_processor(std::make_unique<wxCommandProcessor>(kMaxUndoSteps)) {}

MapEditor::~MapEditor() {
    // The commands refer to this object; drop them first.
    m_processor->ClearCommands();
}

void MapEditor::setDocument(std::shared_ptr<MapDocument> document) {
    m_processor->ClearCommands();
    m_processor->MarkAsSaved();
    m_mergeOpen = false;
    m_document = std::move(document);
}

bool MapEditor::submit(edit::Edit edit) {
    if (!editable()) return false;
    if (edit.empty()) {
        if (!edit.refusal().empty() && m_onMessage) m_onMessage(edit.refusal());
        return false;
    }
    if (m_mergeOpen) {
        if (auto* last = dynamic_cast<EditCommand*>(m_processor->GetCurrentCommand()); last && last->edit().canMergeWith(edit)) {
            last->absorb(std::move(edit));
            return true;
        }
    }
    // Submit runs Do() (which applies the edit) and forgets whatever could have been redone.
    m_processor->Submit(new EditCommand(*this, std::move(edit)));
    m_mergeOpen = true;
    return true;
}

bool MapEditor::submitCommand(wxCommand* command) {
    if (!editable()) {
        delete command;
        return false;
    }
    m_mergeOpen = false;
    return m_processor->Submit(command);
}

bool MapEditor::undo() {
    m_mergeOpen = false;
    return editable() && m_processor->CanUndo() && m_processor->Undo();
}

bool MapEditor::redo() {
    m_mergeOpen = false;
    return editable() && m_processor->CanRedo() && m_processor->Redo();
}

std::string MapEditor::undoLabel() const {
    const wxCommand* current = m_processor->GetCurrentCommand();
    return current ? std::string(current->GetName().utf8_string()) : std::string();
}

std::size_t MapEditor::undoSteps() const {
    const wxCommand* current = m_processor->GetCurrentCommand();
    if (!current) return 0;
    std::size_t n = 0;
    for (auto node = m_processor->GetCommands().GetFirst(); node; node = node->GetNext()) {
        ++n;
        if (node->GetData() == current) break;
    }
    return n;
}

void MapEditor::save(const std::string& path) {
    if (!m_document) return;
    m_document->saveAs(path.empty() ? m_document->path() : path);
    m_processor->MarkAsSaved();
    m_mergeOpen = false;
}

void MapEditor::edited(const edit::Edit& edit, bool forward) {
    (void)forward;
    if (m_onChange) m_onChange(edit);
}

}  // namespace etatmajor::gui
