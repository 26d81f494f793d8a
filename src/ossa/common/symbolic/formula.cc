#include "ossa/common/symbolic/formula.h"

#include <iterator>
#include <sstream>

#include "ossa/common/error.h"
#include "ossa/common/symbolic/expression.h"
#include "ossa/common/symbolic/expression_node.h"

namespace ossa::symbolic {

using internal::FormulaCell;

namespace {

std::shared_ptr<const FormulaCell> MakeCell(FormulaKind kind) {
  auto cell = std::make_shared<FormulaCell>();
  cell->kind = kind;
  return cell;
}

const std::shared_ptr<const FormulaCell>& TrueCell() {
  static const auto* cell =
      new std::shared_ptr<const FormulaCell>(MakeCell(FormulaKind::True));
  return *cell;
}

const std::shared_ptr<const FormulaCell>& FalseCell() {
  static const auto* cell =
      new std::shared_ptr<const FormulaCell>(MakeCell(FormulaKind::False));
  return *cell;
}

Formula Decided(bool value) {
  return value ? Formula::True() : Formula::False();
}

const char* RelationText(FormulaKind kind) {
  // In the order of the relational FormulaKinds, Eq to Leq.
  static constexpr const char* kTexts[] = {"==", "!=", ">", ">=", "<", "<="};
  static_assert(static_cast<int>(FormulaKind::Leq) -
                    static_cast<int>(FormulaKind::Eq) + 1 ==
                std::size(kTexts));
  const int i = static_cast<int>(kind) - static_cast<int>(FormulaKind::Eq);
  return 0 <= i && i < static_cast<int>(std::size(kTexts)) ? kTexts[i] : "?";
}

// A comparison: decided at once if both sides are constants or the same
// expression, else a relational formula.
Formula Compare(FormulaKind kind, const Expression& a, const Expression& b) {
  if (is_constant(a) && is_constant(b)) {
    const double x = get_constant_value(a), y = get_constant_value(b);
    switch (kind) {
      case FormulaKind::Eq:
        return Decided(x == y);
      case FormulaKind::Neq:
        return Decided(x != y);
      case FormulaKind::Gt:
        return Decided(x > y);
      case FormulaKind::Geq:
        return Decided(x >= y);
      case FormulaKind::Lt:
        return Decided(x < y);
      case FormulaKind::Leq:
        return Decided(x <= y);
      default:
        break;
    }
  }
  if (a.EqualTo(b) && !is_nan(a)) {
    return Decided(kind == FormulaKind::Eq || kind == FormulaKind::Geq ||
                   kind == FormulaKind::Leq);
  }
  return internal::MakeRelational(kind, a, b);
}

void Print(std::ostream& os, const Formula& f) {
  const FormulaCell& c = f.cell();
  switch (c.kind) {
    case FormulaKind::False:
      os << "False";
      return;
    case FormulaKind::True:
      os << "True";
      return;
    case FormulaKind::Var:
      os << c.var.get_name();
      return;
    case FormulaKind::And:
    case FormulaKind::Or:
      os << '(';
      Print(os, c.ops[0]);
      os << (c.kind == FormulaKind::And ? " and " : " or ");
      Print(os, c.ops[1]);
      os << ')';
      return;
    case FormulaKind::Not:
      os << "!";
      Print(os, c.ops[0]);
      return;
    case FormulaKind::Isnan:
      os << "isnan(" << c.lhs << ')';
      return;
    default:
      os << '(' << c.lhs << ' ' << RelationText(c.kind) << ' ' << c.rhs << ')';
      return;
  }
}

}  // namespace

namespace internal {
bool EvaluateBooleanVariable(const Variable& var, const Environment& env) {
  const double* value = env.find(var);
  if (value == nullptr) {
    throw std::runtime_error(fmt::format(
        "The environment {} has no value for the Boolean variable '{}'.",
        env.to_string(), var.get_name()));
  }
  return *value != 0;
}

Formula MakeRelational(FormulaKind kind, const Expression& lhs,
                       const Expression& rhs) {
  auto cell = std::make_shared<FormulaCell>();
  cell->kind = kind;
  cell->lhs = lhs;
  cell->rhs = rhs;
  return Formula(std::move(cell));
}
}  // namespace internal

Formula::Formula() : cell_(TrueCell()) {}

Formula::Formula(const Variable& var) {
  if (var.get_type() != Variable::Type::BOOLEAN || var.is_dummy()) {
    ThrowLogicError(
        "Formula(Variable): '{}' is a {} variable; a formula variable must be "
        "BOOLEAN.",
        var.get_name(), symbolic::to_string(var.get_type()));
  }
  auto cell = std::make_shared<FormulaCell>();
  cell->kind = FormulaKind::Var;
  cell->var = var;
  cell_ = std::move(cell);
}

Formula Formula::True() { return Formula(TrueCell()); }
Formula Formula::False() { return Formula(FalseCell()); }

FormulaKind Formula::get_kind() const { return cell_->kind; }

Variables Formula::GetFreeVariables() const {
  const FormulaCell& c = *cell_;
  switch (c.kind) {
    case FormulaKind::False:
    case FormulaKind::True:
      return {};
    case FormulaKind::Var:
      return {c.var};
    case FormulaKind::And:
    case FormulaKind::Or:
      return c.ops[0].GetFreeVariables() + c.ops[1].GetFreeVariables();
    case FormulaKind::Not:
      return c.ops[0].GetFreeVariables();
    case FormulaKind::Isnan:
      return c.lhs.GetVariables();
    default:
      return c.lhs.GetVariables() + c.rhs.GetVariables();
  }
}

bool Formula::EqualTo(const Formula& other) const {
  if (cell_ == other.cell_) return true;
  const FormulaCell &a = *cell_, &b = *other.cell_;
  if (a.kind != b.kind) return false;
  switch (a.kind) {
    case FormulaKind::False:
    case FormulaKind::True:
      return true;
    case FormulaKind::Var:
      return a.var.equal_to(b.var);
    case FormulaKind::And:
    case FormulaKind::Or:
      return a.ops[0].EqualTo(b.ops[0]) && a.ops[1].EqualTo(b.ops[1]);
    case FormulaKind::Not:
      return a.ops[0].EqualTo(b.ops[0]);
    default:
      return a.lhs.EqualTo(b.lhs) && a.rhs.EqualTo(b.rhs);
  }
}

bool Formula::Evaluate(const Environment& env) const {
  return internal::EvaluateFormulaWith(
      *this, [&env](const Expression& e) { return e.Evaluate(env); }, env);
}

Formula Formula::Substitute(const Variable& var, const Expression& e) const {
  return internal::MapFormula(
      *this, [&](const Expression& x) { return x.Substitute(var, e); });
}

std::string Formula::to_string() const {
  std::ostringstream os;
  Print(os, *this);
  return os.str();
}

Formula::operator bool() const {
  if (cell_->kind == FormulaKind::True) return true;
  if (cell_->kind == FormulaKind::False) return false;
  const Variables vars = GetFreeVariables();
  if (vars.empty()) return Evaluate();
  ThrowLogicError(
      "Formula::operator bool(): the truth of {} depends on the variables {}, "
      "so a symbolic value cannot decide this branch. Code that branches on "
      "the scalar needs constant values here, or if_then_else().",
      to_string(), vars.to_string());
}

Formula operator==(const Expression& a, const Expression& b) {
  return Compare(FormulaKind::Eq, a, b);
}
Formula operator!=(const Expression& a, const Expression& b) {
  return Compare(FormulaKind::Neq, a, b);
}
Formula operator<(const Expression& a, const Expression& b) {
  return Compare(FormulaKind::Lt, a, b);
}
Formula operator<=(const Expression& a, const Expression& b) {
  return Compare(FormulaKind::Leq, a, b);
}
Formula operator>(const Expression& a, const Expression& b) {
  return Compare(FormulaKind::Gt, a, b);
}
Formula operator>=(const Expression& a, const Expression& b) {
  return Compare(FormulaKind::Geq, a, b);
}

namespace {

// a ∧ b (kind And) or a ∨ b (kind Or), simplified when an operand decides
// the result (False for ∧, True for ∨), is neutral (True for ∧, False for
// ∨), or both operands are the same formula.
Formula Connect(FormulaKind kind, const Formula& a, const Formula& b) {
  const bool is_and = kind == FormulaKind::And;
  const FormulaKind deciding = is_and ? FormulaKind::False : FormulaKind::True;
  const FormulaKind neutral = is_and ? FormulaKind::True : FormulaKind::False;
  if (a.get_kind() == deciding || b.get_kind() == neutral) return a;
  if (b.get_kind() == deciding || a.get_kind() == neutral) return b;
  if (a.EqualTo(b)) return a;
  auto cell = std::make_shared<FormulaCell>();
  cell->kind = kind;
  cell->ops = {a, b};
  return Formula(std::move(cell));
}

}  // namespace

Formula operator&&(const Formula& a, const Formula& b) {
  return Connect(FormulaKind::And, a, b);
}

Formula operator||(const Formula& a, const Formula& b) {
  return Connect(FormulaKind::Or, a, b);
}

Formula operator!(const Formula& f) {
  if (f.get_kind() == FormulaKind::True) return Formula::False();
  if (f.get_kind() == FormulaKind::False) return Formula::True();
  if (f.get_kind() == FormulaKind::Not) return f.cell().ops[0];
  auto cell = std::make_shared<FormulaCell>();
  cell->kind = FormulaKind::Not;
  cell->ops = {f};
  return Formula(std::move(cell));
}

Formula isnan(const Expression& e) {
  if (is_nan(e)) return Formula::True();
  if (is_constant(e)) return Formula::False();
  auto cell = std::make_shared<FormulaCell>();
  cell->kind = FormulaKind::Isnan;
  cell->lhs = e;
  return Formula(std::move(cell));
}

std::ostream& operator<<(std::ostream& os, const Formula& f) {
  Print(os, f);
  return os;
}

}  // namespace ossa::symbolic
