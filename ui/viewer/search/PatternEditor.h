#pragma once
// The Search tab's pattern editor (issue 31): a board pattern as 64 squares a click cycles, and
// the same pattern as text in the grammar of core/Pattern.h, kept in step both ways.
//
// Rows are the squares a1, b1 .. h1, a2 .. h8 (core square numbers). A click cycles a square
// black -> white -> empty -> any disc -> anything -> black (backwards with `backwards`), and the
// text becomes the pattern's list form (`a1=X b2=-`, as Pattern::toString writes it), or its
// 64-square mask (rows separated by spaces) once more than 16 squares are fixed. Text set with
// setText is kept as typed: when it parses, the squares follow it; when it does not, the
// squares keep the last pattern that parsed and errorText gives the parser's message (which
// names the column). same(a1,h1) constraints typed are kept (their squares are marked); a click
// on one of their squares drops them. The ply range and "under the 8 symmetries" go with the
// pattern into the search (spec()).
#include <QAbstractListModel>
#include <QtQml/qqmlregistration.h>
#include <array>
#include <optional>
#include <utility>
#include <vector>

#include "archive/ArchiveBackend.h"

namespace othello::viewer {

class GameController;

class PatternEditor : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(QString text READ text WRITE setText NOTIFY patternChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY patternChanged)
    // No square fixed and no same(): there is no pattern to search for.
    Q_PROPERTY(bool blank READ blank NOTIFY patternChanged)
    Q_PROPERTY(bool underSymmetry READ underSymmetry WRITE setUnderSymmetry NOTIFY optionsChanged)
    // The first and last ply searched (ply p: the position after p moves and passes); plyTo -1:
    // to the end of the game.
    Q_PROPERTY(int plyFrom READ plyFrom WRITE setPlyFrom NOTIFY optionsChanged)
    Q_PROPERTY(int plyTo READ plyTo WRITE setPlyTo NOTIFY optionsChanged)

  public:
    enum State { Anything, Black, White, Empty, AnyDisc };
    Q_ENUM(State)
    enum Role {
        StateRole = Qt::UserRole + 1,
        NameRole,  // "a1"
        SameRole,  // the square is in a same() constraint
    };
    Q_ENUM(Role)
    // The list form is shown up to this many fixed squares, the mask beyond.
    static constexpr int kListLimit = 16;

    explicit PatternEditor(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = QModelIndex()) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    QString text() const { return text_; }
    void setText(const QString& text);
    QString errorText() const { return errorText_; }
    bool blank() const;
    bool underSymmetry() const { return underSymmetry_; }
    void setUnderSymmetry(bool on);
    int plyFrom() const { return plyFrom_; }
    void setPlyFrom(int ply);
    int plyTo() const { return plyTo_; }
    void setPlyTo(int ply);

    // The next state after `state` in the click order (or the one before it).
    static State nextState(State state, bool backwards);
    Q_INVOKABLE int stateAt(int square) const;
    Q_INVOKABLE void cycle(int square, bool backwards = false);
    Q_INVOKABLE void setState(int square, int state);
    // Every square anything, no same(), the whole game (the symmetry choice stays).
    Q_INVOKABLE void clear();
    // The full mask of the position `game` shows.
    Q_INVOKABLE void takePosition(othello::viewer::GameController* game);

    // What the search gets: nullopt when the pattern is blank or its text does not parse.
    std::optional<PatternSpec> spec() const;

  signals:
    void patternChanged();
    void optionsChanged();

  private:
    // The text for the squares and same() pairs (list or mask form).
    QString render() const;
    // Squares and pairs changed by a click: the text follows, any error is gone.
    void squaresEdited(int first, int last);

    std::array<State, 64> states_{};
    std::vector<std::pair<int, int>> same_;
    QString text_;
    QString errorText_;
    bool underSymmetry_ = true;
    int plyFrom_ = 0;
    int plyTo_ = -1;
};

}  // namespace othello::viewer
