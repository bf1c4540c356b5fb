#include "game/MoveListModel.h"

#include <QRegularExpression>
#include <QStringList>
#include <QVariantMap>
#include <algorithm>

#include "core/Notation.h"

namespace othello::viewer {

using importers::Comment;
using importers::Variation;

namespace {

const Comment* commentAt(const std::vector<Comment>& comments, int ply) {
    for (const Comment& c : comments)
        if (c.ply == ply) return &c;
    return nullptr;
}

QVariantMap token(const char* type, const QString& text, const QString& key = QString(),
                  const QString& loss = QString()) {
    return {{QStringLiteral("type"), QString::fromLatin1(type)},
            {QStringLiteral("text"), text},
            {QStringLiteral("key"), key},
            {QStringLiteral("loss"), loss},
            {QStringLiteral("mark"), MoveListModel::markOf(loss)}};
}

// Move numbers of a line as the pair layout counts them: a row per Black move, and a row of
// its own for a White move that opens the line.
std::vector<int> pairNumbers(const std::vector<core::Ply>& plies) {
    std::vector<int> numbers(plies.size());
    int n = 0;
    for (std::size_t i = 0; i < plies.size(); ++i) {
        if (plies[i].side == core::Color::Black || i == 0) ++n;
        numbers[i] = n;
    }
    return numbers;
}

}  // namespace

MoveListModel::MoveListModel(QObject* parent) : QAbstractListModel(parent) {}

int MoveListModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

QVariant MoveListModel::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row& row = rows_[static_cast<std::size_t>(index.row())];
    switch (role) {
        case NumberRole:
            return row.number;
        case Qt::DisplayRole:
        case BlackTextRole:
            return row.black.text;
        case WhiteTextRole:
            return row.white.text;
        case BlackPlyRole:
            return row.black.ply;
        case WhitePlyRole:
            return row.white.ply;
        case BlackOffLineRole:
            return row.black.offLine;
        case WhiteOffLineRole:
            return row.white.offLine;
        case BlackLossRole:
            return row.black.loss;
        case WhiteLossRole:
            return row.white.loss;
        case BlackMarkRole:
            return markOf(row.black.loss);
        case WhiteMarkRole:
            return markOf(row.white.loss);
        case BlackKeyRole:
            return row.black.key;
        case WhiteKeyRole:
            return row.white.key;
        case KindRole:
            return int(row.kind);
        case ContinuedRole:
            return row.continued;
        case TextRole:
            return row.text;
        case DepthRole:
            return row.depth;
        case TokensRole:
            return row.tokens;
        default:
            return {};
    }
}

QHash<int, QByteArray> MoveListModel::roleNames() const {
    return {{NumberRole, "number"},
            {BlackTextRole, "blackText"},
            {WhiteTextRole, "whiteText"},
            {BlackPlyRole, "blackPly"},
            {WhitePlyRole, "whitePly"},
            {BlackOffLineRole, "blackOffLine"},
            {WhiteOffLineRole, "whiteOffLine"},
            {BlackLossRole, "blackLoss"},
            {WhiteLossRole, "whiteLoss"},
            {BlackMarkRole, "blackMark"},
            {WhiteMarkRole, "whiteMark"},
            {BlackKeyRole, "blackKey"},
            {WhiteKeyRole, "whiteKey"},
            {KindRole, "kind"},
            {ContinuedRole, "continued"},
            {TextRole, "commentText"},
            {DepthRole, "depth"},
            {TokensRole, "tokens"}};
}

QString MoveListModel::keyOf(const std::vector<int>& path, int ply) {
    QStringList parts;
    for (const int i : path) parts.push_back(QString::number(i));
    return parts.join(QLatin1Char('.')) + QLatin1Char(':') + QString::number(ply);
}

