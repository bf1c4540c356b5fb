#pragma once
// Comments and variations of stored games on the command line (importers/Annotations.h,
// storage/curation/AnnotationStore.h): their inline text in `show` and the annotation options of
// `edit` (their JSON form is storage::annotationsJson, in `show --json` and the API).
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>
#include "storage/Archive.h"

namespace othello::cli {

// The main line with its comments {} and variations () inline, as PGN writes them
// ("1. F5 {good} D6 (1... F6 2. E6) 2. C3 ..."), without the tags; "" when r has none.
std::string annotatedMovetext(const importers::GameRecord& r);

// The annotation options of `edit`, applied to the game's annotations in this order:
// --annotations-from (replaces them all), --clear-comments, --clear-variations, then each
// --comment PLY TEXT (sets the main line's comment on PLY; an empty TEXT removes it).
struct AnnotationEditOptions {
    std::optional<std::string> from;  // FILE or FILE:N (the N-th record, from 1)
    bool clearComments = false;
    bool clearVariations = false;
    std::vector<std::string> comments;  // PLY TEXT pairs, flattened
    bool given() const { return from || clearComments || clearVariations || !comments.empty(); }
};
void addAnnotationEditOptions(CLI::App* sub, AnnotationEditOptions& o);
// The game's annotations after the options, for the game `r` whose main line is `moves`
// (after the edit). UsageError for a bad ply or an unreadable file spec; InputError when the
// file's record is missing, rejected or plays other moves.
storage::GameAnnotations editedAnnotations(const AnnotationEditOptions& o,
                                           const importers::GameRecord& r,
                                           const std::vector<int>& moves);

}  // namespace othello::cli
