// Columnar scoring (score_table.hpp).
#include "core/score_table.hpp"

#include <exception>
#include <memory>
#include <string>
#include <variant>
#if !defined(__EMSCRIPTEN__)
#include <thread>
#endif

#include "riichi/request_reader.hpp"
#include "tenbou/api.hpp"
#include "tenbou/riichi.hpp"

namespace tenbou::tables {

namespace {

constexpr std::uint8_t kHouseLimit = static_cast<std::uint8_t>(Limit::Yakuman) + 1;  // Hong Kong-Taiwan's

// One row's result, compact: the columns are written from these in row order once every
// thread is done.
struct RowOut {
  std::int64_t total = 0;
  std::int32_t han = 0, fu = 0, yakuman = 0;
  std::uint32_t yaku_end = 0, message_end = 0;  // ends in the part's yaku and messages
  bool ok = false, total_null = false;
  std::uint8_t limit = 0;  // 0 none, then Limit's values, then kHouseLimit
  std::uint8_t error = 0;  // 0 scored, else 1 + ErrorCode
};

// A thread's range of rows.
struct Part {
  std::vector<RowOut> rows;
  std::vector<YakuEntry> yaku;
  std::string messages;
  std::exception_ptr failure;  // only for what no row can hold (memory for the part itself)
};

class RowScorer {
 public:
  RowScorer(const ArrowNode& batch, const Json* constant_options, Part& part)
      : batch_(batch), part_(part), fields_(std::make_unique<riichi_reader::RiichiFields>()) {
    scratch_.constant_options = constant_options;
    for (const ArrowNode& c : batch.children)
      if (c.key == riichi_reader::Key::Rules) rules_ = &c;
  }

  void run(std::int64_t begin, std::int64_t end) {
    part_.rows.reserve(static_cast<std::size_t>(end - begin));
    for (std::int64_t i = begin; i < end; ++i) {
      RowOut out;
      try {
        score_row(i, out);
      } catch (const InputError& e) {
        fail(out, ErrorCode::InvalidInput, e.what());
      } catch (const std::exception& e) {  // memory, say: still a result, never a crash
        fail(out, ErrorCode::InvalidInput, std::string("internal error: ") + e.what());
      }
      out.yaku_end = static_cast<std::uint32_t>(part_.yaku.size());
      out.message_end = static_cast<std::uint32_t>(part_.messages.size());
      part_.rows.push_back(out);
    }
  }

 private:
  // Most tables are Riichi (no rules column, or "riichi" in it): read with the concrete view
  // and the reader's fast paths; other families through score_view, as score() reads them.
  bool riichi_row(std::int64_t i) const {
    if (!rules_ || !rules_->valid(i + batch_.offset)) return true;
    switch (rules_->type) {
      case ArrowNode::Type::Utf8:
      case ArrowNode::Type::LargeUtf8:
      case ArrowNode::Type::Utf8View: return rules_->string_at(i + batch_.offset) == "riichi";
      default: return false;
    }
  }

  void score_row(std::int64_t i, RowOut& out) {
    const CellView row(&batch_, i, &scratch_);
    if (riichi_row(i)) {
      riichi_reader::read_riichi_fields(row, nullptr, *fields_);
      score_riichi_into(riichi_reader::finish_riichi(*fields_, nullptr), result_);
      take(result_, out);
      return;
    }
    const ScoreResult r = score_view(row);
    std::visit([&](const auto& x) { take(x, out); }, r);
  }

  void fail(RowOut& out, ErrorCode code, std::string_view message) {
    out = RowOut{};
    out.error = static_cast<std::uint8_t>(1 + static_cast<int>(code));
    part_.messages += message;
  }
  bool failed(const ResultError* e, RowOut& out) {
    if (!e) return false;
    fail(out, e->code, e->text());
    return true;
  }

  void take(const RiichiResult& r, RowOut& out) {
    if (!r.ok) {
      if (!failed(r.error.get(), out)) fail(out, ErrorCode::InvalidInput, "");
      return;
    }
    out.ok = true;
    out.han = r.han;
    out.fu = r.fu;
    out.yakuman = r.yakuman;
    const auto& exact = r.payments.exact;
    if (!exact) out.total = r.payments.total;
    else if (exact->total.fits_int64()) out.total = exact->total.to_int64();
    else out.total_null = true;
    out.limit = static_cast<std::uint8_t>(r.payments.limit);
    for (const YakuEntry& y : r.yaku) part_.yaku.push_back(y);
  }
  void take(const KoreanResult& r, RowOut& out) {
    if (failed(r.error.get(), out)) return;
    out.ok = true;
    out.han = r.han;
    out.total = r.has_points ? r.total : 0;
  }
  void take(const HktwResult& r, RowOut& out) {
    if (failed(r.error.get(), out)) return;
    out.ok = true;
    out.total = r.total;
    out.limit = r.limited ? kHouseLimit : 0;
  }

