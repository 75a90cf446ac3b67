#include "score_many.hpp"

#include <pybind11/pybind11.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#if !defined(_WIN32)
#include <unistd.h>  // getpid
#endif

#include "convert.hpp"
#include "py_view.hpp"
#include "py_request_keys.hpp"
#include "riichi/request_reader.hpp"
#include "tenbou/error.hpp"
#include "tenbou/request.hpp"
#include "tenbou/riichi.hpp"

namespace py = pybind11;
using tenbou::RiichiResult;
using tenbou::ScoreResult;

namespace tenbou_py {
namespace {

bool is_mapping(PyObject* obj) {
  static PyObject* mapping_abc = [] {
    return py::object(py::module_::import("collections.abc").attr("Mapping")).release().ptr();
  }();
  const int r = PyObject_IsInstance(obj, mapping_abc);
  if (r < 0) throw py::error_already_set();
  return r == 1;
}

// The rule family of a request. Most are Riichi, with no "rules" key or "rules":
// "riichi": one lookup of the interned key (its hash is cached) instead of a member scan.
tenbou::RulesFamily family_of(PyObject* request, const PyView& view) {
  static PyObject* const rules_key = PyUnicode_InternFromString("rules");
  static PyObject* const riichi = PyUnicode_InternFromString("riichi");
  if (PyDict_Check(request)) {
    // Callers write "rules" first: its entry is then read without a lookup (the key and the
    // value compared by identity: literals in code are interned).
    Py_ssize_t pos = 0;
    PyObject *key = nullptr, *value = nullptr;
    PyObject* rules = PyDict_Next(request, &pos, &key, &value) && key == rules_key
                          ? value
                          : PyDict_GetItem(request, rules_key);
    if (!rules || rules == riichi ||
        (PyUnicode_CheckExact(rules) && PyUnicode_CompareWithASCIIString(rules, "riichi") == 0))
      return tenbou::RulesFamily::Riichi;
  }
  return tenbou::rules_family(view);
}

// Runs `read(view)` on a request, a dict read in place or any other Mapping copied into
// a dict first. Python code that raises on the way (a Mapping's __iter__, __getitem__ or
// __instancecheck__) is the request's own error (read_error), never the batch's.
template <typename F>
void with_view(PyObject* request, F&& read) {
  if (!PyDict_Check(request)) {
    py::object copy;
    try {
      if (is_mapping(request)) copy = py::dict(py::reinterpret_borrow<py::object>(request));
    } catch (py::error_already_set& e) {
      throw read_error(e);
    }
    if (copy) {
      read(copy.ptr(), PyView(copy.ptr()));
      return;
    }
  }
  read(request, PyView(request));
}

// The error of a request the reader refused. The core reads JSON text whole before any
// field: when the request's text breaks the text's limits (nesting, members, length), that
// is its error, as through the C ABI and JS (check_document). Only refused requests are
// checked: a request the reader takes is a few small values.
tenbou::InputError refused(PyObject* request, const tenbou::InputError& e) {
  try {
    check_document(request);
  } catch (const tenbou::InputError& text_error) {
    return text_error;
  }
  return e;
}

ScoreResult invalid_input(const tenbou::InputError& e) {
  return RiichiResult::failure(tenbou::ErrorCode::InvalidInput, e.detail(), e.reason(), e.field());
}

ScoreResult internal_error(const std::exception& e) {  // memory: the slot says so rather than a crash
  return RiichiResult::failure(tenbou::ErrorCode::InvalidInput, std::string("internal error: ") + e.what(), "internal");
}

// The failure a slot gets when even the message above cannot be allocated: made when the
// module loads, so giving it out allocates nothing.
const std::shared_ptr<const tenbou::ResultError> kOutOfMemory = std::make_shared<const tenbou::ResultError>(
    tenbou::ResultError{tenbou::ErrorCode::InvalidInput, "internal", "", "internal error: out of memory"});

void out_of_memory(ScoreResult& out) noexcept {
  RiichiResult& r = out.emplace<RiichiResult>();
  r.error = kOutOfMemory;
}

// Scores a Riichi request into a result slot, whatever the slot held before.
void score_riichi_slot(const tenbou::RiichiRequest& request, ScoreResult& out) {
  if (!std::holds_alternative<RiichiResult>(out)) out.emplace<RiichiResult>();
  tenbou::score_riichi_into(request, std::get<RiichiResult>(out));
}

// Requests read before they are scored (with 512 the worker waited longer for its first
// chunk: threads=2 gave 1.65-1.68x of one thread on 4,000 hands, not 1.69-1.72x).
constexpr std::size_t kChunk = 256;
constexpr std::size_t kBlock = 32;   // requests a scoring thread claims at a time

// A chunk of read requests and their results, in request order. `take` reads with the
// GIL held; `help` scores (any thread, no GIL), claiming blocks until none are left.
class Chunk {
 public:
  Chunk() : fields_(kChunk), texts_(kChunk), slots_(kChunk), results_(kChunk) {}

