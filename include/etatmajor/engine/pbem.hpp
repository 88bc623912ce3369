// SPDX-License-Identifier: GPL-3.0-or-later
// Play by e-mail in the engine (docs/pbem.md): the keys a campaign knows, the sides' dice shares of a day, and how the
// shares enter the day's dice. The commands that change them (pbem.key, pbem.orders, pbem.reveal, pbem.forfeit) are
// in engine/commands.hpp.
#pragma once

#include "etatmajor/auth/keys.hpp"
#include "etatmajor/db/campaign_store.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::engine {

// The public keys registered in the campaign, the host's first, then the sides' in the campaign's order.
std::vector<auth::PublicKeys> registeredKeys(const db::CampaignStore& store);
std::optional<auth::PublicKeys> registeredKey(const db::CampaignStore& store, const std::string& who);
// The sides that play by packets (those with a registered key): the day's dice wait for their shares.
std::vector<std::string> keyedSides(const db::CampaignStore& store);

// A side's part in the dice of a day.
struct DayShare {
    std::string side;
    std::string commitment;         // from its orders packet (hex); empty before it arrives
    std::string header, signature;  // that packet's signed header and signature (hex), for the other side to check
    std::string share;              // revealed (hex); empty before
    bool forfeited = false;         // the host stood the side fast without its share
    bool settled() const { return forfeited || !share.empty(); }
};
// Every keyed side's part in the dice of week `week`, day `day` (sides with nothing yet included, empty).
std::vector<DayShare> dayShares(const db::CampaignStore& store, int week, int day);

// The generator's state for the day's dice from D2 on: BLAKE2b-256 of a label, the generator's state as it stands, the
// campaign's seed, the week and day, and each keyed side's share in the campaign's order (or the word "forfeited"),
// its first 8 bytes read little-endian (docs/pbem.md "Fair dice").
std::uint64_t mixShares(std::uint64_t rngState, std::uint64_t seed, int week, int day, const std::vector<DayShare>& shares);

}  // namespace etatmajor::engine
