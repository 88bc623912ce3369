// SPDX-License-Identifier: GPL-3.0-or-later
// Earthworks, bridges and pontoons, and the prices of what supply points buy besides replacements
// (etat-major.md §9.1, §10.3, §11.5, §13.1; G-99).
#pragma once

#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/campaign/state.hpp"
#include "etatmajor/core/issue.hpp"

#include <string>
#include <string_view>

namespace etatmajor::rules {

enum class WorkClass { Light, Heavy };
std::string_view workClassName(WorkClass c);

// §11.5: per ME per night, up to three redoubts or trench lines (200/175 mm, each holding a battery or a unit).
inline constexpr int kOvernightWorks = 3;

// §13.1 prices (1 SP = 1 point): light earthworks 10 and heavy works 20 per two-stand width; a pontoon 10.
// A bridge is not priced by the rules: 20, as heavy construction of one width (rules-mapping decision).
int worksPrice(WorkClass c);
inline constexpr int kPontoonPrice = 10;
inline constexpr int kBridgePrice = 20;

// §11.5 / §10.3: an ME may dig or build only with an engineer (an engineer unit with its officer) in it.
bool hasEngineer(const campaign::CampaignState& state, const std::string& me);

// §11.5: a Reorganisation or Deployed-Defensive order builds works overnight.
bool buildsWorks(campaign::Mode mode);

// G-99 overnight_works: what one night's digging gives: three heavy works free (free_heavy), three light works
// free (free_light), or three heavy works at 20 SP each (paid).
struct NightWorks {
    int count = kOvernightWorks;
    WorkClass workClass = WorkClass::Heavy;
    int cost = 0;
};
NightWorks nightWorks(const campaign::Options& options);

// Whether the order moves the ME by water today (an embark action, §11.2).
bool sailsToday(const campaign::Order& order);

// The actions of one order (§9.2.4, §10.1, §11.1, §11.2, §11.4, §11.5) checked against the ME's mode, place and
// troops; each problem names the ME and the field (ME.action or ME.path).
void checkOrderActions(const campaign::CampaignState& state, const campaign::Order& order, const campaign::MeState& me,
                       campaign::Mode mode, core::IssueList& issues);

}  // namespace etatmajor::rules
