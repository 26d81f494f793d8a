#pragma once

/// @file
/// Internal pieces shared by the URDF, SDFormat and MJCF readers: where the
/// input comes from, the diagnostic policy (warnings vs errors, strict mode)
/// and strict text-to-number conversion with file:line:element messages.

#include <Eigen/Core>
#include <Eigen/Geometry>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ossa/multibody/parsing/model_spec.h"

namespace tinyxml2 {
class XMLDocument;
class XMLElement;
}  // namespace tinyxml2

namespace ossa::multibody {
class PackageMap;
namespace internal {

/// Either a file on disk or text in memory (with a display name used in
/// messages and a folder against which relative paths resolve).
struct DataSource {
  static DataSource FromFile(std::string path);
  static DataSource FromContents(std::string contents, std::string name,
                                 std::string root_dir);
  bool is_file() const { return !path.empty(); }
  std::string path;      // absolute path of a file
  std::string contents;  // text when not a file
  std::string name;      // what messages call it
  std::string root_dir;  // folder for relative URIs
};

/// Reports problems. Error() always throws std::runtime_error; Warning()
/// logs through ossa::log()->warn, or throws like Error() under strict
/// parsing. Messages read "<file>:<line>: error: <element>: <what>".
class DiagnosticPolicy {
 public:
  explicit DiagnosticPolicy(bool strict = false) : strict_(strict) {}
  bool strict() const { return strict_; }
  [[noreturn]] void Error(const SourceLocation& where, std::string_view element,
                          std::string_view message) const;
  void Warning(const SourceLocation& where, std::string_view element,
               std::string_view message) const;

 private:
  bool strict_{false};
};

class ParsingWorkspace;
/// Reads one source of any supported format into model specs (used for
/// SDFormat <include> of any format and MJCF <include>).
using ParseAnyFunction = std::function<std::vector<ModelSpec>(
    const DataSource&, const std::string& model_name_override,
    const ParsingWorkspace&)>;

/// What a reader needs besides its input.
class ParsingWorkspace {
 public:
  ParsingWorkspace(const PackageMap* package_map, DiagnosticPolicy diagnostic,
                   ParseAnyFunction parse_any)
      : package_map_(package_map),
        diagnostic_(diagnostic),
        parse_any_(std::move(parse_any)) {}
  const PackageMap& package_map() const { return *package_map_; }
  const DiagnosticPolicy& diagnostic() const { return diagnostic_; }
  const ParseAnyFunction& parse_any() const { return parse_any_; }
  /// Nesting depth of includes, to bound the recursion of nested parses.
  int include_depth{0};
  /// The files being read, outermost first, whose includes are being
  /// followed (as IncludeKey() gives them): a file that appears twice is an
  /// include loop.
  std::vector<std::string> include_chain;
  /// Files included so far by the whole parse, shared by the copies a
  /// nested parse makes. Bounded by kMaxIncludedFiles: without a loop,
  /// files that include another several times each still multiply.
  std::shared_ptr<int> included_files = std::make_shared<int>(0);
  static constexpr int kMaxIncludedFiles = 100000;
  /// How deep includes may nest (each level recurses through a reader).
  static constexpr int kMaxIncludeDepth = 100;

 private:
  const PackageMap* package_map_;
  DiagnosticPolicy diagnostic_;
  ParseAnyFunction parse_any_;
};

/// Helpers bound to one XML document: they know the file's display name so
/// each message can name file, line and element.
class XmlReader {
 public:
  XmlReader(const DataSource& source, const ParsingWorkspace& workspace);
  ~XmlReader();
  XmlReader(const XmlReader&) = delete;
  XmlReader& operator=(const XmlReader&) = delete;

  /// Parses the text; throws (naming the file and line) on malformed XML,
  /// an empty document, a second root element, or elements nested deeper
  /// than kMaxElementDepth.
  const tinyxml2::XMLElement* Root();

  /// How deep elements may nest. tinyxml2 alone stops at its compiled-in
  /// TINYXML2_MAX_ELEMENT_DEPTH (100 in Debian's 9.0); deeper documents are
  /// parsed in pieces (see Root()). The bound keeps the readers' own
  /// recursion far from the stack's end.
  static constexpr int kMaxElementDepth = 10000;

  /// The element's line in the file (1-based), 0 when unknown.
  int Line(const tinyxml2::XMLElement* e) const;

  const DataSource& source() const { return source_; }
  const DiagnosticPolicy& diagnostic() const { return workspace_.diagnostic(); }
  const ParsingWorkspace& workspace() const { return workspace_; }

  SourceLocation Loc(const tinyxml2::XMLElement* e) const;
  /// The element's name with its name attribute, e.g. "<link name='base'>".
  static std::string Describe(const tinyxml2::XMLElement* e);

  [[noreturn]] void Error(const tinyxml2::XMLElement* e,
                          std::string_view message) const;
  void Warning(const tinyxml2::XMLElement* e, std::string_view message) const;

  /// The attribute, or nullptr.
  static const char* Attr(const tinyxml2::XMLElement* e, const char* name);
  /// The attribute; throws when absent or empty.
  std::string RequiredAttr(const tinyxml2::XMLElement* e,
                           const char* name) const;
  /// Text of the element (trimmed); throws when empty.
  std::string RequiredText(const tinyxml2::XMLElement* e) const;

