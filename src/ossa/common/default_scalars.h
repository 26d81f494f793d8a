#pragma once

/// @file
/// The default scalar types and the macros that instantiate a class template
/// on all of them. Class templates keep their definitions in .cc files (or in
/// a *-inl.h included only by .cc files) and are instantiated there, so that
/// widely included headers stay light and a clean build stays fast.
///
///   // foo.h
///   OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
///       class ::ossa::Foo);
///   // foo.cc
///   OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(
///       class ::ossa::Foo);
///
/// The symbolic scalar (symbolic::Expression) is instantiated layer by
/// layer with the *_ON_SYMBOLIC_SCALAR macros below, next to the default
/// ones, and joins the default list when every layer has it. Code must not
/// assume that T is double or AutoDiffXd only (use
/// scalar_predicate<T>::is_bool and ExtractDoubleOrThrow from
/// scalar_traits.h where a boolean or a double is needed).

#include "ossa/common/autodiff.h"
#include "ossa/common/symbolic/expression.h"

/// Explicit instantiation definitions on double and AutoDiffXd.
#define OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS(SomeType) \
  template SomeType<double>;                                                   \
  template SomeType<::ossa::AutoDiffXd>;

/// Explicit instantiation declarations (extern template) for headers, so that
/// including translation units do not instantiate the template again.
#define OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_SCALARS( \
    SomeType)                                                          \
  extern template SomeType<double>;                                    \
  extern template SomeType<::ossa::AutoDiffXd>;

/// The same for templates that will never support symbolic::Expression
/// (they need numeric comparisons or iterative numerics).
#define OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS( \
    SomeType)                                                                     \
  template SomeType<double>;                                                      \
  template SomeType<::ossa::AutoDiffXd>;

#define OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_DEFAULT_NONSYMBOLIC_SCALARS( \
    SomeType)                                                                      \
  extern template SomeType<double>;                                                \
  extern template SomeType<::ossa::AutoDiffXd>;

/// Explicit instantiation definition and declaration on the symbolic scalar,
/// for the layers that support it so far (math, multibody math).
#define OSSA_DEFINE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR(SomeType) \
  template SomeType<::ossa::symbolic::Expression>;
#define OSSA_DECLARE_CLASS_TEMPLATE_INSTANTIATIONS_ON_SYMBOLIC_SCALAR( \
    SomeType)                                                          \
  extern template SomeType<::ossa::symbolic::Expression>;

/// Calls MACRO(T) once per default scalar; for instantiating function
/// templates: `#define INST(T) template T Foo<T>(const T&);`
#define OSSA_FOR_EACH_DEFAULT_SCALAR(MACRO) \
  MACRO(double)                             \
  MACRO(::ossa::AutoDiffXd)
