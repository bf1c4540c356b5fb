#include "AppOptions.h"

#include <QQmlEngine>

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

}  // namespace othello::viewer
