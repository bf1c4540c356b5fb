#include "AppOptions.h"

#include <QQmlEngine>
#include <QSettings>

namespace othello::viewer {

AppOptions* AppOptions::instance() {
    static AppOptions* options = new AppOptions;  // lives as long as the process
    return options;
}

AppOptions* AppOptions::create(QQmlEngine*, QJSEngine*) {
    AppOptions* options = instance();
    QQmlEngine::setObjectOwnership(options, QQmlEngine::CppOwnership);
    return options;
}

void AppOptions::markLoaded() {
    if (loaded_) return;
    loaded_ = true;
    emit firstGameShown();
}

bool AppOptions::numberedMoves() const {
    return QSettings().value(QStringLiteral("moves/numbered"), false).toBool();
}

void AppOptions::setNumberedMoves(bool numbered) {
    if (numbered == numberedMoves()) return;
    QSettings().setValue(QStringLiteral("moves/numbered"), numbered);
    emit settingsChanged();
}

int AppOptions::branchMode() const {
    const int mode = QSettings().value(QStringLiteral("moves/branchMode"), 0).toInt();
    return mode >= 0 && mode <= 2 ? mode : 0;
}

void AppOptions::setBranchMode(int mode) {
    if (mode < 0 || mode > 2 || mode == branchMode()) return;
    QSettings().setValue(QStringLiteral("moves/branchMode"), mode);
    emit settingsChanged();
}

}  // namespace othello::viewer
