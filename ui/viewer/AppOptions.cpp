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

}  // namespace othello::viewer
