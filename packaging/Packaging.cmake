# Installation (`cmake --install`) and the Debian package (`scripts/package`, CPack): the two
# programs, their manual pages (generated from --help by help2man when it is installed), a
# desktop entry with its icon, and the MIME types of the record files the viewer opens. The
# named openings are compiled into the programs; data files other libraries install (the
# evaluation weights) go to share/othello-db with their own install() rules. The install paths
# (GNUInstallDirs) come from the top CMakeLists.txt, which includes it before the libraries.

install(FILES ${CMAKE_CURRENT_LIST_DIR}/othello-viewer.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/othello-db.svg
        DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
install(FILES ${CMAKE_CURRENT_LIST_DIR}/othello-db.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages)

# Manual pages from the programs' own --help, so they never disagree with it.
find_program(OTHELLO_HELP2MAN help2man)
mark_as_advanced(OTHELLO_HELP2MAN)
if(OTHELLO_HELP2MAN)
    set(man_pages)
    foreach(program othello-db othello-viewer)
        if(NOT TARGET ${program})
            continue()
        endif()
        if(program STREQUAL "othello-db")
            set(name "an Othello game-record database and replay tool")
            set(help_option --help-all)
        else()
            set(name "the Othello game-record database viewer")
            set(help_option --help)
        endif()
        set(page ${CMAKE_BINARY_DIR}/man/${program}.1)
        add_custom_command(
            OUTPUT ${page}
            COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/man
            COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
                    ${OTHELLO_HELP2MAN} --no-info --no-discard-stderr
                    --help-option=${help_option} --version-option=--version
                    --name=${name} --section=1 --output=${page} $<TARGET_FILE:${program}>
            DEPENDS ${program}
            COMMENT "Manual page ${program}.1")
        list(APPEND man_pages ${page})
    endforeach()
    add_custom_target(man_pages ALL DEPENDS ${man_pages})
    install(FILES ${man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()

set(CPACK_PACKAGE_NAME othello-db)
set(CPACK_PACKAGE_VENDOR "othello-db")
set(CPACK_PACKAGE_CONTACT "othello-db maintainers <othello-db@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "Othello game-record database: import, search, review and publish archived games")
set(CPACK_PACKAGE_DESCRIPTION
    "Reads the record formats Othello clubs and federations use (WTHOR, GGF, PGN, transcripts, move lists, CSV), replays every game, stores games and positions in SQLite, and answers searches and statistics from the command line (othello-db) and a Qt Quick viewer (othello-viewer).")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)  # Depends from the libraries the binaries link
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "qml6-module-qtquick, qml6-module-qtquick-controls, qml6-module-qtquick-layouts, qml6-module-qtquick-window, qml6-module-qtquick-templates, qml6-module-qtqml-workerscript, qml6-module-qtquick-dialogs, qml6-module-qtqml-models, qml6-module-qt-labs-platform, qml6-module-qt-labs-folderlistmodel")
# The openings' Japanese names (虎定石) need a CJK font, or the viewer draws boxes.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-ipafont-gothic | fonts-noto-cjk")
set(CPACK_STRIP_FILES ON)
include(CPack)
