// SPDX-License-Identifier: GPL-3.0-or-later
// A turn by e-mail (docs/pbem.md): the host exports a side's turn packet (only what the side may know, rendered by the
// same views as its commands and the server, sealed for the side and signed by the host); the side opens it, writes its
// orders against it and seals them, with its commitment to a dice share; once every side's commitment is in, it
// reveals the share; the host takes the packets in. The host never needs a side's secret key, nor a side the
// campaign database.
#pragma once

#include "etatmajor/auth/keys.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/engine/commands.hpp"
#include "etatmajor/engine/pbem.hpp"
#include "etatmajor/pbem/packet.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::pbem {

// The names of the views a turn packet holds (each as text and, where the command offers it, as JSON under
// NAME.json): status, intel, loc, supply, log, report, battles; sieges.json and orders.json; template (the side's
// orders template) and map (the campaign's map file).
const std::vector<std::string>& turnViewNames();

// Side `side`'s turn packet, as the campaign stands: sealed for the side's registered key, signed by the host's keys,
// carrying the chain's head (whose signature by the host is also kept in the campaign). Throws PacketError
// PBEM-NO-KEY when the side or the host has no registered key, or the host's keys are not the registered ones.
std::string exportTurnPacket(db::CampaignStore& store, const std::string& side, const auth::SecretKeys& host);

// A turn packet opened by its side.
struct OpenedTurn {
    PacketHeader header;
    std::map<std::string, std::string> views;  // by turnViewNames()
    std::vector<auth::PublicKeys> keys;        // every key the campaign holds, the host's first
    std::vector<engine::DayShare> shares;      // the keyed sides' commitments of the day (shares never shown)
    std::vector<std::string> warnings;         // what the side should know (the host's key not checked, ...)
    std::string view(const std::string& name) const;
    // Whether every keyed side has committed to its share of the day, each commitment checked against its side's key.
    bool allCommitted() const;
    // Side `side`'s commitment of the day, if it has one.
    std::optional<engine::DayShare> shareOf(const std::string& side) const;
};

// Opens a turn packet with the side's keys: refuses one not for this side (PACKET-NOT-FOR-YOU), not signed by the
// host key it carries (PACKET-ALTERED), signed by another host than `host` when given (PACKET-WRONG-SIGNER), or whose
// campaign holds another key for the side than its own (PBEM-KEY-SWAPPED). `file` names it in messages.
OpenedTurn openTurnPacket(const std::string& text, const std::string& file, const auth::SecretKeys& side,
                          const std::optional<auth::PublicKeys>& host = std::nullopt);

// The side's orders (the text of an orders file, `file` naming it) as a packet for the host: the orders checked to be
// the side's for the packet's day (ORDERS-*, with the file's line), sealed for the host, signed by the side, with its
// commitment to its dice share of the day.
std::string sealOrders(const OpenedTurn& turn, const std::string& ordersXml, const std::string& file, const auth::SecretKeys& side);

// The side's dice share of the packet's day as a signed packet. Refused (DICE-NOT-READY) until the packet shows every
// keyed side's commitment, the side's own included: revealing before would let a late side choose its share.
std::string revealShare(const OpenedTurn& turn, const auth::SecretKeys& side);

// A side's orders or reveal packet taken in by the host: opened with the host's keys and run as the command pbem.orders
// or pbem.reveal (every check of the engine's, logged whole). `file` names it in messages.
engine::CommandResult importPacket(db::CampaignStore& store, const std::string& text, const std::string& file,
                                   const auth::SecretKeys& host);

}  // namespace etatmajor::pbem
