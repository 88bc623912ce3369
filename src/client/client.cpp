// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/client/client.hpp"

#include "etatmajor/io/map_xml.hpp"

#include <httplib.h>
#include <nlohmann/json.hpp>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>

#include <cctype>
#include <ctime>

namespace etatmajor::client {

using nlohmann::json;

namespace {

constexpr const char* kApi = "/api/v1";

std::string hexOf(const unsigned char* bytes, unsigned length) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (unsigned i = 0; i < length; ++i) {
        out += digits[bytes[i] >> 4];
        out += digits[bytes[i] & 15];
    }
    return out;
}

// The pin the handshake compares the server's certificate with, and whether it did not match.
struct PinCheck {
    std::string pin;
    bool mismatch = false;
};

// Replaces the chain verification: the server's own certificate must have the pinned SHA-256 fingerprint.
int checkPin(X509_STORE_CTX* store, void* arg) {
    auto* check = static_cast<PinCheck*>(arg);
    X509* cert = X509_STORE_CTX_get0_cert(store);
    unsigned char digest[EVP_MAX_MD_SIZE];
    unsigned length = 0;
    if (cert != nullptr && X509_digest(cert, EVP_sha256(), digest, &length) == 1 && hexOf(digest, length) == check->pin) return 1;
    check->mismatch = true;
    X509_STORE_CTX_set_error(store, X509_V_ERR_CERT_REJECTED);
    return 0;
}

core::IssueList issuesOf(const json& array) {
    core::IssueList issues;
    if (!array.is_array()) return issues;
    for (const auto& i : array) {
        if (!i.is_object()) continue;
        core::Issue issue;
        issue.severity = i.value("severity", "error") == "warning" ? core::Severity::Warning : core::Severity::Error;
        issue.code = i.value("code", "");
        issue.message = i.value("message", "");
        issue.file = i.value("file", "");
        issue.line = i.value("line", 0);
        if (i.contains("where") && i["where"].is_string()) issue.where = i["where"].get<std::string>();
        issues.add(issue);
    }
    return issues;
}

// A member of the server's answer, or the default when it is missing or of another type (never a json exception).
std::string textOf(const json& j, const char* key) {
    return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : std::string();
}
int numberOf(const json& j, const char* key) {
    return j.is_object() && j.contains(key) && j[key].is_number_integer() ? j[key].get<int>() : 0;
}

CampaignEntry entryOf(const json& j) {
    CampaignEntry e;
    e.id = textOf(j, "id");
    e.name = textOf(j, "name");
    e.week = numberOf(j, "week");
    e.day = numberOf(j, "day");
    e.phase = textOf(j, "phase");
    e.ended = j.is_object() && j.contains("ended") && j["ended"].is_boolean() && j["ended"].get<bool>();
    e.waitingFor = textOf(j, "waitingFor");
    if (j.is_object() && j.contains("sides") && j["sides"].is_array())
        for (const auto& s : j["sides"]) e.sides.push_back({textOf(s, "id"), textOf(s, "name")});
    if (j.is_object() && j.contains("stop") && j["stop"].is_object()) {
        const auto& st = j["stop"];
        WeeklyStop stop;
        stop.week = numberOf(st, "week");
        stop.phase = textOf(st, "phase");
        stop.title = textOf(st, "title");
        stop.rule = textOf(st, "rule");
        if (st.contains("deadline") && st["deadline"].is_number_integer()) stop.deadline = st["deadline"].get<std::int64_t>();
        if (st.contains("side") && st["side"].is_object()) {
            const auto& own = st["side"];
            stop.awaited = own.contains("awaited") && own["awaited"].is_boolean() && own["awaited"].get<bool>();
            stop.done = own.contains("done") && own["done"].is_boolean() && own["done"].get<bool>();
        }
        e.stop = stop;
    }
    if (j.is_object() && j.contains("may") && j["may"].is_array())
        for (const auto& m : j["may"]) e.may.push_back({textOf(m, "command"), textOf(m, "what")});
    return e;
}

json parseBody(const std::string& body) {
    auto j = json::parse(body, nullptr, false);
    if (j.is_discarded()) throw ClientError(0, "SERVER-ANSWER", "the server's answer is not the JSON it should be");
    return j;
}

}  // namespace

