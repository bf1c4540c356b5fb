// Qt Quick Test runner for the viewer: builds the fixture archives in a temporary folder and
// hands their paths to the QML tests through the TestData singleton.
#include <QDir>
#include <QFileInfo>
#include <QQmlEngine>
#include <QTemporaryDir>
#include <QtQml/QQmlExtensionPlugin>
#include <QtQuickTest>

#include "ViewerFixture.h"

Q_IMPORT_QML_PLUGIN(Othello_ViewerPlugin)

class TestData : public QObject {
    Q_OBJECT
    Q_PROPERTY(QString archivePath MEMBER archivePath CONSTANT)
    Q_PROPERTY(QString importArchivePath MEMBER importArchivePath CONSTANT)
    Q_PROPERTY(QString badImportPath MEMBER badImportPath CONSTANT)
    Q_PROPERTY(QString notADatabasePath MEMBER notADatabasePath CONSTANT)
    Q_PROPERTY(QString missingDatabasePath MEMBER missingDatabasePath CONSTANT)
    Q_PROPERTY(QString emptyArchivePath MEMBER emptyArchivePath CONSTANT)

  public:
    QString archivePath;          // the 12 fixture games
    QString importArchivePath;    // empty archive for the import test
    QString badImportPath;        // 2 good records, 1 bad
    QString notADatabasePath;     // a text file
    QString missingDatabasePath;  // in a folder that does not exist
    QString emptyArchivePath;     // an archive with no games

    Q_INVOKABLE bool exists(const QString& path) const { return QFileInfo::exists(path); }
};

class Setup : public QObject {
    Q_OBJECT

  public slots:
    void qmlEngineAvailable(QQmlEngine* engine) {
        engine->addImportPath(QStringLiteral("qrc:/qt/qml"));
        if (!data_.archivePath.isEmpty()) return;  // one fixture and type for every test file
        using namespace othello::viewer::test;
        data_.archivePath = makeFixtureArchive(dir_.path());
        data_.importArchivePath = makeEmptyArchive(dir_.path(), QStringLiteral("import.sqlite"));
        data_.emptyArchivePath = makeEmptyArchive(dir_.path(), QStringLiteral("empty.sqlite"));
        data_.missingDatabasePath = dir_.path() + QStringLiteral("/missing/none.sqlite");
        data_.badImportPath = fixtureDir() + QStringLiteral("/import_bad.pgn");
        data_.notADatabasePath = fixtureDir() + QStringLiteral("/archive.pgn");
        qmlRegisterSingletonInstance("ViewerTest", 1, 0, "TestData", &data_);
    }

  private:
    QTemporaryDir dir_;
    TestData data_;
};

QUICK_TEST_MAIN_WITH_SETUP(viewer, Setup)

#include "QuickTestMain.moc"
