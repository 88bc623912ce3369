// SPDX-License-Identifier: GPL-3.0-or-later
#include "capture.hpp"

#include <sys/wait.h>

#include <array>
#include <cctype>
#include <regex>
#include <cstdio>
#include <filesystem>
#include <stdexcept>

namespace etatmajor::audit {

namespace {

std::string shellQuote(const std::string& s) {
    std::string out = "'";
    for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
}

std::string joined(const std::vector<std::string>& args) {
    std::string out;
    for (const auto& a : args) out += (out.empty() ? "" : " ") + a;
    return out;
}

}  // namespace

RunResult runCommand(const std::vector<std::string>& argv) {
    std::string line;
    for (const auto& a : argv) line += (line.empty() ? "" : " ") + shellQuote(a);
    line += " 2>&1";
    FILE* pipe = ::popen(line.c_str(), "r");
    if (!pipe) throw std::runtime_error("cannot run " + argv.front());
    RunResult r;
    std::array<char, 65536> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.output.append(buffer.data(), n);
    const int status = ::pclose(pipe);
    r.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128;
    return r;
}

Capturer::Capturer(std::string cli, std::string pdftotext, std::string workDir)
    : m_cli(std::move(cli)), m_pdftotext(std::move(pdftotext)), m_work(std::move(workDir)) {
    std::filesystem::create_directories(m_work);
}

void Capturer::ask(std::vector<Capture>& out, const std::string& db, const std::string& side, int week, int day,
                   const std::string& moment, const std::vector<std::string>& args, bool mayNotExist) {
    // The database goes right after the (sub)command words, before the options: `status --db F --side S`.
    std::vector<std::string> argv{m_cli};
    std::size_t words = 0;
    while (words < args.size() && args[words].rfind("--", 0) != 0) argv.push_back(args[words++]);
    if (m_target.empty()) {
        argv.push_back("--db");
        argv.push_back(db);
    } else {
        argv.insert(argv.end(), m_target.begin(), m_target.end());
    }
    argv.insert(argv.end(), args.begin() + static_cast<std::ptrdiff_t>(words), args.end());
    const auto r = runCommand(argv);
    const std::string label = joined(args);
    if (r.exitCode == 2) {  // a usage error: the command (or the option) does not exist
        if (mayNotExist)
            ++m_skipped[label.substr(0, label.find(" --side")) + (label.find("--json") != std::string::npos ? " --json" : "")];
        else m_broken.insert(label + ": " + r.output.substr(0, 200));
        return;
    }
    out.push_back({label, side, week, day, moment, r.exitCode, r.output});
}

namespace {

// The map print numbers every hex (docs/papers.md), so its text holds every run of hexes along a row of the map:
// public, and read as any route that marches along a row. The grid's numbers are taken out (a hex in brackets, the
// key of the side's own MEs, stays).
std::string withoutHexGrid(const std::string& text) {
    static const std::regex number("\\d+,\\d+");
    std::string out;
    std::size_t last = 0;
    for (std::sregex_iterator it(text.begin(), text.end(), number), end; it != end; ++it) {
        const auto at = static_cast<std::size_t>(it->position());
        const bool bracketed = at > 0 && text[at - 1] == '(';
        const bool glued = (at > 0 && std::isdigit(static_cast<unsigned char>(text[at - 1]))) ||
                           (at + it->length() < text.size() && std::isdigit(static_cast<unsigned char>(text[at + it->length()])));
        out += text.substr(last, at - last);
        out += bracketed || glued ? it->str() : std::string("#");
        last = at + static_cast<std::size_t>(it->length());
    }
    return out + text.substr(last);
}

}  // namespace

void Capturer::paper(std::vector<Capture>& out, const std::string& db, const std::string& side, int week, int day,
                     const std::string& moment, const std::vector<std::string>& args) {
    const std::string pdf = (std::filesystem::path(m_work) / ("paper-" + std::to_string(++m_serial) + ".pdf")).string();
    std::filesystem::remove(pdf);
    std::vector<std::string> full = args;
    full.push_back("-o");
    full.push_back(pdf);
    std::vector<Capture> printed;
    ask(printed, db, side, week, day, moment, full);
    if (printed.empty()) return;
    Capture c = printed.front();
    c.command = joined(args) + " | pdftotext -layout";
    // The message names the file written; keep it out of the text (it is the audit's own path).
    c.text.clear();
    if (c.exitCode == 0 && std::filesystem::exists(pdf)) {
        const auto text = runCommand({m_pdftotext, "-layout", pdf, "-"});
        if (text.exitCode != 0) m_broken.insert("pdftotext " + joined(args) + ": " + text.output.substr(0, 200));
        c.text = args.size() > 1 && args[1] == "map" ? withoutHexGrid(text.output) : text.output;
    } else {
        c.text = printed.front().text;
    }
    std::filesystem::remove(pdf);
    out.push_back(std::move(c));
}

std::vector<Capture> Capturer::everything(const std::string& db, const std::string& side, int week, int day, const std::string& moment,
                                          const std::vector<int>& battleIds) {
    std::vector<Capture> out;
    auto ask2 = [&](std::vector<std::string> args, bool mayNotExist = false) {
        ask(out, db, side, week, day, moment, args, mayNotExist);
    };
    for (const auto* cmd : {"status", "loc", "supply", "intel"}) {
        ask2({cmd, "--side", side});
        ask2({cmd, "--side", side, "--json"});
    }
    ask2({"orders", "show", "--side", side});  // JSON only
    ask2({"orders", "template", "--side", side});
    ask2({"battle", "list", "--side", side});
    ask2({"battle", "list", "--side", side, "--json"});
    for (const int id : battleIds) {
        ask2({"battle", "show", "--id", std::to_string(id), "--side", side});
        ask2({"battle", "odds", "--id", std::to_string(id), "--side", side, "--runs", "20"});
    }
    ask2({"siege", "list", "--side", side});  // JSON only
    // Commands a side may be given later: tried, and listed as skipped while they do not exist.
    ask2({"report", "--side", side}, true);
    ask2({"report", "--side", side, "--json"}, true);
    ask2({"log", "--side", side}, true);
    ask2({"log", "--side", side, "--json"}, true);
    for (const auto* kind : {"orders", "blank-orders", "supply", "summary", "roster", "map", "intel", "battle"})
        paper(out, db, side, week, day, moment, {"print", kind, "--side", side});
    return out;
}

std::vector<Capture> Capturer::ordersOfTheDay(const std::string& db, const std::string& side, int week, int day,
                                              const std::string& moment) {
    std::vector<Capture> out;
    ask(out, db, side, week, day, moment, {"status", "--side", side});
    ask(out, db, side, week, day, moment, {"status", "--side", side, "--json"});
    ask(out, db, side, week, day, moment, {"orders", "show", "--side", side});
    ask(out, db, side, week, day, moment, {"orders", "template", "--side", side});
    paper(out, db, side, week, day, moment, {"print", "orders", "--side", side});
    paper(out, db, side, week, day, moment, {"print", "map", "--side", side});
    return out;
}

}  // namespace etatmajor::audit
