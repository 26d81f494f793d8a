#include "ossa/common/symbolic/expression.h"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <mutex>
#include <sstream>

#include "ossa/common/error.h"
#include "ossa/common/symbolic/expression_node.h"

namespace ossa::symbolic {

using internal::ExpressionNode;
using internal::Share;

const char* to_string(ExpressionKind kind) {
  // In the order of ExpressionKind's enumerators.
  static constexpr const char* kNames[] = {
      "Constant", "Var",  "Add",   "Mul",        "Div",  "Log",  "Abs",
      "Exp",      "Sqrt", "Pow",   "Sin",        "Cos",  "Tan",  "Asin",
      "Acos",     "Atan", "Atan2", "Sinh",       "Cosh", "Tanh", "Min",
      "Max",      "Ceil", "Floor", "IfThenElse", "NaN"};
  static_assert(std::size(kNames) ==
                static_cast<std::size_t>(ExpressionKind::NaN) + 1);
  const auto i = static_cast<std::size_t>(kind);
  return i < std::size(kNames) ? kNames[i] : "Unknown";
}

namespace internal {
namespace {

// ---------------------------------------------------------------------------
// The table of live nodes (hash-consing).

// What identifies a node: kind, constant bits, variable id, argument nodes
// and, for if_then_else, the condition's representation.
struct NodeKey {
  ExpressionKind kind;
  std::uint64_t constant_bits{0};
  Variable::Id var_id{0};
  const ExpressionNode* args[2]{nullptr, nullptr};
  const FormulaCell* condition{nullptr};
};

std::size_t Mix(std::size_t h, std::size_t v) {
  // 64-bit mixing of the boost::hash_combine kind with a golden-ratio
  // constant; only its spread matters.
  return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 12) + (h >> 4));
}

std::size_t HashKey(const NodeKey& key) {
  std::size_t h = static_cast<std::size_t>(key.kind) + 1;
  h = Mix(h, key.constant_bits);
  h = Mix(h, key.var_id);
  for (const ExpressionNode* a : key.args) h = Mix(h, a ? a->hash : 0x51ed);
  // A condition is identified by its address (formulas are not hash-consed);
  // the hash leaves it out so that it stays independent of addresses.
  // Finally the splitmix64 finalizer, so that the low bits (the table's
  // slot) depend on every input bit.
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
  return h ^ (h >> 31);
}

bool SameKey(const ExpressionNode* n, const NodeKey& key) {
  if (n->kind != key.kind || n->args[0] != key.args[0] ||
      n->args[1] != key.args[1])
    return false;
  switch (key.kind) {
    case ExpressionKind::Constant:
      return std::bit_cast<std::uint64_t>(n->constant) == key.constant_bits;
    case ExpressionKind::Var:
      return n->var.get_id() == key.var_id;
    case ExpressionKind::IfThenElse:
      return &n->condition->cell() == key.condition;
    default:
      return true;
  }
}

// The live nodes, by open addressing on their hash with linear probing.
// A dead node (count zero, being freed by some thread) found by a lookup is
// unlinked at once (a tombstone takes its slot) and marked so, so that the
// key can be made again; the freeing thread then leaves the table alone.
class NodeTable {
 public:
  std::mutex mutex;

  // The live node equal to `key` with one more reference, or null; unlinks
  // dead equal nodes met on the way.
  const ExpressionNode* Find(const NodeKey& key, std::size_t hash) {
    for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
      Slot& slot = slots_[i];
      if (slot.node == nullptr) return nullptr;
      // The slot's copy of the hash rejects most probes without reading the
      // node (a cache miss each).
      if (slot.hash != hash || slot.node == Tombstone() ||
          !SameKey(slot.node, key)) {
        continue;
      }
      const ExpressionNode* n = slot.node;
      std::uint32_t count = n->ref_count.load(std::memory_order_relaxed);
      while (count != 0) {
        if (n->ref_count.compare_exchange_weak(count, count + 1,
                                               std::memory_order_relaxed)) {
          return n;
        }
      }
      n->in_table = false;
      slot = Slot{Tombstone(), 0};
      --live_;
      ++tombstones_;
    }
  }