std::optional<std::string> normalisePin(const std::string& pin) {
    std::string out;
    for (const char c : pin) {
        if (c == ':' || c == ' ') continue;
        if (!std::isxdigit(static_cast<unsigned char>(c))) return std::nullopt;
        out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (out.size() != 64) return std::nullopt;
    return out;
}

std::optional<ServerAddress> parseServerUrl(const std::string& url, std::string& problem) {
    ServerAddress a;
    std::string rest;
    if (url.rfind("https://", 0) == 0) {
        rest = url.substr(8);
    } else if (url.rfind("http://", 0) == 0) {
        a.tls = false;
        a.port = 80;
        rest = url.substr(7);
    } else {
        problem = "the server URL must begin with https:// (or http:// for a server on this machine)";
        return std::nullopt;
    }
    while (!rest.empty() && rest.back() == '/') rest.pop_back();
    if (rest.find('/') != std::string::npos) {
        problem = "the server URL has a path; give only https://HOST:PORT";
        return std::nullopt;
    }
    std::string port;
    if (!rest.empty() && rest.front() == '[') {  // [::1]:8443
        const auto close = rest.find(']');
        if (close == std::string::npos) {
            problem = "the server URL has an unclosed '['";
            return std::nullopt;
        }
        a.host = rest.substr(1, close - 1);
        if (close + 1 < rest.size() && rest[close + 1] == ':') port = rest.substr(close + 2);
    } else {
        const auto colon = rest.rfind(':');
        a.host = rest.substr(0, colon);
        if (colon != std::string::npos) port = rest.substr(colon + 1);
    }
    if (a.host.empty()) {
        problem = "the server URL names no host";
        return std::nullopt;
    }
    if (!port.empty()) {
        if (port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos || std::stoi(port) < 1 ||
            std::stoi(port) > 65535) {
            problem = "the server URL's port is not a number from 1 to 65535";
            return std::nullopt;
        }
        a.port = std::stoi(port);
    }
    return a;
}

struct Connection::Impl {
    ServerAddress address;
    std::unique_ptr<httplib::ClientImpl> http;
    PinCheck pin;

    httplib::Result send(const std::string& method, const std::string& path, const httplib::Headers& headers,
                         const std::string& body) {
        if (method == "GET") return http->Get(path.c_str(), headers);
        if (method == "DELETE") return http->Delete(path.c_str(), headers, body, "application/json");
        if (method == "PUT") return http->Put(path.c_str(), headers, body, "application/json");
        return http->Post(path.c_str(), headers, body, "application/json");
    }
};

Connection::Connection(ServerAddress address, Trust trust) : m_impl(std::make_unique<Impl>()), m_address(address), m_trust(trust) {
    m_impl->address = address;
    if (address.tls) {
        auto ssl = std::make_unique<httplib::SSLClient>(address.host, address.port);
        if (!trust.pinSha256.empty()) {
            const auto pin = normalisePin(trust.pinSha256);
            if (!pin) throw ClientError(0, "CLIENT-PIN", "the pin is not a SHA-256 fingerprint (64 hex digits)");
            m_impl->pin.pin = *pin;
            // The pin replaces the CA chain and the host name: the certificate is the one the host printed.
            ssl->enable_server_certificate_verification(false);
            SSL_CTX_set_verify(ssl->ssl_context(), SSL_VERIFY_PEER, nullptr);
            SSL_CTX_set_cert_verify_callback(ssl->ssl_context(), checkPin, &m_impl->pin);
        } else {
            if (!trust.caFile.empty()) ssl->set_ca_cert_path(trust.caFile.c_str());
            ssl->enable_server_certificate_verification(true);
        }
        m_impl->http = std::move(ssl);
    } else {
        m_impl->http = std::make_unique<httplib::ClientImpl>(address.host, address.port);
    }
    m_impl->http->set_connection_timeout(10);
    m_impl->http->set_read_timeout(120);
    m_impl->http->set_write_timeout(30);
}

Connection::~Connection() = default;

std::unique_ptr<Connection> Connection::sameSession() const {
    auto other = std::make_unique<Connection>(m_address, m_trust);
    other->m_token = m_token;
    other->m_campaign = m_campaign;
    other->m_side = m_side;
    return other;
}

void Connection::interrupt() { m_impl->http->stop(); }

}  // namespace etatmajor::client