  void reset() {
    count_ = riichi_count_ = korean_count_ = hktw_count_ = 0;
    next_.store(0, std::memory_order_relaxed);
    done_.store(0, std::memory_order_relaxed);
  }
  bool full(std::size_t limit = kChunk) const { return count_ >= limit; }
  std::size_t size() const { return count_; }

  // `defer`: leave the tile texts to the scoring threads (worth it only when other threads
  // score: alone, the copy is pure cost).
  void take(PyObject* item, bool defer) {
    Slot& slot = slots_[count_];
    try {
      with_view(item, [&](PyObject* request, const PyView& view) {
        switch (family_of(request, view)) {
          case tenbou::RulesFamily::Riichi: {
            // The member walk needs the GIL; with other threads scoring, the tile texts are
            // copied and parsed by the scoring thread (finish_riichi), unless they are too
            // long to copy here.
            // Either way the request is finished in place in fields_ (no copy of it).
            tenbou::riichi_reader::RiichiFields& f = fields_[riichi_count_];
            tenbou::riichi_reader::read_riichi_fields(view, nullptr, f);
            if (defer && copy_texts(f, texts_[riichi_count_])) {
              slot = {Family::RiichiDeferred, riichi_count_++};
            } else {
              tenbou::riichi_reader::finish_riichi(f, nullptr);
              slot = {Family::Riichi, riichi_count_++};
            }
            break;
          }
          case tenbou::RulesFamily::Korean:
            if (korean_count_ == korean_.size()) korean_.emplace_back();
            korean_[korean_count_] = tenbou::korean_request_from(view);
            slot = {Family::Korean, korean_count_++};
            break;
          case tenbou::RulesFamily::Hktw:
            if (hktw_count_ == hktw_.size()) hktw_.emplace_back();
            hktw_[hktw_count_] = tenbou::hktw_request_from(view);
            slot = {Family::Hktw, hktw_count_++};
            break;
        }
      });
    } catch (const tenbou::InputError& e) {
      results_[count_] = invalid_input(refused(item, e));
      slot = {Family::Failed, 0};
    }
    ++count_;
  }

  void help() noexcept {
    for (;;) {
      const std::size_t begin = next_.fetch_add(kBlock, std::memory_order_relaxed);
      if (begin >= count_) return;
      const std::size_t end = std::min(begin + kBlock, count_);
      EncodedRecords& records = encoded_[begin / kBlock].records;
      records.clear();
      for (std::size_t i = begin; i < end; ++i) {
        score(i);
        encode(i, records);
      }
      done_.fetch_add(end - begin, std::memory_order_release);
    }
  }
  bool has_work() const { return next_.load(std::memory_order_relaxed) < count_; }
  bool finished() const { return done_.load(std::memory_order_acquire) == count_; }

  void store_into(ResultStore& store) const {
    for (std::size_t begin = 0; begin < count_; begin += kBlock) store.append(encoded_[begin / kBlock].records, &results_[begin]);
  }

  alignas(64) std::atomic<int> helpers{0};  // worker threads inside help() (changed under the pool's mutex)

 private:
  enum class Family : std::uint8_t { Riichi, RiichiDeferred, Korean, Hktw, Failed };

  // Room for a request's tile texts (hand, winning tile, indicators, melds) copied out of
  // the Python strings; real requests use well under half of it.
  static constexpr std::size_t kTextRoom = 128;
  using Texts = std::array<char, kTextRoom>;

