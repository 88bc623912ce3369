// SPDX-License-Identifier: GPL-3.0-or-later
// The editing session of the document in the window: its undo history (wxCommandProcessor holding EditCommands),
// the dirty flag, and saving. Knows no window, so the tool logic can be tested without a display.
#pragma once

#include "edit_command.hpp"
#include "map_document.hpp"

#include "etatmajor/edit/edit.hpp"

#include <wx/cmdproc.h>

#include <functional>
#include <memory>
#include <string>

namespace etatmajor::gui {

class MapEditor : public EditTarget {
public:
    using ChangeHandler = std::function<void(const edit::Edit&)>;
    using MessageHandler = std::function<void(const std::string&)>;

    MapEditor();
    ~MapEditor() override;

    // The document to edit (nullptr: none). Forgets the history; the document counts as saved.
    void setDocument(std::shared_ptr<MapDocument> document);
    MapDocument* document() const { return m_document.get(); }
    const std::shared_ptr<MapDocument>& sharedDocument() const { return m_document; }
    bool editable() const { return m_document && m_document->editable(); }

    // Applies `edit` and records it as an undo step, or folds it into the last step when it continues the same
    // stroke. An empty edit changes nothing; its refusal, if any, goes to the message handler. Returns whether the
    // map changed. Does nothing on a read-only document.
    bool submit(edit::Edit edit);
    // Records a step that is not an edit of the map (where the background image lies) in the same history, so that
    // Undo and Redo take it back and bring it again in its place among the edits. The processor owns `command`
    // and runs its Do() now. Does nothing on a read-only document.
    bool submitCommand(wxCommand* command);
    bool undo();
    bool redo();
    bool canUndo() const { return m_processor->CanUndo(); }
    bool canRedo() const { return m_processor->CanRedo(); }
    std::string undoLabel() const;
    // Closes the current step: the next edit starts a new one even if it has the same merge key.
    void endStroke() { m_mergeOpen = false; }
    // A fresh merge key for a new stroke of the given kind.
    edit::MergeKey newStroke(edit::MergeKind kind) { return {kind, ++m_strokes}; }

    // The map differs from the file it was read from or last saved to (a new map: has been edited).
    bool isDirty() const { return m_processor->IsDirty(); }
    // Saves the map to PATH (its own path when empty) and marks the state saved. Throws core::FileError.
    void save(const std::string& path = {});

    wxCommandProcessor& processor() { return *m_processor; }
    // How many steps undo could take back.
    std::size_t undoSteps() const;

    // Told after every change of the map (edit, undo, redo), with what changed.
    void setChangeHandler(ChangeHandler handler) { m_onChange = std::move(handler); }
    // Told why an edit was refused.
    void setMessageHandler(MessageHandler handler) { m_onMessage = std::move(handler); }

    // EditTarget
    map::Map& editedMap() override { return m_document->editableMap(); }
    void edited(const edit::Edit& edit, bool forward) override;

private:
    std::shared_ptr<MapDocument> m_document;
    std::unique_ptr<wxCommandProcessor> m_processor;
    bool m_mergeOpen = false;
    std::uint64_t m_strokes = 0;
    ChangeHandler m_onChange;
    MessageHandler m_onMessage;
};

}  // namespace etatmajor::gui
