// SPDX-License-Identifier: GPL-3.0-or-later
// The HTTP side of etatmajor-server (docs/server.md): refusals and their JSON, the fields of a request's body and
// its parameters, read with a refusal that names what is wrong, and the tokens of the sessions.
#include "server_impl.hpp"

#include <sodium.h>

#include <chrono>
#include <exception>
#include <set>

namespace etatmajor::server {

const std::regex kIdPattern("[A-Za-z0-9][A-Za-z0-9_-]{0,63}");

std::int64_t nowSeconds() {
    return std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

json issuesJson(const core::IssueList& issues) {
    json out = json::array();
    for (const auto& i : issues.items()) {
        json j{{"severity", i.severity == core::Severity::Error ? "error" : "warning"}, {"code", i.code}, {"message", i.message}};
        if (!i.file.empty()) j["file"] = i.file;
        if (i.line > 0) j["line"] = i.line;
        if (i.where) j["where"] = *i.where;
        out.push_back(j);
    }
    return out;
}

void sendJson(httplib::Response& res, int status, const json& body) {
    res.status = status;
    res.set_content(body.dump(2) + "\n", "application/json");
}

void sendRefusal(httplib::Response& res, const Refusal& r) {
    json e{{"code", r.code}, {"message", r.message}};
    if (!r.issues.empty()) e["issues"] = issuesJson(r.issues);
    sendJson(res, r.status, json{{"error", e}});
}

void refuse(int status, const std::string& code, const std::string& message, core::IssueList issues) {
    throw Refusal{status, code, message, std::move(issues)};
}

// The HTTP status of a refusal by the core, from its first error's code: 409 when the campaign is not where the
// action can be taken (a phase, a day, an answer already given), 403 when the side asks for what is not its own (an
// ME it does not have, the other side's file or battle: the same words whether the thing belongs to the enemy or does
// not exist, so the answer tells nothing of the enemy), 404 for a battle or siege the campaign does not have.
int statusOfIssues(const core::IssueList& issues) {
    for (const auto& i : issues.items()) {
        if (i.severity != core::Severity::Error) continue;
        static const std::set<std::string> conflicts{"ORDERS-GIVEN",       "ORDERS-TOO-LATE", "ORDERS-NOT-GIVEN", "ORDERS-STALE",
                                                     "CAMPAIGN-ENDED",     "BATTLE-RESOLVED", "BATTLE-STATUS",    "ORDERS-MISSING",
                                                     "BATTLE-TABLETOP",    "REORG-TOO-LATE",  "GRANT-TIMING",     "SUPPLY-TIMING",
                                                     "INITIATIVE-DECLINE", "SIEGE-TERMS"};
        static const std::set<std::string> notOwn{"ORDERS-SIDE", "BATTLE-SIDE", "GRANT-SIDE", "SIEGE-SIDE",
                                                  "REORG-ME",    "GRANT-ME",    "SUPPLY-ME"};
        if (conflicts.count(i.code)) return 409;
        if (notOwn.count(i.code)) return 403;
        if (i.code == "BATTLE-UNKNOWN" || i.code == "SIEGE-ID") return 404;
        return 400;
    }
    return 400;
}

json parseBody(const httplib::Request& req) {
    if (req.body.empty()) return json::object();
    try {
        auto j = json::parse(req.body);
        if (!j.is_object()) refuse(400, "BAD-JSON", "the body must be a JSON object");
        return j;
    } catch (const json::parse_error& e) {
        refuse(400, "BAD-JSON", "the body is not valid JSON (stopped at byte " + std::to_string(e.byte) + ")");
    }
}

std::string stringField(const json& body, const char* key, bool required, std::size_t maxBytes) {
    if (!body.contains(key)) {
        if (required) refuse(400, "BAD-REQUEST", std::string("the body has no \"") + key + "\"");
        return {};
    }
    if (!body[key].is_string()) refuse(400, "BAD-REQUEST", std::string("\"") + key + "\" must be a string");
    auto s = body[key].get<std::string>();
    if (s.size() > maxBytes) refuse(413, "TOO-LARGE", std::string("\"") + key + "\" is too long");
    return s;
}

// A list of strings (ids), each at most 200 bytes, at most 1,000 of them.
std::vector<std::string> stringListField(const json& body, const char* key, bool required) {
    if (!body.contains(key)) {
        if (required) refuse(400, "BAD-REQUEST", std::string("the body has no \"") + key + "\" (a list of ids)");
        return {};
    }
    const auto& list = body[key];
    if (!list.is_array()) refuse(400, "BAD-REQUEST", std::string("\"") + key + "\" must be a list of strings");
    if (list.size() > 1000) refuse(413, "TOO-LARGE", std::string("\"") + key + "\" has more than 1000 items");
    std::vector<std::string> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
        if (!list[i].is_string())
            refuse(400, "BAD-REQUEST",
                   std::string("\"") + key + "\" must be a list of strings; item " + std::to_string(i + 1) + " is not a string");
        out.push_back(list[i].get<std::string>());
        if (out.back().size() > 200) refuse(413, "TOO-LARGE", std::string("an item of \"") + key + "\" is too long");
    }
    return out;
}

int intField(const json& body, const char* key, bool required, int fallback, int lo, int hi) {
    if (!body.contains(key)) {
        if (required) refuse(400, "BAD-REQUEST", std::string("the body has no \"") + key + "\"");
        return fallback;
    }
    const auto& v = body[key];
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
        refuse(400, "BAD-REQUEST",
               std::string("\"") + key + "\" must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
    return v.get<int>();
}

bool boolField(const json& body, const char* key, bool required, bool fallback) {
    if (!body.contains(key)) {
        if (required) refuse(400, "BAD-REQUEST", std::string("the body has no \"") + key + "\" (true or false)");
        return fallback;
    }
    if (!body[key].is_boolean()) refuse(400, "BAD-REQUEST", std::string("\"") + key + "\" must be true or false");
    return body[key].get<bool>();
}

Moment momentOf(const json& body) {
    Moment m;
    m.week = intField(body, "week", true, 0, 1, 10000);
    m.day = intField(body, "day", true, 0, 1, 7);
    m.phase = stringField(body, "phase", true, 10);
    return m;
}

int intParam(const httplib::Request& req, const char* key, int fallback, int lo, int hi) {
    if (!req.has_param(key)) return fallback;
    const auto v = req.get_param_value(key);
    try {
        std::size_t used = 0;
        const long n = std::stol(v, &used);
        if (used == v.size() && n >= lo && n <= hi) return static_cast<int>(n);
    } catch (const std::exception&) {
    }
    refuse(400, "BAD-PARAM",
           std::string("the parameter ") + key + " must be a whole number from " + std::to_string(lo) + " to " + std::to_string(hi));
}

namespace {

std::string hexOf(const unsigned char* bytes, std::size_t size) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (std::size_t i = 0; i < size; ++i) {
        out += digits[bytes[i] >> 4];
        out += digits[bytes[i] & 15];
    }
    return out;
}

}  // namespace

std::string randomToken() {
    unsigned char bytes[32];
    randombytes_buf(bytes, sizeof bytes);
    return hexOf(bytes, sizeof bytes);
}

// What the server keeps of a session's token (or of the host's passphrase hash, for its stamp): a BLAKE2b hash. A
// token is 32 random bytes, so a fast hash is enough: whoever reads the state file cannot turn it back into a token.
std::string fastHash(const std::string& text) {
    unsigned char digest[32];
    crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(text.data()), text.size(), nullptr, 0);
    return hexOf(digest, sizeof digest);
}

}  // namespace etatmajor::server