  // Copies the texts of `f` into `room` and points its views there; false (nothing
  // changed) when they do not fit.
  static bool copy_texts(tenbou::riichi_reader::RiichiFields& f, Texts& room) {
    std::size_t total = f.hand.size() + f.win.size() + f.dora.size() + f.ura.size();
    for (const std::string_view m : f.meld_texts) total += m.size();
    if (total > kTextRoom) return false;
    char* at = room.data();
    auto move = [&](std::string_view& text) {
      if (!text.empty()) std::memcpy(at, text.data(), text.size());
      text = std::string_view(at, text.size());
      at += text.size();
    };
    move(f.hand);
    move(f.win);
    move(f.dora);
    move(f.ura);
    for (std::string_view& m : f.meld_texts) move(m);
    return true;
  }
  struct Slot {
    Family family;
    std::uint32_t index;  // in the family's request list
  };

  void score(std::size_t i) noexcept {
    ScoreResult& out = results_[i];
    try {
      switch (slots_[i].family) {
        case Family::Riichi: score_riichi_slot(fields_[slots_[i].index].request, out); break;
        case Family::RiichiDeferred:
          try {
            score_riichi_slot(tenbou::riichi_reader::finish_riichi(fields_[slots_[i].index], nullptr), out);
          } catch (const tenbou::InputError& e) {
            out = invalid_input(e);
          }
          break;
        case Family::Korean: out = tenbou::score_korean(korean_[slots_[i].index]); break;
        case Family::Hktw: out = tenbou::score_hktw(hktw_[slots_[i].index]); break;
        case Family::Failed: break;
      }
    } catch (const std::exception& e) {
      try {
        out = internal_error(e);
      } catch (...) {
        out_of_memory(out);
      }
    }
  }

  void encode(std::size_t i, EncodedRecords& out) noexcept {
    const std::size_t mark = out.bytes.size(), starts = out.starts.size();
    try {
      ResultStore::encode(results_[i], out);
    } catch (const std::exception& e) {  // memory: a shorter failure record instead
      out.bytes.resize(mark);
      out.starts.resize(starts);
      out_of_memory(results_[i]);
      try {
        ResultStore::encode(results_[i], out);
      } catch (...) {
        std::terminate();  // nothing can be recorded for this slot
      }
    }
  }

  // Riichi requests: walked here, finished here (Family::Riichi) or by the scoring thread
  // (Family::RiichiDeferred, their tile texts copied into texts_).
  std::vector<tenbou::riichi_reader::RiichiFields> fields_;
  std::vector<Texts> texts_;
  std::vector<tenbou::KoreanRequest> korean_;  // grown on demand (rare)
  std::vector<tenbou::HktwRequest> hktw_;
  std::vector<Slot> slots_;
  std::vector<ScoreResult> results_;
  // Each block's records, written by the thread that scored it: one cache line each, or two
  // threads scoring neighbouring blocks would pass the line between them at every record.
  struct alignas(64) BlockRecords {
    EncodedRecords records;
  };
  BlockRecords encoded_[kChunk / kBlock];
  std::size_t count_ = 0;
  std::uint32_t riichi_count_ = 0, korean_count_ = 0, hktw_count_ = 0;
  alignas(64) std::atomic<std::size_t> next_{0};  // claimed by every scoring thread: a line of its own
  alignas(64) std::atomic<std::size_t> done_{0};
};

// Chunks are large (~230 KB): kept for the next call on this thread instead of being
// returned to the allocator (and faulted in again).
class ChunkPool {
 public:
  std::unique_ptr<Chunk> take() {
    if (free_.empty()) return std::make_unique<Chunk>();
    std::unique_ptr<Chunk> c = std::move(free_.back());
    free_.pop_back();
    c->reset();
    return c;
  }
  void give(std::unique_ptr<Chunk> c) {
    if (free_.size() < 8) free_.push_back(std::move(c));
  }

 private:
  std::vector<std::unique_ptr<Chunk>> free_;
};

ChunkPool& pool() {
  thread_local ChunkPool p;
  return p;
}

// Releases the GIL for a scope.
class WithoutGil {
 public:
  WithoutGil() : state_(PyEval_SaveThread()) {}
  ~WithoutGil() { PyEval_RestoreThread(state_); }
  WithoutGil(const WithoutGil&) = delete;
  WithoutGil& operator=(const WithoutGil&) = delete;

