// SPDX-License-Identifier: GPL-3.0-or-later
// A turn by e-mail (pbem/turn.hpp, docs/pbem.md).
#include "etatmajor/pbem/turn.hpp"

#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/core/text.hpp"
#include "etatmajor/db/chain.hpp"
#include "etatmajor/engine/intel.hpp"
#include "etatmajor/engine/orders.hpp"
#include "etatmajor/engine/reports.hpp"
#include "etatmajor/engine/siege.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/view/battle_view.hpp"
#include "etatmajor/view/day_report.hpp"
#include "etatmajor/view/roll_log.hpp"
#include "etatmajor/view/side_view.hpp"

#include <nlohmann/json.hpp>

namespace etatmajor::pbem {

using nlohmann::json;

namespace {

constexpr int kTurnFormat = 1;

json keyJson(const auth::PublicKeys& k) { return {{"who", k.who}, {"sign", k.sign}, {"box", k.box}}; }

std::string dayText(int week, int day) { return "week " + std::to_string(week) + " day " + std::to_string(day); }

// Whether a side's commitment as the turn packet carries it is that side's: its orders packet's header, signed with
// the side's key, names this campaign, day, side and commitment.
bool commitmentChecked(const engine::DayShare& s, const std::vector<auth::PublicKeys>& keys, const PacketHeader& turn) {
    if (s.commitment.empty()) return false;
    const auto sig = auth::fromHex(s.signature);
    if (!sig) return false;
    for (const auto& k : keys) {
        if (k.who != s.side) continue;
        if (!auth::verifySignature(k, s.header, *sig)) return false;
        const auto h = json::parse(s.header, nullptr, false);
        return h.is_object() && h.value("kind", "") == "orders" && h.value("campaign", "") == turn.campaign &&
               h.value("side", "") == s.side && h.value("week", 0) == turn.week && h.value("day", 0) == turn.day &&
               h.value("commitment", "") == s.commitment;
    }
    return false;
}

// The header of a side's packet answering `turn`: its campaign, day and chain head, from the side.
PacketHeader answering(const OpenedTurn& turn, const std::string& kind, const auth::SecretKeys& side) {
    PacketHeader h;
    h.kind = kind;
    h.campaign = turn.header.campaign;
    h.side = side.who();
    h.week = turn.header.week;
    h.day = turn.header.day;
    h.phase = turn.header.phase;
    h.answers = turn.header.chainHash;
    return h;
}

}  // namespace

const std::vector<std::string>& turnViewNames() {
    static const std::vector<std::string> names{"status",  "status.json",  "intel",       "intel.json",  "loc",      "loc.json",
                                                "supply",  "supply.json",  "log",         "log.json",    "report",   "report.json",
                                                "battles", "battles.json", "sieges.json", "orders.json", "template", "map"};
    return names;
}

std::string exportTurnPacket(db::CampaignStore& store, const std::string& side, const auth::SecretKeys& host) {
    const auto sideKey = engine::registeredKey(store, side);
    if (side == auth::kHost || !sideKey)
        throw PacketError("PBEM-NO-KEY", "side '" + core::shorten(side, 40) + "' has no key in this campaign (campaign key --who " +
                                             core::shorten(side, 40) + ")");
    const auto hostKey = engine::registeredKey(store, auth::kHost);
    if (!hostKey) throw PacketError("PBEM-NO-KEY", "the host has no key in this campaign (campaign key --who host)");
    if (!(host.publicKeys() == *hostKey))
        throw PacketError("PBEM-WRONG-KEY", "the key file given is not the host's key registered in this campaign");
    const auto info = store.info();
    const auto who = view::Viewer::ofSide(side);
    const auto sideView = view::buildSideView(store, who);
    const auto report = view::dayReport(store, who);
    const auto battles = view::battlesFor(store, who);
    json views{{"status", view::statusText(sideView)},
               {"status.json", view::statusJson(sideView)},
               {"intel", engine::intelText(store, side)},
               {"intel.json", engine::intelJson(store, side)},
               {"loc", engine::locText(store, side)},
               {"loc.json", engine::locJson(store, side)},
               {"supply", engine::supplyText(store, side)},
               {"supply.json", engine::supplyJson(store, side)},
               {"log", view::rollLogText(store, who)},
               {"log.json", view::rollLogJson(store, who)},
               {"report", view::dayReportText(report)},
               {"report.json", view::dayReportJson(report)},
               {"battles", view::battleListText(battles)},
               {"battles.json", view::battleListJson(battles, who)},
               {"sieges.json", engine::siegesJson(store, side)},
               {"orders.json", engine::ordersJson(store, side)},
               {"template", engine::ordersTemplate(store, side)},
               {"map", io::writeMapString(store.loadMap())}};
    json keys = json::array();
    for (const auto& k : engine::registeredKeys(store)) keys.push_back(keyJson(k));
    json dice = json::array();
    for (const auto& s : engine::dayShares(store, info.week, info.day))
        dice.push_back({{"side", s.side}, {"commitment", s.commitment}, {"header", s.header}, {"signature", s.signature}});

    PacketHeader h;
    h.kind = "turn";
    h.campaign = db::campaignFingerprint(store);
    h.side = side;
    h.week = info.week;
    h.day = info.day;
    h.phase = std::string(campaign::phaseId(info.phase));
    if (const auto head = db::chainHead(store)) {
        h.chainSeq = head->seq;
        h.chainHash = head->hash;
        db::storeChainSignature(store, head->seq, auth::kHost, host.sign(db::chainSigningText(head->seq, head->hash)));
    }
    const json body{{"format", kTurnFormat}, {"views", views}, {"keys", keys}, {"dice", dice}};
    return packetText(makePacket(h, body.dump(), host, *sideKey));
}

std::string OpenedTurn::view(const std::string& name) const {
    const auto it = views.find(name);
    return it == views.end() ? std::string() : it->second;
}

bool OpenedTurn::allCommitted() const {
    if (shares.empty()) return false;
    for (const auto& s : shares)
        if (!commitmentChecked(s, keys, header)) return false;
    return true;
}

std::optional<engine::DayShare> OpenedTurn::shareOf(const std::string& side) const {
    for (const auto& s : shares)
        if (s.side == side && !s.commitment.empty()) return s;
    return std::nullopt;
}

OpenedTurn openTurnPacket(const std::string& text, const std::string& file, const auth::SecretKeys& side,
                          const std::optional<auth::PublicKeys>& host) {
    const auto p = readPacket(text, file);
    if (p.header.kind != "turn")
        throw PacketError("PACKET-KIND",
                          file + " is not a turn packet but a packet of kind '" + core::shorten(p.header.kind, 20) + "'");
    if (p.header.side != side.who())
        throw PacketError("PACKET-NOT-FOR-YOU", file + " is the turn packet of side '" + core::shorten(p.header.side, 40) +
                                                    "', not of '" + side.who() + "'");
    const auto plain = openBody(p, side);
    if (!plain)
        throw PacketError("PACKET-ALTERED", file + " cannot be opened with the key of side '" + side.who() +
                                                "': it was made for another key, or changed");
    const auto body = json::parse(*plain, nullptr, false);
    if (!body.is_object() || body.value("format", 0) != kTurnFormat)
        throw PacketError("PACKET-FORMAT", file + " holds a turn of another format (made by a newer program?)");
    OpenedTurn t;
    t.header = p.header;
    try {
        for (const auto& [name, value] : body.at("views").items()) t.views[name] = value.get<std::string>();
        for (const auto& k : body.at("keys"))
            t.keys.push_back({k.at("who").get<std::string>(), k.at("sign").get<std::string>(), k.at("box").get<std::string>()});
        for (const auto& d : body.at("dice")) {
            engine::DayShare s;
            s.side = d.at("side").get<std::string>();
            s.commitment = d.at("commitment").get<std::string>();
            s.header = d.at("header").get<std::string>();
            s.signature = d.at("signature").get<std::string>();
            t.shares.push_back(std::move(s));
        }
    } catch (const json::exception&) {
        throw PacketError("PACKET-FORMAT", file + " holds a turn that lacks a part or gives one of the wrong kind");
    }
    const auth::PublicKeys* hostKey = nullptr;
    const auth::PublicKeys* ownKey = nullptr;
    for (const auto& k : t.keys) {
        if (k.who == auth::kHost) hostKey = &k;
        if (k.who == side.who()) ownKey = &k;
    }
    if (!hostKey || !signedBy(p, *hostKey))
        throw PacketError("PACKET-ALTERED", file + " is not signed by the host key it carries: it was changed");
    if (host && !(*host == *hostKey))
        throw PacketError("PACKET-WRONG-SIGNER", file + " is signed by a host key other than the one you hold for this campaign");
    if (!host)
        t.warnings.push_back("the packet's signer was not checked against a host key of your own (give --host-key FILE to check it)");
    if (!ownKey || !(*ownKey == side.publicKeys()))
        throw PacketError("PBEM-KEY-SWAPPED", file + ": the campaign holds another key for side '" + side.who() +
                                                  "' than yours: whoever holds it can sign for your side");
    return t;
}

std::string sealOrders(const OpenedTurn& turn, const std::string& ordersXml, const std::string& file, const auth::SecretKeys& side) {
    const auto orders = io::readOrdersString(ordersXml, file);  // FileError with the file's line
    const auto& th = turn.header;
    if (orders.side != side.who() || orders.week != th.week || orders.day != th.day)
        throw core::FileError(file, 0, "orders", "ORDERS-MISMATCH",
                              "the orders are those of side '" + core::shorten(orders.side, 40) + "' for " +
                                  dayText(orders.week, orders.day) + "; the turn packet is side '" + side.who() + "''s for " +
                                  dayText(th.week, th.day));
    const auto hostKey = [&] {
        for (const auto& k : turn.keys)
            if (k.who == auth::kHost) return k;
        throw PacketError("PACKET-FORMAT", "the turn packet carries no host key");
    }();
    auto h = answering(turn, "orders", side);
    h.commitment = shareCommitment(th.campaign, th.week, th.day, side.who(), dailyShare(side, th.campaign, th.week, th.day));
    return packetText(makePacket(h, ordersXml, side, hostKey));
}

std::string revealShare(const OpenedTurn& turn, const auth::SecretKeys& side) {
    const auto& th = turn.header;
    if (!turn.shareOf(side.who()))
        throw PacketError("DICE-NOT-READY", "the turn packet holds no commitment of side '" + side.who() + "' for " +
                                                dayText(th.week, th.day) +
                                                ": send your orders first, then reveal from the next turn packet");
    if (!turn.allCommitted()) {
        std::string waiting;
        for (const auto& s : turn.shares)
            if (s.commitment.empty()) waiting += (waiting.empty() ? "" : ", ") + s.side;
        throw PacketError("DICE-NOT-READY",
                          "not every side's commitment for " + dayText(th.week, th.day) + " is in the turn packet" +
                              (waiting.empty() ? std::string(" with a good signature") : " (waiting for: " + waiting + ")") +
                              "; revealing now would let a later side choose its share");
    }
    const auto share = dailyShare(side, th.campaign, th.week, th.day);
    if (shareCommitment(th.campaign, th.week, th.day, side.who(), share) != turn.shareOf(side.who())->commitment)
        throw PacketError("DICE-SHARE-MISMATCH",
                          "the commitment the campaign holds for side '" + side.who() + "' is not the one your key makes");
    auto h = answering(turn, "reveal", side);
    h.share = share;
    return packetText(makePacket(h, std::string(), side, std::nullopt));
}

engine::CommandResult importPacket(db::CampaignStore& store, const std::string& text, const std::string& file,
                                   const auth::SecretKeys& host) {
    engine::CommandResult refused;
    const auto hostKey = engine::registeredKey(store, auth::kHost);
    if (!hostKey || !(host.publicKeys() == *hostKey)) {
        refused.issues.error("PBEM-WRONG-KEY", "the key file given is not the host's key registered in this campaign");
        return refused;
    }
    Packet p;
    try {
        p = readPacket(text, file);
    } catch (const PacketError& e) {
        refused.issues.error(e.code(), e.what());
        return refused;
    }
    if (p.header.kind == "reveal") return engine::execute(store, engine::RevealShare{text});
    if (p.header.kind != "orders") {
        refused.issues.error("PACKET-KIND", file + " is a packet of kind '" + core::shorten(p.header.kind, 20) +
                                                "'; the host takes in orders and reveal packets");
        return refused;
    }
    const auto plain = openBody(p, host);
    if (!plain) {
        refused.issues.error("PACKET-ALTERED", file + " cannot be opened with the host's key, or its orders are not those it was "
                                                      "signed with: it was made for another campaign's host, or changed");
        return refused;
    }
    return engine::execute(store, engine::ImportOrders{text, *plain});
}

}  // namespace etatmajor::pbem
