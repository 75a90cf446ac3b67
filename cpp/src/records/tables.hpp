// The record tables: whole archives of game records replayed on several threads into columns
// (core/arrow_c.hpp), one row per hand end ("hands") and one per win ("wins"), plus one per
// record that could not be read ("errors"). The Python front end (tenbou.records.read_hands,
// read_wins, to_dask) and `tenbou replay --parquet` take them as Arrow record batches.
//
// The schema is documented in docs/tables.md ("The record tables"), which names this version.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "core/arrow_c.hpp"
#include "tenbou/records.hpp"

namespace tenbou::records {

// The schema's version: bump it with any change of a column's name, type or meaning.
constexpr const char* kRecordTablesVersion = "1";

// One record's bytes, already decompressed (gzip, zip and tar are the front end's business),
// and the name its rows carry ("game"; a file of several games gives name#index).
struct RecordInput {
  std::string name;
  std::string_view bytes;  // the caller keeps them alive during read_record_tables
  // When set, the core reads this file itself on its thread (bytes are then ignored). A file
  // that turns out compressed or an archive (gzip, xz, bzip2 magic; zip; tar) is left to the
  // front end: a batch with `deferred` set stands in its place.
  std::string path;
};

struct RecordTablesOptions {
  RecordFormat format = RecordFormat::Auto;
  int threads = 0;     // 0: every core
  bool skip_errors = false;  // false: the first unreadable record (in input order) is thrown
};

// One batch of rows: the records of one contiguous run of the input, in input order; or, with
// `deferred` >= 0, no rows but the index of an input the front end must read (its rows go here).
struct RecordTablesBatch {
  std::vector<tables::Column> hands, wins, errors;
  long deferred = -1;
};

// The empty tables (their schema), in the order and types the batches have.
RecordTablesBatch empty_record_tables();
const tables::Metadata& record_table_metadata(std::string_view table);  // "hands", "wins" or "errors"

// Every record replayed: runs of consecutive inputs spread over threads, the batches (and
// deferred inputs) in input order (a batch or two a thread). With skip_errors false, throws the first unreadable record's ReplayError (in
// input order) once every thread is done; with it true, that record's rows are dropped and it
// gives one "errors" row.
std::vector<RecordTablesBatch> read_record_tables(const std::vector<RecordInput>& inputs, const RecordTablesOptions& options);

}  // namespace tenbou::records
