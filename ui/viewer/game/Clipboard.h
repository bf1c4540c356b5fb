#pragma once
// The system clipboard for QML (Qt Quick has none): text both ways, and images, put there as a
// bitmap and as PNG bytes ("image/png") so that image editors and documents both take them.
#include <QImage>
#include <QObject>
#include <QString>
#include <QVariant>
#include <QtQml/qqmlregistration.h>

namespace othello::viewer {

class Clipboard : public QObject {
    Q_OBJECT
    QML_ELEMENT

  public:
    explicit Clipboard(QObject* parent = nullptr) : QObject(parent) {}

    Q_INVOKABLE void setText(const QString& text);
    Q_INVOKABLE QString text() const;
    // `image`: a QImage (what ItemGrabResult.image holds). False when it is none or empty.
    Q_INVOKABLE bool setImage(const QVariant& image);
    // The clipboard's image as PNG bytes' size and its pixel size (tests): {width, height,
    // pngBytes}; zeros when there is no image.
    Q_INVOKABLE QVariantMap imageInfo() const;
};

}  // namespace othello::viewer
