// SPDX-License-Identifier: GPL-3.0-or-later
// The GMT C API behind geo::Gshhg: one session per request, modules called with virtual files for input and output
// (GMT 6 API, "GMT_Open_VirtualFile"), so nothing is written to disk and no program is spawned. The GMT library is
// loaded the first time the importer needs it, not with the program (GmtLibrary below).
#include "etatmajor/geo/gshhg.hpp"

#include "etatmajor/core/text.hpp"

#include <gmt.h>

#include <dlfcn.h>

#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>
#include <type_traits>

namespace etatmajor::geo {

namespace {

// The GMT library brings a hundred more with it (GDAL, netCDF, image codecs...): linked to the program, their
// loading and relocation would cost every command of every user, for the one command that imports a map. So it is
// opened with dlopen when a map is first imported, and its functions are taken by name, each with the type gmt.h
// declares for it. Which file: the one found when the program was built (CMake gives its path), else the library's
// name, for the loader's own search.
struct GmtLibrary {
    decltype(&::GMT_Create_Session) createSession = nullptr;
    decltype(&::GMT_Destroy_Session) destroySession = nullptr;
    decltype(&::GMT_Call_Module) callModule = nullptr;
    decltype(&::GMT_Error_Message) errorMessage = nullptr;
    decltype(&::GMT_Open_VirtualFile) openVirtualFile = nullptr;
    decltype(&::GMT_Read_VirtualFile) readVirtualFile = nullptr;
    decltype(&::GMT_Close_VirtualFile) closeVirtualFile = nullptr;
    decltype(&::GMT_Create_Data) createData = nullptr;
    decltype(&::GMT_Destroy_Data) destroyData = nullptr;
    decltype(&::GMT_Get_Index) getIndex = nullptr;
};

GmtLibrary loadGmt() {
    void* handle = nullptr;
    std::string why;
    for (const char* file : {ETATMAJOR_GMT_LIBRARY_FILE, "libgmt.so.6", "libgmt.so"}) {
        // Never closed: GMT keeps state of its own for the life of the process.
        if ((handle = dlopen(file, RTLD_NOW | RTLD_LOCAL))) break;
        if (why.empty())
            if (const char* e = dlerror()) why = e;
    }
    if (!handle)
        throw GeoError("GEO-GMT", "the Generic Mapping Tools library could not be loaded (" + core::shorten(why) +
                                      "); install libgmt6 (scripts/install-deps.sh)");
    GmtLibrary lib;
    const auto take = [handle](auto& fn, const char* name) {
        fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(handle, name));
        if (!fn) throw GeoError("GEO-GMT", std::string("the Generic Mapping Tools library has no function ") + name);
    };
    take(lib.createSession, "GMT_Create_Session");
    take(lib.destroySession, "GMT_Destroy_Session");
    take(lib.callModule, "GMT_Call_Module");
    take(lib.errorMessage, "GMT_Error_Message");
    take(lib.openVirtualFile, "GMT_Open_VirtualFile");
    take(lib.readVirtualFile, "GMT_Read_VirtualFile");
    take(lib.closeVirtualFile, "GMT_Close_VirtualFile");
    take(lib.createData, "GMT_Create_Data");
    take(lib.destroyData, "GMT_Destroy_Data");
    take(lib.getIndex, "GMT_Get_Index");
    return lib;
}

// Loaded once; a failure is thrown again at each attempt.
const GmtLibrary& gmt() {
    static const GmtLibrary lib = loadGmt();
    return lib;
}

// GMT reports through this function; what matters of a failure is read back with GMT_Error_Message.
int quietPrint(FILE*, const char*) { return 0; }

std::string number(double d) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.8g", d);
    return buf;
}

std::string regionArg(const Region& r) {
    return "-R" + number(r.west) + "/" + number(r.east) + "/" + number(r.south) + "/" + number(r.north);
}

// One GMT session, destroyed with the object; every module's failure becomes a GeoError.
class Session {
public:
    explicit Session(const GshhgOptions& options) : m_options(options) {
        m_api = gmt().createSession("etatmajor", 0U, GMT_SESSION_NOEXIT | GMT_SESSION_EXTERNAL | GMT_SESSION_NOHISTORY, quietPrint);
        if (!m_api) throw GeoError("GEO-GMT", "the Generic Mapping Tools could not start a session");
    }
    ~Session() { gmt().destroySession(m_api); }
    Session(const Session&) = delete;
    Session& operator=(const Session&) = delete;

    void* api() const { return m_api; }

    // The options every module that reads the data is given: resolution, and the data directory when one is named.
    std::string dataArgs() const {
        std::string a = std::string(" -D") + m_options.resolution;
        if (!m_options.dataDir.empty()) a += " --DIR_GSHHG=" + m_options.dataDir;
        return a;
    }

