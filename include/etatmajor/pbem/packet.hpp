// SPDX-License-Identifier: GPL-3.0-or-later
// Signed packets of play by e-mail (docs/pbem.md "Packets"): a clear header, signed with the sender's Ed25519 key, and
// a body sealed for its one reader (an X25519 sealed box). The header holds the hash of the sealed body and a salted
// hash of the plain body, so a signature covers both, and anyone holding the sender's public key can check a packet
// without being able to read it.
//
// A packet file is plain ASCII, safe to send by e-mail:
//   etatmajor-packet 1 KIND SIDE week W day D       (for people; nothing in this line is trusted)
//   BASE64, 76 columns a line, of: 4-byte big-endian header length, the header (JSON), the 64-byte signature, the
//   sealed body (possibly empty)
#pragma once

#include "etatmajor/auth/keys.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>

namespace etatmajor::pbem {

// A packet refused: PACKET-FORMAT (not a packet, damaged beyond reading), PACKET-ALTERED (its signature or a hash does
// not match), PACKET-WRONG-SIGNER, PACKET-WRONG-CAMPAIGN, PACKET-WRONG-DAY, PACKET-REPLAYED, PACKET-NOT-FOR-YOU, ...
class PacketError : public std::runtime_error {
public:
    PacketError(std::string code, const std::string& message) : std::runtime_error(message), m_code(std::move(code)) {}
    const std::string& code() const { return m_code; }

private:
    std::string m_code;
};

// What the header of a packet says (every field signed).
struct PacketHeader {
    std::string kind;      // "turn" (host to a side), "orders" or "reveal" (a side to the host)
    std::string campaign;  // the campaign's fingerprint (campaignFingerprint)
    std::string side;      // the side the packet is for (turn) or from (orders, reveal)
    std::string signer;    // whose key signed it: "host" or the side
    int week = 0, day = 0;
    std::string phase;          // where the campaign stood (turn)
    std::int64_t chainSeq = 0;  // turn: the head of the campaign's chain, which the side thereby holds
    std::string chainHash;      //   "
    std::string commitment;     // orders: the commitment to the side's dice share of the day (hex)
    std::string share;          // reveal: the share itself (hex)
    std::string answers;        // orders, reveal: the chain hash of the turn packet answered
    std::string salt, content;  // a random salt and BLAKE2b-256(salt | plain body), hex
    std::string sealedHash;     // BLAKE2b-256 of the sealed body, hex
};

struct Packet {
    PacketHeader header;
    std::string headerText;  // the header's bytes as signed
    std::string signature;   // 64 raw bytes
    std::string sealed;      // the sealed body's raw bytes (empty when there is none)

    // BLAKE2b-256 of the header and signature, hex: the packet's identity (a replayed packet has the same one).
    std::string digest() const;
};

// The file's text.
std::string packetText(const Packet& packet);
// Reads a packet's file text; `file` names it in messages. Throws PacketError PACKET-FORMAT.
Packet readPacket(const std::string& text, const std::string& file);

// A packet of `header` (its salt, content and sealed hash filled in here) with `plaintext` sealed for `recipient`
// (no body without a recipient), signed by `signer`.
Packet makePacket(PacketHeader header, const std::string& plaintext, const auth::SecretKeys& signer,
                  const std::optional<auth::PublicKeys>& recipient);

// Whether the packet's header is signed by `signer` and its sealed body is the one the header names.
bool signedBy(const Packet& packet, const auth::PublicKeys& signer);
// The plain body, opened with the recipient's keys, when it is the one the header names; nothing otherwise.
std::optional<std::string> openBody(const Packet& packet, const auth::SecretKeys& recipient);
// Whether `plaintext` is the body the header names (its salted hash): what anyone can check of a body logged in clear.
bool bodyMatches(const PacketHeader& header, const std::string& plaintext);

// The commitment to a dice share (hex): BLAKE2b-256 of a label, the campaign, week, day, side and the share.
std::string shareCommitment(const std::string& campaign, int week, int day, const std::string& side, const std::string& shareHex);
// A side's dice share of a day (hex, 32 bytes): derived from its secret key, so that it cannot be chosen, and unknown to
// anyone else until revealed (docs/pbem.md "Fair dice").
std::string dailyShare(const auth::SecretKeys& keys, const std::string& campaign, int week, int day);

}  // namespace etatmajor::pbem
