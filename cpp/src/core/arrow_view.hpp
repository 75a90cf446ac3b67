// Arrow arrays read through the C data interface (arrow_c.hpp declares the structs) as
// request views: row i of a record batch (a struct array) is an object whose members are the
// columns in order, a null cell being the key absent from that row (as JS `undefined`). A
// list cell is an array, a struct cell an object; a top-level utf8 column named "options"
// holds JSON text, parsed once for a run of equal texts (real tables repeat one options text).
//
// import_batch validates the structs fully (formats, buffer and child counts, lengths,
// offsets monotonic and inside their children or variadic buffers) so that reading any cell
// afterwards stays inside memory the producer handed over: a malformed or unsupported column
// is a ColumnError naming the column, never undefined behaviour. (A utf8 data buffer's size is
// not part of the interface: its last offset is trusted, as every Arrow consumer trusts it.)
#pragma once
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/arrow_c.hpp"
#include "core/json_fields.hpp"
#include "riichi/request_reader.hpp"
#include "tenbou/json.hpp"
#include "tenbou/value_view.hpp"

namespace tenbou::tables {

// A column the reader refuses (unsupported type, malformed C structs); `column` is its path
// ("options.preset", "melds.item"), empty for the batch itself.
class ColumnError : public std::invalid_argument {
 public:
  ColumnError(std::string column, const std::string& message)
      : std::invalid_argument(column.empty() ? message : "column \"" + column + "\": " + message),
        column_(std::move(column)) {}
  const std::string& column() const { return column_; }

 private:
  std::string column_;
};

// One imported array (a node per schema child), its buffers as typed pointers.
struct ArrowNode {
  enum class Type : std::uint8_t {
    Null, Bool, Int8, UInt8, Int16, UInt16, Int32, UInt32, Int64, UInt64, Float32, Float64,
    Utf8, LargeUtf8, Utf8View, List, LargeList, Struct
  };
  Type type = Type::Null;
  std::string name;  // the field's name
  std::string path;  // for messages
  riichi_reader::Key key = riichi_reader::Key::Unknown;  // the name as a request key, looked up once
  bool json = false;  // a top-level "options" text column: JSON text
  std::int64_t length = 0, offset = 0;
  const std::uint8_t* validity = nullptr;  // null: every slot valid
  const void* values = nullptr;            // fixed-width values, Bool bits, string views
  const std::int32_t* offsets32 = nullptr;
  const std::int64_t* offsets64 = nullptr;
  const char* chars = nullptr;                   // utf8 bytes
  std::vector<const char*> view_buffers;         // Utf8View variadic buffers
  std::vector<ArrowNode> children;

