// etatmajor-cli: the command-line face of the core (architecture §4).
// Exit status: 0 success, 1 bad input or rule refusal, 2 usage error.
#include "etatmajor/campaign/options.hpp"
#include "etatmajor/db/campaign_store.hpp"
#include "etatmajor/db/new_campaign.hpp"
#include "etatmajor/db/status.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"
#include "etatmajor/version.hpp"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <iostream>

namespace em = etatmajor;
using nlohmann::ordered_json;

namespace {

constexpr int kOk = 0;
constexpr int kBadInput = 1;
constexpr int kUsage = 2;

void printIssues(const em::core::IssueList& issues) {
    for (const auto& i : issues.items()) std::cerr << i.format() << "\n";
}

int mapValidate(const std::vector<std::string>& files, bool json) {
    int status = kOk;
    ordered_json out = ordered_json::array();
    for (const auto& f : files) {
        const auto issues = em::io::validateMapFile(f);
        if (issues.hasErrors()) status = kBadInput;
        if (json) {
            ordered_json list = ordered_json::array();
            for (const auto& i : issues.items())
                list.push_back({{"severity", i.severity == em::core::Severity::Error ? "error" : "warning"},
                                {"code", i.code},
                                {"line", i.line},
                                {"message", i.message},
                                {"where", i.where.value_or("")}});
            out.push_back({{"file", f}, {"valid", !issues.hasErrors()}, {"issues", list}});
        } else {
            printIssues(issues);
            if (!issues.hasErrors()) std::cout << f << ": valid" << (issues.empty() ? "" : " (with warnings)") << "\n";
        }
    }
    if (json) std::cout << out.dump(2) << "\n";
    return status;
}

int mapInfo(const std::string& file, bool json) {
    em::io::MapReadResult r;
    try {
        r = em::io::readMapFile(file);
    } catch (const em::core::FileError& e) {
        std::cerr << e.toIssue().format() << "\n";
        return kBadInput;
    }
    const auto& m = r.map;
    std::array<int, em::map::kTerrainCount> terrain{};
    for (const auto& h : m.allHexes()) ++terrain[static_cast<std::size_t>(m.terrain(h))];
    int rivers = 0, streams = 0, roads = 0, tracks = 0, waterways = 0;
    for (const auto& rv : m.rivers()) (rv.kind == em::map::Watercourse::River ? rivers : streams)++;
    for (const auto& rt : m.routes())
        (rt.kind == em::map::LinkKind::MajorRoad ? roads : rt.kind == em::map::LinkKind::MinorRoad ? tracks : waterways)++;
    const auto& meta = m.metadata();
    const auto off = m.offsets();
    if (json) {
        ordered_json t = ordered_json::object();
        for (int i = 0; i < em::map::kTerrainCount; ++i)
            t[std::string(em::map::terrainName(static_cast<em::map::Terrain>(i)))] = terrain[static_cast<std::size_t>(i)];
        ordered_json urban = ordered_json::array();
        for (const auto& u : m.urbanAreas())
            urban.push_back({{"id", u.id},
                             {"name", u.name},
                             {"hex", em::hex::formatOffset(off.toOffset(u.hex))},
                             {"size", em::map::urbanSizeName(u.size)},
                             {"fortification", em::map::fortificationName(u.fortification)}});
        ordered_json sides = ordered_json::array();
        for (const auto& s : m.sides()) {
            ordered_json entries = ordered_json::array();
            for (const auto& e : s.locEntries)
                entries.push_back({{"kind", em::map::locKindName(e.kind)},
                                   {"hex", em::hex::formatOffset(off.toOffset(e.hex))},
                                   {"name", e.name}});
            ordered_json edges = ordered_json::array();
            for (auto e : s.homeEdges) edges.push_back(em::map::mapEdgeName(e));
            sides.push_back({{"id", s.side}, {"homeEdges", edges}, {"homeCoast", s.homeCoast}, {"locEntries", entries}});
        }
        ordered_json doc{{"file", file},
                         {"id", meta.id},
                         {"name", meta.name},
                         {"kmPerHex", meta.kmPerHex},
                         {"orientation", meta.orientation == em::hex::Orientation::Pointy ? "pointy" : "flat"},
                         {"width", meta.width},
                         {"height", meta.height},
                         {"hexes", m.hexCount()},
                         {"terrain", t},
                         {"rivers", rivers},
                         {"streams", streams},
                         {"crossings", m.crossings().size()},
                         {"majorRoads", roads},
                         {"minorRoads", tracks},
                         {"waterways", waterways},
                         {"urbanAreas", urban},
                         {"sides", sides}};
        std::cout << doc.dump(2) << "\n";
        return kOk;
    }
    std::cout << meta.name << " [" << meta.id << "]\n"
              << meta.width << " x " << meta.height << " hexes (" << m.hexCount() << "), " << meta.kmPerHex << " km per hex, "
              << (meta.orientation == em::hex::Orientation::Pointy ? "pointy" : "flat") << "-top\n";
    std::cout << "terrain:";
    for (int i = 0; i < em::map::kTerrainCount; ++i)
        if (terrain[static_cast<std::size_t>(i)] > 0)
            std::cout << " " << em::map::terrainName(static_cast<em::map::Terrain>(i)) << " " << terrain[static_cast<std::size_t>(i)];
    std::cout << "\nrivers " << rivers << ", streams " << streams << ", crossings " << m.crossings().size() << "; major roads "
              << roads << ", minor roads " << tracks << ", waterways " << waterways << "\n";
    std::cout << "urban areas (" << m.urbanAreas().size() << "):\n";
    for (const auto& u : m.urbanAreas())
        std::cout << "  " << em::hex::formatOffset(off.toOffset(u.hex)) << "  " << u.name << " (" << em::map::urbanSizeName(u.size)
                  << (u.fortification != em::map::Fortification::None
                          ? ", " + std::string(em::map::fortificationName(u.fortification)) + " fortification"
                          : "")
                  << ")\n";
    for (const auto& s : m.sides()) {
        std::cout << "side " << s.side << ": home edge";
        for (auto e : s.homeEdges) std::cout << " " << em::map::mapEdgeName(e);
        if (s.homeCoast) std::cout << " and coast";
        std::cout << "\n";
        for (const auto& e : s.locEntries)
            std::cout << "  " << em::map::locKindName(e.kind) << " LOC entry " << em::hex::formatOffset(off.toOffset(e.hex)) << " "
                      << e.name << "\n";
    }
    if (!r.issues.empty()) printIssues(r.issues);
    return kOk;
}

int campaignValidate(const std::vector<std::string>& files) {
    int status = kOk;
    for (const auto& f : files) {
        const auto issues = em::io::validateCampaignFile(f);
        printIssues(issues);
        if (issues.hasErrors()) status = kBadInput;
        else std::cout << f << ": valid" << (issues.empty() ? "" : " (with warnings)") << "\n";
    }
    return status;
}

int optionsList(bool json) {
    const em::campaign::Options defaults;
    ordered_json out = ordered_json::array();
    for (const auto& o : em::campaign::optionCatalogue()) {
        if (json) {
            ordered_json choices = ordered_json::array();
            for (const auto& c : o.choices) choices.push_back(c);
            out.push_back({{"key", o.key},
                           {"default", o.defaultValue},
                           {"kind", o.kind == em::campaign::OptionKind::Choice ? "choice" : "integer"},
                           {"choices", choices},
                           {"rule", o.rule}});
        } else {
            std::cout << o.key << " = " << o.defaultValue;
            if (o.kind == em::campaign::OptionKind::Choice) {
                std::cout << "  (";
                for (std::size_t i = 0; i < o.choices.size(); ++i) std::cout << (i ? "|" : "") << o.choices[i];
                std::cout << ")";
            } else {
                std::cout << "  (whole number >= 0)";
            }
            std::cout << "  " << o.rule << "\n";
        }
    }
    if (json) std::cout << out.dump(2) << "\n";
    return kOk;
}

// Manual dice: one face per line from standard input, prompting on standard error.
int askForDie(const em::dice::RollRequest& request, int, int faces) {
    for (;;) {
        std::cerr << "Roll " << em::dice::expression(request.count, request.faces, request.modifier) << " for "
                  << request.purpose << " (" << request.rule << "): one d" << faces << " face: " << std::flush;
        std::string line;
        if (!std::getline(std::cin, line))
            throw em::dice::DiceError("no roll was typed in for " + request.purpose + " (" + request.rule + ")");
        try {
            std::size_t used = 0;
            const int face = std::stoi(line, &used);
            if (used == line.size() && face >= 1 && face <= faces) return face;
        } catch (const std::exception&) {
        }
        std::cerr << "'" << line << "' is not a face of a d" << faces << "; type a number from 1 to " << faces << "\n";
    }
}

template <typename F>
int withStore(const std::string& path, F f) {
    try {
        auto store = em::db::CampaignStore::open(path, true);
        return f(store);
    } catch (const em::db::StoreError& e) {
        std::cerr << path << ": error " << e.code() << ": " << e.what() << "\n";
        return kBadInput;
    }
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"Etat-Major: umpire-less campaigns of the American War of Independence", "etatmajor-cli"};
    app.set_version_flag("--version", std::string(em::kProductName) + " " + em::kVersion);
    app.require_subcommand(1);