    void call(const char* module, const std::string& args) {
        std::string text = args;
        const int status = gmt().callModule(m_api, module, GMT_MODULE_CMD, text.data());
        if (status == 0) return;
        const char* raw = gmt().errorMessage(m_api);
        std::string message = raw ? raw : "";
        while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
        if (const auto nl = message.rfind('\n'); nl != std::string::npos) message = message.substr(nl + 1);
        const bool data = message.find("GSHHG") != std::string::npos || message.find("binned") != std::string::npos ||
                          message.find("coastline") != std::string::npos;
        if (data)
            throw GeoError("GEO-GSHHG-MISSING", "the GSHHG shoreline data at resolution '" + std::string(1, m_options.resolution) +
                                                    "' could not be read (GMT: " + core::shorten(message) +
                                                    "); install gmt-gshhg-high (scripts/install-deps.sh)");
        throw GeoError("GEO-GMT", std::string("GMT ") + module + " failed" + (message.empty() ? "" : ": " + core::shorten(message)));
    }

    std::string openOutput(unsigned family, unsigned geometry) {
        std::array<char, GMT_VF_LEN> name{};
        if (gmt().openVirtualFile(m_api, family, geometry, static_cast<unsigned>(GMT_OUT) | static_cast<unsigned>(GMT_IS_REFERENCE),
                                  nullptr, name.data()) != 0)
            throw GeoError("GEO-GMT", "GMT could not open a virtual file");
        return name.data();
    }
    std::string openInput(unsigned family, unsigned geometry, void* data) {
        std::array<char, GMT_VF_LEN> name{};
        if (gmt().openVirtualFile(m_api, family, geometry, static_cast<unsigned>(GMT_IN) | static_cast<unsigned>(GMT_IS_REFERENCE),
                                  data, name.data()) != 0)
            throw GeoError("GEO-GMT", "GMT could not open a virtual file");
        return name.data();
    }
    void* read(const std::string& name) {
        void* data = gmt().readVirtualFile(m_api, name.c_str());
        gmt().closeVirtualFile(m_api, name.c_str());
        return data;
    }

private:
    const GshhgOptions& m_options;
    void* m_api = nullptr;
};

void checkDataDir(const GshhgOptions& o) {
    if (o.dataDir.empty()) return;
    for (const char* stem : {"binned_GSHHS_", "binned_river_"}) {
        const auto file = std::filesystem::path(o.dataDir) / (std::string(stem) + o.resolution + ".nc");
        std::error_code ec;
        if (!std::filesystem::is_regular_file(file, ec))
            throw GeoError("GEO-GSHHG-MISSING", "the GSHHG data directory '" + core::shorten(o.dataDir) + "' has no " +
                                                    file.filename().string() + "; install gmt-gshhg-high (scripts/install-deps.sh)");
    }
}

}  // namespace

Gshhg::Gshhg(GshhgOptions options) : m_options(std::move(options)) {
    if (std::string("fhilc").find(m_options.resolution) == std::string::npos || m_options.resolution == '\0')
        throw GeoError("GEO-GMT", std::string("the GSHHG resolution must be one of f, h, i, l, c"));
}

SurfaceGrid Gshhg::surface(const Region& region, double increment) const {
    checkDataDir(m_options);
    Session s(m_options);
    const std::string out = s.openOutput(GMT_IS_GRID, GMT_IS_SURFACE);
    // -N0/1/2/3/4: each node holds its GSHHG level; -r absent: nodes on the grid lines, the region's edges included.
    s.call("grdlandmask", regionArg(region) + " -I" + number(increment) + s.dataArgs() + " -N0/1/2/3/4 -G" + out);
    auto* grid = static_cast<GMT_GRID*>(s.read(out));
    if (!grid) throw GeoError("GEO-GMT", "GMT grdlandmask returned no grid");
    SurfaceGrid g;
    g.cols = static_cast<int>(grid->header->n_columns);
    g.rows = static_cast<int>(grid->header->n_rows);
    g.west = grid->header->wesn[GMT_XLO];
    g.north = grid->header->wesn[GMT_YHI];
    g.increment = grid->header->inc[GMT_X];
    g.cells.resize(static_cast<std::size_t>(g.cols) * static_cast<std::size_t>(g.rows));
    for (int row = 0; row < g.rows; ++row)
        for (int col = 0; col < g.cols; ++col) {
            const auto v = grid->data[gmt().getIndex(s.api(), grid->header, row, col)];
            const int level = std::isfinite(v) ? static_cast<int>(std::lround(v)) : 0;
            g.cells[static_cast<std::size_t>(row) * static_cast<std::size_t>(g.cols) + col] = static_cast<Surface>(
                level >= 0 && level <= 4 ? level : 0);
        }
    gmt().destroyData(s.api(), &grid);
    return g;
}

