#pragma once
// Test archives for the viewer tests, built from tests/fixtures/viewer/ through the storage
// API (the viewer's own code under test never builds them).
#include <QString>

namespace othello::viewer::test {

// The fixture folder (tests/fixtures/viewer).
QString fixtureDir();
// Creates `dir`/name from archive.pgn (12 games); returns its path. Throws on failure.
QString makeFixtureArchive(const QString& dir,
                           const QString& name = QStringLiteral("archive.sqlite"));
// Creates an empty archive `dir`/name; returns its path.
QString makeEmptyArchive(const QString& dir, const QString& name);

}  // namespace othello::viewer::test
