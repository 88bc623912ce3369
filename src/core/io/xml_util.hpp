// SPDX-License-Identifier: GPL-3.0-or-later
// Private tinyxml2 helpers shared by the XML readers: typed attribute access that throws
// core::FileError naming file, line and element, and the checks every input file passes before it is read
// (size, encoding, characters, one root element, lengths of values: docs/formats/limits.md).
//
// Every problem of a file is reported, not only the first: a reader walks its elements with each(), attempt() and
// note(), which record a problem and go on with the next element, and ends with finish(), which throws one
// core::FileError holding them all.
#pragma once

#include "etatmajor/core/issue.hpp"
#include "etatmajor/core/text.hpp"

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

    // The file's text as UTF-8, checked: at most limits::kFileBytes; UTF-8, or declared ISO-8859-1 (Latin-1) or
    // Windows-1252 and converted (the declaration then says UTF-8), any other encoding refused (XML-ENCODING);
    // every byte that is not UTF-8 (XML-UTF8) and every control character XML does not allow (XML-CHAR) reported
    // with its line. Throws a FileError holding every problem. Running it on its own result changes nothing.
    std::string decode(std::string_view raw) const;

    // decode()s and parses text into doc; throws XML-PARSE with the parser's line on failure. Then checks what the
    // parser lets through: a second root element (XML-ROOT), values that are not UTF-8 or hold control
    // characters once character references are expanded (XML-UTF8, XML-CHAR), and every attribute value and
    // element text against its limit (XML-TOO-LONG); all of these are reported together.
    void parse(tinyxml2::XMLDocument& doc, std::string_view text);
    // Checks the root element's name and formatVersion (XML-ROOT, XML-VERSION, XML-VERSION-TOO-NEW).
    const tinyxml2::XMLElement& root(const tinyxml2::XMLDocument& doc, const char* name, int supportedVersion) const;

    // Rejects attributes and child elements the format does not define (XML-UNKNOWN-ATTRIBUTE,
    // XML-UNKNOWN-ELEMENT), suggesting the nearest known name, so a misspelling is never silently ignored.
    // Each is a problem recorded (note), and reading goes on.
    void allow(const tinyxml2::XMLElement& e, std::initializer_list<std::string_view> attributes,
               std::initializer_list<std::string_view> children = {});

    // The one child element `name` of parent, or null; a second one is a problem (XML-ELEMENT-TWICE) naming its line.
    const tinyxml2::XMLElement* single(const tinyxml2::XMLElement& parent, const char* name);

    [[noreturn]] void fail(const tinyxml2::XMLElement& e, const std::string& code, const std::string& message) const;

    // Records a problem of element e and goes on.
    void note(const tinyxml2::XMLElement& e, const std::string& code, const std::string& message,
              std::optional<std::string> where = {});
    // Runs f; a FileError it throws is recorded, and false returned.
    template <typename F>
    bool attempt(F f) {
        try {
            f();
            return true;
        } catch (const core::FileError& e) {
            record(e);
            return false;
        }
    }
    // f for every child element `name` of parent; a problem in one is recorded and the next is read.
    template <typename F>
    void each(const tinyxml2::XMLElement* parent, const char* name, F f) {
        if (!parent) return;
        for (const auto* c = parent->FirstChildElement(name); c; c = c->NextSiblingElement(name)) attempt([&] { f(*c); });
    }
    bool failed() const { return m_problems.hasErrors(); }
    // Throws every problem recorded so far, with those of `more` (the reader's own, e.g. terrain rows), in the
    // order of their lines; does nothing when none is an error.
    void finish(const core::IssueList& more = {}) const;

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
        if (!r) fail(e, "XML-ATTR-VALUE", std::string("attribute '") + attr + "' has the unknown value '" + core::shorten(v) + "'");
        return *r;
    }
    template <typename F, typename T>
    T enumeration(const tinyxml2::XMLElement& e, const char* attr, F fromName, T fallback) const {
        if (!e.Attribute(attr)) return fallback;
        return enumeration(e, attr, fromName);
    }

private:
    void record(const core::FileError& e);
    void problem(int line, const std::string& code, const std::string& message, std::optional<std::string> where = {});

    std::string m_file;
    core::IssueList m_problems;
    std::size_t m_dropped = 0;  // problems past limits::kProblems, counted only
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