std::vector<Surface> Gshhg::surfaceAt(const Region& region, const std::vector<map::LatLon>& points) const {
    checkDataDir(m_options);
    std::vector<Surface> out(points.size(), Surface::Lake);
    if (points.empty()) return out;
    // Two passes of GMT select, each keeping the points of some levels (-N ocean/land/lake/island/pond, k keep, s skip):
    // land and islands in lakes, then the ocean; the points neither keeps are in lakes or ponds.
    const std::pair<const char*, Surface> passes[] = {{"-Ns/k/s/k/s", Surface::Land}, {"-Nk/s/s/s/s", Surface::Ocean}};
    for (const auto& [keep, surface] : passes) {
        Session s(m_options);
        std::uint64_t dim[4] = {1, 1, points.size(), 3};  // tables, segments, rows, columns: lon, lat, index
        auto* in = static_cast<GMT_DATASET*>(
            gmt().createData(s.api(), GMT_IS_DATASET, GMT_IS_POINT, GMT_CONTAINER_AND_DATA, dim, nullptr, nullptr, 0, 0, nullptr));
        if (!in) throw GeoError("GEO-GMT", "GMT could not hold the points");
        auto* seg = in->table[0]->segment[0];
        for (std::size_t i = 0; i < points.size(); ++i) {
            seg->data[0][i] = points[i].lon;
            seg->data[1][i] = points[i].lat;
            seg->data[2][i] = static_cast<double>(i);
        }
        seg->n_rows = points.size();
        const std::string inName = s.openInput(GMT_IS_DATASET, GMT_IS_POINT, in);
        const std::string outName = s.openOutput(GMT_IS_DATASET, GMT_IS_POINT);
        s.call("select", inName + " " + regionArg(region) + s.dataArgs() + " " + keep + " ->" + outName);
        gmt().closeVirtualFile(s.api(), inName.c_str());
        auto* kept = static_cast<GMT_DATASET*>(s.read(outName));
        if (kept)
            for (std::uint64_t t = 0; t < kept->n_tables; ++t)
                for (std::uint64_t k = 0; k < kept->table[t]->n_segments; ++k) {
                    const auto* sg = kept->table[t]->segment[k];
                    for (std::uint64_t r = 0; r < sg->n_rows; ++r) {
                        const auto i = static_cast<std::size_t>(std::llround(sg->data[2][r]));
                        if (i < out.size()) out[i] = surface;
                    }
                }
        if (kept) gmt().destroyData(s.api(), &kept);
        gmt().destroyData(s.api(), &in);
    }
    return out;
}

namespace {
// The lines of a coast -M dump.
GMT_DATASET* coastLines(Session& s, const std::string& args) {
    const std::string outName = s.openOutput(GMT_IS_DATASET, GMT_IS_LINE);
    s.call("coast", args + " -M ->" + outName);
    return static_cast<GMT_DATASET*>(s.read(outName));
}
}  // namespace

std::vector<std::vector<map::LatLon>> Gshhg::shorelines(const Region& region) const {
    checkDataDir(m_options);
    std::vector<std::vector<map::LatLon>> out;
    Session s(m_options);
    auto* d = coastLines(s, regionArg(region) + s.dataArgs() + " -W");
    if (!d) return out;
    for (std::uint64_t t = 0; t < d->n_tables; ++t)
        for (std::uint64_t k = 0; k < d->table[t]->n_segments; ++k) {
            const auto* sg = d->table[t]->segment[k];
            std::vector<map::LatLon> line;
            for (std::uint64_t r = 0; r < sg->n_rows; ++r) line.push_back({sg->data[1][r], sg->data[0][r]});
            if (line.size() >= 2) out.push_back(std::move(line));
        }
    gmt().destroyData(s.api(), &d);
    return out;
}

std::vector<RiverLine> Gshhg::rivers(const Region& region, const std::vector<int>& classes) const {
    checkDataDir(m_options);
    std::vector<RiverLine> out;
    if (classes.empty()) return out;
    Session s(m_options);
    std::string args = regionArg(region) + s.dataArgs();
    for (int c : classes) args += " -I" + std::to_string(c);
    auto* d = coastLines(s, args);
    if (!d) return out;
    for (std::uint64_t t = 0; t < d->n_tables; ++t)
        for (std::uint64_t k = 0; k < d->table[t]->n_segments; ++k) {
            const auto* sg = d->table[t]->segment[k];
            RiverLine line;
            // The segment header names the class: "River Bin # 4641, Level 1".
            if (sg->header) {
                const std::string h = sg->header;
                if (const auto at = h.rfind("Level "); at != std::string::npos) line.riverClass = std::atoi(h.c_str() + at + 6);
            }
            for (std::uint64_t r = 0; r < sg->n_rows; ++r) line.points.push_back({sg->data[1][r], sg->data[0][r]});
            if (line.points.size() >= 2) out.push_back(std::move(line));
        }
    gmt().destroyData(s.api(), &d);
    return out;
}

std::string Gshhg::sourceText() const {
    return std::string("Shorelines and rivers: GSHHG 2.3 (Global Self-consistent, Hierarchical, High-resolution Geography "
                       "Database, with the World Data Bank II rivers) by P. Wessel and W. H. F. Smith, resolution '") +
           m_options.resolution + "', read with the Generic Mapping Tools; GSHHG is distributed under the GNU LGPL.";
}

}  // namespace etatmajor::geo
