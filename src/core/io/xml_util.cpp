#include "xml_util.hpp"

#include <algorithm>
#include <charconv>
#include <vector>
#include <cstdlib>
#include <sstream>

namespace etatmajor::io::xml {

void Reader::parse(tinyxml2::XMLDocument& doc, std::string_view text) const {
    const auto rc = doc.Parse(text.data(), text.size());
    if (rc != tinyxml2::XML_SUCCESS) {
        std::string msg = doc.ErrorStr() ? doc.ErrorStr() : "malformed XML";
        // tinyxml2 prefixes its message with "Error=XML_ERROR_... ErrorID=N (0xN) Line number=N: "; keep the tail.
        if (const auto pos = msg.find("Line number="); pos != std::string::npos)
            if (const auto colon = msg.find(':', pos); colon != std::string::npos) msg = msg.substr(colon + 1);
        while (!msg.empty() && msg.front() == ' ') msg.erase(msg.begin());
        const std::string kind = tinyxml2::XMLDocument::ErrorIDToName(rc);
        throw core::FileError(m_file, doc.ErrorLineNum(), "", "XML-PARSE",
                              "malformed XML (" + kind + ")" + (msg.empty() ? "" : ": " + msg));
    }
}

const tinyxml2::XMLElement& Reader::root(const tinyxml2::XMLDocument& doc, const char* name, int supportedVersion) const {
    const auto* r = doc.RootElement();
    if (!r) throw core::FileError(m_file, 1, "", "XML-ROOT", "the file has no root element");
    if (std::string_view(r->Name()) != name)
        fail(*r, "XML-ROOT", std::string("expected a <") + name + "> file but the root element is <" + r->Name() + ">");
    const char* v = r->Attribute("formatVersion");
    if (!v) fail(*r, "XML-VERSION", "the root element has no formatVersion attribute");
    int version = 0;
    const std::string_view vs(v);
    auto [ptr, ec] = std::from_chars(vs.data(), vs.data() + vs.size(), version);
    if (ec != std::errc{} || ptr != vs.data() + vs.size() || version < 1)
        fail(*r, "XML-VERSION", "formatVersion '" + std::string(v) + "' is not a positive whole number");
    if (version > supportedVersion)
        fail(*r, "XML-VERSION-TOO-NEW",
             "formatVersion " + std::to_string(version) + " is newer than this program reads (" +
                 std::to_string(supportedVersion) + "); update Etat-Major");
    return *r;
}

namespace {
std::size_t editDistance(std::string_view a, std::string_view b) {
    std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string suggestion(std::string_view name, std::initializer_list<std::string_view> known) {
    std::string_view best;
    std::size_t bestDistance = 3;  // only close matches are worth suggesting
    for (auto k : known) {
        const auto d = editDistance(name, k);
        if (d < bestDistance) {
            bestDistance = d;
            best = k;
        }
    }
    return best.empty() ? "" : " (did you mean '" + std::string(best) + "'?)";
}

bool member(std::string_view name, std::initializer_list<std::string_view> known) {
    return std::find(known.begin(), known.end(), name) != known.end();
}
}  // namespace

void Reader::allow(const tinyxml2::XMLElement& e, std::initializer_list<std::string_view> attributes,
                   std::initializer_list<std::string_view> children) const {
    for (const auto* a = e.FirstAttribute(); a; a = a->Next())
        if (!member(a->Name(), attributes))
            fail(e, "XML-UNKNOWN-ATTRIBUTE", std::string("unknown attribute '") + a->Name() + "'" + suggestion(a->Name(), attributes));
    for (const auto* c = e.FirstChildElement(); c; c = c->NextSiblingElement())
        if (!member(c->Name(), children))
            fail(*c, "XML-UNKNOWN-ELEMENT", std::string("<") + e.Name() + "> has no child element <" + c->Name() + ">" +
                                                 suggestion(c->Name(), children));
}

void Reader::fail(const tinyxml2::XMLElement& e, const std::string& code, const std::string& message) const {
    throw core::FileError(m_file, e.GetLineNum(), e.Name(), code, message);
}

std::string Reader::str(const tinyxml2::XMLElement& e, const char* attr) const {
    const char* v = e.Attribute(attr);
    if (!v) fail(e, "XML-ATTR-MISSING", std::string("required attribute '") + attr + "' is missing");
    return v;
}

std::string Reader::str(const tinyxml2::XMLElement& e, const char* attr, const std::string& fallback) const {
    const char* v = e.Attribute(attr);
    return v ? std::string(v) : fallback;
}

std::optional<std::string> Reader::optStr(const tinyxml2::XMLElement& e, const char* attr) const {
    const char* v = e.Attribute(attr);
    if (!v) return std::nullopt;
    return std::string(v);
}

int Reader::integer(const tinyxml2::XMLElement& e, const char* attr) const {
    const std::string v = str(e, attr);
    int out = 0;
    auto [ptr, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
    if (ec != std::errc{} || ptr != v.data() + v.size())
        fail(e, "XML-ATTR-VALUE", std::string("attribute '") + attr + "' must be a whole number, not '" + v + "'");
    return out;
}

int Reader::integer(const tinyxml2::XMLElement& e, const char* attr, int fallback) const {
    return e.Attribute(attr) ? integer(e, attr) : fallback;
}

double Reader::real(const tinyxml2::XMLElement& e, const char* attr) const {
    const std::string v = str(e, attr);
    char* end = nullptr;
    const double d = std::strtod(v.c_str(), &end);
    if (end == v.c_str() || *end != '\0')
        fail(e, "XML-ATTR-VALUE", std::string("attribute '") + attr + "' must be a number, not '" + v + "'");
    return d;
}

bool Reader::boolean(const tinyxml2::XMLElement& e, const char* attr, bool fallback) const {
    const char* v = e.Attribute(attr);
    if (!v) return fallback;
    const std::string_view s(v);
    if (s == "true" || s == "1") return true;
    if (s == "false" || s == "0") return false;
    fail(e, "XML-ATTR-VALUE", std::string("attribute '") + attr + "' must be true or false, not '" + std::string(s) + "'");
}

std::string toString(const tinyxml2::XMLDocument& doc) {
    tinyxml2::XMLPrinter printer;
    doc.Print(&printer);
    return printer.CStr();
}

std::vector<std::string> splitWords(const std::string& text) {
    std::istringstream in(text);
    std::vector<std::string> out;
    for (std::string word; in >> word;) out.push_back(word);
    return out;
}

std::string boolText(bool b) { return b ? "true" : "false"; }

}  // namespace etatmajor::io::xml
