// Column building and export through the Arrow C data interface (arrow_c.hpp).
#include "core/arrow_c.hpp"

#include <bitset>
#include <cstring>
#include <limits>
#include <memory>
#include <stdexcept>

namespace tenbou::tables {

namespace {

int width_of(ColumnType type) {
  switch (type) {
    case ColumnType::Int8: return 1;
    case ColumnType::Int16: return 2;
    case ColumnType::Int32: return 4;
    case ColumnType::Int64: return 8;
    default: return 0;
  }
}

const char* format_of(ColumnType type) {
  switch (type) {
    case ColumnType::Bool: return "b";
    case ColumnType::Int8: return "c";
    case ColumnType::Int16: return "s";
    case ColumnType::Int32: return "i";
    case ColumnType::Int64: return "l";
    case ColumnType::Utf8: return "u";
    case ColumnType::List: return "+l";
    case ColumnType::Struct: return "+s";
  }
  return "n";
}

inline void set_bit(std::vector<std::uint8_t>& bits, std::int64_t i, bool value) {
  const std::size_t byte = static_cast<std::size_t>(i >> 3);
  // Rows are appended one at a time: a new byte every 8th (push_back, not resize: ~4% of
  // score_table's time went to resizing here).
  if (bits.size() == byte) bits.push_back(0);
  else if (bits.size() < byte) bits.resize(byte + 1, 0);
  const auto mask = static_cast<std::uint8_t>(1u << (i & 7));
  if (value) bits[byte] = static_cast<std::uint8_t>(bits[byte] | mask);
  else bits[byte] = static_cast<std::uint8_t>(bits[byte] & ~mask);
}

std::int32_t offset_of(std::size_t size) {
  if (size > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
    throw std::length_error("a column of a batch holds over 2 GiB (int32 offsets): use smaller batches");
  return static_cast<std::int32_t>(size);
}

}  // namespace

Column::Column(std::string name, ColumnType type) : name_(std::move(name)), type_(type) {
  if (type_ == ColumnType::Utf8 || type_ == ColumnType::List) offsets_.push_back(0);
}

Column Column::list_of(std::string name, Column item) {
  Column c(std::move(name), ColumnType::List);
  c.children_.push_back(std::move(item));
  return c;
}

Column Column::struct_of(std::string name, std::vector<Column> fields) {
  Column c(std::move(name), ColumnType::Struct);
  c.children_ = std::move(fields);
  return c;
}

Column Column::from_buffers(std::string name, ColumnType type, std::int64_t length, std::vector<std::uint8_t> data,
                            std::vector<std::int32_t> offsets, std::vector<std::uint8_t> validity,
                            std::vector<Column> children) {
  Column c(std::move(name), type);
  auto wrong = [&](const std::string& what) { throw std::logic_error("Column::from_buffers " + c.name_ + ": " + what); };
  if (length < 0) wrong("negative length");
  const auto rows = static_cast<std::size_t>(length);
  const std::size_t bit_bytes = (rows + 7) / 8;
  switch (type) {
    case ColumnType::Bool:
      if (data.size() < bit_bytes) wrong("too few value bits");
      break;
    case ColumnType::Utf8:
    case ColumnType::List:
      if (offsets.size() != rows + 1 || offsets[0] != 0) wrong("offsets must be length + 1 entries from 0");
      for (std::size_t i = 0; i < rows; ++i)
        if (offsets[i + 1] < offsets[i]) wrong("offsets decrease");
      if (type == ColumnType::Utf8 && static_cast<std::size_t>(offsets[rows]) != data.size()) wrong("offsets and data disagree");
      if (type == ColumnType::List && (children.size() != 1 || children[0].length() != offsets[rows]))
        wrong("a list needs one item column as long as its last offset");
      break;
    case ColumnType::Struct:
      for (const Column& f : children)
        if (f.length() != length) wrong("a field of another length");
      break;
    default:
      if (data.size() != rows * static_cast<std::size_t>(width_of(type))) wrong("data is not length x width bytes");
      break;
  }
  if (type != ColumnType::Utf8 && type != ColumnType::List && !offsets.empty()) wrong("offsets for a type without them");
  if (type != ColumnType::List && type != ColumnType::Struct && !children.empty()) wrong("children for a type without them");
  if (validity.empty()) {
    validity.assign(bit_bytes, 0xFF);
  } else {
    if (validity.size() < bit_bytes) wrong("too few validity bits");
    std::int64_t valid = 0;
    for (std::size_t b = 0; b < rows / 8; ++b) valid += static_cast<std::int64_t>(std::bitset<8>(validity[b]).count());
    for (std::size_t i = rows / 8 * 8; i < rows; ++i) valid += (validity[i >> 3] >> (i & 7)) & 1;
    c.nulls_ = length - valid;
  }
  c.validity_ = std::move(validity);
  c.data_ = std::move(data);
  if (!offsets.empty()) c.offsets_ = std::move(offsets);
  c.children_ = std::move(children);
  c.length_ = length;
  return c;
}

void Column::set_dictionary(Dictionary dictionary) {
  if (type_ != ColumnType::Int8 && type_ != ColumnType::Int16 && type_ != ColumnType::Int32)
    throw std::logic_error("set_dictionary: the indices of " + name_ + " must be Int8, Int16 or Int32");
  dictionary_ = std::move(dictionary);
}

void Column::set_valid(bool valid) {
  set_bit(validity_, length_, valid);
  if (!valid) ++nulls_;
  ++length_;
}

void Column::push_bool(bool value) {
  set_bit(data_, length_, value);
  set_valid(true);
}

// A value's bytes appended one push_back at a time: each stays on the vector's inline path (a
// range insert was an out-of-line call, ~60 instructions a value: 12% of score_table's time).
namespace {
template <typename T>
inline void append_value(std::vector<std::uint8_t>& data, T value) {
  std::uint8_t bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  for (std::uint8_t b : bytes) data.push_back(b);
}
}  // namespace

void Column::push_int(std::int64_t value) {
  switch (type_) {
    case ColumnType::Int8: append_value(data_, static_cast<std::int8_t>(value)); break;
    case ColumnType::Int16: append_value(data_, static_cast<std::int16_t>(value)); break;
    case ColumnType::Int32: append_value(data_, static_cast<std::int32_t>(value)); break;
    case ColumnType::Int64: append_value(data_, value); break;
    default: throw std::logic_error("push_int on a column of another type: " + name_);
  }
  set_valid(true);
}

void Column::push_string(std::string_view text) {
  data_.insert(data_.end(), text.begin(), text.end());
  offsets_.push_back(offset_of(data_.size()));
  set_valid(true);
}

void Column::push_null() {
  switch (type_) {
    case ColumnType::Bool: set_bit(data_, length_, false); break;
    case ColumnType::Utf8: offsets_.push_back(offsets_.back()); break;
    case ColumnType::List: offsets_.push_back(offsets_.back()); break;
    case ColumnType::Struct: for (Column& f : children_) f.push_null(); break;
    default:
      for (int i = 0; i < width_of(type_); ++i) data_.push_back(0);
      break;
  }
  set_valid(false);
}

void Column::end_list() {
  offsets_.push_back(offset_of(static_cast<std::size_t>(children_[0].length())));
  set_valid(true);
}

void Column::end_struct() { set_valid(true); }

void Column::truncate(std::int64_t rows) {
  if (rows >= length_) return;
  switch (type_) {
    case ColumnType::Bool: break;  // bits past the end are rewritten by the next push
    case ColumnType::Utf8: data_.resize(static_cast<std::size_t>(offsets_[static_cast<std::size_t>(rows)])); offsets_.resize(static_cast<std::size_t>(rows) + 1); break;
    case ColumnType::List: children_[0].truncate(offsets_[static_cast<std::size_t>(rows)]); offsets_.resize(static_cast<std::size_t>(rows) + 1); break;
    case ColumnType::Struct: for (Column& f : children_) f.truncate(rows); break;
    default: data_.resize(static_cast<std::size_t>(rows) * static_cast<std::size_t>(width_of(type_))); break;
  }
  length_ = rows;
  nulls_ = 0;
  for (std::int64_t i = 0; i < rows; ++i)
    if (!((validity_[static_cast<std::size_t>(i >> 3)] >> (i & 7)) & 1)) ++nulls_;
}

bool Column::can_append(const Column& other) const {
  if (type_ != other.type_ || children_.size() != other.children_.size()) return false;
  if (type_ == ColumnType::Utf8 || type_ == ColumnType::List) {
    if (static_cast<std::int64_t>(offsets_.back()) + other.offsets_.back() > INT32_MAX) return false;
  }
  for (std::size_t i = 0; i < children_.size(); ++i)
    if (!children_[i].can_append(other.children_[i])) return false;
  return true;
}

void Column::append(const Column& other) {
  const std::int64_t n = other.length_;
  const auto bit = [](const std::vector<std::uint8_t>& bits, std::int64_t i) { return (bits[static_cast<std::size_t>(i >> 3)] >> (i & 7)) & 1; };
  // (from_buffers leaves the validity empty when every row is valid)
  if (static_cast<std::int64_t>(validity_.size()) * 8 < length_)
    for (std::int64_t i = 0; i < length_; ++i) set_bit(validity_, i, true);
  for (std::int64_t i = 0; i < n; ++i)
    set_bit(validity_, length_ + i, other.validity_.empty() || bit(other.validity_, i));
  switch (type_) {
    case ColumnType::Bool:
      for (std::int64_t i = 0; i < n; ++i) set_bit(data_, length_ + i, bit(other.data_, i));
      break;
    case ColumnType::Utf8:
    case ColumnType::List: {
      const std::int32_t base = offsets_.back();
      if (type_ == ColumnType::Utf8)
        data_.insert(data_.end(), other.data_.begin(), other.data_.begin() + other.offsets_.back());
      else
        children_[0].append(other.children_[0]);
      for (std::int64_t i = 1; i <= n; ++i) offsets_.push_back(base + other.offsets_[static_cast<std::size_t>(i)]);
      break;
    }
    case ColumnType::Struct:
      for (std::size_t f = 0; f < children_.size(); ++f) children_[f].append(other.children_[f]);
      break;
    default:
      data_.insert(data_.end(), other.data_.begin(), other.data_.begin() + n * width_of(type_));
      break;
  }
  length_ += n;
  nulls_ += other.nulls_;
}

// What an exported array and its schema own (their private_data).
struct ExportedColumn {
  Column column;
  std::vector<const void*> buffers;
  std::vector<ArrowArray> child_arrays;
  std::vector<ArrowArray*> child_array_ptrs;
  std::unique_ptr<ArrowArray> dictionary;  // a dictionary-encoded column's strings