  void Insert(const ExpressionNode* node) {
    if (2 * (live_ + tombstones_ + 1) > slots_.size()) {
      Rehash(live_ + 1 > slots_.size() / 4 ? 2 * slots_.size() : slots_.size());
    }
    Place(node);
    node->in_table = true;
    ++live_;
  }

  void Erase(const ExpressionNode* node) {
    if (!node->in_table) return;
    for (std::size_t i = node->hash & mask_;; i = (i + 1) & mask_) {
      if (slots_[i].node == node) {
        slots_[i] = Slot{Tombstone(), 0};
        ++tombstones_;
        --live_;
        node->in_table = false;
        return;
      }
    }
  }

 private:
  struct Slot {
    const ExpressionNode* node{nullptr};
    std::size_t hash{0};
  };
  static const ExpressionNode* Tombstone() {
    static const ExpressionNode* tombstone = new ExpressionNode;
    return tombstone;
  }
  // Puts `node` in the first empty slot of its probe sequence.
  void Place(const ExpressionNode* node) {
    for (std::size_t i = node->hash & mask_;; i = (i + 1) & mask_) {
      if (slots_[i].node == nullptr) {
        slots_[i] = Slot{node, node->hash};
        return;
      }
    }
  }
  void Rehash(std::size_t capacity) {
    std::vector<Slot> old(capacity);
    old.swap(slots_);
    mask_ = capacity - 1;
    live_ = tombstones_ = 0;
    for (const Slot& slot : old) {
      if (slot.node != nullptr && slot.node != Tombstone()) {
        Place(slot.node);
        ++live_;
      }
    }
  }

  std::vector<Slot> slots_ = std::vector<Slot>(1024);
  std::size_t mask_{1023};
  std::size_t live_{0};
  std::size_t tombstones_{0};
};

// Never destroyed, so that Expressions in static storage may be released in
// any order at exit.
NodeTable& Table() {
  static NodeTable* table = new NodeTable;
  return *table;
}

// The head of this thread's list of dead nodes being freed, or null.
thread_local const ExpressionNode* dead_list = nullptr;
thread_local bool freeing = false;

// Returns an expression for the node of `key`: the live equal node if there
// is one, else a new node made by `fill` (which sets the payload).
template <typename Fill>
Expression Intern(const NodeKey& key, std::uint64_t var_mask, Fill&& fill) {
  const std::size_t hash = HashKey(key);
  NodeTable& table = Table();
  std::lock_guard<std::mutex> lock(table.mutex);
  if (const ExpressionNode* found = table.Find(key, hash)) {
    return Expression::FromNode(found);
  }
  auto* node = new ExpressionNode;
  node->kind = key.kind;
  node->hash = hash;
  node->var_mask = var_mask;
  for (int i = 0; i < 2; ++i) {
    if (key.args[i] != nullptr) {
      key.args[i]->ref_count.fetch_add(1, std::memory_order_relaxed);
      node->args[i] = key.args[i];
      ++node->num_args;
    }
  }
  fill(node);
  node->ref_count.store(1, std::memory_order_relaxed);
  table.Insert(node);
  return Expression::FromNode(node);
}

void DropReference(const ExpressionNode* n) {
  if (n != nullptr &&
      n->ref_count.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    ReleaseDeadNode(n);
  }
}

}  // namespace

void ReleaseDeadNode(const ExpressionNodeRefCount* base) {
  // Freeing a node drops its arguments, which may die too: they are queued
  // on this thread's list instead of freed recursively, so that a deep chain
  // does not overflow the stack.
  const auto* node = static_cast<const ExpressionNode*>(base);
  node->next_dead = dead_list;
  dead_list = node;
  if (freeing) return;
  freeing = true;
  while (dead_list != nullptr) {
    const ExpressionNode* d = dead_list;
    dead_list = d->next_dead;
    {
      NodeTable& table = Table();
      std::lock_guard<std::mutex> lock(table.mutex);
      table.Erase(d);
    }
    DropReference(d->args[0]);
    DropReference(d->args[1]);
    delete d;  // its condition's expressions queue here as well
  }
  freeing = false;
}

