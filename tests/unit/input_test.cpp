// SPDX-License-Identifier: GPL-3.0-or-later
// What the readers take from hostile or careless files (docs/formats/limits.md): encodings, stray bytes, sizes,
// duplicated blocks, a second root; every problem of a file reported with its line, long values cut in messages.
#include "etatmajor/battle/battle_xml.hpp"
#include "etatmajor/core/issue.hpp"
#include "etatmajor/core/text.hpp"
#include "etatmajor/io/atomic_file.hpp"
#include "etatmajor/io/limits.hpp"
#include "etatmajor/io/map_xml.hpp"
#include "etatmajor/io/orders_xml.hpp"
#include "etatmajor/io/scenario_xml.hpp"
#include "test_paths.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>

using namespace etatmajor;
using etatmajor::test::sourcePath;

namespace {

std::string readText(const std::string& path) { return io::readWholeFile(path); }

// Every problem a reader throws for a file; fails the test when the reader accepts it.
core::IssueList refusal(const std::function<void()>& read) {
    try {
        read();
    } catch (const core::FileError& e) {
        return e.issues();
    }
    FAIL("the file was accepted");
    return {};
}

bool has(const core::IssueList& issues, const std::string& code, int line) {
    return std::any_of(issues.items().begin(), issues.items().end(),
                       [&](const core::Issue& i) { return i.code == code && i.line == line; });
}

std::string everything(const core::IssueList& issues) {
    std::string out;
    for (const auto& i : issues.items()) out += i.format() + "\n";
    return out;
}

std::string smallMap() { return readText(sourcePath("tests/data/maps/small.xml")); }

std::string replaced(std::string text, const std::string& from, const std::string& to) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("UTF-8 checks and values cut for messages", "[input][text]") {
    CHECK_FALSE(core::firstInvalidUtf8("plain ascii"));
    CHECK_FALSE(core::firstInvalidUtf8("Westb\xC3\xA9 \xE2\x80\x99 \xF0\x9F\x98\x80"));
    CHECK(core::firstInvalidUtf8("Westb\xE9") == 5u);
    CHECK(core::firstInvalidUtf8("\xC0\xAF") == 0u);          // overlong
    CHECK(core::firstInvalidUtf8("a\xED\xA0\x80") == 1u);     // a surrogate
    CHECK(core::firstInvalidUtf8("\xF4\x90\x80\x80") == 0u);  // above U+10FFFF
    CHECK(core::firstInvalidUtf8("ab\xE2\x80") == 2u);        // cut short
    CHECK(core::utf8Length("Westb\xC3\xA9") == 6u);

    CHECK(core::shorten("short") == "short");
    const std::string cut = core::shorten(std::string(100000, 'A'));
    CHECK(core::utf8Length(cut) == 81u);
    CHECK(cut.substr(cut.size() - 3) == "\u2026");
    CHECK(core::shorten("a\xE9z") == "a\\xE9z");
    CHECK(core::shorten("a\x01z") == "a?z");

    // Whatever a caller puts in a message, what is kept is short and UTF-8.
    core::IssueList issues;
    issues.error("X", "value '" + std::string(10'000'000, 'B') + "' is bad", 3, std::string(500, 'w'));
    REQUIRE(issues.size() == 1);
    CHECK(issues.items()[0].message.size() < 200);
    CHECK(issues.items()[0].message.find("is bad") != std::string::npos);
    CHECK(issues.items()[0].where->size() < 100);
    issues.error("Y", "stray \xFF byte");
    CHECK_FALSE(core::firstInvalidUtf8(issues.items()[1].message));
}

TEST_CASE("a map with bytes that are not UTF-8 is refused, naming each line", "[input][map]") {
    const auto path = sourcePath("tests/data/errors/map-latin1-undeclared.xml");
    const auto issues = refusal([&] { io::readMapFile(path); });
    INFO(everything(issues));
    CHECK(issues.size() == 2);
    CHECK(has(issues, "XML-UTF8", 27));
    CHECK(has(issues, "XML-UTF8", 29));
    CHECK(issues.items()[0].file == path);
    CHECK(issues.items()[0].message.find("0xE9") != std::string::npos);
    // map validate goes through the same check
    const auto validated = io::validateMapFile(path);
    CHECK(validated.hasCode("XML-UTF8"));
    CHECK(validated.size() == 2);
}

TEST_CASE("ISO-8859-1 and Windows-1252 files are converted to UTF-8", "[input][map]") {
    const auto latin = io::readMapFile(sourcePath("tests/data/encodings/map-latin1.xml"));
    REQUIRE(latin.map.urbanArea("westby"));
    CHECK(latin.map.urbanArea("westby")->name == "Westb\xC3\xA9");
    const auto windows = io::readMapFile(sourcePath("tests/data/encodings/map-windows1252.xml"));
    REQUIRE(windows.map.urbanArea("westby"));
    CHECK(windows.map.urbanArea("westby")->name == "Westby\xE2\x80\x99s Ford");
    CHECK(io::validateMapFile(sourcePath("tests/data/encodings/map-latin1.xml")).empty());

    // A Windows-1252 byte with no character is refused with its line.
    std::string bad = readText(sourcePath("tests/data/encodings/map-windows1252.xml"));
    bad = replaced(bad, "Westby\x92s Ford", "Westby\x81");
    const auto issues = refusal([&] { io::readMapString(bad, "bad.xml"); });
    CHECK(has(issues, "XML-ENCODING", 27));
}

TEST_CASE("an encoding that is not read is refused", "[input][map]") {
    const auto path = sourcePath("tests/data/errors/map-encoding-unknown.xml");
    const auto issues = refusal([&] { io::readMapFile(path); });
    CHECK(has(issues, "XML-ENCODING", 1));
    CHECK(issues.items()[0].message.find("Shift_JIS") != std::string::npos);
    const auto utf16 = refusal([&] { io::readMapString(std::string("\xFF\xFE<\0m\0", 6), "utf16.xml"); });
    CHECK(utf16.hasCode("XML-ENCODING"));
}

TEST_CASE("control characters are refused, raw or written as references", "[input][map]") {
    const auto issues = refusal([&] { io::readMapFile(sourcePath("tests/data/errors/map-control-char.xml")); });
    INFO(everything(issues));
    // The bytes are checked before the file is parsed: the raw 0x01 in a label is what is found first.
    CHECK(has(issues, "XML-CHAR", 32));
    CHECK(issues.size() == 1);
    // Once it is gone, &#1; in a town name is refused too: the parser would have let it through.
    const auto text = replaced(readText(sourcePath("tests/data/errors/map-control-char.xml")), "Great\x01Wood", "Great Wood");
    const auto reference = refusal([&] { io::readMapString(text, "reference.xml"); });
    INFO(everything(reference));
    CHECK(has(reference, "XML-CHAR", 27));
    CHECK(reference.size() == 1);
}

TEST_CASE("a second root element is refused", "[input][map]") {
    const auto issues = refusal([&] { io::readMapFile(sourcePath("tests/data/errors/map-two-roots.xml")); });
    CHECK(has(issues, "XML-ROOT", 45));
}

TEST_CASE("a duplicated singular block of a map is refused, every one", "[input][map]") {
    const auto issues = refusal([&] { io::readMapFile(sourcePath("tests/data/errors/map-twice.xml")); });
    INFO(everything(issues));
    CHECK(has(issues, "XML-ELEMENT-TWICE", 31));  // <terrain>
    CHECK(has(issues, "XML-ELEMENT-TWICE", 32));  // <rivers>
    CHECK(has(issues, "XML-ELEMENT-TWICE", 33));  // <description>
    CHECK(issues.size() == 3);
}

TEST_CASE("ids and names over their limits are refused; huge values are cut in messages", "[input][map]") {
    const auto issues = refusal([&] { io::readMapFile(sourcePath("tests/data/errors/map-too-long.xml")); });
    INFO(everything(issues));
    CHECK(has(issues, "XML-TOO-LONG", 28));  // 201-character name
    CHECK(has(issues, "XML-TOO-LONG", 29));  // 65-character id
    CHECK(issues.size() == 2);

    // At the limits exactly, the values are taken.
    const std::string id(io::limits::kShort, 'm'), name(io::limits::kName, 'E');
    auto text = replaced(smallMap(), "<urban id=\"mill\"", "<urban id=\"" + id + "\"");
    text = replaced(text, "name=\"Eastby\"", "name=\"" + name + "\"");
    const auto read = io::readMapString(text, "limits.xml");
    CHECK(read.map.urbanArea(id));

    // A ten-megabyte value: refused, and the message stays short.
    const auto huge = replaced(smallMap(), "size=\"village\"", "size=\"" + std::string(10'000'000, 'x') + "\"");
    const auto hugeIssues = refusal([&] { io::readMapString(huge, "huge.xml"); });
    REQUIRE(hugeIssues.size() == 1);
    CHECK(hugeIssues.items()[0].code == "XML-TOO-LONG");
    CHECK(hugeIssues.items()[0].format().size() < 400);

    // An unknown value that is long but under the limit is cut in the message too.
    const auto longValue = replaced(smallMap(), "size=\"village\"", "size=\"" + std::string(60, 'v') + "\"");
    const auto valueIssues = refusal([&] { io::readMapString(longValue, "long.xml"); });
    CHECK(valueIssues.items()[0].code == "XML-ATTR-VALUE");
}

TEST_CASE("a file over the size limit is refused without being read whole", "[input][size]") {
    const auto dir = std::filesystem::temp_directory_path() / "etatmajor-input-test";
    std::filesystem::create_directories(dir);
    const auto path = (dir / "big.xml").string();
    {
        std::ofstream out(path, std::ios::binary);
        out << "<?xml version=\"1.0\"?>\n<!--";
        const std::string block(1 << 20, ' ');
        for (int i = 0; i < 17; ++i) out << block;
        out << "-->\n";
    }
    const auto issues = refusal([&] { io::readMapFile(path); });
    CHECK(issues.hasCode("IO-TOO-LARGE"));
    CHECK(refusal([&] { io::readOrdersFile(path); }).hasCode("IO-TOO-LARGE"));
    CHECK(refusal([&] { io::readScenarioFile(path); }).hasCode("IO-TOO-LARGE"));
    CHECK(refusal([&] { io::readPurchaseFile(path); }).hasCode("IO-TOO-LARGE"));
    CHECK(refusal([&] { battle::readBattleFile(path); }).hasCode("IO-TOO-LARGE"));
    std::filesystem::remove_all(dir);
}

TEST_CASE("campaign files: every problem reported, duplicated blocks and guns refused", "[input][campaign]") {
    const auto latin = refusal([&] { io::readScenarioFile(sourcePath("tests/data/errors/campaign-latin1.xml")); });
    CHECK(has(latin, "XML-UTF8", 13));

    const auto converted = io::readScenarioFile(sourcePath("tests/data/encodings/campaign-latin1.xml"));
    CHECK(converted.sides.at(0).army.children.at(0).name == "Premi\xC3\xA8re Brigade");
    CHECK_FALSE(io::validateCampaignFile(sourcePath("tests/data/encodings/campaign-latin1.xml")).hasErrors());

    // Two <guns> of one calibre used to pass validation and fail at set-up on the database's key.
    const auto guns = io::validateCampaignFile(sourcePath("tests/data/errors/campaign-guns-twice.xml"));
    INFO(everything(guns));
    CHECK(has(guns, "CAMPAIGN-GUNS-TWICE", 24));

    const auto twice = refusal([&] { io::readScenarioFile(sourcePath("tests/data/errors/campaign-twice.xml")); });
    INFO(everything(twice));
    CHECK(has(twice, "XML-ELEMENT-TWICE", 5));   // <start>
    CHECK(has(twice, "CAMPAIGN-OPTION", 9));     // ua_multiplier again
    CHECK(has(twice, "XML-ELEMENT-TWICE", 75));  // <objectives>
    CHECK(twice.size() == 3);
}

TEST_CASE("a campaign file's problems in several elements are all reported", "[input][campaign]") {
    auto text = readText(sourcePath("tests/data/campaigns/small.xml"));
    text = replaced(text, "class=\"3\" stands=\"4\"/>", "class=\"9\" stands=\"4\"/>");  // line 15
    text = replaced(text, "rating=\"inept\"/>", "rating=\"awful\"/>");                  // line 51
    text = replaced(text, "<objective id=\"o-r1\" name=\"Eastby\" kind=\"primary\"",
                    "<objective id=\"o-r1\" name=\"Eastby\" kind=\"main\"");
    const auto issues = refusal([&] { io::readScenarioString(text, "many.xml", sourcePath("tests/data/campaigns")); });
    INFO(everything(issues));
    CHECK(has(issues, "XML-ATTR-VALUE", 15));
    CHECK(has(issues, "XML-ATTR-VALUE", 51));
    CHECK(has(issues, "XML-ATTR-VALUE", 64));
    CHECK(issues.size() == 3);
}

TEST_CASE("orders files: stray bytes and duplicated elements refused with their lines", "[input][orders]") {
    const auto latin = refusal([&] { io::readOrdersFile(sourcePath("tests/data/orders/errors/orders-latin1.xml")); });
    CHECK(has(latin, "XML-UTF8", 11));

    const auto twice = refusal([&] { io::readOrdersFile(sourcePath("tests/data/orders/errors/orders-twice.xml")); });
    INFO(everything(twice));
    CHECK(has(twice, "XML-ELEMENT-TWICE", 6));   // <path>
    CHECK(has(twice, "XML-ELEMENT-TWICE", 17));  // <intentions>
    CHECK(twice.size() == 2);

    // The line of <orders> is kept, for the side and turn checks.
    CHECK(io::readOrdersFile(sourcePath("tests/data/orders/british-week1-day1.xml")).line == 3);
}

TEST_CASE("purchase files: every problem reported", "[input][purchase]") {
    const auto issues = refusal([&] { io::readPurchaseFile(sourcePath("tests/data/purchases/errors/purchase-twice.xml")); });
    INFO(everything(issues));
    CHECK(has(issues, "XML-UTF8", 6));
    CHECK(issues.size() == 1);  // the bytes are checked before the elements are read
    // Without the stray byte, the second <formation> is named.
    auto text = readText(sourcePath("tests/data/purchases/errors/purchase-twice.xml"));
    text = replaced(text, "Cunningham \xE9", "Cunningham");
    const auto path = (std::filesystem::temp_directory_path() / "etatmajor-purchase-twice.xml").string();
    std::ofstream(path, std::ios::binary) << text;
    const auto twice = refusal([&] { io::readPurchaseFile(path); });
    std::filesystem::remove(path);
    INFO(everything(twice));
    CHECK(has(twice, "XML-ELEMENT-TWICE", 9));
    CHECK(twice.size() == 1);
}

TEST_CASE("a purchased ME's commander is read", "[input][purchase]") {
    // docs/formats/purchase.md names it; the reader used to refuse it as an unknown attribute.
    auto text = readText(sourcePath("tests/data/purchases/loyalists.xml"));
    text = replaced(text, "supply=\"charleston\">", "supply=\"charleston\" commander=\"cornwallis\">");
    const auto path = (std::filesystem::temp_directory_path() / "etatmajor-purchase-commander.xml").string();
    std::ofstream(path, std::ios::binary) << text;
    const auto p = io::readPurchaseFile(path);
    std::filesystem::remove(path);
    REQUIRE(p.items.size() == 1);
    CHECK(p.items[0].me.commander == "cornwallis");
}

TEST_CASE("battle files: every problem reported; Windows-1252 converted", "[input][battle]") {
    const auto issues = refusal([&] { battle::readBattleFile(sourcePath("tests/data/battles/errors/battle-twice.xml")); });
    INFO(everything(issues));
    CHECK(has(issues, "XML-ELEMENT-TWICE", 5));  // <description>
    CHECK(has(issues, "XML-ELEMENT-TWICE", 8));  // <commander>
    CHECK(has(issues, "BATTLE-CLASS", 20));
    CHECK(issues.size() == 3);

    const auto b = battle::readBattleFile(sourcePath("tests/data/encodings/battle-windows1252.xml"));
    CHECK(b.sides[0].name == "King\xE2\x80\x99s Grenadiers");
}

TEST_CASE("every shipped and test file still reads", "[input][regression]") {
    const auto root = std::filesystem::path(sourcePath("."));
    int read = 0;
    for (const char* dir : {"maps", "tests/data/maps"})
        for (const auto& f : std::filesystem::directory_iterator(root / dir)) {
            if (f.path().extension() != ".xml") continue;
            INFO(f.path().string());
            CHECK_NOTHROW(io::readMapFile(f.path().string()));
            ++read;
        }
    for (const char* dir : {"campaigns", "tests/data/campaigns"})
        for (const auto& f : std::filesystem::directory_iterator(root / dir))
            if (f.path().extension() == ".xml") {
                INFO(f.path().string());
                CHECK_FALSE(io::validateCampaignFile(f.path().string()).hasErrors());
                ++read;
            }
    for (const auto& f : std::filesystem::directory_iterator(root / "tests/data/purchases")) {
        if (f.path().extension() != ".xml") continue;
        INFO(f.path().string());
        CHECK_NOTHROW(io::readPurchaseFile(f.path().string()));
        ++read;
    }
    for (const auto& f : std::filesystem::directory_iterator(root / "tests/data/orders")) {
        if (f.path().extension() != ".xml") continue;
        INFO(f.path().string());
        CHECK_NOTHROW(io::readOrdersFile(f.path().string()));
        ++read;
    }
    for (const char* dir : {"campaigns/battles", "tests/data/battles"})
        for (const auto& f : std::filesystem::directory_iterator(root / dir))
            if (f.path().extension() == ".xml") {
                INFO(f.path().string());
                CHECK_NOTHROW(battle::readBattleFile(f.path().string()));
                ++read;
            }
    CHECK(read > 10);
}
