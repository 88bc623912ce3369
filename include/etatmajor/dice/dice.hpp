// SPDX-License-Identifier: GPL-3.0-or-later
// The one dice service of the core (architecture §5; tactical-resolver.md §4.1).
// Sources: seeded (SplitMix64, written by hand so every platform rolls the same), scripted (tests),
// manual (players roll real dice and type the faces in). Every roll is recorded with its purpose,
// rule reference, subject, faces, modifier, result and effect.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <stdexcept>
#include <optional>
#include <string>
#include <vector>

namespace etatmajor::dice {

// SplitMix64 exactly as tactical-resolver.md §4.1 defines it.
class SplitMix64 {
public:
    explicit SplitMix64(std::uint64_t state = 0) : m_state(state) {}
    std::uint64_t next();
    std::uint64_t state() const { return m_state; }
    // The finaliser applied to v + golden gamma ("mix" of §4.1), for deriving seeds.
    static std::uint64_t mix(std::uint64_t v);

private:
    std::uint64_t m_state;
};

// What is being rolled and why; passed to sources (a manual source shows it to the person rolling).
struct RollRequest {
    std::string purpose;  // e.g. "general rating"
    std::string rule;     // spec reference, e.g. "etat-major.md §13.3"
    std::string subject;  // ME, unit, general or side id; empty when none
    int count = 1;        // number of dice
    int faces = 6;
    int modifier = 0;
};

struct RollRecord {
    std::int64_t sequence = 0;
    int week = 0;
    int day = 0;
    std::string phase;
    std::string subject;
    std::string purpose;
    std::string rule;
    std::string expression;  // "2d6+1"
    std::vector<int> faces;
    int modifier = 0;
    int result = 0;      // sum of faces + modifier
    std::string effect;  // filled in by the caller once the effect is known
    // Whose die it is: a side id, "" for a public roll (weather, wind), unset when not known (docs/secrecy.md).
    std::optional<std::string> side;
};

std::string expression(int count, int faces, int modifier);

class DiceError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Source {
public:
    virtual ~Source() = default;
    // One die of `faces` faces, 1..faces.
    virtual int roll(int faces, const RollRequest& request) = 0;
    virtual std::string kind() const = 0;
};

class SeededSource final : public Source {
public:
    explicit SeededSource(std::uint64_t seed) : m_gen(seed) {}
    int roll(int faces, const RollRequest& request) override;
    std::string kind() const override { return "seeded"; }
    std::uint64_t state() const { return m_gen.state(); }
    // Uniform 1..faces by rejection on the top 32 bits (§4.1's d6 rule generalised).
    static int uniform(SplitMix64& gen, int faces);

private:
    SplitMix64 m_gen;
};

// Plays back a fixed sequence of faces; running out, or a face that does not fit the die, throws DiceError.
class ScriptedSource final : public Source {
public:
    // `kind`: what kind() says; a replay plays back logged dice under the kind they were rolled with.
    explicit ScriptedSource(std::vector<int> faces, std::string kind = "scripted")
        : m_faces(faces.begin(), faces.end()), m_kind(std::move(kind)) {}
    int roll(int faces, const RollRequest& request) override;
    std::string kind() const override { return m_kind; }
    std::size_t remaining() const { return m_faces.size(); }

private:
    std::deque<int> m_faces;
    std::string m_kind;
};

// Asks a person for each die. The callback returns the face they rolled; out-of-range answers are asked again
// by the callback's owner (the callback must return a valid face or throw).
class ManualSource final : public Source {
public:
    using Ask = std::function<int(const RollRequest&, int dieIndex, int faces)>;
    explicit ManualSource(Ask ask) : m_ask(std::move(ask)) {}
    int roll(int faces, const RollRequest& request) override;
    std::string kind() const override { return "manual"; }

private:
    Ask m_ask;
    int m_dieIndex = 0;
};

// Passes every die to another source and keeps the faces it gave, in order: what a command logs when its dice did not
// come from the campaign's seeded generator (scripted or typed-in dice), so that a replay rolls them again.
class RecordingSource final : public Source {
public:
    explicit RecordingSource(Source& inner) : m_inner(inner) {}
    int roll(int faces, const RollRequest& request) override;
    std::string kind() const override { return m_inner.kind(); }
    const std::vector<int>& faces() const { return m_faces; }

private:
    Source& m_inner;
    std::vector<int> m_faces;
};

// Where roll records go (the campaign store, or memory in tests).
class LogSink {
public:
    virtual ~LogSink() = default;
    virtual void record(const RollRecord& r) = 0;
    virtual void annotate(std::int64_t sequence, const std::string& effect) = 0;
};

class MemoryLog final : public LogSink {
public:
    void record(const RollRecord& r) override { m_records.push_back(r); }
    void annotate(std::int64_t sequence, const std::string& effect) override;
    const std::vector<RollRecord>& records() const { return m_records; }

private:
    std::vector<RollRecord> m_records;
};

// The service the rules call. Not thread-safe: one per campaign command or per battle.
class Dice {
public:
    Dice(Source& source, LogSink& log, std::int64_t firstSequence = 1) : m_source(source), m_log(log), m_next(firstSequence) {}

    void setContext(int week, int day, std::string phase);
    RollRecord roll(const RollRequest& request);
    // Records the effect of a roll once the rule has applied it.
    void effect(const RollRecord& r, const std::string& text);
    std::int64_t nextSequence() const { return m_next; }
    Source& source() { return m_source; }

private:
    Source& m_source;
    LogSink& m_log;
    std::int64_t m_next;
    int m_week = 0;
    int m_day = 0;
    std::string m_phase;
};

}  // namespace etatmajor::dice