  const ArrowNode& batch_;
  Part& part_;
  const ArrowNode* rules_ = nullptr;
  RowScratch scratch_;
  std::unique_ptr<riichi_reader::RiichiFields> fields_;
  RiichiResult result_;
};

void score_part(const ArrowNode& batch, const Json* constant_options, std::int64_t begin, std::int64_t end, Part& part) {
  try {
    RowScorer(batch, constant_options, part).run(begin, end);
  } catch (...) {
    part.failure = std::current_exception();
  }
}

std::vector<Column> build_columns(const std::vector<Part>& parts) {
  Column ok("ok", ColumnType::Bool), han("han", ColumnType::Int32), fu("fu", ColumnType::Int32),
      yakuman("yakuman", ColumnType::Int32), total("total", ColumnType::Int64), limit("limit", ColumnType::Utf8),
      error("error", ColumnType::Utf8), message("message", ColumnType::Utf8);
  Column yaku = Column::list_of("yaku", Column("item", ColumnType::Utf8));
  Column yaku_han = Column::list_of("yaku_han", Column("item", ColumnType::Int16));
  for (const Part& part : parts) {
    std::uint32_t yaku_at = 0, message_at = 0;
    for (const RowOut& r : part.rows) {
      ok.push_bool(r.ok);
      han.push_int(r.han);
      fu.push_int(r.fu);
      yakuman.push_int(r.yakuman);
      if (r.total_null) total.push_null();
      else total.push_int(r.total);
      if (r.limit == kHouseLimit) limit.push_string("house_limit");
      else if (r.limit) limit.push_string(limit_name(static_cast<Limit>(r.limit)));
      else limit.push_null();
      if (r.error) {
        error.push_string(error_code_name(static_cast<ErrorCode>(r.error - 1)));
        message.push_string(std::string_view(part.messages).substr(message_at, r.message_end - message_at));
      } else {
        error.push_null();
        message.push_null();
      }
      message_at = r.message_end;
      for (; yaku_at < r.yaku_end; ++yaku_at) {
        const YakuEntry& y = part.yaku[yaku_at];
        yaku.item().push_string(kYakuTable[static_cast<std::size_t>(y.yaku)].key);
        yaku_han.item().push_int(y.han);
      }
      yaku.end_list();
      yaku_han.end_list();
    }
  }
  std::vector<Column> out;
  out.reserve(10);
  for (Column* c : {&ok, &han, &fu, &yakuman, &total, &limit, &error, &message, &yaku, &yaku_han}) out.push_back(std::move(*c));
  return out;
}

}  // namespace

std::vector<Column> score_batch(const ArrowNode& batch, const Json* constant_options, int threads) {
  const std::int64_t rows = batch.length;
  if (constant_options)
    for (const ArrowNode& c : batch.children)
      if (c.key == riichi_reader::Key::Options)
        throw ColumnError("options", "options are given for every row and as a column: give one of them");
  // Threads only pay for themselves past a few thousand rows.
  constexpr std::int64_t kRowsPerThread = 2048;
  std::int64_t n = threads < 1 ? 1 : threads;
  if (n > rows / kRowsPerThread) n = rows / kRowsPerThread > 0 ? rows / kRowsPerThread : 1;
#if defined(__EMSCRIPTEN__)
  n = 1;
#endif
  std::vector<Part> parts(static_cast<std::size_t>(n));
  auto begin_of = [&](std::int64_t k) { return rows * k / n; };
#if !defined(__EMSCRIPTEN__)
  std::vector<std::thread> workers;
  workers.reserve(static_cast<std::size_t>(n - 1));
  for (std::int64_t k = 1; k < n; ++k)
    workers.emplace_back(score_part, std::cref(batch), constant_options, begin_of(k), begin_of(k + 1),
                         std::ref(parts[static_cast<std::size_t>(k)]));
  score_part(batch, constant_options, 0, begin_of(1), parts[0]);
  for (std::thread& t : workers) t.join();
#else
  score_part(batch, constant_options, 0, rows, parts[0]);
#endif
  for (const Part& p : parts)
    if (p.failure) std::rethrow_exception(p.failure);
  return build_columns(parts);
}

Metadata score_table_metadata() { return {{"tenbou.table", "score"}, {"tenbou.version", version()}}; }

}  // namespace tenbou::tables