  // `i`: a logical index (0 .. length-1); the array's offset is added here.
  bool valid(std::int64_t i) const {
    if (type == Type::Null) return false;
    if (!validity) return true;
    const std::int64_t p = i + offset;
    return (validity[p >> 3] >> (p & 7)) & 1;
  }
  std::string_view string_at(std::int64_t i) const {
    const std::int64_t p = i + offset;
    switch (type) {
      case Type::Utf8: return {chars + offsets32[p], static_cast<std::size_t>(offsets32[p + 1] - offsets32[p])};
      case Type::LargeUtf8: return {chars + offsets64[p], static_cast<std::size_t>(offsets64[p + 1] - offsets64[p])};
      case Type::Utf8View: {
        const auto* v = static_cast<const std::uint8_t*>(values) + 16 * p;
        std::int32_t n, buffer, at;
        std::memcpy(&n, v, 4);
        if (n <= 12) return {reinterpret_cast<const char*>(v + 4), static_cast<std::size_t>(n)};
        std::memcpy(&buffer, v + 8, 4);
        std::memcpy(&at, v + 12, 4);
        return {view_buffers[static_cast<std::size_t>(buffer)] + at, static_cast<std::size_t>(n)};
      }
      default: return {};
    }
  }
  // A list cell's items: child indices [begin, end).
  std::int64_t list_begin(std::int64_t i) const { return offsets32 ? offsets32[i + offset] : offsets64[i + offset]; }
  std::int64_t list_end(std::int64_t i) const { return offsets32 ? offsets32[i + offset + 1] : offsets64[i + offset + 1]; }
  // An integer column's value (a uint64 past int64's range wraps: kind() tells it apart).
  std::int64_t int_at(std::int64_t i) const {
    const auto* base = static_cast<const std::uint8_t*>(values);
    const std::int64_t p = i + offset;
    switch (type) {
      case Type::Int8: { std::int8_t v; std::memcpy(&v, base + p, 1); return v; }
      case Type::UInt8: return base[p];
      case Type::Int16: { std::int16_t v; std::memcpy(&v, base + 2 * p, 2); return v; }
      case Type::UInt16: { std::uint16_t v; std::memcpy(&v, base + 2 * p, 2); return v; }
      case Type::Int32: { std::int32_t v; std::memcpy(&v, base + 4 * p, 4); return v; }
      case Type::UInt32: { std::uint32_t v; std::memcpy(&v, base + 4 * p, 4); return v; }
      case Type::Int64: { std::int64_t v; std::memcpy(&v, base + 8 * p, 8); return v; }
      case Type::UInt64: { std::uint64_t v; std::memcpy(&v, base + 8 * p, 8); return static_cast<std::int64_t>(v); }
      default: return 0;
    }
  }
  bool bit_at(std::int64_t i) const {  // a Bool column's value
    const std::int64_t p = i + offset;
    return (static_cast<const std::uint8_t*>(values)[p >> 3] >> (p & 7)) & 1;
  }
};

// A record batch (a "+s" struct array) with every column checked. The node points into
// `array`'s buffers: they must outlive it (the caller releases the array afterwards).
ArrowNode import_batch(const ArrowSchema& schema, const ArrowArray& array);

// What a scoring thread keeps between rows: the options text last parsed, and the options
// every row takes when the table has no options column.
struct RowScratch {
  const Json* constant_options = nullptr;
  std::string_view options_text;
  bool have_options = false;
  Json options;
  std::uint64_t options_generation = 0;  // counts the texts parsed into `options`
  std::string bad_options;  // the parse error of options_text, when it failed
  // The Riichi rules last read from an options value, and which value that was: a parsed
  // text (its Json and generation) or a struct cell (its row). Rows of a table nearly always
  // repeat one options value: read once, reused while it stays the same.
  bool have_rules = false;
  const Json* rules_json = nullptr;
  std::uint64_t rules_generation = 0;
  std::int64_t rules_row = -1;
  RiichiRules rules;
  char digits[24];           // a uint64 past int64's range, as text (the view that asked reads it at once)
};

// The options of `row` of a JSON text options column, parsed (the scratch's copy, reused while
// the rows repeat one text); an InputError naming "options" when the text is not JSON.
const Json* parsed_options(const ArrowNode& column, std::int64_t row, RowScratch& scratch);

// A request key as the Riichi reader sees it: the column's key, looked up once per batch.
struct CellKey {
  const ArrowNode* node;
  operator std::string_view() const { return node->name; }  // NOLINT: read as text elsewhere
};

// Found by argument-dependent lookup from request_reader.hpp: no text comparison per row.
TENBOU_ALWAYS_INLINE inline riichi_reader::Key request_key(const CellKey& key) { return key.node->key; }

// One cell (an Arrow slot, or a value of a parsed options text) as a request value.
class CellView final : public ValueView {
 public:
  CellView(const ArrowNode* node, std::int64_t i, RowScratch* scratch) : node_(node), json_(nullptr), i_(i), scratch_(scratch) {}
  CellView(const Json* json, RowScratch* scratch) : node_(nullptr), json_(json), i_(0), scratch_(scratch) {}

  TENBOU_ALWAYS_INLINE Kind kind() const override {
    if (json_) return JsonView(*json_).kind();
    if (!node_->valid(i_)) return Kind::Null;
    switch (node_->type) {
      case ArrowNode::Type::Bool: return Kind::Bool;
      case ArrowNode::Type::Utf8:
      case ArrowNode::Type::LargeUtf8:
      case ArrowNode::Type::Utf8View: return Kind::String;
      case ArrowNode::Type::List:
      case ArrowNode::Type::LargeList: return Kind::Array;
      case ArrowNode::Type::Struct: return Kind::Object;
      case ArrowNode::Type::Float32:
      case ArrowNode::Type::Float64: return Kind::Double;
      case ArrowNode::Type::UInt64: {
        std::uint64_t u;
        std::memcpy(&u, static_cast<const std::uint8_t*>(node_->values) + 8 * (i_ + node_->offset), 8);
        return u > static_cast<std::uint64_t>(INT64_MAX) ? Kind::BigInt : Kind::Int;
      }
      case ArrowNode::Type::Null: return Kind::Null;
      default: return Kind::Int;
    }
  }
  bool as_bool() const override {
    if (json_) return json_->as_bool();
    const std::int64_t p = i_ + node_->offset;
    return (static_cast<const std::uint8_t*>(node_->values)[p >> 3] >> (p & 7)) & 1;
  }
  std::int64_t as_int() const override { return json_ ? json_->as_int() : node_->int_at(i_); }
  TENBOU_ALWAYS_INLINE std::string_view as_string() const override {
    if (json_) return json_->as_string();
    if (node_->type == ArrowNode::Type::UInt64) return uint_digits();
    return node_->string_at(i_);
  }
  std::size_t size() const override;
  void each_item(FunctionRef<void(std::size_t, const ValueView&)> visit) const override {
    items([&](std::size_t i, const CellView& v) { visit(i, v); });
  }
  void each_member(FunctionRef<void(std::string_view, const ValueView&)> visit) const override {
    members([&](const auto& k, const CellView& v) { visit(std::string_view(k), v); });
  }
  std::string_view type_name() const override { return json_ ? JsonView(*json_).type_name() : ValueView::type_name(); }

