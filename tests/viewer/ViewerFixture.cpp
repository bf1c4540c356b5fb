#include "ViewerFixture.h"

#include <stdexcept>

#include "storage/Archive.h"

namespace othello::viewer::test {

QString fixtureDir() {
    return QStringLiteral(OTHELLO_SOURCE_DIR "/tests/fixtures/viewer");
}

QString makeFixtureArchive(const QString& dir, const QString& name) {
    const QString path = dir + QLatin1Char('/') + name;
    storage::Archive archive(path.toStdString());
    const storage::ImportResult r =
        archive.importFiles({(fixtureDir() + QStringLiteral("/archive.pgn")).toStdString()});
    if (r.imported != 12 || r.rejected != 0)
        throw std::runtime_error("fixture archive: expected 12 games, imported " +
                                 std::to_string(r.imported));
    return path;
}

QString makeEmptyArchive(const QString& dir, const QString& name) {
    const QString path = dir + QLatin1Char('/') + name;
    storage::Archive archive(path.toStdString());
    return path;
}

}  // namespace othello::viewer::test
