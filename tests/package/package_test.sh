#!/usr/bin/env bash
# Builds the .deb from the build tree (CPack), unpacks it into a scratch root, checks what it
# carries (programs, manual pages, desktop entry, icon, MIME types, Depends) and runs both
# programs from the scratch root: an import of samples/, a search, the viewer offscreen on the
# archive and on a file opened without importing it.
set -euo pipefail
build=$1
source=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

(cd "$build" && cpack --config CPackConfig.cmake -B "$tmp/out" >"$tmp/cpack.log" 2>&1) ||
    { cat "$tmp/cpack.log" >&2; fail "cpack failed"; }
deb=$(ls "$tmp"/out/*.deb)
echo "package: $deb ($(du -h "$deb" | cut -f1))"

depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"
for lib in libqt6quick6 libsqlite3 libqt6gui6 qml6-module-qtquick-controls; do
    [[ $depends == *"$lib"* ]] || fail "Depends lacks $lib"
done

root=$tmp/root
dpkg-deb -x "$deb" "$root"
for f in usr/bin/othello-db usr/bin/othello-viewer \
    usr/share/applications/othello-viewer.desktop \
    usr/share/icons/hicolor/scalable/apps/othello-db.svg \
    usr/share/mime/packages/othello-db.xml \
    usr/share/othello-db/othello-eval.bin; do
    [ -e "$root/$f" ] || fail "the package has no $f"
done
for page in othello-db othello-viewer; do
    f=$(ls "$root"/usr/share/man/man1/$page.1* 2>/dev/null | head -1)
    [ -n "$f" ] || fail "no manual page for $page"
    text=$(if [[ $f == *.gz ]]; then zcat "$f"; else cat "$f"; fi)
    [[ $text == *".SH"* ]] || fail "$f is not a manual page"
done
zcat -f "$root"/usr/share/man/man1/othello-db.1* | grep -q "import" ||
    fail "othello-db.1 does not document import"
if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$root/usr/share/applications/othello-viewer.desktop"
fi
# The MIME types compile into a database that names .wtb files.
cp -r "$root/usr/share/mime" "$tmp/mime"
update-mime-database "$tmp/mime" >/dev/null 2>&1
[ -e "$tmp/mime/application/x-wthor.xml" ] || fail "the MIME package does not define x-wthor"
grep -q "application/x-wthor" "$root/usr/share/applications/othello-viewer.desktop" ||
    fail "the desktop entry does not open .wtb files"

# The programs, run from the scratch root (not the build tree).
cli=$root/usr/bin/othello-db
viewer=$root/usr/bin/othello-viewer
"$cli" --version | grep -q "othello-db" || fail "othello-db --version"
"$viewer" --version | grep -q "othello-viewer" || fail "othello-viewer --version"
db=$tmp/archive.sqlite
"$cli" --db "$db" import --quiet "$source/samples" || fail "import of samples/ from the package"
games=$("$cli" --db "$db" info --json | sed -n 's/.*"games":\([0-9]*\).*/\1/p')
[ "$games" -gt 0 ] || fail "no games imported"
"$cli" --db "$db" search --player Tastet --limit 1 | grep -q "Tastet" || fail "search"
export QT_QPA_PLATFORM=offscreen
"$viewer" --db "$db" --screenshot "$tmp/archive.png" >/dev/null || fail "the viewer on the archive"
[ -s "$tmp/archive.png" ] || fail "no screenshot of the archive"
# Opening a record file, as a file manager does: shown, the archive untouched.
before=$(stat -c %Y "$db")
"$viewer" --db "$db" "$source/samples/games.ggf" --screenshot "$tmp/file.png" >/dev/null ||
    fail "the viewer on a file"
[ -s "$tmp/file.png" ] || fail "no screenshot of the file"
[ "$(stat -c %Y "$db")" = "$before" ] || fail "opening a file changed the archive"
echo "ok: $games games; both programs run from the package"