 private:
  PyThreadState* state_;
};

class Pipeline;

// The scoring threads, kept from call to call and shared by every score_many of the
// process (made per call, a thread's start and join and its cold start cost more than
// a tenth of what a second thread gains on a batch of a few thousand hands). A pipeline
// with N threads takes at most N - 1 of them. The pool is never destroyed (its threads
// wait detached until the process ends); a forked child, which has none of the parent's
// threads, makes its own.
class WorkerPool {
 public:
  static WorkerPool& get();  // with the GIL held
  std::mutex mutex;          // guards the pipelines' in-flight lists and helper counts too
  void attach(Pipeline* p, int helpers);  // with `mutex` held
  void detach(Pipeline* p);               // with `mutex` held
  void wake() {
    published_.fetch_add(1, std::memory_order_release);
    wake_.notify_all();
  }

 private:
  void work();
  std::vector<Pipeline*> pipelines_;
  std::condition_variable wake_;
  std::atomic<std::uint64_t> published_{0};  // chunks published so far (read without the mutex)
  int threads_ = 0;
};

// The calling thread reads requests into chunks and hands each full chunk to the
// scorers; with N threads, N - 1 pool workers score while it reads on, and it joins in
// on the oldest chunk when N chunks are in flight. Chunks are stored in request order.
class Pipeline {
 public:
  Pipeline(int threads, ResultStore& store) : threads_(threads), store_(store), filling_(pool().take()) {}
  ~Pipeline() {
    if (pool_) {
      // No worker picks a chunk of this pipeline from here on; wait for those inside one.
      {
        std::lock_guard<std::mutex> lock(pool_->mutex);
        pool_->detach(this);
      }
      while (helpers_.load(std::memory_order_acquire) > 0) std::this_thread::yield();
    }
    for (Chunk* c : in_flight_) owned_give(c);
    if (filling_) pool().give(std::move(filling_));
  }
  Pipeline(const Pipeline&) = delete;
  Pipeline& operator=(const Pipeline&) = delete;

  void take(PyObject* item) {
    filling_->take(item, threads_ > 1);
    // With workers, the first chunk is handed over after a quarter of the usual size: the
    // workers start scoring sooner instead of waiting for 256 requests to be read.
    if (filling_->full(threads_ > 1 && !pool_ ? kChunk / 4 : kChunk)) publish(false);
  }

  void finish() {
    if (filling_->size() > 0) publish(true);
    WithoutGil nogil;
    while (!in_flight_.empty()) complete_oldest();
  }

  // For the pool's workers, with its mutex held: a chunk with blocks left to claim, or null.
  Chunk* chunk_with_work() {
    if (helpers_.load(std::memory_order_relaxed) >= threads_ - 1) return nullptr;
    for (Chunk* c : in_flight_)
      if (c->has_work()) return c;
    return nullptr;
  }
  std::atomic<int> helpers_{0};  // pool workers inside one of this pipeline's chunks

 private:
  std::mutex& mutex() { return pool_ ? pool_->mutex : own_mutex_; }

  void publish(bool last) {
    // Once a chunk: Ctrl-C (or any signal handler that raises) stops a long batch here.
    if (!last && PyErr_CheckSignals() < 0) throw py::error_already_set();
    // Workers join with the first chunk worth sharing (a small batch is scored here).
    if (threads_ > 1 && !pool_ && (!last || filling_->size() >= 4 * kBlock)) {
      pool_ = &WorkerPool::get();
      std::lock_guard<std::mutex> lock(pool_->mutex);
      pool_->attach(this, threads_ - 1);
    }
    Chunk* c = filling_.release();
    {
      std::lock_guard<std::mutex> lock(mutex());
      in_flight_.push_back(c);
    }
    if (pool_) pool_->wake();
    if (last) return;
    if (in_flight_.size() >= static_cast<std::size_t>(threads_)) {
      WithoutGil nogil;
      complete_oldest();
    }
    filling_ = pool().take();
  }

  // Scores what is left of the oldest chunk here, waits for the workers on it, stores it.
  void complete_oldest() {
    Chunk* c = in_flight_.front();
    c->help();
    {
      std::lock_guard<std::mutex> lock(mutex());
      in_flight_.pop_front();  // no worker picks it up from here on
    }
    while (!c->finished() || c->helpers.load(std::memory_order_acquire) > 0) std::this_thread::yield();
    c->store_into(store_);
    owned_give(c);
  }

  void owned_give(Chunk* c) { pool().give(std::unique_ptr<Chunk>(c)); }