void CollectChildren(const ExpressionNode* node,
                     std::vector<const ExpressionNode*>* children) {
  if (node->condition) {
    // The condition's expressions, then the branches.
    std::vector<const Formula*> formulas{&*node->condition};
    while (!formulas.empty()) {
      const FormulaCell& c = formulas.back()->cell();
      formulas.pop_back();
      switch (c.kind) {
        case FormulaKind::And:
        case FormulaKind::Or:
          formulas.push_back(&c.ops[1]);
          formulas.push_back(&c.ops[0]);
          break;
        case FormulaKind::Not:
          formulas.push_back(&c.ops[0]);
          break;
        case FormulaKind::Eq:
        case FormulaKind::Neq:
        case FormulaKind::Gt:
        case FormulaKind::Geq:
        case FormulaKind::Lt:
        case FormulaKind::Leq:
          children->push_back(c.lhs.node());
          children->push_back(c.rhs.node());
          break;
        case FormulaKind::Isnan:
          children->push_back(c.lhs.node());
          break;
        default:
          break;
      }
    }
  }
  for (int i = 0; i < node->num_args; ++i) children->push_back(node->args[i]);
}

}  // namespace internal

using internal::NodeKey;

namespace {

Expression InternConstant(double value);
Expression RecentConstant(double value);

Expression MakeConstant(double value) {
  if (std::isnan(value)) return Expression::NaN();
  // 1 and −1 are the constants the kernels make most (identity rotations,
  // signs): kept aside, they skip the table.
  if (value == 1.0 || value == -1.0) {
    static const Expression* one = new Expression(InternConstant(1.0));
    static const Expression* minus_one = new Expression(InternConstant(-1.0));
    return value == 1.0 ? *one : *minus_one;
  }
  return RecentConstant(value);
}

// This thread's recently made constants, by value, in front of the shared
// table: the kernels fold products of constant parameters into the same
// constants again and again, and a hit here skips the lock and the table's
// (cache-missing) probe. Each entry holds a reference, so a cached node stays
// live and equal to the table's.
struct RecentConstants {
  static constexpr std::size_t kSize = 4096;
  ~RecentConstants() {
    for (const internal::ExpressionNode* n : nodes) internal::DropReference(n);
  }
  std::uint64_t bits[kSize];
  const internal::ExpressionNode* nodes[kSize];
};
thread_local RecentConstants recent_constants{};

Expression RecentConstant(double value) {
  const auto bits = std::bit_cast<std::uint64_t>(value);
  const std::size_t slot = (bits * 0x9E3779B97F4A7C15ULL) >> 52;
  RecentConstants& recent = recent_constants;
  const internal::ExpressionNode* cached = recent.nodes[slot];
  if (cached != nullptr && recent.bits[slot] == bits) {
    return internal::Share(cached);
  }
  Expression e = InternConstant(value);
  e.node()->ref_count.fetch_add(1, std::memory_order_relaxed);
  recent.nodes[slot] = e.node();
  recent.bits[slot] = bits;
  if (cached != nullptr) internal::DropReference(cached);
  return e;
}

Expression InternConstant(double value) {
  NodeKey key{ExpressionKind::Constant};
  key.constant_bits = std::bit_cast<std::uint64_t>(value);
  return internal::Intern(key, 0,
                          [value](ExpressionNode* n) { n->constant = value; });
}

const Expression& ZeroExpression() {
  static const Expression* zero = new Expression(MakeConstant(0.0));
  return *zero;
}

Expression MakeUnaryNode(ExpressionKind kind, const Expression& a) {
  NodeKey key{kind};
  key.args[0] = a.node();
  return internal::Intern(key, a.node()->var_mask, [](ExpressionNode*) {});
}

Expression MakeBinaryNode(ExpressionKind kind, const Expression& a,
                          const Expression& b) {
  NodeKey key{kind};
  key.args[0] = a.node();
  key.args[1] = b.node();
  return internal::Intern(key, a.node()->var_mask | b.node()->var_mask,
                          [](ExpressionNode*) {});
}

bool IsConst(const Expression& e) {
  return e.node()->kind == ExpressionKind::Constant;
}
double ConstOf(const Expression& e) { return e.node()->constant; }

// Splits e into c · t with c a constant factor (1 if e has none).
std::pair<double, Expression> SplitCoefficient(const Expression& e) {
  const ExpressionNode* n = e.node();
  if (n->kind == ExpressionKind::Mul &&
      n->args[0]->kind == ExpressionKind::Constant) {
    return {n->args[0]->constant, Share(n->args[1])};
  }
  return {1.0, e};
}

std::string NumberText(double v) { return fmt::format("{}", v); }

[[noreturn]] void ThrowDomainError(const char* function, double x,
                                   const char* domain) {
  throw std::domain_error(
      fmt::format("{}({}): the argument is outside the domain {} of {}.",
                  function, NumberText(x), domain, function));
}

}  // namespace

