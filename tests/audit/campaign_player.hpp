// SPDX-License-Identifier: GPL-3.0-or-later
// The fog-of-war audit's player: plays a campaign through the core API, both sides at once, the way two eager
// commanders would: every day each side marches its MEs at the enemy's counters (or at the objectives it must take
// when none is on the map), sends its scouting MEs to look at them, and puts decoys down on the week's first day.
// Routes are the ones the rules accept (view::checkOrder), cut short where they would be refused. The play is
// seeded and deterministic: the same campaign file and seed give the same database.
#pragma once

#include "etatmajor/campaign/orders.hpp"
#include "etatmajor/db/campaign_store.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::campaign {
struct CampaignState;
}

namespace etatmajor::audit {

// What the play produced so far, counted in the campaign database.
struct PlayCounts {
    int days = 0;           // days played to their end
    int contacts = 0;       // rows of `contact` (§8.5)
    int intelReports = 0;   // rows of `intel_report` (§8.6)
    int battles = 0;        // rows of `battle` (§8.8)
    int battlesFought = 0;  // ... of them resolved
    int decoysPlaced = 0;   // rows of `decoy` (§2.3)
    int routesGiven = 0;    // orders with a route, both sides
};

class CampaignPlayer {
public:
    // Creates the campaign database (as `campaign new` does) and opens it. Throws std::runtime_error when the
    // campaign cannot be created.
    // `prepareScouts`: a side with no ME that may scout forms one (§10.3) before the play starts.
    CampaignPlayer(const std::string& scenarioPath, const std::string& dbPath, std::uint64_t seed, bool prepareScouts = true);
    ~CampaignPlayer();
    CampaignPlayer(const CampaignPlayer&) = delete;
    CampaignPlayer& operator=(const CampaignPlayer&) = delete;

    const std::string& dbPath() const { return m_dbPath; }
    const std::vector<std::string>& sides() const { return m_sides; }
    int week() const;
    int day() const;
    bool ended() const;

    // Runs the weekly phases due and D1, then gives both sides' orders for the day (the campaign then waits at D2).
    void giveOrders();
    // Runs the weekly phases due and D1: the campaign then waits for the day's orders at D2.
    void toOrdersPhase() { runTo("D2"); }
    // Runs the rest of the day. Battles waiting for a tabletop result are fought by the resolver.
    void finishDay();

    PlayCounts counts() const;
    // What each side gave on the latest day: its orders as accepted, or nothing when it stood fast.
    const std::map<std::string, std::optional<campaign::OrdersFile>>& lastGiven() const { return m_given; }
    // One line for each decision the player could not carry out as it wanted (refused orders, failed splits).
    const std::vector<std::string>& journal() const { return m_journal; }

private:
    struct Impl;
    std::string m_dbPath;
    std::uint64_t m_seed;
    std::vector<std::string> m_sides;
    std::vector<std::string> m_journal;
    std::map<std::string, std::optional<campaign::OrdersFile>> m_given;
    std::unique_ptr<Impl> m_impl;
    int m_days = 0;
    int m_routes = 0;

    void runTo(const std::string& phase);
    void prepareScouts();
    void ordersOf(const std::string& side);
    void submitOrStandFast(const std::string& side, campaign::OrdersFile& orders, const campaign::CampaignState& s);
    std::uint64_t nextRandom();
};

}  // namespace etatmajor::audit
