// SPDX-License-Identifier: GPL-3.0-or-later
// What one side may know of the campaign, and the host's full view: the one per-side knowledge model (architecture
// §2, docs/secrecy.md). A side's view is built here from the authoritative state and nothing else; every output a
// side can get — status text and JSON, the GUI's panels and overlays, the papers — renders this object. The host's
// view is the same type built for the host, explicitly (Viewer::host()).
//
// What goes into a side's view (docs/secrecy.md has the whole table):
// * its own MEs in full, its decoys, its LOC entries, its players and its own VCS (§7.2, §12.2: secret from the enemy);
// * enemy counters only as the fog rules allow (§2.2, §8.1.5, G-40): face down, no name and no composition until
//   contact turns one over (its label) or the side's scouts report on it (what they were told, never the truth);
//   counters out of sight that were seen before, with the hex and date of the last sighting;
// * public facts: the calendar, weather, wind and daylight, who holds the strategic initiative, who controls each
//   town (G-88 control is marked on the map);
// * objectives it wrote, and objectives it must take once revealed (G-64);
// * after the end of the campaign, every side's last VCS (§12).
#pragma once

#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/hex/offset.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace etatmajor::view {

// Who a view (or an action) is for: one side, or the host (the umpire's seat: everything).
class Viewer {
public:
    static Viewer host() { return Viewer(""); }
    static Viewer ofSide(std::string side) { return Viewer(std::move(side)); }
    // The host for an empty side id (a command or window without a side), that side otherwise.
    static Viewer from(const std::string& side) { return side.empty() ? host() : ofSide(side); }

    bool isHost() const { return m_side.empty(); }
    const std::string& side() const { return m_side; }  // empty for the host
    std::string name() const { return isHost() ? "host" : m_side; }
    // Whether this viewer may see everything about `side` (its own side, or the host).
    bool knows(const std::string& side) const { return isHost() || side == m_side; }
    bool operator==(const Viewer&) const = default;

private:
    explicit Viewer(std::string side) : m_side(std::move(side)) {}
    std::string m_side;
};

struct GunView {
    std::string calibre;
    int stands = 0;
};

struct UnitView {
    std::string id, name, nationality, type;
    int unitClass = 0, stands = 0, figures = 0, figuresOriginal = 0;
    bool shaken = false;     // G-70
    std::string detachedAt;  // G-69: "col,row" of its detached group, empty when with its ME
    std::vector<GunView> guns;
};

struct GeneralView {
    std::string id, name, rank, rating, status;
};

// One of the viewer's own MEs (or any ME in the host's view).
struct MeView {
    std::string id, label, hex, mode, supplySource, commander;
    hex::Offset offset;
    int points = 0, stands = 0, figures = 0;
    bool entering = false;  // still marching in on a LOC (its entry and order of march below)
    std::string enteringLoc;
    int marchOrder = 0;
    std::vector<GeneralView> generals;
    std::vector<UnitView> units;
};

// One line of an intelligence report: what the scouts counted (§8.6; with the report's own error).
struct ReportedCount {
    std::string kind, nationality;
    int count = 0;
};

// The viewer's latest report on an enemy counter.
struct IntelView {
    int week = 0, day = 0;
    std::string intelCase, detail, mode;  // mode: the formation mode the scouts saw, when they did
    std::vector<ReportedCount> reported;
};

// An enemy counter as the viewer sees it: never its id, never its composition.
struct CounterView {
    std::string hex;
    hex::Offset offset;
    bool faceDown = true;
    bool inSight = false;
    std::string label;  // only once turned over by contact (§2.2)
    std::optional<IntelView> intel;
};

struct LastSeenView {
    std::string hex;
    hex::Offset offset;
    int week = 0, day = 0;
    std::string label;  // when it had been turned over
};

struct DecoyView {
    std::string id, hex, designated;
};

// One of the side's own MEs still to come onto the map on a date (the campaign file's `arrives`).
struct ArrivalView {
    std::string id, label, hex;
    int week = 0;
};

struct VcsPoint {
    int week = 0, value = 0, pointsLost = 0, objectivesValue = 0, supplyValue = 0;
    bool defeated = false;
};

