// SPDX-License-Identifier: GPL-3.0-or-later
// Play by e-mail in the engine (engine/pbem.hpp, docs/pbem.md): the commands pbem.key, pbem.orders, pbem.reveal and
// pbem.forfeit, and the day's dice from the sides' shares.
#include "etatmajor/engine/pbem.hpp"

#include "command_impl.hpp"
#include "engine/orders_db.hpp"
#include "etatmajor/auth/passphrase.hpp"
#include "etatmajor/core/text.hpp"
#include "etatmajor/db/chain.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/pbem/packet.hpp"
#include "db/store_impl.hpp"

#include <sodium.h>

#include <sstream>

namespace etatmajor::engine {

namespace {

SQLite::Database& dbOf(const db::CampaignStore& store) { return const_cast<SQLite::Database&>(store.impl().db); }

std::string dayText(int week, int day) { return "week " + std::to_string(week) + " day " + std::to_string(day); }

// A packet as the command holds it, checked as every packet a side sends is checked: read, of this campaign and kind,
// signed by the side it speaks for, for the day the campaign stands at, never taken in before. Nothing, with the
// refusal in `issues`, otherwise.
std::optional<pbem::Packet> checkedSidePacket(const db::CampaignStore& store, const std::string& text, const std::string& kind,
                                              core::IssueList& issues) {
    auto& db = dbOf(store);
    const std::string what = kind == "orders" ? "the orders packet" : "the reveal packet";
    pbem::Packet p;
    try {
        p = pbem::readPacket(text, what);
    } catch (const pbem::PacketError& e) {
        issues.error(e.code(), e.what());
        return std::nullopt;
    }
    const auto& h = p.header;
    if (h.kind != kind) {
        issues.error("PACKET-KIND", what + " is a packet of another kind ('" + core::shorten(h.kind, 20) + "')");
        return std::nullopt;
    }
    if (h.campaign != db::campaignFingerprint(store)) {
        issues.error("PACKET-WRONG-CAMPAIGN", what + " of side '" + core::shorten(h.side, 40) + "' was made for another campaign");
        return std::nullopt;
    }
    const auto key = registeredKey(store, h.side);
    if (!key || h.side == auth::kHost) {
        issues.error("PBEM-NO-KEY", what + " speaks for '" + core::shorten(h.side, 40) + "', which has no key in this campaign");
        return std::nullopt;
    }
    if (!pbem::signedBy(p, *key)) {
        // Whose key did sign it, if any the campaign knows: a side passing its packet off as the other's.
        for (const auto& other : registeredKeys(store))
            if (other.who != h.side && auth::verifySignature(other, p.headerText, p.signature)) {
                issues.error("PACKET-WRONG-SIGNER",
                             what + " speaks for side '" + h.side + "' but is signed with the key of '" + other.who + "'");
                return std::nullopt;
            }
        issues.error("PACKET-ALTERED",
                     what + " of side '" + h.side + "' does not match its signature: it was changed after it was signed");
        return std::nullopt;
    }
    const auto at = store.info();
    if (h.week != at.week || h.day != at.day) {
        issues.error("PACKET-WRONG-DAY", what + " of side '" + h.side + "' is for " + dayText(h.week, h.day) +
                                             "; the campaign stands at " + dayText(at.week, at.day));
        return std::nullopt;
    }
    SQLite::Statement seen(db, "SELECT week, day FROM pbem_seen WHERE digest = ?");
    seen.bind(1, p.digest());
    if (seen.executeStep()) {
        issues.error("PACKET-REPLAYED", what + " of side '" + h.side + "' was taken in before (" +
                                            dayText(seen.getColumn(0).getInt(), seen.getColumn(1).getInt()) + ")");
        return std::nullopt;
    }
    return p;
}

void markSeen(SQLite::Database& db, const pbem::Packet& p) {
    SQLite::Statement q(db, "INSERT INTO pbem_seen (digest, kind, side, week, day) VALUES (?, ?, ?, ?, ?)");
    q.bind(1, p.digest());
    q.bind(2, p.header.kind);
    q.bind(3, p.header.side);
    q.bind(4, p.header.week);
    q.bind(5, p.header.day);
    q.exec();
}

std::optional<DayShare> shareOf(const db::CampaignStore& store, int week, int day, const std::string& side) {
    for (auto& s : dayShares(store, week, day))
        if (s.side == side && (!s.commitment.empty() || s.forfeited)) return s;
    return std::nullopt;
}

}  // namespace

std::vector<auth::PublicKeys> registeredKeys(const db::CampaignStore& store) {
    auto& db = dbOf(store);
    std::vector<auth::PublicKeys> out;
    SQLite::Statement q(db, "SELECT k.who, k.sign_public, k.box_public FROM pbem_key k LEFT JOIN side s ON s.id = k.who "
                            "ORDER BY k.who <> 'host', s.ord, k.who");
    while (q.executeStep()) out.push_back({q.getColumn(0).getString(), q.getColumn(1).getString(), q.getColumn(2).getString()});
    return out;
}

std::optional<auth::PublicKeys> registeredKey(const db::CampaignStore& store, const std::string& who) {
    for (auto& k : registeredKeys(store))
        if (k.who == who) return k;
    return std::nullopt;
}

std::vector<std::string> keyedSides(const db::CampaignStore& store) {
    std::vector<std::string> out;
    for (const auto& k : registeredKeys(store))
        if (k.who != auth::kHost) out.push_back(k.who);
    return out;
}

std::vector<DayShare> dayShares(const db::CampaignStore& store, int week, int day) {
    auto& db = dbOf(store);
    std::vector<DayShare> out;
    for (const auto& side : keyedSides(store)) {
        DayShare s;
        s.side = side;
        SQLite::Statement q(
            db, "SELECT commitment, header, signature, share, forfeited FROM pbem_share WHERE week = ? AND day = ? AND side = ?");
        q.bind(1, week);
        q.bind(2, day);
        q.bind(3, side);
        if (q.executeStep()) {
            s.commitment = q.getColumn(0).getString();
            s.header = q.getColumn(1).getString();
            s.signature = q.getColumn(2).getString();
            s.share = q.getColumn(3).getString();
            s.forfeited = q.getColumn(4).getInt() != 0;
        }
        out.push_back(std::move(s));
    }
    return out;
}

std::uint64_t mixShares(std::uint64_t rngState, std::uint64_t seed, int week, int day, const std::vector<DayShare>& shares) {
    std::ostringstream m;
    m << "etatmajor-dice-1|" << rngState << "|" << seed << "|" << week << "|" << day;
    for (const auto& s : shares) m << "|" << s.side << "=" << (s.forfeited ? std::string("forfeited") : s.share);
    const auto digest = auth::fromHex(auth::hashHex(m.str())).value_or(std::string(8, '\0'));
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(digest[static_cast<std::size_t>(i)]);
    return v;
}

// --- the commands (engine/commands.hpp) ---

core::IssueList applyRegisterKey(db::CampaignStore& store, const RegisterKey& c, std::vector<std::string>& lines) {
    core::IssueList issues;
    auto& db = dbOf(store);
    const auth::PublicKeys key{c.who, c.sign, c.box};
    if (const auto p = key.problem()) {
        issues.error("KEY-FORMAT", "the key of '" + core::shorten(c.who, 40) + "': " + *p);
        return issues;
    }
    SQLite::Statement side(db, "SELECT 1 FROM side WHERE id = ?");
    side.bind(1, c.who);
    if (c.who != auth::kHost && !side.executeStep()) {
        issues.error("PBEM-NO-SIDE", "'" + core::shorten(c.who, 40) + "' is neither a side of this campaign nor 'host'");
        return issues;
    }
    if (registeredKey(store, c.who)) {
        // Never replaced: a host that could put another key in a side's place could sign for that side.
        issues.error("PBEM-KEY-SET", "'" + c.who + "' has a key in this campaign already; a key, once given, is never replaced");
        return issues;
    }
    for (const auto& k : registeredKeys(store))
        if (k.sign == c.sign || k.box == c.box) {
            issues.error("PBEM-KEY-SHARED", "the key given for '" + c.who + "' is the key of '" + k.who + "'");
            return issues;
        }
    SQLite::Statement q(db, "INSERT INTO pbem_key (who, sign_public, box_public) VALUES (?, ?, ?)");
    q.bind(1, c.who);
    q.bind(2, c.sign);
    q.bind(3, c.box);
    q.exec();
    lines.push_back("the key of '" + c.who + "' is registered (signing key " + c.sign.substr(0, 16) + "...)");
    return issues;
}

core::IssueList applyImportOrders(db::CampaignStore& store, const ImportOrders& c, std::vector<std::string>& lines) {
    core::IssueList issues;
    auto& db = dbOf(store);
    const auto p = checkedSidePacket(store, c.packet, "orders", issues);
    if (!p) return issues;
    const auto& h = p->header;
    if (!pbem::bodyMatches(h, c.orders)) {
        issues.error("PACKET-ALTERED", "the orders of side '" + h.side + "' are not those its packet was signed with");
        return issues;
    }
    if (h.commitment.size() != 64 || !auth::fromHex(h.commitment)) {
        issues.error("PACKET-FORMAT", "the orders packet of side '" + h.side + "' carries no commitment to a dice share");
        return issues;
    }
    campaign::OrdersFile orders;
    try {
        orders = io::readOrdersString(c.orders, "orders packet of side " + h.side);
    } catch (const core::FileError& e) {
        return e.issues();
    }
    if (orders.side != h.side || orders.week != h.week || orders.day != h.day) {
        issues.error("PACKET-MISMATCH", "the orders in the packet of side '" + h.side + "' are those of side '" +
                                            core::shorten(orders.side, 40) + "' for " + dayText(orders.week, orders.day));
        return issues;
    }
    const auto before = shareOf(store, h.week, h.day, h.side);
    if (before && (before->settled())) {
        issues.error("PBEM-REVEALED", "side '" + h.side + "' has revealed (or forfeited) its dice share of " + dayText(h.week, h.day) +
                                          "; its orders can no longer change");
        return issues;
    }
    // A later packet of the same day, before the side revealed: it takes the place of the earlier one.
    if (before && alreadyGiven(db, h.week, h.day, h.side)) {
        issues = applyWithdrawOrders(store, h.side);
        if (issues.hasErrors()) return issues;
        lines.push_back("the orders side '" + h.side + "' sent before are set aside for these");
    }
    issues.append(applySubmitOrders(store, orders));
    if (issues.hasErrors()) return issues;
    SQLite::Statement q(db, "INSERT OR REPLACE INTO pbem_share (week, day, side, commitment, header, signature, share, forfeited) "
                            "VALUES (?, ?, ?, ?, ?, ?, '', 0)");
    q.bind(1, h.week);
    q.bind(2, h.day);
    q.bind(3, h.side);
    q.bind(4, h.commitment);
    q.bind(5, p->headerText);
    q.bind(6, auth::toHex(p->signature));
    q.exec();
    markSeen(db, *p);
    lines.push_back("side '" + h.side + "' gave its orders for " + dayText(h.week, h.day) + " by a signed packet (" +
                    std::to_string(orders.orders.size()) + " orders), with its commitment to a dice share");
    return issues;
}

core::IssueList applyRevealShare(db::CampaignStore& store, const RevealShare& c, std::vector<std::string>& lines) {
    core::IssueList issues;
    auto& db = dbOf(store);
    const auto p = checkedSidePacket(store, c.packet, "reveal", issues);
    if (!p) return issues;
    const auto& h = p->header;
    const auto before = shareOf(store, h.week, h.day, h.side);
    if (!before || before->commitment.empty()) {
        issues.error("PBEM-NO-COMMITMENT", "side '" + h.side + "' reveals a dice share for " + dayText(h.week, h.day) +
                                               " without having committed to one with its orders");
        return issues;
    }
    if (before->settled()) {
        issues.error("PBEM-REVEALED", "side '" + h.side + "' has revealed (or forfeited) its dice share of " + dayText(h.week, h.day));
        return issues;
    }
    const auto bytes = auth::fromHex(h.share);
    if (!bytes || bytes->size() != 32 || pbem::shareCommitment(h.campaign, h.week, h.day, h.side, h.share) != before->commitment) {
        issues.error("DICE-SHARE-MISMATCH", "the dice share side '" + h.side + "' reveals for " + dayText(h.week, h.day) +
                                                " is not the one it committed to with its orders");
        return issues;
    }
    SQLite::Statement q(db, "UPDATE pbem_share SET share = ? WHERE week = ? AND day = ? AND side = ?");
    q.bind(1, h.share);
    q.bind(2, h.week);
    q.bind(3, h.day);
    q.bind(4, h.side);
    q.exec();
    markSeen(db, *p);
    lines.push_back("side '" + h.side + "' revealed its dice share for " + dayText(h.week, h.day) + "; it matches its commitment");
    return issues;
}

core::IssueList applyForfeitShare(db::CampaignStore& store, const ForfeitShare& c, std::vector<std::string>& lines) {
    core::IssueList issues;
    auto& db = dbOf(store);
    const auto keyed = keyedSides(store);
    if (std::find(keyed.begin(), keyed.end(), c.side) == keyed.end()) {
        issues.error("PBEM-NO-KEY", "side '" + core::shorten(c.side, 40) + "' does not play by packets in this campaign");
        return issues;
    }
    const auto at = store.info();
    if (!ordersPhaseOpen(at.phase)) {
        issues.error("ORDERS-TOO-LATE", "the orders phase of " + dayText(at.week, at.day) + " is over");
        return issues;
    }
    const auto before = shareOf(store, at.week, at.day, c.side);
    if (before && before->settled()) {
        issues.error("PBEM-REVEALED",
                     "side '" + c.side + "' has revealed (or forfeited) its dice share of " + dayText(at.week, at.day));
        return issues;
    }
    // §8.2 and docs/pbem.md "A side that does not reveal": it stands fast, whatever orders it sent.
    if (alreadyGiven(db, at.week, at.day, c.side)) {
        issues = applyWithdrawOrders(store, c.side);
        if (issues.hasErrors()) return issues;
    }
    issues.append(applyStandFast(store, c.side));
    if (issues.hasErrors()) return issues;
    SQLite::Statement q(db, "INSERT INTO pbem_share (week, day, side, forfeited) VALUES (?, ?, ?, 1) "
                            "ON CONFLICT (week, day, side) DO UPDATE SET forfeited = 1");
    q.bind(1, at.week);
    q.bind(2, at.day);
    q.bind(3, c.side);
    q.exec();
    lines.push_back("side '" + c.side + "' did not reveal its dice share of " + dayText(at.week, at.day) +
                    ": it stands fast, and the day's dice are made without its share");
    return issues;
}

}  // namespace etatmajor::engine