namespace etatmajor::client {
namespace {

// Sends one request and returns the body of a successful answer; a refusal becomes a ClientError with the server's
// code, message and issues.
std::string call(Connection::Impl& impl, const std::string& token, const std::string& method, const std::string& path,
                 const std::string& body) {
    httplib::Headers headers;
    if (!token.empty()) headers.emplace("Authorization", "Bearer " + token);
    impl.pin.mismatch = false;
    auto res = impl.send(method, path, headers, body);
    if (!res) {
        if (impl.pin.mismatch)
            throw ClientError(0, "CLIENT-PIN",
                              "the server's certificate does not match the pin: it is not the server you "
                              "were given, or its certificate was changed");
        if (res.error() == httplib::Error::SSLServerVerification)
            throw ClientError(0, "CLIENT-CERTIFICATE",
                              "the server's certificate is not one this machine trusts: give the "
                              "fingerprint the server printed (--pin) or the CA that signed it (--ca-file)");
        throw ClientError(0, "SERVER-UNREACHABLE",
                          "cannot reach the server at " + impl.address.host + ":" + std::to_string(impl.address.port) + " (" +
                              httplib::to_string(res.error()) + ")");
    }
    if (res->status >= 200 && res->status < 300) return res->body;
    std::string code = "SERVER-" + std::to_string(res->status),
                message = "the server refused the request (HTTP " + std::to_string(res->status) + ")";
    core::IssueList issues;
    const auto j = json::parse(res->body, nullptr, false);
    if (j.is_object() && j.contains("error") && j["error"].is_object()) {
        code = j["error"].value("code", code);
        message = j["error"].value("message", message);
        if (j["error"].contains("issues")) issues = issuesOf(j["error"]["issues"]);
    }
    throw ClientError(res->status, code, message, issues);
}

ActionResult actionOf(const std::string& body) {
    const auto j = parseBody(body);
    ActionResult r;
    r.message = textOf(j, "message");
    if (j.is_object() && j.contains("issues")) r.issues = issuesOf(j["issues"]);
    if (j.is_object() && j.contains("lines") && j["lines"].is_array())
        for (const auto& l : j["lines"])
            if (l.is_string()) r.lines.push_back(l.get<std::string>());
    if (j.is_object() && j.contains("grantLeft") && j["grantLeft"].is_number_integer()) r.grantLeft = j["grantLeft"].get<int>();
    return r;
}

// A side's action's body: the moment it is written for, and its own fields.
json actionBody(const Moment& at, json fields) {
    fields["week"] = at.week;
    fields["day"] = at.day;
    fields["phase"] = at.phase;
    return fields;
}

std::string query(std::initializer_list<std::pair<const char*, std::string>> items) {
    std::string q;
    for (const auto& [k, v] : items)
        if (!v.empty()) q += std::string(q.empty() ? "?" : "&") + k + "=" + httplib::detail::encode_query_param(v);
    return q;
}

}  // namespace

std::vector<CampaignEntry> Connection::campaigns() {
    const auto j = parseBody(call(*m_impl, m_token, "GET", std::string(kApi) + "/campaigns", ""));
    std::vector<CampaignEntry> out;
    if (j.contains("campaigns") && j["campaigns"].is_array())
        for (const auto& c : j["campaigns"]) out.push_back(entryOf(c));
    return out;
}

void Connection::login(const std::string& campaign, const std::string& side, const std::string& passphrase) {
    const auto j = parseBody(call(*m_impl, "", "POST", std::string(kApi) + "/login",
                                  json{{"campaign", campaign}, {"side", side}, {"passphrase", passphrase}}.dump()));
    m_token = j.value("token", "");
    m_campaign = campaign;
    m_side = side;
}

void Connection::loginHost(const std::string& passphrase) {
    const auto j = parseBody(
        call(*m_impl, "", "POST", std::string(kApi) + "/login", json{{"host", true}, {"passphrase", passphrase}}.dump()));
    m_token = j.value("token", "");
    m_campaign.clear();
    m_side.clear();
}

void Connection::logout() {
    if (m_token.empty()) return;
    try {
        call(*m_impl, m_token, "POST", std::string(kApi) + "/logout", "{}");
    } catch (const ClientError&) {
        // The session ends by itself when it expires.
    }
    m_token.clear();
}

std::string Connection::sidePath(const std::string& rest) const {
    return std::string(kApi) + "/campaigns/" + httplib::detail::encode_query_param(m_campaign) + "/sides/" +
           httplib::detail::encode_query_param(m_side) + "/" + rest;
}

std::string Connection::view(const std::string& what, bool asJson, int week, int day) {
    return call(*m_impl, m_token, "GET",
                sidePath(what) + query({{"format", asJson ? "json" : "text"},
                                        {"week", week > 0 ? std::to_string(week) : ""},
                                        {"day", day > 0 ? std::to_string(day) : ""}}),
                "");
}

map::Map Connection::map() {
    const std::string xml = call(*m_impl, m_token, "GET", sidePath("map"), "");
    try {
        return io::readMapString(xml, "the server's map").map;
    } catch (const core::FileError& e) {
        throw ClientError(0, "SERVER-ANSWER", "the server's map is not a map file: " + e.toIssue().format());
    }
}

CampaignEntry Connection::calendar() {
    return entryOf(parseBody(
        call(*m_impl, m_token, "GET", std::string(kApi) + "/campaigns/" + httplib::detail::encode_query_param(m_campaign), "")));
}

OrdersState ordersStateFromJson(const std::string& text) {
    OrdersState o;
    o.json = text;
    const auto j = parseBody(o.json);
    o.week = j.value("week", 0);
    o.day = j.value("day", 0);
    o.status = j.value("status", "");
    return o;
}

std::vector<view::BattleView> battlesFromJson(const std::string& text) {
    const auto j = parseBody(text);
    std::vector<view::BattleView> out;
    const auto& list = j.is_object() && j.contains("battles") ? j["battles"] : j;
    if (!list.is_array()) return out;
    for (const auto& b : list) {
        view::BattleView v;
        v.id = b.value("id", 0);
        v.week = b.value("week", 0);
        v.day = b.value("day", 0);
        v.hex = b.value("hex", "");
        v.status = b.value("status", "");
        v.kind = b.value("kind", "");
        v.weather = b.value("weather", "");
        v.winner = b.value("winner", "");
        v.summary = b.value("summary", "");
        v.daylight = b.value("daylight", 0);
        v.startTurn = b.value("startTurn", 1);
        if (b.contains("participants") && b["participants"].is_array())
            for (const auto& p : b["participants"]) {
                view::BattleParticipantView pv;
                pv.own = p.value("own", false);
                pv.me = p.value("me", "");
                pv.label = p.value("label", "");
                pv.side = p.value("side", "");
                pv.arrivalTurn = p.value("arrivalTurn", 0);
                pv.moved = p.value("moved", 0);
                pv.allowance = p.value("allowance", 0);
                pv.mode = p.value("mode", "");
                pv.timing = p.value("timing", "");
                v.participants.push_back(pv);
            }
        out.push_back(v);
    }
    return out;
}

OrdersState Connection::orders() { return ordersStateFromJson(view("orders", true)); }

std::vector<view::BattleView> Connection::battles() { return battlesFromJson(view("battles", true)); }

std::string Connection::battleText(int id) { return call(*m_impl, m_token, "GET", sidePath("battles/" + std::to_string(id)), ""); }

std::pair<std::string, bool> Connection::battleOdds(int id, int runs, const std::vector<std::string>& assume) {
    json body{{"runs", runs}};
    if (!assume.empty()) body["assume"] = assume;
    const auto j = parseBody(call(*m_impl, m_token, "POST", sidePath("battles/" + std::to_string(id) + "/odds"), body.dump()));
    return {j.value("text", ""), j.value("computed", false)};
}

std::string Connection::paper(const PaperRequest& r) {
    char mm[32];
    std::snprintf(mm, sizeof mm, "%g", r.hexMm);
    return call(*m_impl, m_token, "GET",
                sidePath("papers/" + r.kind) + query({{"paper", r.paper},
                                                      {"hexMm", mm},
                                                      {"week", r.week > 0 ? std::to_string(r.week) : ""},
                                                      {"day", r.day > 0 ? std::to_string(r.day) : ""},
                                                      {"battle", r.battle > 0 ? std::to_string(r.battle) : ""}}),
                "");
}

ActionResult Connection::submitOrders(const std::string& xml, const std::string& fileName) {
    return actionOf(call(*m_impl, m_token, "POST", sidePath("orders"), json{{"xml", xml}, {"file", fileName}}.dump()));
}

ActionResult Connection::withdrawOrders() { return actionOf(call(*m_impl, m_token, "DELETE", sidePath("orders"), "")); }

ActionResult Connection::standFast() { return actionOf(call(*m_impl, m_token, "POST", sidePath("orders/stand-fast"), "{}")); }

ActionResult Connection::enterBattleResult(int id, const std::string& xml, const std::string& fileName) {
    return actionOf(call(*m_impl, m_token, "POST", sidePath("battles/" + std::to_string(id) + "/result"),
                         json{{"xml", xml}, {"file", fileName}}.dump()));
}

ActionResult Connection::declineInitiative(const Moment& at) {
    return actionOf(call(*m_impl, m_token, "POST", sidePath("initiative/decline"), actionBody(at, json::object()).dump()));
}

ActionResult Connection::splitMe(const Moment& at, const std::string& from, const std::string& newMe, const std::string& label,
                                 const std::vector<std::string>& members) {
    return actionOf(call(*m_impl, m_token, "POST", sidePath("reorg/split"),
                         actionBody(at, {{"from", from}, {"new", newMe}, {"label", label}, {"members", members}}).dump()));
}

ActionResult Connection::transfer(const Moment& at, const std::string& from, const std::string& to,
                                  const std::vector<std::string>& members) {
    return actionOf(call(*m_impl, m_token, "POST", sidePath("reorg/transfer"),
                         actionBody(at, {{"from", from}, {"to", to}, {"members", members}}).dump()));
}

ActionResult Connection::dissolveMe(const Moment& at, const std::string& me, const std::string& into) {
    return actionOf(call(*m_impl, m_token, "POST", sidePath("reorg/dissolve"), actionBody(at, {{"me", me}, {"into", into}}).dump()));
}

ActionResult Connection::formProvisional(const Moment& at, const std::string& me, const std::vector<std::string>& units,
                                         const std::string& newUnit, const std::string& name) {
    return actionOf(call(*m_impl, m_token, "POST", sidePath("reorg/provisional"),
                         actionBody(at, {{"me", me}, {"units", units}, {"new", newUnit}, {"name", name}}).dump()));
}

ActionResult Connection::buyWithGrant(const Moment& at, const std::string& xml, const std::string& fileName) {
    return actionOf(call(*m_impl, m_token, "POST", sidePath("grant/buy"), actionBody(at, {{"xml", xml}, {"file", fileName}}).dump()));
}

ActionResult Connection::replaceFromGrant(const Moment& at, const std::string& me, const std::vector<std::string>& units,
                                          const std::vector<std::string>& generals) {
    return actionOf(call(*m_impl, m_token, "POST", sidePath("grant/replace"),
                         actionBody(at, {{"me", me}, {"units", units}, {"generals", generals}}).dump()));
}

ActionResult Connection::allocateSupply(const Moment& at, const std::string& source,
                                        const std::vector<std::pair<std::string, int>>& shares) {
    json list = json::array();
    for (const auto& [me, sp] : shares) list.push_back({{"me", me}, {"sp", sp}});
    return actionOf(
        call(*m_impl, m_token, "POST", sidePath("supply/allocate"), actionBody(at, {{"source", source}, {"shares", list}}).dump()));
}

ActionResult Connection::requestSpending(const Moment& at, const std::string& me, const std::string& kind, int count,
                                         const std::string& workClass, const std::optional<std::string>& bridgeTo) {
    json fields{{"me", me}, {"on", kind}, {"count", count}, {"class", workClass}};
    if (bridgeTo) fields["at"] = *bridgeTo;
    return actionOf(call(*m_impl, m_token, "POST", sidePath("supply/spend"), actionBody(at, fields).dump()));
}

ActionResult Connection::answerTerms(const Moment& at, int siege, bool accept) {
    return actionOf(call(*m_impl, m_token, "POST", sidePath("sieges/" + std::to_string(siege) + "/answer"),
                         actionBody(at, {{"accept", accept}}).dump()));
}

ActionResult Connection::weekDone(const Moment& at) {
    return actionOf(call(*m_impl, m_token, "POST", sidePath("week/done"), actionBody(at, json::object()).dump()));
}

ActionResult Connection::weekReopen(const Moment& at) {
    return actionOf(call(*m_impl, m_token, "DELETE", sidePath("week/done"), actionBody(at, json::object()).dump()));
}

TurnEvents Connection::waitForEvents(int after, int seconds, std::optional<int> afterStop) {
    const auto j = parseBody(call(*m_impl, m_token, "GET",
                                  std::string(kApi) + "/campaigns/" + httplib::detail::encode_query_param(m_campaign) + "/events" +
                                      query({{"after", std::to_string(after)},
                                             {"wait", std::to_string(seconds)},
                                             {"afterStop", afterStop ? std::to_string(*afterStop) : ""}}),
                                  ""));
    TurnEvents t;
    t.last = numberOf(j, "last");
    t.lastStop = numberOf(j, "lastStop");
    if (j.contains("stops") && j["stops"].is_array())
        for (const auto& e : j["stops"])
            t.stops.push_back({numberOf(e, "seq"), numberOf(e, "week"), textOf(e, "kind"), textOf(e, "phase"), textOf(e, "why")});
    if (j.contains("campaign")) t.campaign = entryOf(j["campaign"]);
    if (j.contains("events") && j["events"].is_array())
        for (const auto& e : j["events"])
            t.events.push_back({numberOf(e, "seq"), numberOf(e, "week"), numberOf(e, "day"), textOf(e, "phase")});
    return t;
}

ActionResult Connection::createCampaign(const std::string& id, const std::string& scenario, std::uint64_t seed,
                                        const std::vector<std::pair<std::string, std::string>>& sidePassphrases) {
    json pass = json::object();
    for (const auto& [side, p] : sidePassphrases) pass[side] = p;
    return actionOf(call(*m_impl, m_token, "POST", std::string(kApi) + "/campaigns",
                         json{{"id", id}, {"scenario", scenario}, {"seed", seed}, {"passphrases", pass}}.dump()));
}

ActionResult Connection::advance(const std::string& campaign, const std::string& step, bool standFastMissing) {
    return actionOf(call(*m_impl, m_token, "POST",
                         std::string(kApi) + "/campaigns/" + httplib::detail::encode_query_param(campaign) + "/advance",
                         json{{"step", step}, {"standFastMissing", standFastMissing}}.dump()));
}

ActionResult Connection::setWeekDeadline(const std::string& campaign, std::optional<std::int64_t> at,
                                         std::optional<int> minutesPerStop) {
    json body{{"weekDeadline", at ? json(*at) : json(nullptr)},
              {"weekStopMinutes", minutesPerStop ? json(*minutesPerStop) : json(nullptr)}};
    return actionOf(call(*m_impl, m_token, "PUT",
                         std::string(kApi) + "/campaigns/" + httplib::detail::encode_query_param(campaign) + "/settings",
                         body.dump()));
}

ActionResult Connection::setDeadline(const std::string& campaign, std::optional<std::int64_t> at, bool standFastMissing) {
    json body{{"standFastMissing", standFastMissing}};
    body["deadline"] = at ? json(*at) : json(nullptr);
    return actionOf(call(*m_impl, m_token, "PUT",
                         std::string(kApi) + "/campaigns/" + httplib::detail::encode_query_param(campaign) + "/settings",
                         body.dump()));
}

std::string utcText(std::int64_t seconds) {
    const std::time_t t = static_cast<std::time_t>(seconds);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
    return buf;
}

}  // namespace etatmajor::client
