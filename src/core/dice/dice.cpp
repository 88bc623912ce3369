// SPDX-License-Identifier: GPL-3.0-or-later
#include "etatmajor/dice/dice.hpp"

namespace etatmajor::dice {

namespace {
constexpr std::uint64_t kGamma = 0x9E3779B97F4A7C15ULL;

std::uint64_t finalise(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
}  // namespace

std::uint64_t SplitMix64::next() {
    m_state += kGamma;
    return finalise(m_state);
}

std::uint64_t SplitMix64::mix(std::uint64_t v) { return finalise(v + kGamma); }

int SeededSource::uniform(SplitMix64& gen, int faces) {
    if (faces < 1) throw DiceError("a die needs at least one face");
    const std::uint64_t n = static_cast<std::uint64_t>(faces);
    const std::uint64_t range = 1ULL << 32;
    const std::uint64_t limit = range - (range % n);  // d6: 4294967292
    for (;;) {
        const std::uint64_t x = gen.next() >> 32;
        if (x < limit) return 1 + static_cast<int>(x % n);
    }
}

int SeededSource::roll(int faces, const RollRequest&) { return uniform(m_gen, faces); }

int ScriptedSource::roll(int faces, const RollRequest& request) {
    if (m_faces.empty()) throw DiceError("the dice script ran out while rolling for " + request.purpose + " (" + request.rule + ")");
    const int f = m_faces.front();
    if (f < 1 || f > faces)
        throw DiceError("the dice script gives " + std::to_string(f) + " for a d" + std::to_string(faces) + " (" + request.purpose +
                        ")");
    m_faces.pop_front();
    return f;
}

int ManualSource::roll(int faces, const RollRequest& request) {
    const int f = m_ask(request, m_dieIndex++, faces);
    if (f < 1 || f > faces) throw DiceError("a typed-in roll of " + std::to_string(f) + " does not fit a d" + std::to_string(faces));
    return f;
}

int RecordingSource::roll(int faces, const RollRequest& request) {
    const int f = m_inner.roll(faces, request);
    m_faces.push_back(f);
    return f;
}

void MemoryLog::annotate(std::int64_t sequence, const std::string& effect) {
    for (auto& r : m_records)
        if (r.sequence == sequence) r.effect = effect;
}

std::string expression(int count, int faces, int modifier) {
    std::string s = std::to_string(count) + "d" + std::to_string(faces);
    if (modifier > 0) s += "+" + std::to_string(modifier);
    if (modifier < 0) s += std::to_string(modifier);
    return s;
}

void Dice::setContext(int week, int day, std::string phase) {
    m_week = week;
    m_day = day;
    m_phase = std::move(phase);
}

RollRecord Dice::roll(const RollRequest& request) {
    if (request.count < 1) throw DiceError("a roll needs at least one die (" + request.purpose + ")");
    RollRecord r;
    r.sequence = m_next++;
    r.week = m_week;
    r.day = m_day;
    r.phase = m_phase;
    r.subject = request.subject;
    r.purpose = request.purpose;
    r.rule = request.rule;
    r.expression = expression(request.count, request.faces, request.modifier);
    r.modifier = request.modifier;
    int sum = 0;
    for (int i = 0; i < request.count; ++i) {
        const int f = m_source.roll(request.faces, request);
        r.faces.push_back(f);
        sum += f;
    }
    r.result = sum + request.modifier;
    m_log.record(r);
    return r;
}

void Dice::effect(const RollRecord& r, const std::string& text) { m_log.annotate(r.sequence, text); }

}  // namespace etatmajor::dice
