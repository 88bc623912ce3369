#include "cli.hpp"

#include <termios.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>

namespace etatmajor::cli {

namespace {

core::IssueList fileProblem(const std::string& file, const std::string& message) {
    core::IssueList issues;
    issues.error("AUTH-FILE", message);
    issues.setFile(file);
    return issues;
}

}  // namespace

// Typed at the terminal with echo off; the terminal is put back as it was whatever is typed.
std::optional<std::string> promptHidden(const std::string& prompt) {
    if (!isatty(STDIN_FILENO)) return std::nullopt;
    termios before{};
    if (tcgetattr(STDIN_FILENO, &before) != 0) return std::nullopt;
    termios quiet = before;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    std::cerr << prompt << std::flush;
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &quiet);
    std::string line;
    const bool got = static_cast<bool>(std::getline(std::cin, line));
    tcsetattr(STDIN_FILENO, TCSANOW, &before);
    std::cerr << "\n";
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!got || line.empty()) return std::nullopt;
    return line;
}

void printIssues(const core::IssueList& issues) {
    for (const auto& i : issues.items()) std::cerr << i.format() << "\n";
}

int withStore(const std::string& path, bool readOnly, const std::function<int(db::CampaignStore&)>& f,
              db::CampaignStore::OpenCheck how) {
    try {
        auto store = db::CampaignStore::open(path, readOnly, how);
        return f(store);
    } catch (const db::StoreError& e) {
        std::cerr << path << ": error " << e.code() << ": " << e.what() << "\n";
        return kBadInput;
    } catch (const std::exception& e) {
        // The database failing under the command (busy past the timeout, damaged, read-only, disk full) in the
        // campaign's own words; anything else goes on to main.
        const auto mine = db::storeErrorOf(e, path);
        if (!mine) throw;
        std::cerr << path << ": error " << mine->code() << ": " << mine->what() << "\n";
        return kBadInput;
    }
}

void addPasswordFile(CLI::App* command, std::string& file) {
    command->add_option("--password-file", file,
                        std::string("File whose first line is the passphrase of the side acting, or of the host "
                                    "(else $") + kPassphraseVariable + ", else a prompt on a terminal)");
}

std::optional<std::string> readPassphraseFile(const std::string& file, core::IssueList& problems) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        problems.append(fileProblem(file, "cannot read the passphrase file"));
        return std::nullopt;
    }
    std::string line;
    std::getline(in, line);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty()) {
        problems.append(fileProblem(file, "the first line of the passphrase file is empty"));
        return std::nullopt;
    }
    return line;
}

std::optional<std::string> obtainPassphrase(const std::string& file, const std::string& whom, core::IssueList& problems) {
    if (!file.empty()) return readPassphraseFile(file, problems);
    if (const char* env = std::getenv(kPassphraseVariable); env != nullptr && *env != '\0') return std::string(env);
    return promptHidden("Passphrase of " + whom + ": ");
}

int withActor(const std::string& path, const auth::Actor& actor, const std::string& passwordFile, bool readOnly,
              const std::function<int(db::CampaignStore&)>& f, db::CampaignStore::OpenCheck how) {
    return withStore(path, readOnly, [&](db::CampaignStore& store) {
        core::IssueList issues;
        if (auth::hasPassphrase(store, actor.name())) {
            const auto passphrase =
                obtainPassphrase(passwordFile, actor.host() ? "the host" : "side '" + actor.side + "'", issues);
            if (issues.hasErrors()) {
                printIssues(issues);
                return kBadInput;
            }
            std::optional<db::CampaignStore> writable;
            if (readOnly) {
                // A wrong guess is counted in the campaign, so the check wants a connection that may write; the
                // command itself keeps its read-only one. A file that cannot be written is checked all the same.
                try {
                    writable.emplace(db::CampaignStore::open(path, false, how));
                } catch (const db::StoreError&) {
                }
            }
            issues = auth::authorise(writable ? *writable : store, actor, passphrase);
        } else {
            issues = auth::authorise(store, actor, std::nullopt);  // open, closed to the host, or an unknown side
        }
        if (issues.hasErrors()) {
            issues.setFile(path);
            printIssues(issues);
            return kBadInput;
        }
        return f(store);
    }, how);
}

int Registry::run() const {
    for (const auto& [command, run] : m_entries)
        if (command->parsed()) return run();
    return kUsage;
}

}  // namespace etatmajor::cli
