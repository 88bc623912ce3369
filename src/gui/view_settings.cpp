// SPDX-License-Identifier: GPL-3.0-or-later
#include "view_settings.hpp"

#include <wx/config.h>

#include "etatmajor/io/atomic_file.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <stdexcept>

namespace etatmajor::gui {

namespace fs = std::filesystem;

std::string ViewSettingsFile::pathFor(const std::string& mapPath) { return mapPath + ".view.json"; }

ViewSettings ViewSettingsFile::read(const std::string& mapPath) {
    ViewSettings out;
    const std::string path = pathFor(mapPath);
    std::error_code ec;
    if (!fs::exists(path, ec)) return out;
    try {
        const auto json = nlohmann::json::parse(io::readWholeFile(path));
        if (json.value("formatVersion", 0) > kFormatVersion) throw std::runtime_error("made by a newer version of Etat-Major");
        if (json.contains("background")) {
            const auto& b = json.at("background");
            BackgroundSettings s;
            s.image = b.at("image").get<std::string>();
            if (!s.image.empty() && fs::path(s.image).is_relative())
                s.image = (fs::path(mapPath).parent_path() / s.image).lexically_normal().string();
            s.visible = b.value("visible", true);
            s.opacity = b.value("opacity", 0.5);
            s.scale = b.value("scale", 1.0);
            s.x = b.value("x", 0.0);
            s.y = b.value("y", 0.0);
            if (!(s.scale > 0)) throw std::runtime_error("the background scale must be more than 0");
            out.background = s;
        }
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(path + ": error: not valid view settings (" + e.what() + ")");
    } catch (const std::runtime_error& e) {
        const std::string what = e.what();
        if (what.rfind(path, 0) == 0) throw;
        throw std::runtime_error(path + ": error: " + what);
    }
    return out;
}

void ViewSettingsFile::write(const std::string& mapPath, const ViewSettings& settings) {
    const std::string path = pathFor(mapPath);
    if (!settings.background) {
        std::error_code ec;
        fs::remove(path, ec);
        return;
    }
    const auto& b = *settings.background;
    std::string image = b.image;
    if (!image.empty()) {
        std::error_code ec;
        const fs::path base = fs::absolute(fs::path(mapPath), ec).parent_path();
        const fs::path rel = fs::absolute(fs::path(image), ec).lexically_proximate(base);
        if (!rel.empty()) image = rel.generic_string();
    }
    nlohmann::json json = {
        {"formatVersion", kFormatVersion},
        {"background",
         {{"image", image}, {"visible", b.visible}, {"opacity", b.opacity}, {"scale", b.scale}, {"x", b.x}, {"y", b.y}}}};
    io::writeFileAtomically(path, json.dump(2) + "\n");
}

namespace {

struct LayerKey {
    const char* name;
    bool LayerVisibility::*flag;
};
constexpr LayerKey kLayerKeys[] = {{"terrain", &LayerVisibility::terrain}, {"rivers", &LayerVisibility::rivers},
                                   {"roads", &LayerVisibility::roads},     {"towns", &LayerVisibility::towns},
                                   {"labels", &LayerVisibility::labels},   {"hexNumbers", &LayerVisibility::hexNumbers}};

}  // namespace

LayerVisibility readLayers(wxConfigBase& config) {
    LayerVisibility layers;
    for (const auto& key : kLayerKeys) {
        bool on = layers.*key.flag;
        config.Read(wxString("/Editor/Layers/") + key.name, &on, on);
        layers.*key.flag = on;
    }
    return layers;
}

void writeLayers(wxConfigBase& config, const LayerVisibility& layers) {
    for (const auto& key : kLayerKeys) config.Write(wxString("/Editor/Layers/") + key.name, layers.*key.flag);
    config.Flush();
}

}  // namespace etatmajor::gui