std::optional<TreeLocation> MoveListModel::parseKey(const QString& key) {
    const qsizetype colon = key.indexOf(QLatin1Char(':'));
    if (colon < 0) return std::nullopt;
    TreeLocation at;
    bool ok = false;
    at.ply = key.mid(colon + 1).toInt(&ok);
    if (!ok || at.ply < 0) return std::nullopt;
    const QString path = key.left(colon);
    if (!path.isEmpty())
        for (const QString& part : path.split(QLatin1Char('.'))) {
            const int i = part.toInt(&ok);
            if (!ok || i < 0) return std::nullopt;
            at.path.push_back(i);
        }
    return at;
}

QString MoveListModel::markOf(const QString& loss) {
    // The last number is the one nearest zero: the loss the analysis is sure of.
    static const QRegularExpression number(QStringLiteral("(\\d+)(?!.*\\d)"));
    const QRegularExpressionMatch m = number.match(loss);
    if (!m.hasMatch()) return {};
    const int discs = m.captured(1).toInt();
    return discs >= 6 ? QStringLiteral("??") : discs >= 2 ? QStringLiteral("?") : QString();
}

void MoveListModel::setTree(const GameTree& tree, const std::vector<int>& shown) {
    tree_ = tree;
    shown_ = shown;
    losses_.clear();
    rebuild();
}

void MoveListModel::setNumbered(bool numbered) {
    if (numbered == numbered_) return;
    numbered_ = numbered;
    rebuild();
    emit numberedChanged();
}

void MoveListModel::rebuild() {
    QHash<QString, int> keys;
    std::vector<Row> rows = buildRows(keys);
    const bool plain =
        std::all_of(rows.begin(), rows.end(), [](const Row& r) { return r.kind == KindMoves; });
    beginResetModel();
    rows_ = std::move(rows);
    rowOfKey_ = std::move(keys);
    endResetModel();
    if (plain != plain_) {
        plain_ = plain;
        emit plainChanged();
    }
}

void MoveListModel::setLosses(const std::vector<QString>& losses) {
    losses_ = losses;
    QHash<QString, int> keys;
    std::vector<Row> rows = buildRows(keys);
    if (rows.size() != rows_.size()) {  // never for the same tree; kept safe
        rebuild();
        return;
    }
    int first = -1, last = -1;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (rows[r] == rows_[r]) continue;
        rows_[r] = std::move(rows[r]);
        if (first < 0) first = int(r);
        last = int(r);
    }
    if (first >= 0)
        emit dataChanged(index(first), index(last),
                         {BlackLossRole, WhiteLossRole, BlackMarkRole, WhiteMarkRole, TokensRole});
}

int MoveListModel::rowOfLocation(const std::vector<int>& path, int ply) const {
    if (ply < 1) return -1;
    auto it = rowOfKey_.constFind(keyOf(path, ply));
    // Past a variation's implied final pass: the row of its last move.
    if (it == rowOfKey_.constEnd()) it = rowOfKey_.constFind(keyOf(path, ply - 1));
    return it == rowOfKey_.constEnd() ? -1 : it.value();
}

QString MoveListModel::lossAt(const std::vector<int>& path, int ply) const {
    if (ply < 1 || std::size_t(ply) > losses_.size()) return {};
    return GameTree::onLine(path, ply, shown_, tree_) ? losses_[std::size_t(ply - 1)] : QString();
}

