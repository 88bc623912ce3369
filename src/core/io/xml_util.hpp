// Private tinyxml2 helpers shared by the XML readers: typed attribute access that throws
// core::FileError naming file, line and element.
#pragma once

#include "etatmajor/core/issue.hpp"

#include <tinyxml2.h>

#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace etatmajor::io::xml {

class Reader {
public:
    explicit Reader(std::string file) : m_file(std::move(file)) {}
    const std::string& file() const { return m_file; }

    // Parses text into doc; throws XML-PARSE with the parser's line on failure.
    void parse(tinyxml2::XMLDocument& doc, std::string_view text) const;
    // Checks the root element's name and formatVersion (XML-ROOT, XML-VERSION, XML-VERSION-TOO-NEW).
    const tinyxml2::XMLElement& root(const tinyxml2::XMLDocument& doc, const char* name, int supportedVersion) const;

    // Rejects attributes and child elements the format does not define (XML-UNKNOWN-ATTRIBUTE,
    // XML-UNKNOWN-ELEMENT), suggesting the nearest known name, so a misspelling is never silently ignored.
    void allow(const tinyxml2::XMLElement& e, std::initializer_list<std::string_view> attributes,
               std::initializer_list<std::string_view> children = {}) const;

    [[noreturn]] void fail(const tinyxml2::XMLElement& e, const std::string& code, const std::string& message) const;

    std::string str(const tinyxml2::XMLElement& e, const char* attr) const;  // required
    std::string str(const tinyxml2::XMLElement& e, const char* attr, const std::string& fallback) const;
    std::optional<std::string> optStr(const tinyxml2::XMLElement& e, const char* attr) const;
    int integer(const tinyxml2::XMLElement& e, const char* attr) const;
    int integer(const tinyxml2::XMLElement& e, const char* attr, int fallback) const;
    double real(const tinyxml2::XMLElement& e, const char* attr) const;
    bool boolean(const tinyxml2::XMLElement& e, const char* attr, bool fallback) const;

    // Parses an enum attribute with a from-name function returning std::optional.
    template <typename F>
    auto enumeration(const tinyxml2::XMLElement& e, const char* attr, F fromName) const {
        const std::string v = str(e, attr);
        auto r = fromName(v);
        if (!r) fail(e, "XML-ATTR-VALUE", std::string("attribute '") + attr + "' has the unknown value '" + v + "'");
        return *r;
    }
    template <typename F, typename T>
    T enumeration(const tinyxml2::XMLElement& e, const char* attr, F fromName, T fallback) const {
        if (!e.Attribute(attr)) return fallback;
        return enumeration(e, attr, fromName);
    }

private:
    std::string m_file;
};

// Iteration over child elements with a given name.
template <typename F>
void forEach(const tinyxml2::XMLElement* parent, const char* name, F f) {
    if (!parent) return;
    for (const auto* c = parent->FirstChildElement(name); c; c = c->NextSiblingElement(name)) f(*c);
}

// Whitespace-separated words of an attribute value (lists of hexes, edges, nationalities).
std::vector<std::string> splitWords(const std::string& text);

std::string toString(const tinyxml2::XMLDocument& doc);
std::string boolText(bool b);

}  // namespace etatmajor::io::xml
