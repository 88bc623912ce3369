// SPDX-License-Identifier: GPL-3.0-or-later
#include "xml_util.hpp"

#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/limits.hpp"

#include <iconv.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <vector>
#include <cstdlib>
#include <sstream>

namespace etatmajor::io::xml {

namespace {

enum class Encoding { Utf8, Ascii, Latin1, Windows1252 };

std::string lower(std::string_view s) {
    std::string out(s);
    for (auto& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

// The encoding named by the XML declaration (XML 1.0 §4.3.3); nullopt for one this program does not read.
std::optional<Encoding> encodingFromName(std::string_view name) {
    const std::string n = lower(name);
    if (n == "utf-8" || n == "utf8") return Encoding::Utf8;
    if (n == "us-ascii" || n == "ascii") return Encoding::Ascii;
    if (n == "iso-8859-1" || n == "iso8859-1" || n == "iso_8859-1" || n == "latin1" || n == "latin-1" || n == "l1")
        return Encoding::Latin1;
    if (n == "windows-1252" || n == "cp1252" || n == "x-cp1252") return Encoding::Windows1252;
    return std::nullopt;
}

// Where the value of the declaration's encoding pseudo-attribute lies in text (after a UTF-8 byte order mark).
struct Declared {
    std::size_t at = 0, size = 0;
};
std::optional<Declared> declaredEncoding(std::string_view text) {
    std::size_t start = text.rfind("\xEF\xBB\xBF", 0) == 0 ? 3 : 0;
    if (text.substr(start, 5) != "<?xml") return std::nullopt;
    const std::size_t end = text.find("?>", start);
    if (end == std::string_view::npos) return std::nullopt;
    const std::string_view decl = text.substr(0, end);
    std::size_t pos = decl.find("encoding", start);
    if (pos == std::string_view::npos) return std::nullopt;
    pos += 8;
    while (pos < decl.size() && (decl[pos] == ' ' || decl[pos] == '\t' || decl[pos] == '\r' || decl[pos] == '\n')) ++pos;
    if (pos >= decl.size() || decl[pos] != '=') return std::nullopt;
    ++pos;
    while (pos < decl.size() && (decl[pos] == ' ' || decl[pos] == '\t' || decl[pos] == '\r' || decl[pos] == '\n')) ++pos;
    if (pos >= decl.size() || (decl[pos] != '"' && decl[pos] != '\'')) return std::nullopt;
    const char quote = decl[pos++];
    const std::size_t close = decl.find(quote, pos);
    if (close == std::string_view::npos) return std::nullopt;
    return Declared{pos, close - pos};
}

std::string hexByte(unsigned char b) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    return std::string("0x") + kHex[b >> 4] + kHex[b & 0xF];
}

// Problems of one file, at most limits::kProblems of them listed; the rest counted in a last line.
class Collector {
public:
    explicit Collector(const std::string& file) : m_file(file) {}
    void add(int line, const std::string& code, const std::string& message, std::optional<std::string> where = {}) {
        if (m_list.size() >= limits::kProblems) {
            ++m_dropped;
            return;
        }
        m_list.add({core::Severity::Error, code, message, m_file, line, std::move(where)});
    }
    void throwIfAny() const {
        if (m_list.empty()) return;
        core::IssueList all = m_list;
        if (m_dropped > 0)
            all.add({core::Severity::Error, "XML-TOO-MANY", "and " + std::to_string(m_dropped) + " more problems of the same kinds",
                     m_file, 0, std::nullopt});
        throw core::FileError(m_file, all);
    }

private:
    const std::string& m_file;
    core::IssueList m_list;
    std::size_t m_dropped = 0;
};

// Converts text from a single-byte encoding to UTF-8 with iconv; a byte that has no character in it is reported
// with its line and left out.
std::string convert(std::string_view text, const char* from, const char* label, Collector& problems) {
    iconv_t cd = iconv_open("UTF-8", from);
    if (cd == reinterpret_cast<iconv_t>(-1)) {
        problems.add(1, "XML-ENCODING", std::string("this system cannot convert ") + label + " text");
        return std::string(text);
    }
    std::string out;
    std::vector<char> in(text.begin(), text.end());
    char* inPtr = in.data();
    std::size_t inLeft = in.size();
    char buffer[16384];
    while (inLeft > 0) {
        char* outPtr = buffer;
        std::size_t outLeft = sizeof buffer;
        const std::size_t rc = iconv(cd, &inPtr, &inLeft, &outPtr, &outLeft);
        out.append(buffer, sizeof buffer - outLeft);
        if (rc == static_cast<std::size_t>(-1) && errno != E2BIG) {
            const auto at = static_cast<std::size_t>(inPtr - in.data());
            const int line = 1 + static_cast<int>(std::count(in.data(), inPtr, '\n'));
            problems.add(line, "XML-ENCODING",
                         "byte " + hexByte(static_cast<unsigned char>(in[at])) + " has no character in " + label);
            ++inPtr;
            --inLeft;
        }
    }
    iconv_close(cd);
    return out;
}

// Every line holding a byte that is not UTF-8 (one problem a line) or a control character XML 1.0 does not allow
// (§2.2: of the C0 controls only tab, line feed and carriage return).
void checkCharacters(std::string_view text, std::string_view declared, bool asciiOnly, Collector& problems) {
    int line = 1;
    std::size_t lineStart = 0;
    bool reported = false;
    for (std::size_t i = 0; i < text.size();) {
        const auto b = static_cast<unsigned char>(text[i]);
        if (b == '\n') {
            ++line;
            lineStart = i + 1;
            reported = false;
            ++i;
            continue;
        }
        std::size_t n = 1;
        if (b >= 0x80) {
            // Length of the sequence starting here, when it is one.
            n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
            if (i + n > text.size() || core::firstInvalidUtf8(text.substr(i, n))) n = 0;
        }
        // The column is written out only for a problem: this loop runs for every byte of every file read.
        const auto column = [&] { return std::to_string(i - lineStart + 1); };
        if (!reported && (n == 0 || (asciiOnly && b >= 0x80))) {
            problems.add(line, "XML-UTF8",
                         "byte " + hexByte(b) + " at column " + column() + " is not " + (asciiOnly ? "ASCII" : "UTF-8") +
                             "; the file " +
                             (declared.empty() ? "declares no encoding, so it must be UTF-8"
                                               : "declares the encoding '" + core::shorten(declared) + "'") +
                             ": save it as UTF-8, or declare the encoding it is written in (ISO-8859-1 and Windows-1252 are read)");
            reported = true;
        } else if (!reported && n == 1 && b < 0x20 && b != '\t' && b != '\r') {
            problems.add(line, "XML-CHAR",
                         "the control character " + hexByte(b) + " at column " + column() + " is not allowed in XML");
            reported = true;
        }
        i += n == 0 ? 1 : n;
    }
}

enum class ValueKind { Short, Name, Text, List };

// Which limit an attribute's value is held to (docs/formats/limits.md); one table for every format, as an attribute
// name means the same in each.
ValueKind attributeKind(std::string_view name) {
    static constexpr std::string_view lists[] = {"hexes", "sides", "homeEdges", "nationalities", "via"};
    static constexpr std::string_view texts[] = {"note", "text", "map", "source"};
    static constexpr std::string_view names[] = {"name", "label", "theatre", "date", "value", "corps", "division", "brigade"};
    for (auto n : lists)
        if (n == name) return ValueKind::List;
    for (auto n : texts)
        if (n == name) return ValueKind::Text;
    for (auto n : names)
        if (n == name) return ValueKind::Name;
    return ValueKind::Short;
}

ValueKind textKind(std::string_view element) {
    return element == "row" || element == "path" || element == "locPath" ? ValueKind::List : ValueKind::Text;
}

std::size_t limitOf(ValueKind k) {
    switch (k) {
        case ValueKind::Short: return limits::kShort;
        case ValueKind::Name: return limits::kName;
        case ValueKind::Text: return limits::kText;
        case ValueKind::List: return limits::kList;
    }
    return limits::kShort;
}

const char* kindName(ValueKind k) {
    switch (k) {
        case ValueKind::Short: return "an id or short value";
        case ValueKind::Name: return "a name";
        case ValueKind::Text: return "free text";
        case ValueKind::List: return "a list";
    }
    return "";
}

// A value as the parser gives it (character references expanded): UTF-8, no control character, within its limit.
void checkValue(std::string_view value, ValueKind kind, int line, const std::string& what, Collector& problems) {
    if (core::firstInvalidUtf8(value)) {
        problems.add(line, "XML-UTF8", what + " is not UTF-8 once its character references are read: '" + core::shorten(value) + "'");
        return;
    }
    for (const char c : value)
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') {
            problems.add(line, "XML-CHAR",
                         what + " holds the control character " + hexByte(static_cast<unsigned char>(c)) +
                             ", which XML does not allow");
            return;
        }
    const std::size_t length = core::utf8Length(value);
    if (length > limitOf(kind))
        problems.add(line, "XML-TOO-LONG",
                     what + " is " + std::to_string(length) + " characters long; " + kindName(kind) + " may have at most " +
                         std::to_string(limitOf(kind)) + " (docs/formats/limits.md): '" + core::shorten(value) + "'");
}

}  // namespace

std::string Reader::decode(std::string_view raw) const {
    if (raw.size() > limits::kFileBytes)
        throw core::FileError(m_file, 0, "", "IO-TOO-LARGE",
                              "the file is larger than " + std::to_string(limits::kFileBytes / (1024 * 1024)) +
                                  " MiB, the most a file may be (docs/formats/limits.md)");
    Collector problems(m_file);
    const bool utf16 = raw.rfind("\xFF\xFE", 0) == 0 || raw.rfind("\xFE\xFF", 0) == 0 ||
                       (raw.size() >= 2 && (raw[0] == '\0' || raw[1] == '\0'));
    if (utf16) {
        problems.add(1, "XML-ENCODING", "the file is in UTF-16 or UTF-32; save it as UTF-8");
        problems.throwIfAny();
    }
    std::string text(raw);
    const auto declared = declaredEncoding(text);
    const std::string name = declared ? text.substr(declared->at, declared->size) : "";
    const auto encoding = declared ? encodingFromName(name) : std::optional(Encoding::Utf8);
    if (!encoding) {
        problems.add(1, "XML-ENCODING",
                     "the file declares the encoding '" + core::shorten(name) +
                         "', which is not read; save it as UTF-8 (ISO-8859-1 and Windows-1252 are "
                         "also read)");
        problems.throwIfAny();
    }
    if (*encoding == Encoding::Latin1 || *encoding == Encoding::Windows1252) {
        const bool latin1 = *encoding == Encoding::Latin1;
        text = convert(text, latin1 ? "ISO-8859-1" : "WINDOWS-1252", latin1 ? "ISO-8859-1" : "Windows-1252", problems);
        // The text is UTF-8 now, and says so: reading it again changes nothing.
        if (const auto d = declaredEncoding(text)) text.replace(d->at, d->size, "UTF-8");
    }
    checkCharacters(text, name, *encoding == Encoding::Ascii, problems);
    problems.throwIfAny();
    return text;
}

void Reader::parse(tinyxml2::XMLDocument& doc, std::string_view raw) {
    const std::string text = decode(raw);
    const auto rc = doc.Parse(text.data(), text.size());
    if (rc != tinyxml2::XML_SUCCESS) {
        std::string msg = doc.ErrorStr() ? doc.ErrorStr() : "malformed XML";
        // tinyxml2 prefixes its message with "Error=XML_ERROR_... ErrorID=N (0xN) Line number=N: "; keep the tail.
        if (const auto pos = msg.find("Line number="); pos != std::string::npos) {
            const auto colon = msg.find(':', pos);
            msg = colon == std::string::npos ? "" : msg.substr(colon + 1);  // nothing past the prefix: nothing to add
        }
        while (!msg.empty() && msg.front() == ' ') msg.erase(msg.begin());
        const std::string kind = tinyxml2::XMLDocument::ErrorIDToName(rc);
        throw core::FileError(m_file, doc.ErrorLineNum(), "", "XML-PARSE",
                              "malformed XML (" + kind + ")" + (msg.empty() ? "" : ": " + core::shorten(msg, 200)));
    }
    Collector problems(m_file);
    const tinyxml2::XMLElement* first = nullptr;
    for (const auto* n = doc.FirstChild(); n; n = n->NextSibling()) {
        const auto* e = n->ToElement();
        if (!e) continue;
        if (!first) first = e;
        else
            problems.add(e->GetLineNum(), "XML-ROOT",
                         "<" + core::shorten(e->Name()) + ">: a second root element; a file has one, here <" +
                             core::shorten(first->Name()) + "> on line " + std::to_string(first->GetLineNum()));
    }
    // Every element, depth first, without recursion.
    for (const tinyxml2::XMLNode* n = doc.FirstChild(); n;) {
        if (const auto* e = n->ToElement()) {
            const std::string element = "<" + core::shorten(e->Name()) + ">";
            for (const auto* a = e->FirstAttribute(); a; a = a->Next())
                checkValue(a->Value(), attributeKind(a->Name()), e->GetLineNum(),
                           element + ": attribute '" + core::shorten(a->Name()) + "'", problems);
        } else if (const auto* t = n->ToText()) {
            const auto* parent = t->Parent() ? t->Parent()->ToElement() : nullptr;
            const std::string name = parent ? parent->Name() : "";
            checkValue(t->Value(), textKind(name), t->GetLineNum(), "the text of <" + core::shorten(name) + ">", problems);
        }
        if (n->FirstChild()) {
            n = n->FirstChild();
            continue;
        }
        while (n && !n->NextSibling()) n = n->Parent();
        if (n) n = n->NextSibling();
    }
    problems.throwIfAny();
}

const tinyxml2::XMLElement& Reader::root(const tinyxml2::XMLDocument& doc, const char* name, int supportedVersion) const {
    const auto* r = doc.RootElement();
    if (!r) throw core::FileError(m_file, 1, "", "XML-ROOT", "the file has no root element");
    if (std::string_view(r->Name()) != name)
        fail(*r, "XML-ROOT", std::string("expected a <") + name + "> file but the root element is <" + core::shorten(r->Name()) + ">");
    const char* v = r->Attribute("formatVersion");
    if (!v) fail(*r, "XML-VERSION", "the root element has no formatVersion attribute");
    int version = 0;
    const std::string_view vs(v);
    auto [ptr, ec] = std::from_chars(vs.data(), vs.data() + vs.size(), version);
    if (ec != std::errc{} || ptr != vs.data() + vs.size() || version < 1)
        fail(*r, "XML-VERSION", "formatVersion '" + core::shorten(v) + "' is not a positive whole number");
    if (version > supportedVersion)
        fail(*r, "XML-VERSION-TOO-NEW",
             "formatVersion " + std::to_string(version) + " is newer than this program reads (" + std::to_string(supportedVersion) +
                 "); update Etat-Major");
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
                   std::initializer_list<std::string_view> children) {
    for (const auto* a = e.FirstAttribute(); a; a = a->Next())
        if (!member(a->Name(), attributes))
            note(e, "XML-UNKNOWN-ATTRIBUTE",
                 "unknown attribute '" + core::shorten(a->Name()) + "'" + suggestion(a->Name(), attributes));
    for (const auto* c = e.FirstChildElement(); c; c = c->NextSiblingElement())
        if (!member(c->Name(), children))
            note(*c, "XML-UNKNOWN-ELEMENT",
                 std::string("<") + e.Name() + "> has no child element <" + core::shorten(c->Name()) + ">" +
                     suggestion(c->Name(), children));
}

const tinyxml2::XMLElement* Reader::single(const tinyxml2::XMLElement& parent, const char* name) {
    const auto* first = parent.FirstChildElement(name);
    if (first)
        for (const auto* extra = first->NextSiblingElement(name); extra; extra = extra->NextSiblingElement(name))
            note(*extra, "XML-ELEMENT-TWICE",
                 std::string("<") + parent.Name() + "> has one <" + name + ">, given first on line " +
                     std::to_string(first->GetLineNum()));
    return first;
}

void Reader::fail(const tinyxml2::XMLElement& e, const std::string& code, const std::string& message) const {
    throw core::FileError(m_file, e.GetLineNum(), e.Name(), code, message);
}

void Reader::note(const tinyxml2::XMLElement& e, const std::string& code, const std::string& message,
                  std::optional<std::string> where) {
    problem(e.GetLineNum(), code, "<" + core::shorten(e.Name()) + ">: " + message, std::move(where));
}

void Reader::problem(int line, const std::string& code, const std::string& message, std::optional<std::string> where) {
    if (m_problems.size() >= limits::kProblems) {
        ++m_dropped;
        return;
    }
    m_problems.add({core::Severity::Error, code, message, m_file, line, std::move(where)});
}

void Reader::record(const core::FileError& e) {
    const auto issues = e.issues();
    for (const auto& i : issues.items()) {
        if (m_problems.size() >= limits::kProblems) {
            ++m_dropped;
            continue;
        }
        m_problems.add(i);
    }
}

void Reader::finish(const core::IssueList& more) const {
    if (!m_problems.hasErrors() && !more.hasErrors()) return;
    std::vector<core::Issue> all(m_problems.items().begin(), m_problems.items().end());
    all.insert(all.end(), more.items().begin(), more.items().end());
    std::stable_sort(all.begin(), all.end(), [](const core::Issue& a, const core::Issue& b) { return a.line < b.line; });
    core::IssueList list;
    for (auto& i : all) list.add(std::move(i));
    if (m_dropped > 0)
        list.add(
            {core::Severity::Error, "XML-TOO-MANY", "and " + std::to_string(m_dropped) + " more problems", m_file, 0, std::nullopt});
    throw core::FileError(m_file, list);
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
        fail(e, "XML-ATTR-VALUE", std::string("attribute '") + attr + "' must be a whole number, not '" + core::shorten(v) + "'");
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
        fail(e, "XML-ATTR-VALUE", std::string("attribute '") + attr + "' must be a number, not '" + core::shorten(v) + "'");
    return d;
}

bool Reader::boolean(const tinyxml2::XMLElement& e, const char* attr, bool fallback) const {
    const char* v = e.Attribute(attr);
    if (!v) return fallback;
    const std::string_view s(v);
    if (s == "true" || s == "1") return true;
    if (s == "false" || s == "0") return false;
    fail(e, "XML-ATTR-VALUE", std::string("attribute '") + attr + "' must be true or false, not '" + core::shorten(s) + "'");
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

namespace etatmajor::io {

std::string decodeXmlText(std::string_view raw, const std::string& fileName) { return xml::Reader(fileName).decode(raw); }

std::string xmlEscaped(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        switch (c) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            default: out += c;
        }
    }
    return out;
}

}  // namespace etatmajor::io
