// Columns built in the core and handed over through the Arrow C data interface
// (https://arrow.apache.org/docs/format/CDataInterface.html): the consumer (pyarrow, Polars,
// DuckDB, nanoarrow, ...) takes the buffers as they are, without copying and without the core
// linking any Arrow library. Used for the record tables (records/tables.cpp) and score_table.
//
// A Column is appended to row by row (values, nulls, list items, struct fields), or made whole
// from buffers its producer filled (from_buffers: no per-value call), and exported once; the
// exported arrays own the buffers until the consumer calls release(). An integer column may be
// dictionary-encoded (set_dictionary): its values index a fixed list of strings, exported as
// an Arrow dictionary array (pyarrow, pandas, Polars and DuckDB read it as categorical text).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

// The two structs of the C data interface, exactly as the Arrow specification gives them
// (an ABI: every producer and consumer declares them identically under this guard).
#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE
#define ARROW_FLAG_DICTIONARY_ORDERED 1
#define ARROW_FLAG_NULLABLE 2
#define ARROW_FLAG_MAP_KEYS_SORTED 4
extern "C" {
struct ArrowSchema {
  const char* format;
  const char* name;
  const char* metadata;
  int64_t flags;
  int64_t n_children;
  struct ArrowSchema** children;
  struct ArrowSchema* dictionary;
  void (*release)(struct ArrowSchema*);
  void* private_data;
};
struct ArrowArray {
  int64_t length;
  int64_t null_count;
  int64_t offset;
  int64_t n_buffers;
  int64_t n_children;
  const void** buffers;
  struct ArrowArray** children;
  struct ArrowArray* dictionary;
  void (*release)(struct ArrowArray*);
  void* private_data;
};
}
#endif

namespace tenbou::tables {

enum class ColumnType : std::uint8_t { Bool, Int8, Int16, Int32, Int64, Utf8, List, Struct };

// The strings a dictionary-encoded column's values index (shared: one list for many batches).
using Dictionary = std::shared_ptr<const std::vector<std::string>>;

class Column {
 public:
  Column(std::string name, ColumnType type);
  static Column list_of(std::string name, Column item);
  static Column struct_of(std::string name, std::vector<Column> fields);
  // A whole column from buffers the caller filled: `length` rows; `data`: the values (Bool: one
  // bit a row, LSB first; Int8-64: length x width bytes, native order; Utf8: the bytes);
  // `offsets`: Utf8 and List, length + 1 entries from 0; `validity`: one bit a row, 1 = valid
  // (empty: every row valid); `children`: List's one item column, Struct's fields. Sizes are
  // checked (std::logic_error); the column can be appended to afterwards.
  static Column from_buffers(std::string name, ColumnType type, std::int64_t length, std::vector<std::uint8_t> data,
                             std::vector<std::int32_t> offsets = {}, std::vector<std::uint8_t> validity = {},
                             std::vector<Column> children = {});
  // Makes this Int8/Int16/Int32 column dictionary-encoded: each valid value is an index into
  // `dictionary` (the caller keeps them in range: consumers do not check).
  void set_dictionary(Dictionary dictionary);

  const std::string& name() const { return name_; }
  ColumnType type() const { return type_; }
  std::int64_t length() const { return length_; }
  std::int64_t null_count() const { return nulls_; }

  // One row (the value's kind must be the column's: push_int for the integer types).
  void push_bool(bool value);
  void push_int(std::int64_t value);
  void push_string(std::string_view text);
  // A null row of any type (a list or struct null holds no items; a struct's fields get nulls).
  void push_null();

  // Lists: append the row's items to item(), then end_list() closes the row.
  Column& item() { return children_[0]; }
  void end_list();
  // Structs: append one row to every field(i), then end_struct() closes the row.
  Column& field(std::size_t i) { return children_[i]; }
  void end_struct();

  // Drops the rows from `rows` on (a game that failed part-way is taken back whole).
  void truncate(std::int64_t rows);

  // Appends every row of `other`, a column of the same shape (type, children, dictionary), made
  // by the same builder. can_append says whether the offsets stay within int32 first.
  bool can_append(const Column& other) const;
  void append(const Column& other);

 private:
  friend struct ExportedColumn;
  friend struct SchemaOf;
  void set_valid(bool valid);
  std::int64_t list_end() const;

  std::string name_;
  ColumnType type_;
  std::int64_t length_ = 0, nulls_ = 0;
  std::vector<std::uint8_t> validity_;  // one bit a row (LSB first), 1 = valid
  std::vector<std::uint8_t> data_;      // fixed-width values, Bool's bits, or Utf8's bytes
  std::vector<std::int32_t> offsets_;   // Utf8 and List: length_ + 1 entries, from 0
  std::vector<Column> children_;
  Dictionary dictionary_;               // set: the values index these strings
};

// A table's schema-level metadata: key/value pairs (the schema's name and version).
using Metadata = std::vector<std::pair<std::string, std::string>>;

// Moves the columns (all of one length) into a struct array, one child per column, the form of
// a record batch in the C data interface. `schema` and `array` are filled; the consumer owns
// both from then on (their release callbacks free what the columns held).
void export_batch(std::vector<Column> columns, const Metadata& metadata, ArrowSchema* schema, ArrowArray* array);

}  // namespace tenbou::tables
