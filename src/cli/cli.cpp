#include "cli.hpp"

namespace etatmajor::cli {

void printIssues(const core::IssueList& issues) {
    for (const auto& i : issues.items()) std::cerr << i.format() << "\n";
}

int withStore(const std::string& path, bool readOnly, const std::function<int(db::CampaignStore&)>& f) {
    try {
        auto store = db::CampaignStore::open(path, readOnly);
        return f(store);
    } catch (const db::StoreError& e) {
        std::cerr << path << ": error " << e.code() << ": " << e.what() << "\n";
        return kBadInput;
    }
}

int Registry::run() const {
    for (const auto& [command, run] : m_entries)
        if (command->parsed()) return run();
    return kUsage;
}

}  // namespace etatmajor::cli
