#include "analysis/AnalysisStatus.h"

#include <algorithm>

#include "analysis/RulesSolver.h"

namespace othello::viewer {

QString AnalysisStatus::nodesText(std::uint64_t nodes) {
    if (nodes >= 10'000'000) return tr("%1 M nodes").arg(nodes / 1'000'000);
    if (nodes >= 1'000'000) return tr("%1 M nodes").arg(double(nodes) / 1e6, 0, 'f', 1);
    if (nodes >= 10'000) return tr("%1 k nodes").arg(nodes / 1000);
    return tr("%1 nodes").arg(nodes);
}

QString AnalysisStatus::shown(const ShownFacts& f) {
    const core::Position& current = f.position;
    const int empties = current.emptyCount();
    if (core::isGameOver(current, f.rules)) return tr("Game over: nothing to solve.");
    const QString side = current.toMove() == core::Color::Black ? tr("Black") : tr("White");
    const bool othello = analysis::othelloAnalysisApplies(f.rules);
    if (empties > f.maxEmpties && !othello)
        return tr("%1 to move: estimates unavailable for these rules (%2 empties; exact values "
                  "from %3 empties on).")
            .arg(side)
            .arg(empties)
            .arg(f.maxEmpties);
    if (empties > f.maxEmpties) {
        if (!f.evaluationError.isEmpty())
            return tr("No estimate: the evaluation is unavailable (%1). Exact values from %2 "
                      "empties.")
                .arg(f.evaluationError)
                .arg(f.maxEmpties);
        if (current.mustPass()) {
            const std::optional<int>& e = f.passEstimate;
            return e ? tr("%1 must pass: ~%2 (estimate; exact from %3 empties).")
                           .arg(side, ValueRange::signedText(*e))
                           .arg(f.maxEmpties)
                     : tr("%1 must pass.").arg(side);
        }
        if (const std::optional<ShownFacts::Estimate>& e = f.estimate)
            return tr("%1 to move: ~%2 (estimate, depth %3 search%4; %5 empties, exact from %6).")
                .arg(side, ValueRange::signedText(e->value))
                .arg(e->depth)
                .arg(e->complete ? QString() : tr(", time budget"))
                .arg(empties)
                .arg(f.maxEmpties);
        if (!f.running) return tr("Waiting to search this position (%1 empties)…").arg(empties);
        const analysis::MidgameProgress& p = f.midgame;
        QString text = tr("Searching this position: depth %1 of %2")
                           .arg(std::max(p.depth, 1))
                           .arg(f.midgameDepth);
        if (p.completedDepth > 0)
            text +=
                tr(" (depth %1: ~%2)").arg(p.completedDepth).arg(ValueRange::signedText(p.value));
        if (p.nodes > 0) text += QStringLiteral(", ") + nodesText(p.nodes);
        if (p.seconds > 0) text += tr(", %1 s").arg(p.seconds, 0, 'f', 1);
        return text + QStringLiteral("…");
    }
    if (const std::optional<ShownFacts::Solved>& k = f.solved) {
        const QString source = k->fromCache ? tr(", from the archive's cache") : QString();
        const QString what = current.mustPass() ? tr("%1 must pass: %2").arg(side, k->value.text())
                                                : tr("%1 to move: %2").arg(side, k->value.text());
        if (k->value.exact())
            return tr("%1 with perfect play (exact, %2 empties%3).")
                .arg(what)
                .arg(empties)
                .arg(source);
        const QString unavailable =
            othello ? QString() : tr(" Estimates unavailable for these rules.");
        if (!k->value.known())
            return tr("%1 to move: nothing proven, the time budget ran out (%2 empties).%3")
                .arg(side)
                .arg(empties)
                .arg(unavailable);
        return tr("%1 (a bound: the time budget ran out, %2 empties).%3")
            .arg(what)
            .arg(empties)
            .arg(unavailable);
    }
    if (!f.running) return tr("Waiting to solve this position (%1 empties)…").arg(empties);
    const analysis::SolveProgress& p = f.solve;
    QString text = tr("Solving this position: %1 empties").arg(empties);
    if (p.movesTotal > 0) text += tr(", %1/%2 moves").arg(p.movesDone).arg(p.movesTotal);
    if (p.nodes > 0) text += QStringLiteral(", ") + nodesText(p.nodes);
    if (p.seconds > 0) text += tr(", %1 s").arg(p.seconds, 0, 'f', 1);
    return text + QStringLiteral("…");
}

QString AnalysisStatus::background(const BackgroundFacts& f) {
    if (f.left == 0) {
        if (f.estimated > 0)
            return tr("Rest of the line: %1 positions solved (up to %2 empties), %3 estimated "
                      "(depth %4).")
                .arg(f.solved)
                .arg(f.maxEmpties)
                .arg(f.estimated)
                .arg(f.midgameDepth);
        return f.solved > 0 ? tr("Rest of the line: %1 positions solved (up to %2 empties).")
                                  .arg(f.solved)
                                  .arg(f.maxEmpties)
                            : QString();
    }
    const int left = f.left, toSolve = f.toSolve;
    QString text = toSolve == left ? tr("Rest of the line: %1 positions to solve").arg(left)
                   : toSolve == 0  ? tr("Rest of the line: %1 positions to estimate").arg(left)
                                   : tr("Rest of the line: %1 positions to solve, %2 to estimate")
                                        .arg(toSolve)
                                        .arg(left - toSolve);
    if (const std::optional<BackgroundFacts::Running>& running = f.running) {
        text += tr(", now ply %1 (%2 empties").arg(running->ply).arg(running->empties);
        if (running->nodes > 0) text += QStringLiteral(", ") + nodesText(running->nodes);
        text += QStringLiteral(")");
    }
    return text + QStringLiteral("…");
}

}  // namespace othello::viewer
