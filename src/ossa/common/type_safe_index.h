#pragma once

/// @file
/// TypeSafeIndex<Tag>: an int that cannot be mixed up with an index of
/// another kind (a BodyIndex is not a JointIndex), as in the specification.

#include <cstddef>
#include <functional>
#include <limits>
#include <ostream>
#include <string>

#include "ossa/common/error.h"

namespace ossa {

template <class Tag>
class TypeSafeIndex {
 public:
  /// A default-constructed index is invalid (is_valid() is false).
  constexpr TypeSafeIndex() = default;

  /// Constructs from an int; throws std::logic_error if `index` is negative.
  explicit TypeSafeIndex(int64_t index) : index_(static_cast<int>(index)) {
    if (index < 0 || index > std::numeric_limits<int>::max()) [[unlikely]] {
      ThrowLogicError("{}: an index cannot be negative or exceed int range ({}).",
                      Tag::kName, index);
    }
  }

  /// Converting between index kinds is not allowed.
  template <typename U>
  TypeSafeIndex(const TypeSafeIndex<U>&) = delete;

  /// The int value; throws if invalid (so that misuse never indexes memory
  /// with -1).
  operator int() const {  // NOLINT(runtime/explicit)
    if (!is_valid()) [[unlikely]] ThrowInvalid("operator int()");
    return index_;
  }

  bool is_valid() const { return index_ >= 0; }

  TypeSafeIndex& operator++() {
    if (!is_valid()) [[unlikely]] ThrowInvalid("operator++");
    ++index_;
    return *this;
  }
  TypeSafeIndex operator++(int) {
    TypeSafeIndex old = *this;
    ++*this;
    return old;
  }
  TypeSafeIndex& operator--() {
    if (!is_valid() || index_ == 0) [[unlikely]] ThrowInvalid("operator--");
    --index_;
    return *this;
  }
  TypeSafeIndex& operator+=(int n) { return *this = TypeSafeIndex(index_ + int64_t{n}); }

  // Comparisons with the same kind (invalid indices compare too); with a
  // plain int they go through operator int(). Comparing two kinds of index
  // does not compile.
  friend bool operator==(TypeSafeIndex a, TypeSafeIndex b) { return a.index_ == b.index_; }
  friend auto operator<=>(TypeSafeIndex a, TypeSafeIndex b) { return a.index_ <=> b.index_; }
  template <typename U>
  bool operator==(const TypeSafeIndex<U>&) const = delete;
  template <typename U>
  auto operator<=>(const TypeSafeIndex<U>&) const = delete;

  friend std::ostream& operator<<(std::ostream& os, TypeSafeIndex i) {
    return os << i.index_;
  }
  friend std::string to_string(TypeSafeIndex i) { return std::to_string(i.index_); }

  /// The raw value, -1 when invalid; for hashing and printing.
  int raw() const { return index_; }

 private:
  [[noreturn]] void ThrowInvalid(const char* what) const {
    ThrowLogicError("{}::{}: the index is invalid.", Tag::kName, what);
  }
  int index_{-1};
};

}  // namespace ossa

template <class Tag>
struct std::hash<ossa::TypeSafeIndex<Tag>> {
  size_t operator()(const ossa::TypeSafeIndex<Tag>& i) const {
    return std::hash<int>()(i.raw());
  }
};

template <class Tag>
struct fmt::formatter<ossa::TypeSafeIndex<Tag>> : fmt::formatter<int> {
  auto format(const ossa::TypeSafeIndex<Tag>& i, fmt::format_context& ctx) const {
    return fmt::formatter<int>::format(i.raw(), ctx);
  }
};
