// SPDX-License-Identifier: GPL-3.0-or-later
#include "server_model.hpp"

#include <ctime>

namespace etatmajor::gui {

std::unique_ptr<client::Connection> openServer(const ServerLogin& login) {
    std::string problem;
    const auto address = client::parseServerUrl(login.url, problem);
    if (!address) throw client::ClientError(0, "CLIENT-URL", problem);
    client::Trust trust;
    trust.pinSha256 = login.pin;
    trust.caFile = login.caFile;
    if (!address->tls && (!trust.pinSha256.empty() || !trust.caFile.empty()))
        throw client::ClientError(0, "CLIENT-URL", "a certificate pin or CA file needs an https:// server URL");
    return std::make_unique<client::Connection>(*address, trust);
}

std::string issueLines(const core::IssueList& issues) {
    std::string out;
    for (const auto& i : issues.items()) out += i.format() + "\n";
    return out;
}

std::string serverErrorText(const client::ClientError& error, const ServerLogin& login) {
    const std::string& code = error.code();
    const std::string who = "side '" + login.side + "' of campaign '" + login.campaign + "'";
    std::string text;
    if (error.status() == 401 && code == "AUTH-WRONG") {
        text = "Wrong passphrase: the server did not accept the passphrase given for " + who +
               ". (It says the same for a campaign or side it does not have.) Each further wrong passphrase is answered more "
               "slowly.";
    } else if (error.status() == 401) {
        text = "The server ended the session (" + code + "): connect again.";
    } else if (error.status() == 429) {
        text = "Too many wrong passphrases: the server waits before it checks another one. Try again in a little while.";
    } else if (error.status() == 403 && code == "AUTH-SIDE-OPEN") {
        text = "The " + who + " has no passphrase on the server, so nobody can log in as that side: the host must set one.";
    } else if (code == "CLIENT-PIN") {
        text = "The server's certificate does not match the fingerprint given: either this is not the server you were told "
               "of, or its certificate was changed, or the fingerprint was mistyped. Nothing was sent. (" +
               std::string(error.what()) + ")";
    } else if (code == "CLIENT-CERTIFICATE") {
        text = "This machine does not trust the server's certificate: give the SHA-256 fingerprint the server printed when "
               "it started, or the CA file that signed its certificate.";
    } else if (code == "SERVER-UNREACHABLE") {
        text = "Cannot reach the server at " + login.url + ": is it running, and are the address and port right? (" +
               std::string(error.what()) + ")";
    } else if (code == "CLIENT-URL") {
        text = "The server URL '" + login.url + "' is not usable: " + error.what() + ".";
    } else if (error.status() == 0) {
        text = std::string("No answer from the server: ") + error.what();
    } else {
        text = std::string("The server refused: ") + error.what() + " (" + code + ", HTTP " + std::to_string(error.status()) + ")";
    }
    if (!error.issues().items().empty()) text += "\n" + issueLines(error.issues());
    return text;
}

std::string ordersFileName(const campaign::OrdersFile& orders) {
    return "orders-" + orders.side + "-w" + std::to_string(orders.week) + "d" + std::to_string(orders.day) + ".xml";
}

std::pair<int, int> reportDayAfter(const std::vector<client::TurnEvent>& events, int week, int day) {
    for (auto e = events.rbegin(); e != events.rend(); ++e)
        if (e->day > 0 && (e->week != week || e->day != day)) return {e->week, e->day};
    return {0, 0};
}

std::string calendarText(const client::CampaignEntry& entry) {
    std::string text = "Week " + std::to_string(entry.week) + ", day " + std::to_string(entry.day);
    if (!entry.phase.empty()) text += " \u00b7 " + entry.phase;
    if (entry.ended) return text + " \u00b7 the campaign is over";
    if (entry.waitingFor == "orders") text += " \u00b7 waiting for orders";
    else if (entry.waitingFor == "weekly-stop" && entry.stop)
        text += " \u00b7 weekly stop before " + entry.stop->phase +
                (!entry.stop->awaited ? std::string(" (nothing of ours to do there)")
                 : entry.stop->done   ? std::string(" (we are done; waiting for the other side)")
                                      : std::string(" (waiting for our word: Done with This Stop)"));
    else if (entry.waitingFor == "battle-results") text += " \u00b7 waiting for tabletop results";
    else if (entry.waitingFor == "paused") text += " \u00b7 paused by the host";
    else if (!entry.waitingFor.empty()) text += " \u00b7 " + entry.waitingFor;
    return text;
}

std::optional<engine::SideMove> sideMoveOf(const client::SideMove& move) {
    engine::SideMove m;
    m.command = move.command;
    m.what = move.what;
    const auto starts = [&](const char* prefix) { return move.command.rfind(prefix, 0) == 0; };
    // The commands engine::weeklyMoves names (the server passes them on as they are).
    if (starts("supply allocate")) m.kind = engine::MoveKind::SupplyAllocate;
    else if (starts("supply spend")) m.kind = engine::MoveKind::SupplySpend;
    else if (starts("grant buy")) m.kind = engine::MoveKind::GrantBuy;
    else if (starts("grant replace")) m.kind = engine::MoveKind::GrantReplace;
    else if (starts("me split")) m.kind = engine::MoveKind::Reorganise;
    else if (starts("initiative --decline")) m.kind = engine::MoveKind::DeclineInitiative;
    else if (starts("siege answer --siege ")) {
        m.kind = engine::MoveKind::AnswerTerms;
        const std::string number = move.command.substr(std::string("siege answer --siege ").size());
        if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos || number.size() > 9) return std::nullopt;
        m.siege = std::stoi(number);
    } else {
        return std::nullopt;
    }
    return m;
}

std::optional<engine::WeeklyStop> weeklyStopOf(const client::CampaignEntry& entry, const std::string& side) {
    if (!entry.stop) return std::nullopt;
    const auto phase = campaign::phaseFromId(entry.stop->phase);
    if (!phase) return std::nullopt;
    engine::WeeklyStop stop;
    stop.week = entry.stop->week;
    stop.phase = *phase;
    stop.title = entry.stop->title;
    stop.rule = entry.stop->rule;
    if (entry.stop->awaited) stop.sides.push_back(side);  // the other side's part is not the side's to know
    return stop;
}

std::string stopWordText(const client::CampaignEntry& entry, const std::string& sideName) {
    if (!entry.stop || entry.ended) return {};
    const auto& st = *entry.stop;
    std::string text = "Weekly stop before " + st.phase + ": " + st.title;
    if (st.deadline) text += " \u00b7 deadline " + client::utcText(*st.deadline);
    if (!st.awaited) text += " \u00b7 " + sideName + " are not awaited there";
    else if (st.done) text += " \u00b7 " + sideName + " are done with it (Reopen takes the word back while it waits)";
    else text += " \u00b7 " + sideName + " have not said they are done (Done with This Stop)";
    return text;
}

}  // namespace etatmajor::gui
