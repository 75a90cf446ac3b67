// A read-only view of one request value. The request parser reads through it,
// so JSON text (via Json) and host-language objects (Python dicts, in the
// binding) go through the very same validation without being converted first.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <utility>

namespace tenbou {

class Json;

// A non-owning reference to a callable (no allocation, unlike std::function).
template <typename Signature>
class FunctionRef;

template <typename R, typename... Args>
class FunctionRef<R(Args...)> {
 public:
  template <typename F, typename = std::enable_if_t<!std::is_same_v<std::decay_t<F>, FunctionRef>>>
  FunctionRef(F&& f)  // NOLINT: implicit by design
      : obj_(const_cast<void*>(static_cast<const void*>(&f))),
        call_([](void* o, Args... args) -> R { return (*static_cast<std::remove_reference_t<F>*>(o))(std::forward<Args>(args)...); }) {}
  R operator()(Args... args) const { return call_(obj_, std::forward<Args>(args)...); }

 private:
  void* obj_;
  R (*call_)(void*, Args...);
};

class ValueView {
 public:
  enum class Kind : std::uint8_t { Null, Bool, Int, BigInt, Double, String, Array, Object, Other };
  virtual ~ValueView() = default;
  virtual Kind kind() const = 0;
  virtual bool as_bool() const = 0;
  virtual std::int64_t as_int() const = 0;
  // String text (valid while the underlying object lives); BigInt digits.
  virtual std::string_view as_string() const = 0;
  // Visits array items / object members in order; each view lives only during its call.
  virtual void each_item(FunctionRef<void(std::size_t, const ValueView&)> visit) const = 0;
  virtual void each_member(FunctionRef<void(std::string_view, const ValueView&)> visit) const = 0;
  virtual std::size_t size() const = 0;  // items of an array, members of an object
  // The type as messages name it ("string", "integer", "dict" ...).
  virtual std::string_view type_name() const;
};

// The view of a parsed JSON document.
class JsonView final : public ValueView {
 public:
  explicit JsonView(const Json& j) : j_(j) {}
  Kind kind() const override;
  bool as_bool() const override;
  std::int64_t as_int() const override;
  std::string_view as_string() const override;
  void each_item(FunctionRef<void(std::size_t, const ValueView&)> visit) const override;
  void each_member(FunctionRef<void(std::string_view, const ValueView&)> visit) const override;
  std::size_t size() const override;
  // A NaN or an infinity is named so (only the JS front end's values hold one: the JSON
  // text parser and the Python conversion keep them finite, named "number").
  std::string_view type_name() const override;

 private:
  const Json& j_;
};

}  // namespace tenbou