  static void release_array(ArrowArray* array) {
    if (!array->release) return;
    auto* self = static_cast<ExportedColumn*>(array->private_data);
    for (ArrowArray& c : self->child_arrays)
      if (c.release) c.release(&c);
    if (self->dictionary && self->dictionary->release) self->dictionary->release(self->dictionary.get());
    delete self;
    array->release = nullptr;
  }

  // Fills `array` from `column` (moved in); children recursively.
  static void fill(Column&& column, ArrowArray* array) {
    auto* self = new ExportedColumn{std::move(column), {}, {}, {}, {}};
    Column& c = self->column;
    static const std::uint8_t kEmpty[8] = {0, 0, 0, 0, 0, 0, 0, 0};  // a non-null pointer for empty buffers
    const void* validity = c.nulls_ > 0 ? static_cast<const void*>(c.validity_.data()) : nullptr;
    auto data_ptr = [&](const std::vector<std::uint8_t>& v) -> const void* { return v.empty() ? kEmpty : v.data(); };
    switch (c.type_) {
      case ColumnType::Utf8: self->buffers = {validity, c.offsets_.data(), data_ptr(c.data_)}; break;
      case ColumnType::List: self->buffers = {validity, c.offsets_.data()}; break;
      case ColumnType::Struct: self->buffers = {validity}; break;
      default: self->buffers = {validity, data_ptr(c.data_)}; break;
    }
    self->child_arrays.resize(c.children_.size());
    for (std::size_t i = 0; i < c.children_.size(); ++i) fill(std::move(c.children_[i]), &self->child_arrays[i]);
    for (ArrowArray& a : self->child_arrays) self->child_array_ptrs.push_back(&a);
    array->length = c.length_;
    array->null_count = c.nulls_;
    array->offset = 0;
    array->n_buffers = static_cast<std::int64_t>(self->buffers.size());
    array->n_children = static_cast<std::int64_t>(self->child_arrays.size());
    array->buffers = self->buffers.data();
    array->children = self->child_array_ptrs.empty() ? nullptr : self->child_array_ptrs.data();
    array->dictionary = nullptr;
    if (c.dictionary_) {
      Column strings("", ColumnType::Utf8);
      for (const std::string& v : *c.dictionary_) strings.push_string(v);
      self->dictionary = std::make_unique<ArrowArray>();
      fill(std::move(strings), self->dictionary.get());
      array->dictionary = self->dictionary.get();
    }
    array->release = &release_array;
    array->private_data = self;
  }
};

namespace {

struct ExportedSchema {
  std::string format, name, metadata;
  std::vector<ArrowSchema> children;
  std::vector<ArrowSchema*> child_ptrs;
  std::unique_ptr<ArrowSchema> dictionary;  // a dictionary-encoded column's value type (utf8)