namespace internal {

void ThrowNumericDomainError(ExpressionKind kind, double a, double b) {
  switch (kind) {
    case ExpressionKind::Div:
      throw std::runtime_error(
          fmt::format("Division by zero: {} / 0.", NumberText(a)));
    case ExpressionKind::Log:
      ThrowDomainError("log", a, "[0, +∞)");
    case ExpressionKind::Sqrt:
      ThrowDomainError("sqrt", a, "[0, +∞)");
    case ExpressionKind::Pow:
      throw std::domain_error(fmt::format(
          "pow({}, {}): a negative base needs an integer exponent.",
          NumberText(a), NumberText(b)));
    case ExpressionKind::Asin:
      ThrowDomainError("asin", a, "[-1, 1]");
    case ExpressionKind::Acos:
      ThrowDomainError("acos", a, "[-1, 1]");
    default:
      throw std::logic_error("ApplyNumeric(): not a function of numbers");
  }
}

double ApplyNumeric(ExpressionKind kind, double a, double b) {
  return ApplyNumericAs<OnDomainError::kThrow>(kind, a, b);
}

}  // namespace internal

namespace {

Expression Unary(ExpressionKind kind, const Expression& a) {
  if (is_nan(a)) return a;
  if (IsConst(a))
    return MakeConstant(internal::ApplyNumeric(kind, ConstOf(a), 0));
  return MakeUnaryNode(kind, a);
}

}  // namespace

// ---------------------------------------------------------------------------
// Construction.

Expression::Expression() : Expression(ZeroExpression()) {}

Expression::Expression(double constant) : Expression() {
  if (constant != 0 || std::signbit(constant)) *this = MakeConstant(constant);
}

Expression::Expression(const Variable& var) : Expression() {
  if (var.is_dummy()) {
    ThrowLogicError(
        "Expression(Variable): the dummy variable (default-constructed) "
        "cannot be part of an expression.");
  }
  if (var.get_type() == Variable::Type::BOOLEAN) {
    ThrowLogicError(
        "Expression(Variable): '{}' is a BOOLEAN variable; it can be part of "
        "a Formula, not of an Expression.",
        var.get_name());
  }
  NodeKey key{ExpressionKind::Var};
  key.var_id = var.get_id();
  *this = internal::Intern(key, internal::VariableBit(var),
                           [&var](ExpressionNode* n) { n->var = var; });
}

Expression Expression::Pi() { return Expression(M_PI); }
Expression Expression::E() { return Expression(M_E); }
Expression Expression::NaN() {
  static const Expression* nan = new Expression(internal::Intern(
      NodeKey{ExpressionKind::NaN}, 0, [](ExpressionNode*) {}));
  return *nan;
}

ExpressionKind Expression::get_kind() const { return node()->kind; }
std::size_t Expression::get_hash() const { return node()->hash; }

bool is_constant(const Expression& e) { return IsConst(e); }
bool is_constant(const Expression& e, double v) {
  return IsConst(e) && ConstOf(e) == v;
}
bool is_zero(const Expression& e) { return is_constant(e, 0.0); }
bool is_one(const Expression& e) { return is_constant(e, 1.0); }
bool is_variable(const Expression& e) {
  return e.get_kind() == ExpressionKind::Var;
}
bool is_nan(const Expression& e) { return e.get_kind() == ExpressionKind::NaN; }

double get_constant_value(const Expression& e) {
  if (!IsConst(e)) {
    ThrowLogicError(
        "get_constant_value(): the expression {} is not a constant (its kind "
        "is {}).",
        e.to_string(), to_string(e.get_kind()));
  }
  return ConstOf(e);
}

const Variable& get_variable(const Expression& e) {
  if (!is_variable(e)) {
    ThrowLogicError(
        "get_variable(): the expression {} is not a variable (its kind is "
        "{}).",
        e.to_string(), to_string(e.get_kind()));
  }
  return e.node()->var;
}

