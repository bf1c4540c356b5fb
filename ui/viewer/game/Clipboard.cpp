#include "game/Clipboard.h"

#include <QBuffer>
#include <QClipboard>
#include <QGuiApplication>
#include <QMimeData>

namespace othello::viewer {

void Clipboard::setText(const QString& text) {
    QGuiApplication::clipboard()->setText(text);
}

QString Clipboard::text() const {
    return QGuiApplication::clipboard()->text();
}

bool Clipboard::setImage(const QVariant& image) {
    const QImage img = image.value<QImage>();
    if (img.isNull()) return false;
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    if (!img.save(&buffer, "PNG")) return false;
    auto* mime = new QMimeData;  // the clipboard takes ownership
    mime->setImageData(img);
    mime->setData(QStringLiteral("image/png"), png);
    QGuiApplication::clipboard()->setMimeData(mime);
    return true;
}

QVariantMap Clipboard::imageInfo() const {
    const QMimeData* mime = QGuiApplication::clipboard()->mimeData();
    QVariantMap info{{QStringLiteral("width"), 0},
                     {QStringLiteral("height"), 0},
                     {QStringLiteral("pngBytes"), 0}};
    if (!mime) return info;
    const QByteArray png = mime->data(QStringLiteral("image/png"));
    QImage img;
    if (!png.isEmpty()) img.loadFromData(png, "PNG");
    info[QStringLiteral("width")] = img.width();
    info[QStringLiteral("height")] = img.height();
    info[QStringLiteral("pngBytes")] = png.size();
    return info;
}

}  // namespace othello::viewer