    bool json = false;
    std::vector<std::string> files;

    auto* mapCmd = app.add_subcommand("map", "Hex map files");
    mapCmd->require_subcommand(1);
    auto* mapValidateCmd = mapCmd->add_subcommand("validate", "Check map files against the format and the map rules");
    mapValidateCmd->add_option("files", files, "Map files")->required()->check(CLI::ExistingFile);
    mapValidateCmd->add_flag("--json", json, "Print one JSON document");
    std::string mapFile;
    auto* mapInfoCmd = mapCmd->add_subcommand("info", "Describe a map file");
    mapInfoCmd->add_option("file", mapFile, "Map file")->required()->check(CLI::ExistingFile);
    mapInfoCmd->add_flag("--json", json, "Print one JSON document");

    auto* campaignCmd = app.add_subcommand("campaign", "Campaigns");
    campaignCmd->require_subcommand(1);
    em::db::NewCampaignRequest request;
    auto* newCmd = campaignCmd->add_subcommand("new", "Create a campaign database from a campaign (scenario) file");
    newCmd->add_option("--scenario", request.scenarioPath, "Campaign file (XML)")->required()->check(CLI::ExistingFile);
    newCmd->add_option("--db", request.dbPath, "Campaign database to create")->required();
    newCmd->add_option("--seed", request.seed, "Seed of the campaign's dice");
    newCmd->add_option("--option", request.options, "Campaign option KEY=VALUE (repeatable; see 'options')");
    newCmd->add_flag("--force", request.overwrite, "Replace an existing database file");
    bool manualDice = false;
    newCmd->add_flag("--manual-dice", manualDice, "Type in the set-up rolls from real dice (read from standard input)");
    auto* campaignValidateCmd = campaignCmd->add_subcommand("validate", "Check campaign files and their maps");
    campaignValidateCmd->add_option("files", files, "Campaign files")->required()->check(CLI::ExistingFile);