std::vector<Expression> get_arguments(const Expression& e) {
  std::vector<Expression> result;
  for (int i = 0; i < e.node()->num_args; ++i) {
    result.push_back(Share(e.node()->args[i]));
  }
  return result;
}

Expression operator+(const Expression& a, const Expression& b) {
  if (is_nan(a)) return a;
  if (is_nan(b)) return b;
  if (IsConst(a) && IsConst(b)) return Expression(ConstOf(a) + ConstOf(b));
  if (is_zero(a)) return b;
  if (is_zero(b)) return a;
  // Constants go first, so that c₁ + (c₂ + t) folds.
  if (IsConst(b)) return b + a;
  if (IsConst(a) && b.get_kind() == ExpressionKind::Add &&
      b.node()->args[0]->kind == ExpressionKind::Constant) {
    return Expression(ConstOf(a) + b.node()->args[0]->constant) +
           Share(b.node()->args[1]);
  }
  // Like terms: c₁·t + c₂·t = (c₁ + c₂)·t (so x − x = 0 and x + x = 2x).
  const auto [ca, ta] = SplitCoefficient(a);
  const auto [cb, tb] = SplitCoefficient(b);
  if (ta.EqualTo(tb)) return Expression(ca + cb) * ta;
  // Commutative arguments in a canonical order, so that a + b and b + a are
  // one node (IEEE addition is commutative, so the value is the same).
  if (b.Less(a)) return MakeBinaryNode(ExpressionKind::Add, b, a);
  return MakeBinaryNode(ExpressionKind::Add, a, b);
}

Expression operator*(const Expression& a, const Expression& b) {
  if (is_nan(a)) return a;
  if (is_nan(b)) return b;
  if (IsConst(a) && IsConst(b)) return Expression(ConstOf(a) * ConstOf(b));
  if (is_zero(a) || is_zero(b)) return Expression();
  if (is_one(a)) return b;
  if (is_one(b)) return a;
  if (IsConst(b)) return b * a;
  if (IsConst(a)) {
    // c₁·(c₂·t) = (c₁c₂)·t.
    const auto [cb, tb] = SplitCoefficient(b);
    if (cb != 1.0) return Expression(ConstOf(a) * cb) * tb;
  }
  if (a.EqualTo(b)) return pow(a, 2.0);
  // A canonical order, as for sums (constants stay first: they sort first).
  if (b.Less(a)) return MakeBinaryNode(ExpressionKind::Mul, b, a);
  return MakeBinaryNode(ExpressionKind::Mul, a, b);
}

Expression operator-(const Expression& a) {
  if (IsConst(a)) return Expression(-ConstOf(a));
  return Expression(-1.0) * a;
}

Expression operator-(const Expression& a, const Expression& b) {
  if (IsConst(a) && IsConst(b)) return Expression(ConstOf(a) - ConstOf(b));
  return a + (-b);
}

Expression operator/(const Expression& a, const Expression& b) {
  if (is_zero(b)) {
    throw std::runtime_error(
        fmt::format("Division by zero: {} / 0.", a.to_string()));
  }
  if (is_nan(a)) return a;
  if (is_nan(b)) return b;
  if (IsConst(a) && IsConst(b)) return Expression(ConstOf(a) / ConstOf(b));
  if (is_one(b)) return a;
  if (is_zero(a)) return a;
  return MakeBinaryNode(ExpressionKind::Div, a, b);
}

Expression& Expression::operator+=(const Expression& rhs) {
  return *this = *this + rhs;
}
Expression& Expression::operator-=(const Expression& rhs) {
  return *this = *this - rhs;
}
Expression& Expression::operator*=(const Expression& rhs) {
  return *this = *this * rhs;
}
Expression& Expression::operator/=(const Expression& rhs) {
  return *this = *this / rhs;
}

