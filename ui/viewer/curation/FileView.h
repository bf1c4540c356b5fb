#pragma once
// Showing record files without importing them: `othello-viewer FILE...` (what a file manager
// runs when a .wtb, .ggf, .pgn or transcript is opened) reads the files into a scratch archive
// in a temporary folder and the window browses that; the user's archive is untouched until
// "Import into my archive" stores the same files there (ViewerPane.qml).
#include <QString>
#include <QStringList>

namespace othello::viewer {

struct FileView {
    QString databasePath;  // the scratch archive, inside the folder given
    qint64 games = 0;      // games read and shown
    qint64 rejected = 0;   // records refused (their reasons are in `note`)
    // One line for the window: what was read, from which file(s), and that it is not in the
    // archive; when records were refused, the first reason ("...: 'Nf3' is a chess move: not an
    // Othello game ..."). A file that cannot be read says why.
    QString note;
    QString error;  // the scratch archive could not be made (then nothing is shown)
};

// Reads `files` into `folder`/view.sqlite (created; `folder` must exist and be writable).
// Never throws: failures land in FileView::error or, per record, in the note.
FileView prepareFileView(const QStringList& files, const QString& folder);

}  // namespace othello::viewer