    std::string dbPath;
    std::string side;
    auto* statusCmd = app.add_subcommand("status", "Show the campaign: the host's full view, or one side's view");
    statusCmd->add_option("--db", dbPath, "Campaign database")->required();
    statusCmd->add_option("--side", side, "Show only what this side may know");
    statusCmd->add_flag("--json", json, "Print one JSON document");

    auto* logCmd = app.add_subcommand("log", "Every die rolled, with its purpose, rule and effect");
    logCmd->add_option("--db", dbPath, "Campaign database")->required();
    logCmd->add_flag("--json", json, "Print one JSON document");

    auto* optionsCmd = app.add_subcommand("options", "List every campaign option with its default");
    optionsCmd->add_flag("--json", json, "Print one JSON document");

    try {
        app.parse(argc, argv);
    } catch (const CLI::Success& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        app.exit(e);
        return kUsage;
    }

    try {
        if (mapValidateCmd->parsed()) return mapValidate(files, json);
        if (mapInfoCmd->parsed()) return mapInfo(mapFile, json);
        if (campaignValidateCmd->parsed()) return campaignValidate(files);
        if (optionsCmd->parsed()) return optionsList(json);
        if (newCmd->parsed()) {
            em::dice::ManualSource typed(askForDie);
            if (manualDice) request.dice = &typed;
            const auto result = em::db::createCampaign(request);
            printIssues(result.issues);
            if (!result.ok) return kBadInput;
            std::cout << result.summary << "\n";
            return kOk;
        }
        if (statusCmd->parsed()) {
            const std::optional<std::string> view = side.empty() ? std::nullopt : std::optional(side);
            return withStore(dbPath, [&](em::db::CampaignStore& s) {
                std::cout << (json ? em::db::statusJson(s, view) + "\n" : em::db::statusText(s, view));
                return kOk;
            });
        }
        if (logCmd->parsed()) {
            return withStore(dbPath, [&](em::db::CampaignStore& s) {
                std::cout << (json ? em::db::rollLogJson(s) + "\n" : em::db::rollLogText(s));
                return kOk;
            });
        }
    } catch (const em::core::FileError& e) {
        std::cerr << e.toIssue().format() << "\n";
        return kBadInput;
    } catch (const std::exception& e) {
        std::cerr << "etatmajor-cli: error: " << e.what() << "\n";
        return kBadInput;
    }
    return kUsage;
}