Expression log(const Expression& e) { return Unary(ExpressionKind::Log, e); }
Expression abs(const Expression& e) { return Unary(ExpressionKind::Abs, e); }
Expression exp(const Expression& e) { return Unary(ExpressionKind::Exp, e); }
Expression sqrt(const Expression& e) { return Unary(ExpressionKind::Sqrt, e); }
Expression sin(const Expression& e) { return Unary(ExpressionKind::Sin, e); }
Expression cos(const Expression& e) { return Unary(ExpressionKind::Cos, e); }
Expression tan(const Expression& e) { return Unary(ExpressionKind::Tan, e); }
Expression asin(const Expression& e) { return Unary(ExpressionKind::Asin, e); }
Expression acos(const Expression& e) { return Unary(ExpressionKind::Acos, e); }
Expression atan(const Expression& e) { return Unary(ExpressionKind::Atan, e); }
Expression sinh(const Expression& e) { return Unary(ExpressionKind::Sinh, e); }
Expression cosh(const Expression& e) { return Unary(ExpressionKind::Cosh, e); }
Expression tanh(const Expression& e) { return Unary(ExpressionKind::Tanh, e); }
Expression ceil(const Expression& e) { return Unary(ExpressionKind::Ceil, e); }
Expression floor(const Expression& e) {
  return Unary(ExpressionKind::Floor, e);
}

Expression pow(const Expression& base, const Expression& exponent) {
  if (is_nan(base)) return base;
  if (is_nan(exponent)) return exponent;
  if (IsConst(base) && IsConst(exponent)) {
    return Expression(internal::ApplyNumeric(ExpressionKind::Pow, ConstOf(base),
                                             ConstOf(exponent)));
  }
  if (is_zero(exponent)) return Expression(1.0);
  if (is_one(exponent)) return base;
  if (is_one(base)) return base;
  // (t^c₁)^c₂ = t^(c₁c₂) for integers c₁, c₂ (true for every real t).
  if (IsConst(exponent) && base.get_kind() == ExpressionKind::Pow &&
      base.node()->args[1]->kind == ExpressionKind::Constant) {
    const double c1 = base.node()->args[1]->constant, c2 = ConstOf(exponent);
    if (std::trunc(c1) == c1 && std::trunc(c2) == c2) {
      return pow(Share(base.node()->args[0]), c1 * c2);
    }
  }
  return MakeBinaryNode(ExpressionKind::Pow, base, exponent);
}

Expression atan2(const Expression& y, const Expression& x) {
  if (is_nan(y)) return y;
  if (is_nan(x)) return x;
  if (IsConst(y) && IsConst(x)) {
    return Expression(std::atan2(ConstOf(y), ConstOf(x)));
  }
  return MakeBinaryNode(ExpressionKind::Atan2, y, x);
}

Expression min(const Expression& a, const Expression& b) {
  if (a.EqualTo(b)) return a;
  if (IsConst(a) && IsConst(b)) {
    return Expression(std::min(ConstOf(a), ConstOf(b)));
  }
  return MakeBinaryNode(ExpressionKind::Min, a, b);
}

Expression max(const Expression& a, const Expression& b) {
  if (a.EqualTo(b)) return a;
  if (IsConst(a) && IsConst(b)) {
    return Expression(std::max(ConstOf(a), ConstOf(b)));
  }
  return MakeBinaryNode(ExpressionKind::Max, a, b);
}

Expression if_then_else(const Formula& condition, const Expression& then_value,
                        const Expression& else_value) {
  if (condition.get_kind() == FormulaKind::True) return then_value;
  if (condition.get_kind() == FormulaKind::False) return else_value;
  if (then_value.EqualTo(else_value)) return then_value;
  NodeKey key{ExpressionKind::IfThenElse};
  key.args[0] = then_value.node();
  key.args[1] = else_value.node();
  key.condition = &condition.cell();
  std::uint64_t mask =
      then_value.node()->var_mask | else_value.node()->var_mask;
  for (const Variable& v : condition.GetFreeVariables()) {
    mask |= internal::VariableBit(v);
  }
  return internal::Intern(
      key, mask, [&condition](ExpressionNode* n) { n->condition = condition; });
}

}  // namespace ossa::symbolic

namespace ossa {
double ExtractDoubleOrThrow(const symbolic::Expression& x) {
  if (symbolic::is_constant(x)) return symbolic::get_constant_value(x);
  if (symbolic::is_nan(x)) return std::numeric_limits<double>::quiet_NaN();
  ThrowLogicError(
      "ExtractDoubleOrThrow(): the expression {} depends on the variables {}, "
      "so it holds no number; this operation needs a constant (a check or a "
      "branch that a symbolic scalar cannot decide).",
      x.to_string(), x.GetVariables().to_string());
}
}  // namespace ossa