  static void release(ArrowSchema* schema) {
    if (!schema->release) return;
    auto* self = static_cast<ExportedSchema*>(schema->private_data);
    for (ArrowSchema& c : self->children)
      if (c.release) c.release(&c);
    if (self->dictionary && self->dictionary->release) self->dictionary->release(self->dictionary.get());
    delete self;
    schema->release = nullptr;
  }
};

// The metadata encoding of the C data interface: int32 count, then (int32 length, bytes) for
// each key and value, in native byte order.
std::string encode_metadata(const Metadata& metadata) {
  std::string out;
  if (metadata.empty()) return out;
  auto put = [&](std::int32_t n) { out.append(reinterpret_cast<const char*>(&n), 4); };
  put(static_cast<std::int32_t>(metadata.size()));
  for (const auto& [k, v] : metadata) {
    put(static_cast<std::int32_t>(k.size()));
    out += k;
    put(static_cast<std::int32_t>(v.size()));
    out += v;
  }
  return out;
}

}  // namespace

// A column's schema (it reads only the type tree, so it is built before the column is moved).
struct SchemaOf {
  static void fill(const Column& c, ArrowSchema* schema) {
    auto* self = new ExportedSchema{format_of(c.type()), c.name(), {}, {}, {}, {}};
    self->children.resize(c.children_.size());
    for (std::size_t i = 0; i < c.children_.size(); ++i) fill(c.children_[i], &self->children[i]);
    if (c.dictionary_) {  // the indices' format above; the values' type here
      self->dictionary = std::make_unique<ArrowSchema>();
      finish(new ExportedSchema{"u", "", {}, {}, {}, {}}, self->dictionary.get(), ARROW_FLAG_NULLABLE);
    }
    finish(self, schema, ARROW_FLAG_NULLABLE);
  }
  static void finish(ExportedSchema* self, ArrowSchema* schema, std::int64_t flags) {
    for (ArrowSchema& s : self->children) self->child_ptrs.push_back(&s);
    schema->format = self->format.c_str();
    schema->name = self->name.c_str();
    schema->metadata = self->metadata.empty() ? nullptr : self->metadata.data();
    schema->flags = flags;
    schema->n_children = static_cast<std::int64_t>(self->children.size());
    schema->children = self->child_ptrs.empty() ? nullptr : self->child_ptrs.data();
    schema->dictionary = self->dictionary.get();
    schema->release = &ExportedSchema::release;
    schema->private_data = self;
  }
};

void export_batch(std::vector<Column> columns, const Metadata& metadata, ArrowSchema* schema, ArrowArray* array) {
  const std::int64_t rows = columns.empty() ? 0 : columns[0].length();
  for (const Column& c : columns)
    if (c.length() != rows) throw std::logic_error("export_batch: column " + c.name() + " has another length");
  // The schema: a struct of the columns, with the table's metadata.
  auto* top = new ExportedSchema{"+s", "", encode_metadata(metadata), {}, {}, {}};
  top->children.resize(columns.size());
  for (std::size_t i = 0; i < columns.size(); ++i) SchemaOf::fill(columns[i], &top->children[i]);
  SchemaOf::finish(top, schema, 0);
  // The array: a struct without nulls.
  ExportedColumn::fill(Column::from_buffers("", ColumnType::Struct, rows, {}, {}, {}, std::move(columns)), array);
}

}  // namespace tenbou::tables