  // The walks the readers use with this concrete type (json_fields.hpp visit_members).
  template <typename F>
  void items(F&& visit) const {
    if (json_) {
      if (json_->type() != Json::Type::Array) return;
      const auto& items = json_->items();
      for (std::size_t k = 0; k < items.size(); ++k) visit(k, CellView(&items[k], scratch_));
      return;
    }
    if (kind() != Kind::Array) return;
    const ArrowNode* child = &node_->children[0];
    const std::int64_t begin = node_->list_begin(i_), end = node_->list_end(i_);
    for (std::int64_t k = begin; k < end; ++k) visit(static_cast<std::size_t>(k - begin), CellView(child, k, scratch_));
  }
  // Object members: a struct's fields with a value in this row (a null is an absent key),
  // then the constant options of the top-level row (scratch->constant_options).
  template <typename F>
  void members(F&& visit) const {
    if (json_) {
      if (json_->type() != Json::Type::Object) return;
      for (const auto& [k, v] : json_->members()) visit(std::string_view(k), CellView(&v, scratch_));
      return;
    }
    if (kind() != Kind::Object) return;
    const std::int64_t row = i_ + node_->offset;  // the children's logical index
    for (const ArrowNode& c : node_->children) {
      if (!c.valid(row)) continue;
      if (c.json) visit(CellKey{&c}, CellView(tables::parsed_options(c, row, *scratch_), scratch_));
      else visit(CellKey{&c}, CellView(&c, row, scratch_));
    }
    if (top() && scratch_->constant_options) visit(std::string_view("options"), CellView(scratch_->constant_options, scratch_));
  }

  const ArrowNode* node() const { return node_; }
  const Json* json() const { return json_; }
  std::int64_t index() const { return i_; }
  RowScratch* scratch() const { return scratch_; }

 private:
  bool top() const { return node_->path.empty(); }
  std::string_view uint_digits() const;

  const ArrowNode* node_;
  const Json* json_;
  std::int64_t i_;
  RowScratch* scratch_;
};

// The Riichi reader's common reads with one type test (found by argument-dependent lookup);
// anything else goes through the generic readers, so the messages are the same.
TENBOU_ALWAYS_INLINE inline bool get_bool(const CellView& v, const CellKey& field) {
  const ArrowNode* n = v.node();
  if (n && n->type == ArrowNode::Type::Bool && n->valid(v.index())) {
    const std::int64_t p = v.index() + n->offset;
    return (static_cast<const std::uint8_t*>(n->values)[p >> 3] >> (p & 7)) & 1;
  }
  return tenbou::get_bool<CellView, CellKey>(v, field);
}

// Whether slots a and b (logical indices) of `node` hold the same value (nulls equal).
bool same_cells(const ArrowNode& node, std::int64_t a, std::int64_t b);

// The request's options read as read_riichi_options reads them (found by argument-dependent
// lookup from request_reader.hpp, preferred to its template), reusing the previous row's rules
// when this row's options value is the same one.
RiichiRules read_riichi_options(const CellView& options);

// Options given as a struct column: each field's option row found once a batch (not by a
// lookup of its name in every row), so that a row holding a preset's name and plainly valid
// switches (read_riichi_options' fast case) costs a few reads. Any other row (null options,
// a field that is not an option or not of its type, a value out of range) is left to
// read_riichi_options, which gives the same rules or the same error as before.
class StructOptions {
 public:
  StructOptions() = default;
  explicit StructOptions(const ArrowNode& options);
  // Row `i` of the options column (a logical index) into `out`; false when it needs the
  // general reader (nothing is thrown here).
  bool read(std::int64_t i, RowScratch& scratch, RiichiRules& out) const;

 private:
  enum class Kind : std::uint8_t { Preset, Bool, Switch, General };
  struct Field {
    const ArrowNode* node;
    Kind kind;
    const OptionSpec* row;  // Bool, Switch: its option row
    const std::uint8_t* validity;  // the node's, for the test of every row
    std::int64_t offset;
  };
  const ArrowNode* node_ = nullptr;
  std::vector<Field> fields_;
};

}  // namespace tenbou::tables
