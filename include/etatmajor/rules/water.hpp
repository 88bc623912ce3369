// SPDX-License-Identifier: GPL-3.0-or-later
// Water transport and water movement (etat-major.md §11.1, §11.2; G-96, G-97).
#pragma once

#include "etatmajor/campaign/state.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::rules {

inline constexpr int kWaterMr = 8;               // §11.2 hexes a day along navigable water
inline constexpr int kLiftPerMe = 400;           // §11.1 SP of transport that move one ME
inline constexpr int kTransportBuildCost = 400;  // §11.1 SP for 400 SP of transport
inline constexpr int kTransportBuildWeeks = 3;   // §11.1 weeks of work per 400 SP

// §11.1: a UA lies by the water when a neighbouring hex is sea or lake, or a navigable river runs along one of its
// hexsides.
bool byWater(const map::Map& map, hex::Hex h);

// §11.1 table: town or village by the water 100 SP of transport a week, major town or city 400, farms and hamlets
// none; nothing away from the water.
int uaTransportCapacity(map::UrbanSize size, bool byWater);

// G-96 water_lift: the transport one ME needs: 400 SP whatever its size (whole_me_400), or one SP a point of its
// troops' current value, at most 400 (proportional).
int liftNeeded(const campaign::CampaignState& state, const std::string& me);

// §11.2: a step on the water: along a navigable river (a river link between the two hexes) or into, out of or
// between sea and lake hexes.
bool navigableStep(const map::Map& map, hex::Hex from, hex::Hex to);

struct WaterPlan {
    int allowance = 0;              // 8, less 1 for embarking and 1 for disembarking (§11.2)
    std::vector<hex::Hex> entered;  // a prefix of the route
    std::string stoppedBy;          // why it stopped short, empty when the whole route was run
    bool stoppedBySea = false;      // it stopped at a sea the side's enemy fleet has closed
};
// §11.2 water move of one day: MR 8 (regardless of current, G-96), −1 when it embarks today, −1 when it lands
// today; weather modifiers as on land are applied by the caller through `weatherModifier` (≤ 0). While a fleet
// closes the sea to the side (`seaClosed`, see seaClosed below) the route stops short of the first sea hex.
WaterPlan planWaterMove(const map::Map& map, hex::Hex from, const std::vector<hex::Hex>& route, bool embark, bool disembark,
                        int weatherModifier, bool seaClosed = false);

// A fleet that closes the sea (docs/formats/campaign.md; decisions in docs/rules-mapping.md "A fleet that closes the
// sea"): from W1 of the side's blockade week its LOC entries by sea are closed and its MEs may not move on the sea.
bool seaClosed(const campaign::CampaignState& state, std::string_view side);
// A LOC entry by sea: an entry hex of the side that lies on none of its home edges and touches the sea (the map lets
// such entries only to a side with homeCoast, §2.1).
bool seaEntry(const map::Map& map, std::string_view side, hex::Hex h);
// Whether the side's LOC entry at `h` is closed now: a sea entry while the sea is closed to the side.
bool entryClosed(const campaign::CampaignState& state, std::string_view side, hex::Hex h);
// Whether the side's primary LOC entry is closed now (§9.4: the grant comes by it).
bool primaryEntryClosed(const campaign::CampaignState& state, std::string_view side);

// G-97 transport_payment: what building 400 SP of transport costs in each week of the work (upfront: 400 in the
// first week; three_instalments: 134, 133, 133), and the week it is ready (the start of the 4th week counting the
// week work starts: start + 3).
std::vector<int> transportInstalments(const campaign::Options& options);
int transportReadyWeek(int startWeek);

}  // namespace etatmajor::rules
