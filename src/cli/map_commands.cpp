// SPDX-License-Identifier: GPL-3.0-or-later
// etatmajor-cli map validate | info | import
#include "cli.hpp"

#include "etatmajor/core/text.hpp"
#include "etatmajor/geo/map_import.hpp"
#include "etatmajor/io/map_xml.hpp"

#include <nlohmann/json.hpp>

#include <array>
#include <filesystem>
#include <optional>
#include <memory>

namespace etatmajor::cli {

namespace {

int mapValidate(const std::vector<std::string>& files, bool json) {
    int status = kOk;
    nlohmann::ordered_json out = nlohmann::ordered_json::array();
    for (const auto& f : files) {
        const auto issues = io::validateMapFile(f);
        if (issues.hasErrors()) status = kBadInput;
        if (json) {
            nlohmann::ordered_json list = nlohmann::ordered_json::array();
            for (const auto& i : issues.items())
                list.push_back({{"severity", i.severity == core::Severity::Error ? "error" : "warning"},
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
    io::MapReadResult r;
    try {
        r = io::readMapFile(file);
    } catch (const core::FileError& e) {
        printIssues(e.issues());
        return kBadInput;
    }
    // What the reader could read past (a short terrain row, a region outside the map) is printed, and an error among it
    // gives exit status 1 whatever else is shown.
    const int status = r.issues.hasErrors() ? kBadInput : kOk;
    const auto& m = r.map;
    std::array<int, map::kTerrainCount> terrain{};
    for (const auto& h : m.allHexes()) ++terrain[static_cast<std::size_t>(m.terrain(h))];
    int rivers = 0, streams = 0, roads = 0, tracks = 0, waterways = 0;
    for (const auto& rv : m.rivers()) (rv.kind == map::Watercourse::River ? rivers : streams)++;
    for (const auto& rt : m.routes())
        (rt.kind == map::LinkKind::MajorRoad ? roads : rt.kind == map::LinkKind::MinorRoad ? tracks : waterways)++;
    const auto& meta = m.metadata();
    const auto off = m.offsets();
    if (json) {
        nlohmann::ordered_json t = nlohmann::ordered_json::object();
        for (int i = 0; i < map::kTerrainCount; ++i)
            t[std::string(map::terrainName(static_cast<map::Terrain>(i)))] = terrain[static_cast<std::size_t>(i)];
        nlohmann::ordered_json urban = nlohmann::ordered_json::array();
        for (const auto& u : m.urbanAreas())
            urban.push_back({{"id", u.id},
                             {"name", u.name},
                             {"hex", hex::formatOffset(off.toOffset(u.hex))},
                             {"size", map::urbanSizeName(u.size)},
                             {"fortification", map::fortificationName(u.fortification)}});
        nlohmann::ordered_json sides = nlohmann::ordered_json::array();
        for (const auto& s : m.sides()) {
            nlohmann::ordered_json entries = nlohmann::ordered_json::array();
            for (const auto& e : s.locEntries)
                entries.push_back(
                    {{"kind", map::locKindName(e.kind)}, {"hex", hex::formatOffset(off.toOffset(e.hex))}, {"name", e.name}});
            nlohmann::ordered_json edges = nlohmann::ordered_json::array();
            for (auto e : s.homeEdges) edges.push_back(map::mapEdgeName(e));
            sides.push_back({{"id", s.side}, {"homeEdges", edges}, {"homeCoast", s.homeCoast}, {"locEntries", entries}});
        }
        nlohmann::ordered_json doc{{"file", file},
                                   {"id", meta.id},
                                   {"name", meta.name},
                                   {"kmPerHex", meta.kmPerHex},
                                   {"orientation", meta.orientation == hex::Orientation::Pointy ? "pointy" : "flat"},
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
        if (const auto grid = m.geoGrid()) {
            auto corner = [&](int col, int row) {
                const auto p = grid->latLon(off.toHex({col, row}));
                return nlohmann::ordered_json{{"hex", hex::formatOffset({col, row})}, {"lat", p.lat}, {"lon", p.lon}};
            };
            doc["geo"] = {{"projection", "transverse_mercator"},
                          {"lat0", meta.geo->lat0},
                          {"lon0", meta.geo->lon0},
                          {"northWest", corner(0, 0)},
                          {"southEast", corner(meta.width - 1, meta.height - 1)},
                          {"source", meta.geo->source}};
        }
        std::cout << doc.dump(2) << "\n";
        printIssues(r.issues);
        return status;
    }
    std::cout << meta.name << " [" << meta.id << "]\n"
              << meta.width << " x " << meta.height << " hexes (" << m.hexCount() << "), " << meta.kmPerHex << " km per hex, "
              << (meta.orientation == hex::Orientation::Pointy ? "pointy" : "flat") << "-top\n";
    if (const auto grid = m.geoGrid())
        std::cout << "georeference: transverse Mercator about " << map::formatLatLon({meta.geo->lat0, meta.geo->lon0})
                  << "; hex 0,0 at " << map::formatLatLon(grid->latLon(off.toHex({0, 0}))) << ", hex "
                  << hex::formatOffset({meta.width - 1, meta.height - 1}) << " at "
                  << map::formatLatLon(grid->latLon(off.toHex({meta.width - 1, meta.height - 1}))) << "\n";
    std::cout << "terrain:";
    for (int i = 0; i < map::kTerrainCount; ++i)
        if (terrain[static_cast<std::size_t>(i)] > 0)
            std::cout << " " << map::terrainName(static_cast<map::Terrain>(i)) << " " << terrain[static_cast<std::size_t>(i)];
    std::cout << "\nrivers " << rivers << ", streams " << streams << ", crossings " << m.crossings().size() << "; major roads "
              << roads << ", minor roads " << tracks << ", waterways " << waterways << "\n";
    std::cout << "urban areas (" << m.urbanAreas().size() << "):\n";
    for (const auto& u : m.urbanAreas())
        std::cout << "  " << hex::formatOffset(off.toOffset(u.hex)) << "  " << u.name << " (" << map::urbanSizeName(u.size)
                  << (u.fortification != map::Fortification::None
                          ? ", " + std::string(map::fortificationName(u.fortification)) + " fortification"
                          : "")
                  << ")\n";
    for (const auto& s : m.sides()) {
        std::cout << "side " << s.side << ": home edge";
        for (auto e : s.homeEdges) std::cout << " " << map::mapEdgeName(e);
        if (s.homeCoast) std::cout << " and coast";
        std::cout << "\n";
        for (const auto& e : s.locEntries)
            std::cout << "  " << map::locKindName(e.kind) << " LOC entry " << hex::formatOffset(off.toOffset(e.hex)) << " " << e.name
                      << "\n";
    }
    printIssues(r.issues);
    return status;
}

struct ImportArgs {
    std::string region, orientation = "pointy", output, id = "imported", name = "Imported map", gazetteer, resolution = "h", gshhgDir;
    double kmPerHex = 8.0;
    bool force = false;
};

// The options are parsed here; the import itself is the core's (geo::importMap).
int mapImport(const ImportArgs& a) {
    const auto region = geo::parseRegion(a.region);
    if (!region) {
        std::cerr << "error GEO-REGION: --region '" << core::shorten(a.region)
                  << "' is not four numbers LAT1,LON1,LAT2,LON2 (degrees, north and east positive)\n";
        return kUsage;
    }
    geo::ImportOptions o;
    o.region = *region;
    o.kmPerHex = a.kmPerHex;
    o.orientation = a.orientation == "flat" ? hex::Orientation::Flat : hex::Orientation::Pointy;
    o.id = a.id;
    o.name = a.name;
    o.data.resolution = a.resolution.front();
    o.data.dataDir = a.gshhgDir;
    const auto problems = geo::checkImportOptions(o);
    if (problems.hasErrors()) {
        printIssues(problems);
        return kBadInput;
    }
    if (!a.force && std::filesystem::exists(a.output)) {
        std::cerr << a.output << ": error IO-EXISTS: the file exists; give --force to replace it\n";
        return kBadInput;
    }
    std::optional<geo::Gazetteer> gazetteer;
    core::IssueList issues;
    try {
        if (!a.gazetteer.empty()) gazetteer = geo::readGazetteerFile(a.gazetteer);
        const geo::Gshhg data(o.data);
        auto result = geo::importMap(o, data, gazetteer ? &*gazetteer : nullptr);
        result.issues.setFile(a.gazetteer);
        issues.append(result.issues);
        io::writeMapFile(result.map, a.output);
        const auto& sm = result.summary;
        std::cout << a.output << ": " << result.map.width() << " x " << result.map.height() << " hexes at " << o.kmPerHex
                  << " km a hex; sea " << sm.seaHexes << ", lake " << sm.lakeHexes << ", land " << sm.landHexes << "; river hexsides "
                  << sm.riverHexsides << " (navigable " << sm.navigableHexsides << "), stream hexsides " << sm.streamHexsides
                  << "; urban areas " << result.map.urbanAreas().size() << "\n";
    } catch (const core::FileError& e) {
        printIssues(e.issues());
        return kBadInput;
    } catch (const geo::GeoError& e) {
        std::cerr << "error " << e.code() << ": " << e.what() << "\n";
        return kBadInput;
    }
    printIssues(issues);
    return issues.hasErrors() ? kBadInput : kOk;
}

}  // namespace

void registerMapCommands(CLI::App& app, Registry& registry) {
    struct Args {
        std::vector<std::string> files;
        std::string file;
        bool json = false;
    };
    auto args = std::make_shared<Args>();
    auto* mapCmd = app.add_subcommand("map", "Hex map files");
    mapCmd->require_subcommand(1);
    auto* validate = mapCmd->add_subcommand("validate", "Check map files against the format and the map rules");
    validate->add_option("files", args->files, "Map files")->required()->check(CLI::ExistingFile);
    validate->add_flag("--json", args->json, "Print one JSON document");
    registry.add(validate, [args] { return mapValidate(args->files, args->json); });
    auto* info = mapCmd->add_subcommand("info", "Describe a map file");
    info->add_option("file", args->file, "Map file")->required()->check(CLI::ExistingFile);
    info->add_flag("--json", args->json, "Print one JSON document");
    registry.add(info, [args] { return mapInfo(args->file, args->json); });

    auto imp = std::make_shared<ImportArgs>();
    auto* import = mapCmd->add_subcommand("import", "Start a map from real geography (GSHHG shorelines and rivers)");
    import->add_option("--region", imp->region, "LAT1,LON1,LAT2,LON2: two opposite corners, in degrees (north and east positive)")
        ->required();
    import->add_option("--km-per-hex", imp->kmPerHex, "Distance between adjacent hex centres, in km")->required();
    import->add_option("--orientation", imp->orientation, "pointy or flat tops")
        ->check(CLI::IsMember({"pointy", "flat"}))
        ->default_str("pointy");
    import->add_option("-o,--output", imp->output, "Map file to write")->required();
    import->add_option("--id", imp->id, "The map's id")->default_str("imported");
    import->add_option("--name", imp->name, "The map's name")->default_str("Imported map");
    import->add_option("--gazetteer", imp->gazetteer, "Gazetteer of towns and river names to place by latitude and longitude")
        ->check(CLI::ExistingFile);
    import->add_option("--resolution", imp->resolution, "GSHHG resolution: f(ull), h(igh), i(ntermediate), l(ow), c(rude)")
        ->check(CLI::IsMember({"f", "h", "i", "l", "c"}))
        ->default_str("h");
    import->add_option("--gshhg-dir", imp->gshhgDir, "Directory holding the GSHHG files (default: where GMT finds them)");
    import->add_flag("--force", imp->force, "Replace an existing output file");
    registry.add(import, [imp] { return mapImport(*imp); });
}

}  // namespace etatmajor::cli