  const int threads_;
  ResultStore& store_;
  std::unique_ptr<Chunk> filling_;
  std::deque<Chunk*> in_flight_;  // published, not yet stored, in request order
  WorkerPool* pool_ = nullptr;    // set once workers are asked to help
  std::mutex own_mutex_;          // (before that, nobody else reads in_flight_)
};

WorkerPool& WorkerPool::get() {
  static WorkerPool* pool = nullptr;
#if defined(_WIN32)
  if (!pool) pool = new WorkerPool();
#else
  // After fork() the child has this process's memory but none of its threads (and maybe a
  // mutex left locked by one): it leaves the parent's pool untouched and makes its own.
  static pid_t owner = 0;
  if (!pool || owner != getpid()) {
    pool = new WorkerPool();  // (never freed: its threads live as long as the process)
    owner = getpid();
  }
#endif
  return *pool;
}

void WorkerPool::attach(Pipeline* p, int helpers) {
  pipelines_.push_back(p);
  for (; threads_ < helpers; ++threads_) std::thread([this] { work(); }).detach();
}

void WorkerPool::detach(Pipeline* p) {
  pipelines_.erase(std::remove(pipelines_.begin(), pipelines_.end(), p), pipelines_.end());
}

void WorkerPool::work() {
  std::unique_lock<std::mutex> lock(mutex);
  bool watched = false;  // watched for a new chunk since the last one scored
  for (;;) {
    Pipeline* pipeline = nullptr;
    Chunk* c = nullptr;
    for (Pipeline* p : pipelines_)
      if ((c = p->chunk_with_work())) {
        pipeline = p;
        break;
      }
    if (!c) {
      if (!watched) {
        // The next chunk is usually a few microseconds away: watch for it before sleeping (a
        // sleeping thread takes tens of microseconds to wake, chunk after chunk), then look
        // again under the mutex.
        const std::uint64_t seen = published_.load(std::memory_order_acquire);
        lock.unlock();
        const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(200);
        while (published_.load(std::memory_order_acquire) == seen && std::chrono::steady_clock::now() < until)
          std::this_thread::yield();
        lock.lock();
        watched = true;
        continue;
      }
      watched = false;
      wake_.wait(lock);  // (a chunk is published under the mutex: none can slip in before this wait)
      continue;
    }
    watched = false;
    // Counted while the mutex is held: the pipeline waits for both counts to fall to zero
    // after it took the chunk (or itself) out of reach.
    pipeline->helpers_.fetch_add(1, std::memory_order_relaxed);
    c->helpers.fetch_add(1, std::memory_order_relaxed);
    lock.unlock();
    c->help();
    c->helpers.fetch_sub(1, std::memory_order_release);
    pipeline->helpers_.fetch_sub(1, std::memory_order_release);
    lock.lock();
  }
}

}  // namespace

void score_request(PyObject* request, ScoreResult& out) {
  try {
    with_view(request, [&](PyObject* dict, const PyView& view) {
      switch (family_of(dict, view)) {
        case tenbou::RulesFamily::Riichi: {
          tenbou::riichi_reader::RiichiFields fields;
          tenbou::riichi_reader::read_riichi_fields(view, nullptr, fields);
          score_riichi_slot(tenbou::riichi_reader::finish_riichi(fields, nullptr), out);
          break;
        }
        case tenbou::RulesFamily::Korean: out = tenbou::score_korean(tenbou::korean_request_from(view)); break;
        case tenbou::RulesFamily::Hktw: out = tenbou::score_hktw(tenbou::hktw_request_from(view)); break;
      }
    });
  } catch (const tenbou::InputError& e) {
    out = invalid_input(refused(request, e));
  }
}

void score_many_into(PyObject* requests, int threads, ResultStore& store) {
  Pipeline pipeline(std::max(1, threads), store);
  if (PyList_Check(requests)) {
    store.reserve(static_cast<std::size_t>(PyList_GET_SIZE(requests)));
    // Re-read the size and own the item: reading may run Python code (a custom
    // __instancecheck__ on a Mapping) that changes the list.
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(requests); ++i) {
      py::object item = py::reinterpret_borrow<py::object>(PyList_GET_ITEM(requests, i));
      pipeline.take(item.ptr());
    }
  } else {
    PyObject* it = PyObject_GetIter(requests);
    if (!it) throw py::error_already_set();
    py::object iter = py::reinterpret_steal<py::object>(it);
    while (PyObject* item = PyIter_Next(it)) {
      py::object own = py::reinterpret_steal<py::object>(item);
      pipeline.take(item);
    }
    if (PyErr_Occurred()) throw py::error_already_set();
  }
  pipeline.finish();
}

}  // namespace tenbou_py