std::vector<MoveListModel::Row> MoveListModel::buildRows(QHash<QString, int>& rowOfKey) const {
    const Variation& main = tree_.root();
    const core::ReplayResult line = tree_.replay(main.moves);
    std::vector<Row> rows;
    rows.reserve(numbered_ ? line.plies.size() : line.plies.size() / 2 + 1);
    const auto interrupt = [&](int ply) {  // what follows the main line's move reaching ply
        bool any = false;
        if (const Comment* c = commentAt(main.comments, ply)) {
            Row row;
            row.kind = KindComment;
            row.text = QString::fromStdString(c->text);
            rows.push_back(std::move(row));
            any = true;
        }
        for (std::size_t v = 0; v < main.variations.size(); ++v) {
            if (main.variations[v].ply != ply - 1) continue;
            Row row;
            row.kind = KindVariation;
            row.depth = 1;
            const int at = int(rows.size());
            addVariation({int(v)}, row.tokens);
            for (const QVariant& t : row.tokens) {
                const QString key = t.toMap().value(QStringLiteral("key")).toString();
                if (!key.isEmpty()) rowOfKey.insert(key, at);
            }
            rows.push_back(std::move(row));
            any = true;
        }
        return any;
    };
    interrupt(0);  // a comment before the first move

    const std::vector<int> numbers = pairNumbers(line.plies);
    int discs = 0;
    bool open = false;  // the last row has Black's move and room for White's
    for (std::size_t i = 0; i < line.plies.size(); ++i) {
        const core::Ply& p = line.plies[i];
        const int ply = int(i) + 1;
        const std::vector<int> path;
        Cell cell{QString::fromStdString(core::moveName(p.token())), ply, keyOf(path, ply),
                  !GameTree::onLine(path, ply, shown_, tree_), lossAt(path, ply)};
        if (numbered_) {
            Row row;
            row.number = p.square == core::kPass ? 0 : ++discs;
            (p.side == core::Color::Black ? row.black : row.white) = cell;
            rows.push_back(std::move(row));
        } else if (p.side == core::Color::Black) {
            rows.push_back(Row{KindMoves, cell, {}, numbers[i], false, {}, 0, {}});
            open = true;
        } else if (open) {
            rows.back().white = cell;
            open = false;
        } else {
            // After Black's move and what interrupted the rows, or a line White opens.
            rows.push_back(Row{KindMoves, {}, cell, numbers[i], i > 0, {}, 0, {}});
        }
        rowOfKey.insert(cell.key, int(rows.size()) - 1);
        if (interrupt(ply)) open = false;
    }
    return rows;
}

void MoveListModel::addVariation(const std::vector<int>& path, QVariantList& tokens) const {
    const Variation& v = *tree_.node(path);
    const int off = tree_.offset(path);
    const core::ReplayResult line = tree_.replay(tree_.lineMoves(path));
    const std::vector<int> numbers = pairNumbers(line.plies);
    const int startDiscs =
        line.start.count(core::Color::Black) + line.start.count(core::Color::White);
    if (const Comment* c = commentAt(v.comments, 0))
        tokens.push_back(token("comment", QString::fromStdString(c->text)));
    bool needNumber = true;
    for (std::size_t j = 0; j < v.moves.size() && off + j < line.plies.size(); ++j) {
        const int ply = off + int(j) + 1;
        const core::Ply& p = line.plies[std::size_t(ply - 1)];
        const bool pass = p.square == core::kPass;
        if (numbered_) {
            if (!pass) {
                const core::Position& after = line.positions[std::size_t(ply)];
                const int disc =
                    after.count(core::Color::Black) + after.count(core::Color::White) - startDiscs;
                tokens.push_back(token("number", QStringLiteral("%1.").arg(disc)));
            }
        } else if (p.side == core::Color::Black) {
            tokens.push_back(
                token("number", QStringLiteral("%1.").arg(numbers[std::size_t(ply - 1)])));
        } else if (needNumber) {
            tokens.push_back(
                token("number", QStringLiteral("%1\u2026").arg(numbers[std::size_t(ply - 1)])));
        }
        needNumber = false;
        tokens.push_back(token("move", QString::fromStdString(core::moveName(p.token())),
                               keyOf(path, ply), lossAt(path, ply)));
        if (const Comment* c = commentAt(v.comments, int(j) + 1)) {
            tokens.push_back(token("comment", QString::fromStdString(c->text)));
            needNumber = true;
        }
        for (std::size_t w = 0; w < v.variations.size(); ++w) {
            if (v.variations[w].ply != int(j)) continue;
            std::vector<int> inner = path;
            inner.push_back(int(w));
            tokens.push_back(token("open", QStringLiteral("(")));
            addVariation(inner, tokens);
            tokens.push_back(token("close", QStringLiteral(")")));
            needNumber = true;
        }
    }
}

}  // namespace othello::viewer
