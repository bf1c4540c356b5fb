#include "curation/FileView.h"

#include <QFileInfo>
#include <QObject>
#include <algorithm>
#include <exception>

#include "storage/Archive.h"

namespace othello::viewer {

namespace {

QString fileNames(const QStringList& files) {
    QStringList names;
    for (const QString& f : files) names << QFileInfo(f).fileName();
    if (names.size() > 3)
        return QObject::tr("%1 and %2 more files")
            .arg(names.mid(0, 2).join(QStringLiteral(", ")))
            .arg(names.size() - 2);
    return names.join(QStringLiteral(", "));
}

}  // namespace

FileView prepareFileView(const QStringList& files, const QString& folder) {
    FileView view;
    view.databasePath = folder + QStringLiteral("/view.sqlite");
    std::vector<std::filesystem::path> paths;
    for (const QString& f : files) paths.emplace_back(f.toStdString());
    storage::ImportResult r;
    try {
        storage::Archive archive(view.databasePath.toStdString());
        r = archive.importFiles(paths);
    } catch (const std::exception& e) {
        view.error = QString::fromStdString(e.what());
        return view;
    }
    view.games = r.imported;
    view.rejected = r.rejected;
    const QString names = fileNames(files);
    const auto count = [](qint64 n, const char* one, const char* many) {
        return QStringLiteral("%1 %2").arg(n).arg(QString::fromLatin1(n == 1 ? one : many));
    };
    if (view.games > 0)
        view.note = QObject::tr("%1 read from %2, not in your archive")
                        .arg(count(view.games, "game", "games"), names);
    else
        view.note = QObject::tr("No game could be read from %1").arg(names);
    if (!r.failure.empty()) view.note += QStringLiteral(": ") + QString::fromStdString(r.failure);
    if (!r.errors.empty()) {
        view.note += QObject::tr("; %1 refused, the first: %2")
                         .arg(count(std::max<qint64>(r.rejected, 1), "record", "records"),
                              QString::fromStdString(r.errors.front().message));
    }
    if (r.duplicates > 0)
        view.note +=
            QObject::tr(" (%1 shown once)").arg(count(r.duplicates, "duplicate", "duplicates"));
    return view;
}

}  // namespace othello::viewer
