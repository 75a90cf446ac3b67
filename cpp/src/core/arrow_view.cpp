// Importing and reading Arrow arrays as request views (arrow_view.hpp).
#include "core/arrow_view.hpp"

#include <limits>
#include <set>

#include "tenbou/error.hpp"

namespace tenbou::tables {

namespace {

constexpr int kMaxDepth = 32;  // nested lists and structs: far past any request's shape

struct Format {
  ArrowNode::Type type;
  int buffers;  // -1: variadic (string views)
  int width;    // bytes of a fixed-width value; 0 otherwise
};

bool format_of(std::string_view f, Format& out) {
  using T = ArrowNode::Type;
  static const struct {
    const char* text;
    Format format;
  } kFormats[] = {
      {"n", {T::Null, 0, 0}},      {"b", {T::Bool, 2, 0}},        {"c", {T::Int8, 2, 1}},
      {"C", {T::UInt8, 2, 1}},     {"s", {T::Int16, 2, 2}},       {"S", {T::UInt16, 2, 2}},
      {"i", {T::Int32, 2, 4}},     {"I", {T::UInt32, 2, 4}},      {"l", {T::Int64, 2, 8}},
      {"L", {T::UInt64, 2, 8}},    {"f", {T::Float32, 2, 4}},     {"g", {T::Float64, 2, 8}},
      {"u", {T::Utf8, 3, 0}},      {"U", {T::LargeUtf8, 3, 0}},   {"vu", {T::Utf8View, -1, 0}},
      {"+l", {T::List, 2, 0}},     {"+L", {T::LargeList, 2, 0}},  {"+s", {T::Struct, 1, 0}},
  };
  for (const auto& k : kFormats)
    if (f == k.text) {
      out = k.format;
      return true;
    }
  return false;
}

// Offsets [offset, offset + length] of a utf8 or list array: from >= 0, never decreasing, the
// last <= `limit` (a list's child length; utf8: no limit known).
template <typename O>
void check_offsets(const O* offsets, std::int64_t offset, std::int64_t length, std::int64_t limit, const std::string& path) {
  if (length == 0) return;
  if (!offsets) throw ColumnError(path, "the offsets buffer is missing");
  const O* o = offsets + offset;
  if (o[0] < 0) throw ColumnError(path, "a negative offset (" + std::to_string(o[0]) + ")");
  // One pass without a branch per slot (it vectorizes: this runs over every string column of
  // every batch); the slot is looked for only when some offset decreases.
  unsigned decreasing = 0;
  for (std::int64_t i = 1; i <= length; ++i) decreasing |= static_cast<unsigned>(o[i] < o[i - 1]);
  if (decreasing)
    for (std::int64_t i = 1; i <= length; ++i)
      if (o[i] < o[i - 1])
        throw ColumnError(path, "offsets decrease at slot " + std::to_string(i) + " (" + std::to_string(o[i - 1]) +
                                    " then " + std::to_string(o[i]) + ")");
  const O previous = o[length];
  if (limit >= 0 && previous > limit)
    throw ColumnError(path, "offsets reach " + std::to_string(previous) + ", past the child's " + std::to_string(limit) + " values");
}

void import_node(const ArrowSchema& schema, const ArrowArray& array, ArrowNode& node, std::string path, int depth) {
  node.path = path;
  if (depth > kMaxDepth) throw ColumnError(path, "nested deeper than " + std::to_string(kMaxDepth) + " levels");
  if (!schema.format) throw ColumnError(path, "the schema has no format");
  if (!array.release) throw ColumnError(path, "the array was already released");
  const std::string_view f = schema.format;
  Format fmt{};
  if (schema.dictionary || array.dictionary)
    throw ColumnError(path, "dictionary-encoded columns are not read here (decode them first: score_table does)");
  if (!format_of(f, fmt))
    throw ColumnError(path, "unsupported Arrow type '" + std::string(f) +
                                "' (tenbou reads null, bool, integers, floats, utf8, large utf8, string views, lists, "
                                "large lists and structs)");
  node.type = fmt.type;
  if (array.length < 0 || array.offset < 0 || array.length > std::numeric_limits<std::int64_t>::max() / 2 - array.offset)
    throw ColumnError(path, "a negative or too large length or offset (" + std::to_string(array.length) + ", " +
                                std::to_string(array.offset) + ")");
  node.length = array.length;
  node.offset = array.offset;
  const std::int64_t end = array.offset + array.length;  // slots [offset, end) are read
  const bool is_struct = fmt.type == ArrowNode::Type::Struct;
  const bool is_list = fmt.type == ArrowNode::Type::List || fmt.type == ArrowNode::Type::LargeList;
  const std::int64_t want_children = is_struct ? schema.n_children : is_list ? 1 : 0;
  if (schema.n_children != want_children || array.n_children != want_children)
    throw ColumnError(path, "format '" + std::string(f) + "' with " + std::to_string(schema.n_children) +
                                " schema children and " + std::to_string(array.n_children) + " array children");
  if (want_children > 0 && (!schema.children || !array.children))
    throw ColumnError(path, "the children pointers are missing");
  if (fmt.type == ArrowNode::Type::Null) {  // no buffers (some producers pass one, always null)
    if (array.n_buffers > 1) throw ColumnError(path, "a null column with " + std::to_string(array.n_buffers) + " buffers");
    return;
  }
  if (fmt.buffers >= 0 ? array.n_buffers != fmt.buffers : array.n_buffers < 3)
    throw ColumnError(path, "format '" + std::string(f) + "' with " + std::to_string(array.n_buffers) + " buffers");
  if (!array.buffers) throw ColumnError(path, "the buffers pointer is missing");
  node.validity = static_cast<const std::uint8_t*>(array.buffers[0]);
  if (!node.validity && array.null_count > 0)
    throw ColumnError(path, "null_count is " + std::to_string(array.null_count) + " but there is no validity bitmap");
  if (node.validity && array.null_count == 0) node.validity = nullptr;  // nothing to test
  const bool any = array.length > 0;
  auto need = [&](int b, const char* what) {
    if (any && !array.buffers[b]) throw ColumnError(path, std::string("the ") + what + " buffer is missing");
  };
  switch (fmt.type) {
    case ArrowNode::Type::Utf8:
    case ArrowNode::Type::LargeUtf8: {
      if (fmt.type == ArrowNode::Type::Utf8) {
        node.offsets32 = static_cast<const std::int32_t*>(array.buffers[1]);
        check_offsets(node.offsets32, node.offset, node.length, -1, path);
      } else {
        node.offsets64 = static_cast<const std::int64_t*>(array.buffers[1]);
        check_offsets(node.offsets64, node.offset, node.length, -1, path);
      }
      node.chars = static_cast<const char*>(array.buffers[2]);
      const std::int64_t last = !any ? 0 : node.offsets32 ? node.offsets32[end] : node.offsets64[end];
      if (last > 0 && !node.chars) throw ColumnError(path, "the data buffer is missing");
      break;
    }
    case ArrowNode::Type::Utf8View: {
      need(1, "views");
      node.values = array.buffers[1];
      const std::int64_t n_data = array.n_buffers - 3;
      const auto* sizes = static_cast<const std::int64_t*>(array.buffers[array.n_buffers - 1]);
      if (n_data > 0 && !sizes) throw ColumnError(path, "the variadic buffer sizes are missing");
      for (std::int64_t b = 0; b < n_data; ++b) {
        node.view_buffers.push_back(static_cast<const char*>(array.buffers[2 + b]));
        if (!node.view_buffers.back() && sizes[b] > 0) throw ColumnError(path, "a data buffer is missing");
      }
      for (std::int64_t i = 0; i < node.length; ++i) {
        if (!node.valid(i)) continue;
        const auto* v = static_cast<const std::uint8_t*>(node.values) + 16 * (i + node.offset);
        std::int32_t n, buffer, at;
        std::memcpy(&n, v, 4);
        std::memcpy(&buffer, v + 8, 4);
        std::memcpy(&at, v + 12, 4);
        if (n < 0) throw ColumnError(path, "a negative string length at slot " + std::to_string(i));
        if (n > 12 && (buffer < 0 || buffer >= n_data || at < 0 || at + static_cast<std::int64_t>(n) > sizes[buffer]))
          throw ColumnError(path, "a string view past its data buffer at slot " + std::to_string(i));
      }
      break;
    }
    case ArrowNode::Type::List:
    case ArrowNode::Type::LargeList:
    case ArrowNode::Type::Struct:
      break;  // checked with the children below
    default:
      need(1, "values");
      node.values = array.buffers[1];
      break;
  }
  node.children.resize(static_cast<std::size_t>(want_children));
  std::set<std::string_view> names;
  for (std::int64_t c = 0; c < want_children; ++c) {
    const ArrowSchema* cs = schema.children[c];
    const ArrowArray* ca = array.children[c];
    if (!cs || !ca) throw ColumnError(path, "child " + std::to_string(c) + " is missing");
    ArrowNode& child = node.children[static_cast<std::size_t>(c)];
    child.name = cs->name ? cs->name : "";
    child.key = riichi_reader::request_key(child.name);
    const std::string child_path = is_list ? (path.empty() ? "item" : path + ".item")
                                           : (path.empty() ? child.name : path + "." + child.name);
    if (is_struct && !names.insert(child.name).second)
      throw ColumnError(child_path, "the name is given twice (a request holds each key once)");
    import_node(*cs, *ca, child, child_path, depth + 1);
    if (is_struct && child.length < end)
      throw ColumnError(child_path, "holds " + std::to_string(child.length) + " values, the struct needs " + std::to_string(end));
  }
  if (is_list) {
    node.offsets32 = fmt.type == ArrowNode::Type::List ? static_cast<const std::int32_t*>(array.buffers[1]) : nullptr;
    node.offsets64 = fmt.type == ArrowNode::Type::LargeList ? static_cast<const std::int64_t*>(array.buffers[1]) : nullptr;
    if (node.offsets32) check_offsets(node.offsets32, node.offset, node.length, node.children[0].length, path);
    else check_offsets(node.offsets64, node.offset, node.length, node.children[0].length, path);
    if (!any && !node.offsets32 && !node.offsets64) {  // an empty list array may omit its offsets
      static const std::int32_t kZero[1] = {0};
      node.offsets32 = kZero;
    }
  }
}

}  // namespace

ArrowNode import_batch(const ArrowSchema& schema, const ArrowArray& array) {
  if (!schema.format || std::string_view(schema.format) != "+s")
    throw ColumnError("", std::string("a record batch must be a struct array (format '+s'), got '") +
                              (schema.format ? schema.format : "(none)") + "'");
  ArrowNode root;
  import_node(schema, array, root, "", 0);
  for (ArrowNode& c : root.children)
    if (c.name == "options" &&
        (c.type == ArrowNode::Type::Utf8 || c.type == ArrowNode::Type::LargeUtf8 || c.type == ArrowNode::Type::Utf8View))
      c.json = true;
  return root;
}

std::size_t CellView::size() const {
  if (json_) return JsonView(*json_).size();
  switch (kind()) {
    case Kind::Array: return static_cast<std::size_t>(node_->list_end(i_) - node_->list_begin(i_));
    case Kind::Object: {
      std::size_t n = top() && scratch_->constant_options ? 1 : 0;
      for (const ArrowNode& c : node_->children) n += c.valid(i_ + node_->offset);
      return n;
    }
    default: return 0;
  }
}

std::string_view CellView::uint_digits() const {
  std::uint64_t u;
  std::memcpy(&u, static_cast<const std::uint8_t*>(node_->values) + 8 * (i_ + node_->offset), 8);
  const std::string s = std::to_string(u);
  std::memcpy(scratch_->digits, s.data(), s.size());
  return {scratch_->digits, s.size()};
}

const Json* parsed_options(const ArrowNode& column, std::int64_t row, RowScratch& s) {
  const std::string_view text = column.string_at(row);
  const bool same = s.have_options && text.size() == s.options_text.size() &&
                    (text.data() == s.options_text.data() || std::memcmp(text.data(), s.options_text.data(), text.size()) == 0);
  if (!same) {
    s.have_options = true;
    s.options_text = text;
    ++s.options_generation;
    s.bad_options.clear();
    try {
      s.options = Json::parse(text);
    } catch (const InputError& e) {
      s.bad_options = e.detail();
      if (s.bad_options.empty()) s.bad_options = "not valid JSON";
    }
  }
  if (!s.bad_options.empty()) throw InputError("bad_json", "options", "a text options column holds JSON text, and this row's is not JSON: " + s.bad_options);
  return &s.options;
}

bool same_cells(const ArrowNode& node, std::int64_t a, std::int64_t b) {
  const bool va = node.valid(a), vb = node.valid(b);
  if (va != vb) return false;
  if (!va || a == b) return true;
  using T = ArrowNode::Type;
  switch (node.type) {
    case T::Bool: {
      const auto* bits = static_cast<const std::uint8_t*>(node.values);
      const std::int64_t pa = a + node.offset, pb = b + node.offset;
      return ((bits[pa >> 3] >> (pa & 7)) & 1) == ((bits[pb >> 3] >> (pb & 7)) & 1);
    }
    case T::Utf8:
    case T::LargeUtf8:
    case T::Utf8View: return node.string_at(a) == node.string_at(b);
    case T::Float32:
    case T::Float64: return false;  // (NaN and -0.0: never worth a cache)
    case T::Struct:  // (the options of every row: scalar fields compared here, without a call each)
      for (const ArrowNode& c : node.children) {
        const std::int64_t ca = a + node.offset, cb = b + node.offset;
        switch (c.type) {
          case T::Bool:
          case T::Utf8: {
            const bool va_ = c.valid(ca);
            if (va_ != c.valid(cb)) return false;
            if (!va_) break;
            if (c.type == T::Utf8) {
              const std::int32_t* o = c.offsets32 + c.offset;
              const std::int32_t n = o[ca + 1] - o[ca];
              if (n != o[cb + 1] - o[cb] || std::memcmp(c.chars + o[ca], c.chars + o[cb], static_cast<std::size_t>(n)) != 0)
                return false;
            } else {
              const auto* bits = static_cast<const std::uint8_t*>(c.values);
              const std::int64_t pa = ca + c.offset, pb = cb + c.offset;
              if (((bits[pa >> 3] >> (pa & 7)) & 1) != ((bits[pb >> 3] >> (pb & 7)) & 1)) return false;
            }
            break;
          }
          default:
            if (!same_cells(c, ca, cb)) return false;
        }
      }
      return true;
    case T::List:
    case T::LargeList: {
      const std::int64_t n = node.list_end(a) - node.list_begin(a);
      if (n != node.list_end(b) - node.list_begin(b)) return false;
      for (std::int64_t k = 0; k < n; ++k)
        if (!same_cells(node.children[0], node.list_begin(a) + k, node.list_begin(b) + k)) return false;
      return true;
    }
    case T::Null: return true;
    default: return node.int_at(a) == node.int_at(b);
  }
}

RiichiRules read_riichi_options(const CellView& options) {
  RowScratch& s = *options.scratch();
  const Json* json = options.json();
  const bool parsed = json && (json == &s.options || json == s.constant_options);
  const bool cell = !json && options.node()->type == ArrowNode::Type::Struct;
  if (s.have_rules) {
    if (parsed && s.rules_json == json && s.rules_generation == s.options_generation) return s.rules;
    if (cell && !s.rules_json && s.rules_row >= 0 && same_cells(*options.node(), s.rules_row, options.index())) return s.rules;
  }
  RiichiRules rules = riichi_reader::read_riichi_options(options);  // throws for bad options: nothing kept
  if (parsed || cell) {
    s.have_rules = true;
    s.rules = rules;
    s.rules_json = parsed ? json : nullptr;
    s.rules_generation = s.options_generation;
    s.rules_row = cell ? options.index() : -1;
  }
  return rules;
}

StructOptions::StructOptions(const ArrowNode& options) {
  if (options.type != ArrowNode::Type::Struct) return;
  std::set<std::string_view> names;
  for (const ArrowNode& c : options.children)
    if (!names.insert(c.name).second) return;  // a name twice: the general reader decides
  node_ = &options;
  for (const ArrowNode& c : options.children) {
    if (c.type == ArrowNode::Type::Null) continue;  // null in every row: never a member
    Field f{&c, Kind::General, nullptr, c.validity, c.offset};
    const bool text = c.type == ArrowNode::Type::Utf8 || c.type == ArrowNode::Type::LargeUtf8 ||
                      c.type == ArrowNode::Type::Utf8View;
    if (c.json) {
      // (a parsed text: left to the general reader)
    } else if (c.name == "preset") {
      if (text) f.kind = Kind::Preset;
    } else if (const OptionSpec* row = riichi_reader::riichi_option_row(c.name);
               row && row->bind.set && !row->bind.read) {
      // The cell kinds plain_option_value takes for the row's type (a uint64 column can hold
      // a value past int64's range: general).
      const bool integer = c.type >= ArrowNode::Type::Int8 && c.type <= ArrowNode::Type::Int64;
      const bool fits = (row->type == OptionType::Bool && c.type == ArrowNode::Type::Bool) ||
                        (row->type == OptionType::Int && integer) || (row->type == OptionType::Choice && text);
      if (fits) f.kind = row->type == OptionType::Bool ? Kind::Bool : Kind::Switch, f.row = row;
    }
    fields_.push_back(f);
  }
}

bool StructOptions::read(std::int64_t i, RowScratch& scratch, RiichiRules& out) const {
  if (!node_ || !node_->valid(i)) return false;
  const std::int64_t row = i + node_->offset;  // the children's logical index
  struct Switch {
    const OptionSpec* row;
    std::int64_t value;
  };
  Switch switches[8];  // read_riichi_options' fast case takes at most 8
  int count = 0;
  std::string_view preset;
  bool have_preset = false;
  for (const Field& f : fields_) {
    const std::int64_t p = row + f.offset;
    if (f.validity && !((f.validity[p >> 3] >> (p & 7)) & 1)) continue;  // a null: the key absent from this row
    switch (f.kind) {
      case Kind::General: return false;
      case Kind::Bool:  // (any bool is a plain value of a bool row)
        if (count == 8) return false;
        switches[count++] = {f.row, (static_cast<const std::uint8_t*>(f.node->values)[p >> 3] >> (p & 7)) & 1};
        break;
      case Kind::Preset:
        preset = f.node->string_at(row);
        have_preset = true;
        break;
      case Kind::Switch: {
        std::int64_t value;
        if (count == 8 || !riichi_reader::plain_option_value(*f.row, CellView(f.node, row, &scratch), value)) return false;
        switches[count++] = {f.row, value};
        break;
      }
    }
  }
  if (have_preset) {
    if (!riichi_preset(preset, out)) return false;  // an unknown preset: its error is the general reader's
  } else {
    out = RiichiRules{};
  }
  for (int k = 0; k < count; ++k) switches[k].row->bind.set(&out, switches[k].value);
  return true;
}

}  // namespace tenbou::tables
