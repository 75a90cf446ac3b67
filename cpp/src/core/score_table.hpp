// Columnar scoring (score_table, issue 25): every row of an Arrow record batch scored as the
// request object the row stands for (arrow_view.hpp), the results written as Arrow columns
// (arrow_c.hpp) - the same column set as the WebAssembly scoreColumns (docs/javascript.md
// "Columns"), Arrow-typed:
//   ok bool, han int32, fu int32, yakuman int32, total int64 (null: an aotenjo total past
//   int64), limit dictionary<int8, utf8> (null: none), error dictionary<int8, utf8> (the code;
//   null when scored), message utf8 (null when scored), yaku list<dictionary<int8, utf8>>
//   (keys), yaku_han list<int16>. The dictionaries are fixed (every yaku key, limit name,
//   error code): a value is one byte, and no string is written per row.
// Korean and Hong Kong-Taiwan rows: total as their result's total (0 for a Korean result
// without payment), han the Korean han, no yaku (as scoreColumns).
#pragma once
#include <vector>

#include "core/arrow_c.hpp"
#include "core/arrow_view.hpp"

namespace tenbou::tables {

// Scores the rows of `batch` (import_batch) on `threads` threads (1: this one; rows split in
// contiguous ranges, results in row order). `constant_options`: the options of every row (a
// table without an options column), or nullptr. A row never throws: a bad row is a failed
// result in its own row, exactly as score() fails on the row's object.
std::vector<Column> score_batch(const ArrowNode& batch, const Json* constant_options, int threads);

// The result table's schema metadata (its name and the library version).
Metadata score_table_metadata();

}  // namespace tenbou::tables