  /// Strict number parsing: the whole text must be numbers, finite unless
  /// allow_infinite; `what` names the attribute or element in messages.
  double ParseDouble(const tinyxml2::XMLElement* e, std::string_view text,
                     std::string_view what, bool allow_infinite = false) const;
  std::vector<double> ParseDoubles(const tinyxml2::XMLElement* e,
                                   std::string_view text,
                                   std::string_view what) const;
  /// Exactly n numbers.
  Eigen::VectorXd ParseVector(const tinyxml2::XMLElement* e,
                              std::string_view text, int n,
                              std::string_view what) const;
  Eigen::Vector3d ParseVector3(const tinyxml2::XMLElement* e,
                               std::string_view text,
                               std::string_view what) const;

  /// Attribute as double; `fallback` when absent.
  double DoubleAttr(const tinyxml2::XMLElement* e, const char* name,
                    double fallback) const;
  double RequiredDoubleAttr(const tinyxml2::XMLElement* e,
                            const char* name) const;
  /// Child element's text as double; `fallback` when the child is absent.
  double ChildDouble(const tinyxml2::XMLElement* e, const char* child,
                     double fallback) const;

  /// Resolves a URI (package://, model://, file://, absolute or relative to
  /// the source's folder) to an absolute path. Returns "" when it cannot be
  /// resolved (the caller decides whether that is a warning or an error).
  std::string ResolveUri(const std::string& uri) const;

 private:
  const DataSource& source_;
  const ParsingWorkspace& workspace_;
  std::unique_ptr<tinyxml2::XMLDocument> doc_;
  // Lines of the elements of a document assembled from pieces (tinyxml2
  // keeps the line only of elements it parsed itself).
  std::unordered_map<const tinyxml2::XMLElement*, int> lines_;
};

/// The state every reader of an XML format with included files starts
/// from: the model name asked for, the workspace, the open documents (the
/// file being parsed first; each included file adds one), the sources they
/// read, and the files whose includes are being read, outermost first
/// (IncludeKey()), to detect include cycles.
class IncludingXmlReader {
 public:
  /// Opens `source` as the first document.
  IncludingXmlReader(const DataSource& source, const std::string& model_name,
                     const ParsingWorkspace& workspace);
  ~IncludingXmlReader();

 protected:

  std::string model_name_;
  const ParsingWorkspace& workspace_;
  std::vector<std::unique_ptr<XmlReader>> readers_;
  std::vector<std::unique_ptr<DataSource>> sources_;
  std::vector<std::string> include_chain_;
};

/// Dispatches on the data source's extension ("urdf", "sdf"/"world",
/// "xml" → MJCF). `model_name` overrides the top-level model's name.
/// (Defined in parser.cc.)
std::vector<ModelSpec> ParseAnyFormat(const DataSource& source,
                                      const std::string& model_name,
                                      const ParsingWorkspace& workspace);

/// The pose as a RigidTransform. Readers compose poses as Eigen isometries
/// whose rotations are proper by construction (from roll-pitch-yaw,
/// normalized quaternions, orthonormalized axes), so no check is made.
inline math::RigidTransformd ToRigidTransform(const Eigen::Isometry3d& X) {
  return math::RigidTransformd(math::RotationMatrixd::MakeUnchecked(X.linear()),
                               X.translation());
}

/// R = Rz(yaw)·Ry(pitch)·Rx(roll): the fixed-axis roll-pitch-yaw convention
/// of URDF and SDFormat.
Eigen::Matrix3d RotationFromRpy(const Eigen::Vector3d& rpy);
Eigen::Isometry3d PoseFromXyzRpy(const Eigen::Vector3d& xyz,
                                 const Eigen::Vector3d& rpy);

/// Checks a link's mass properties: a negative or non-finite mass is an
/// error; a rotational inertia that is not symmetric positive semidefinite
/// or breaks the triangle inequality of its principal moments is reported as
/// a warning (an error under strict parsing), naming the violated condition,
/// and replaced by ReplaceWithPlausibleInertia(), because widely used models
/// (talos, hyq, allegro) carry such values and must still load.
void CheckInertial(const XmlReader& reader, const tinyxml2::XMLElement* e,
                   const std::string& link_name, InertialSpec* inertial);

/// Replaces the rotational inertia of `inertial` by that of a solid sphere
/// of water (1000 kg/m³) with its mass, about its center of mass (what the
/// reference substitutes for non-physical inertias).
void ReplaceWithPlausibleInertia(InertialSpec* inertial);

/// Checks that the joints of `model` form a forest: each link is the child
/// of at most one joint (a second one would close a loop), and walking up
/// from any link reaches a root (no cycle). Calls `error(joint, message)`,
/// which must throw, for the first joint that breaks either rule. Linear in
/// the number of joints: each link is walked once.
void CheckJointTreeTopology(
    const ModelSpec& model,
    const std::function<void(const JointSpec&, const std::string&)>& error);

/// The key under which a file enters ParsingWorkspace::include_chain: its
/// canonical path (symbolic links resolved), or its name when it is text in
/// memory.
std::string IncludeKey(const DataSource& source);

/// Checks, before `included` is read for an include element `e` of
/// `reader`, that it does not close an include loop (throws "include loop"
/// naming the chain of files), that includes do not nest deeper than
/// kMaxIncludeDepth (`depth` counts the levels so far) and that the whole
/// parse stays within kMaxIncludedFiles files; counts the file.
void CheckInclude(const XmlReader& reader, const tinyxml2::XMLElement* e,
                  const std::vector<std::string>& chain, int depth,
                  const DataSource& included);

/// Returns the lowercase extension of a path ("urdf", "sdf", "xml"), without
/// the dot.
std::string GetExtension(const std::string& path);
/// Folder part of a path ("" when none).
std::string GetDirectory(const std::string& path);
bool FileExists(const std::string& path);
std::string ReadFileOrThrow(const std::string& path);

}  // namespace internal
}  // namespace ossa::multibody