struct VcsView {
    int baseline = 0, pointsLost = 0, pointsReplaced = 0, defeatThreshold = 0;
    std::vector<VcsPoint> history;
};

struct PlayerView {
    std::string id, name, role;
};

struct LocEntryView {
    std::string kind, hex, name;
    std::string closedBy;  // a LOC entry by sea while an enemy fleet holds the sea: the fleet; else empty
};

struct NamedRef {
    std::string id, name;
};

// One side of the campaign as the viewer knows it. `known` is true for the viewer's own side (and every side in the
// host's view): then the own-side members are filled and the enemy ones empty; otherwise the reverse.
struct SideSummaryView {
    std::string id, name;
    bool hasInitiative = false;  // public (§7.1)
    bool known = false;
    // Own side
    std::string nationalities;
    int pointsLimit = 0;
    std::optional<VcsView> vcs;
    int decoysPerWeek = 0;
    std::vector<PlayerView> players;
    std::vector<LocEntryView> locEntries;
    std::vector<MeView> mes;
    std::vector<DecoyView> decoys;
    std::vector<ArrivalView> arrivals;  // due, not yet on the map
    // Enemy side
    std::vector<CounterView> counters;
    std::vector<LastSeenView> lastSeen;
    // Public: the towns the side controls.
    std::vector<NamedRef> urbanControlled;
};

struct RegionWeather {
    std::string region, weather;
};

struct WeatherView {
    int week = 0, day = 0, daylightTurns = 0;
    std::string weather, windFrom;
    std::vector<RegionWeather> regions;  // G-102 per_region only
};

struct ObjectiveView {
    std::string id, name, kind, hex, assignedTo, writtenBy, controller;
    int value = 0;
};

struct FinalResultView {
    std::string side;
    int week = 0, baseline = 0, pointsLost = 0, objectivesValue = 0, supplyValue = 0, value = 0;
    bool defeated = false;
};

struct CampaignHeader {
    std::string id, name, theatre, map;
    int year = 0, week = 0, day = 0, lengthWeeks = 0, seasonWeek = 0;
    std::string phase, startSeason, startDate, season;
    bool ended = false;
    std::string winner, endReason;
    std::optional<WeatherView> weather;
    std::optional<std::uint64_t> seed;  // the host's view only
};

struct SideView {
    Viewer viewer = Viewer::host();
    CampaignHeader campaign;
    std::vector<SideSummaryView> sides;  // in the campaign's order
    std::vector<ObjectiveView> objectives;
    std::vector<FinalResultView> finalResult;                         // once the campaign has ended
    std::vector<std::pair<std::string, std::string>> optionsChanged;  // the host's view only
    // A side's view only: every map hex the side's MEs see now (§8.1.5, G-12, G-36, G-102), each asked of
    // rules::meSeesHex as for the enemy counters' `inSight`; in row, then column order. The fog of war is the rest.
    std::vector<hex::Offset> seenHexes;

    const SideSummaryView* side(const std::string& id) const;
    const MeView* me(const std::string& id) const;
    // Every ME shown, the viewer's own side first.
    std::vector<const MeView*> allMes() const;
};

// Builds the viewer's view. Throws db::StoreError DB-UNKNOWN-SIDE for a side the campaign does not have.
SideView buildSideView(const db::CampaignStore& store, const Viewer& viewer);

// The CLI's renderings (docs/cli.md `status`).
std::string statusJson(const SideView& view);
std::string statusText(const SideView& view);
inline std::string statusJson(const db::CampaignStore& store, const Viewer& viewer) {
    return statusJson(buildSideView(store, viewer));
}
inline std::string statusText(const db::CampaignStore& store, const Viewer& viewer) {
    return statusText(buildSideView(store, viewer));
}

// The campaign's sides (id and name, in the campaign's order): public, for choosing whose view to show.
std::vector<NamedRef> campaignSides(const db::CampaignStore& store);

// Throws db::StoreError DB-UNKNOWN-SIDE unless the viewer is the host or a side of the campaign.
void requireViewer(const db::CampaignStore& store, const Viewer& viewer);

}  // namespace etatmajor::view
