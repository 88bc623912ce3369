// SPDX-License-Identifier: GPL-3.0-or-later
// Signed packets of play by e-mail (pbem/packet.hpp).
#include "etatmajor/pbem/packet.hpp"

#include <nlohmann/json.hpp>

#include <sstream>

namespace etatmajor::pbem {

using nlohmann::json;

namespace {

constexpr const char* kMagic = "etatmajor-packet";
constexpr int kVersion = 1;
constexpr std::size_t kMaxHeader = 64 * 1024;

json headerJson(const PacketHeader& h) {
    json j{{"kind", h.kind},
           {"campaign", h.campaign},
           {"side", h.side},
           {"signer", h.signer},
           {"week", h.week},
           {"day", h.day},
           {"phase", h.phase},
           {"chainSeq", h.chainSeq},
           {"chainHash", h.chainHash},
           {"commitment", h.commitment},
           {"share", h.share},
           {"answers", h.answers},
           {"salt", h.salt},
           {"content", h.content},
           {"sealedHash", h.sealedHash}};
    return j;
}

PacketHeader headerOf(const std::string& text, const std::string& file) {
    const auto j = json::parse(text, nullptr, false);
    if (!j.is_object()) throw PacketError("PACKET-FORMAT", file + ": its header is not a JSON object");
    PacketHeader h;
    try {
        h.kind = j.at("kind").get<std::string>();
        h.campaign = j.at("campaign").get<std::string>();
        h.side = j.at("side").get<std::string>();
        h.signer = j.at("signer").get<std::string>();
        h.week = j.at("week").get<int>();
        h.day = j.at("day").get<int>();
        h.phase = j.at("phase").get<std::string>();
        h.chainSeq = j.at("chainSeq").get<std::int64_t>();
        h.chainHash = j.at("chainHash").get<std::string>();
        h.commitment = j.at("commitment").get<std::string>();
        h.share = j.at("share").get<std::string>();
        h.answers = j.at("answers").get<std::string>();
        h.salt = j.at("salt").get<std::string>();
        h.content = j.at("content").get<std::string>();
        h.sealedHash = j.at("sealedHash").get<std::string>();
    } catch (const json::exception&) {
        throw PacketError("PACKET-FORMAT", file + ": its header lacks a field or gives one of the wrong kind");
    }
    return h;
}

std::string contentHash(const std::string& saltHex, const std::string& plaintext) {
    const auto salt = auth::fromHex(saltHex);
    return auth::hashHex("etatmajor-content-1" + salt.value_or(std::string()) + plaintext);
}

}  // namespace

std::string Packet::digest() const { return auth::hashHex(headerText + signature); }

std::string packetText(const Packet& p) {
    std::string frame;
    const auto n = static_cast<std::uint32_t>(p.headerText.size());
    for (int shift = 24; shift >= 0; shift -= 8) frame += static_cast<char>((n >> shift) & 0xFF);
    frame += p.headerText + p.signature + p.sealed;
    const auto b64 = auth::toBase64(frame);
    std::ostringstream out;
    out << kMagic << " " << kVersion << " " << p.header.kind << " " << p.header.side << " week " << p.header.week << " day "
        << p.header.day << "\n";
    for (std::size_t i = 0; i < b64.size(); i += 76) out << b64.substr(i, 76) << "\n";
    return out.str();
}

Packet readPacket(const std::string& text, const std::string& file) {
    std::istringstream in(text);
    std::string first;
    std::getline(in, first);
    std::istringstream head(first);
    std::string magic;
    int version = 0;
    if (!(head >> magic >> version) || magic != kMagic)
        throw PacketError("PACKET-FORMAT", file + ":1: not a packet (it should begin '" + std::string(kMagic) + " 1')");
    if (version != kVersion)
        throw PacketError("PACKET-FORMAT", file + ":1: a packet of version " + std::to_string(version) + ", made by a newer program");
    std::string b64, line;
    int lineNo = 1;
    while (std::getline(in, line)) {
        ++lineNo;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        b64 += line;
    }
    const auto frame = auth::fromBase64(b64);
    if (!frame) throw PacketError("PACKET-ALTERED", file + ": its body is not base64 (the file was changed or cut)");
    if (frame->size() < 4) throw PacketError("PACKET-FORMAT", file + ": it is too short to be a packet");
    std::uint32_t n = 0;
    for (int i = 0; i < 4; ++i) n = (n << 8) | static_cast<unsigned char>((*frame)[static_cast<std::size_t>(i)]);
    if (n > kMaxHeader || frame->size() < 4 + n + auth::kSignatureBytes)
        throw PacketError("PACKET-ALTERED", file + ": its header or signature is cut short (the file was changed or cut)");
    Packet p;
    p.headerText = frame->substr(4, n);
    p.signature = frame->substr(4 + n, auth::kSignatureBytes);
    p.sealed = frame->substr(4 + n + auth::kSignatureBytes);
    try {
        p.header = headerOf(p.headerText, file);
    } catch (const PacketError& e) {
        // A header that no longer reads is most likely a changed byte: say so rather than blame the format.
        throw PacketError("PACKET-ALTERED", std::string(e.what()) + " (the file was changed)");
    }
    return p;
}

Packet makePacket(PacketHeader header, const std::string& plaintext, const auth::SecretKeys& signer,
                  const std::optional<auth::PublicKeys>& recipient) {
    Packet p;
    header.signer = signer.who();
    header.salt = auth::toHex(auth::randomBytes(16));
    header.content = recipient ? contentHash(header.salt, plaintext) : std::string();
    if (recipient) p.sealed = auth::sealedBoxFor(*recipient, plaintext);
    header.sealedHash = auth::hashHex(p.sealed);
    p.header = header;
    p.headerText = headerJson(header).dump();
    p.signature = signer.sign(p.headerText);
    return p;
}

bool signedBy(const Packet& packet, const auth::PublicKeys& signer) {
    return packet.header.signer == signer.who && auth::verifySignature(signer, packet.headerText, packet.signature) &&
           auth::hashHex(packet.sealed) == packet.header.sealedHash;
}

std::optional<std::string> openBody(const Packet& packet, const auth::SecretKeys& recipient) {
    auto plain = recipient.openSealedBox(packet.sealed);
    if (!plain || !bodyMatches(packet.header, *plain)) return std::nullopt;
    return plain;
}

bool bodyMatches(const PacketHeader& header, const std::string& plaintext) {
    return !header.content.empty() && contentHash(header.salt, plaintext) == header.content;
}

std::string shareCommitment(const std::string& campaign, int week, int day, const std::string& side, const std::string& shareHex) {
    std::ostringstream m;
    m << "etatmajor-commit-1|" << campaign << "|" << week << "|" << day << "|" << side << "|" << shareHex;
    return auth::hashHex(m.str());
}

std::string dailyShare(const auth::SecretKeys& keys, const std::string& campaign, int week, int day) {
    std::ostringstream m;
    m << "etatmajor-share-1|" << campaign << "|" << week << "|" << day << "|" << keys.who();
    return auth::toHex(keys.keyedHash(m.str()));
}

}  // namespace etatmajor::pbem
