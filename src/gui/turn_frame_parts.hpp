// SPDX-License-Identifier: GPL-3.0-or-later
// Private to the turn manager's window (turn_frame.hpp), whose member functions are spread over turn_frame*.cpp by
// what they do: the pieces those files share. Nothing outside them includes this.
#pragma once

#include "frame_common.hpp"

#include "etatmajor/core/issue.hpp"
#include "etatmajor/db/campaign_store.hpp"

#include <exception>
#include <string>

namespace etatmajor::gui::detail {

// What every panel says while no side is chosen.
inline constexpr const char* kChooseSidePrompt =
    "No side is shown. Choose a side (the list at the left of the bar, or View > Choose Side...) to see its view; "
    "the host's view shows everything.";

// Runs f on a campaign store opened for reading (or writing); StoreErrors and other failures become a message.
template <typename F>
bool withStore(const std::string& path, bool readOnly, std::string& error, F&& f) {
    try {
        auto store = db::CampaignStore::open(path, readOnly);
        f(store);
        return true;
    } catch (const db::StoreError& e) {
        error = path + ": error " + e.code() + ": " + e.what();
    } catch (const core::FileError& e) {
        error = e.toIssue().format();
    } catch (const std::exception& e) {
        // The database failing under the command (busy past the timeout, damaged, read-only) in the campaign's words.
        if (const auto mine = db::storeErrorOf(e, path)) error = path + ": error " + mine->code() + ": " + mine->what();
        else error = path + ": error: " + e.what();
    }
    return false;
}

inline std::string issuesText(const core::IssueList& issues) {
    std::string out;
    for (const auto& i : issues.items()) out += i.format() + "\n";
    return out;
}

}  // namespace etatmajor::gui::detail
