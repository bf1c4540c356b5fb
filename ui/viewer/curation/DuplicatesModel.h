#pragma once
// The Duplicates tab (DuplicatesPanel.qml): the groups of possible duplicates of the archive
// (storage/curation/Duplicates.h: games with the same moves from the same start), likeliest first, short
// games last, each with why its games match and what differs; and their resolution: keep one
// game and move the others to the trash (with or without merging the headers it lacks), or
// mark the group as different games. Reads run on the archive worker of `archive` (never on
// the UI thread); resolutions are CurationController::journalledChange steps, so they show in
// the History tab and Ctrl+Z undoes them like every other change of the viewer.
#include <QAbstractListModel>
#include <QPointer>
#include <QtQml/qqmlregistration.h>
#include <vector>

#include "curation/DuplicateRows.h"

namespace othello::viewer {

class ArchiveClient;

class DuplicatesModel : public QAbstractListModel {
    Q_OBJECT
    QML_ELEMENT
    Q_PROPERTY(
        othello::viewer::ArchiveClient* archive READ archive WRITE setArchive NOTIFY archiveChanged)
    // Groups of fewer moves are left out (0: every group); showMarked: the groups marked not
    // duplicates are listed too. Changing either reads the list again.
    Q_PROPERTY(int minMoves READ minMoves WRITE setMinMoves NOTIFY optionsChanged)
    Q_PROPERTY(bool showMarked READ showMarked WRITE setShowMarked NOTIFY optionsChanged)
    Q_PROPERTY(bool loading READ loading NOTIFY listChanged)
    Q_PROPERTY(bool loaded READ loaded NOTIFY listChanged)
    Q_PROPERTY(int count READ count NOTIFY listChanged)
    // "3 groups of possible duplicates (7 games); 1 group marked not duplicates not shown"
    Q_PROPERTY(QString summary READ summary NOTIFY listChanged)
    Q_PROPERTY(QString errorText READ errorText NOTIFY listChanged)

  public:
    enum Role {
        TitleRole = Qt::UserRole + 1,  // "Same game · 2 games · 60 moves"
        KindRole,                      // "same game", ...
        WhyRole,                       // why they match, one line
        DifferRole,                    // "black, source" ("" when nothing differs)
        GamesRole,  // [{id, players, details, black, white, event, date, result, source}]
        MarksRole,  // "Games 3, 4 marked not duplicates (change 9)" ("" when none)
        ShortRole,
        GameIdsRole,  // [ids]
    };
    Q_ENUM(Role)

    explicit DuplicatesModel(QObject* parent = nullptr);

    ArchiveClient* archive() const { return archive_; }
    void setArchive(ArchiveClient* archive);
    int minMoves() const { return minMoves_; }
    void setMinMoves(int moves);
    bool showMarked() const { return showMarked_; }
    void setShowMarked(bool shown);
    bool loading() const { return loading_ > 0; }
    bool loaded() const { return loaded_; }
    int count() const { return int(groups_.size()); }
    QString summary() const { return summary_; }
    QString errorText() const { return errorText_; }

    int rowCount(const QModelIndex& parent = QModelIndex()) const override {
        return parent.isValid() ? 0 : count();
    }
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QHash<int, QByteArray> roleNames() const override;

    // Reads the groups again (on the worker).
    Q_INVOKABLE void refresh();
    // Keeps game `id` and moves the other games of its group to the trash; `merge`: the kept
    // game takes the headers it lacks from them, `prefer` (> 0) the game whose values win a
    // conflict (0: a conflict is refused, and CurationController::errorText lists it).
    Q_INVOKABLE void keep(qint64 id, bool merge, qint64 prefer);
    // Marks the games of group `row` as different games.
    Q_INVOKABLE void markNotDuplicates(int row);

  signals:
    void archiveChanged();
    void optionsChanged();
    void listChanged();

  private:
    QPointer<ArchiveClient> archive_;
    int minMoves_ = 0;
    bool showMarked_ = false;
    int loading_ = 0;
    bool loaded_ = false;
    quint64 asked_ = 0;  // the last read asked: older answers are dropped
    std::vector<DuplicateGroupRow> groups_;
    QString summary_;
    QString errorText_;
};

}  // namespace othello::viewer
