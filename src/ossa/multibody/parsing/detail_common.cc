#include "ossa/multibody/parsing/detail_common.h"

#include <fmt/format.h>
#include <tinyxml2.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include "ossa/common/text_logging.h"
#include "ossa/multibody/parsing/package_map.h"

namespace ossa::multibody::internal {
namespace fs = std::filesystem;
using tinyxml2::XMLElement;

std::string SourceLocation::ToString() const {
  if (line > 0) return fmt::format("{}:{}", file, line);
  return file;
}

DataSource DataSource::FromFile(std::string path) {
  DataSource s;
  std::error_code ec;
  fs::path p = fs::absolute(fs::path(path), ec);
  s.path = (ec ? fs::path(path) : p).lexically_normal().string();
  s.name = s.path;
  s.root_dir = fs::path(s.path).parent_path().string();
  return s;
}

DataSource DataSource::FromContents(std::string contents, std::string name,
                                    std::string root_dir) {
  DataSource s;
  s.contents = std::move(contents);
  s.name = std::move(name);
  s.root_dir = std::move(root_dir);
  return s;
}

namespace {
std::string FormatDiagnostic(const char* kind, const SourceLocation& where,
                             std::string_view element,
                             std::string_view message) {
  if (element.empty()) {
    return fmt::format("{}: {}: {}", where.ToString(), kind, message);
  }
  return fmt::format("{}: {}: {}: {}", where.ToString(), kind, element,
                     message);
}
}  // namespace

void DiagnosticPolicy::Error(const SourceLocation& where,
                             std::string_view element,
                             std::string_view message) const {
  throw std::runtime_error(FormatDiagnostic("error", where, element, message));
}

void DiagnosticPolicy::Warning(const SourceLocation& where,
                               std::string_view element,
                               std::string_view message) const {
  if (strict_) {
    throw std::runtime_error(FormatDiagnostic(
        "error (strict parsing; would be a warning)", where, element, message));
  }
  log()->warn("{}", FormatDiagnostic("warning", where, element, message));
}

XmlReader::XmlReader(const DataSource& source,
                     const ParsingWorkspace& workspace)
    : source_(source), workspace_(workspace) {}

XmlReader::~XmlReader() = default;

namespace {

// A deep document is read in pieces: each element at depth kPieceDepth,
// 2·kPieceDepth, ... (the root element has depth 1) is cut out of its
// enclosing piece and left there as an empty element named kPieceTag whose
// attribute "i" numbers the piece. Every piece then nests less deeply than
// tinyxml2 allows (its limit counts the document as one level).
constexpr int kPieceDepth = 64;
constexpr const char* kPieceTag = "ossa.deep_xml_piece";

struct Piece {
  size_t begin{0};
  size_t end{std::string_view::npos};
  int line{1};
  int level{0};  // depth / kPieceDepth; the whole document is level 0
  std::vector<int> children;  // pieces cut out of this one, in order
};

// Finds the pieces of `text` (piece 0 is the whole text). A light scan: it
// skips comments, CDATA sections, processing instructions, declarations and
// quoted attribute values. Returns false when the text does not scan as
// balanced elements (tinyxml2's message is then the one to report). Sets
// `too_deep_line` to the line of the first element nested deeper than
// `max_depth`, else 0.
bool FindPieces(std::string_view t, int max_depth, std::vector<Piece>* pieces,
                int* too_deep_line) {
  *too_deep_line = 0;
  pieces->assign(1, Piece{0, t.size(), 1, 0, {}});
  // The piece of each level most recently opened: the enclosing one of the
  // next piece a level deeper (elements of one depth never nest).
  std::vector<int> last_at_level{0};
  struct Open {
    int piece;  // -1 when the element starts no piece
  };
  std::vector<Open> open;
  size_t i = 0;
  int line = 1;
  auto advance_to = [&](size_t k) {
    line += static_cast<int>(std::count(t.begin() + i, t.begin() + k, '\n'));
    i = k;
  };
  auto skip_past = [&](size_t from, std::string_view end) {
    const size_t k = t.find(end, from);
    if (k == std::string_view::npos) return false;
    advance_to(k + end.size());
    return true;
  };
  while (true) {
    const size_t lt = t.find('<', i);
    if (lt == std::string_view::npos) break;
    advance_to(lt);
    const std::string_view rest = t.substr(i);
    bool ok = true;
    if (rest.substr(0, 4) == "<!--") {
      ok = skip_past(i + 4, "-->");
    } else if (rest.substr(0, 9) == "<![CDATA[") {
      ok = skip_past(i + 9, "]]>");
    } else if (rest.substr(0, 2) == "<?") {
      ok = skip_past(i + 2, "?>");
    } else if (rest.substr(0, 2) == "<!") {
      ok = skip_past(i + 2, ">");
    } else if (rest.substr(0, 2) == "</") {
      if (open.empty() || !skip_past(i + 2, ">")) return false;
      if (open.back().piece >= 0) (*pieces)[open.back().piece].end = i;
      open.pop_back();
    } else {
      // A start tag: up to the first '>' outside quotes.
      size_t k = i + 1;
      char quote = 0;
      for (; k < t.size(); ++k) {
        const char c = t[k];
        if (quote != 0) {
          if (c == quote) quote = 0;
        } else if (c == '"' || c == '\'') {
          quote = c;
        } else if (c == '>') {
          break;
        }
      }
      if (k >= t.size()) return false;
      const bool self_closing = t[k - 1] == '/';
      const size_t begin = i;
      const int begin_line = line;
      advance_to(k + 1);
      if (!self_closing) {
        const int depth = static_cast<int>(open.size()) + 1;
        if (depth > max_depth) {
          *too_deep_line = begin_line;
          return true;
        }
        int piece = -1;
        if (depth % kPieceDepth == 0) {
          const int level = depth / kPieceDepth;
          piece = static_cast<int>(pieces->size());
          pieces->push_back(
              Piece{begin, std::string_view::npos, begin_line, level, {}});
          (*pieces)[last_at_level[level - 1]].children.push_back(piece);
          if (static_cast<int>(last_at_level.size()) <= level) {
            last_at_level.push_back(piece);
          } else {
            last_at_level[level] = piece;
          }
        }
        open.push_back({piece});
      }
    }
    if (!ok) return false;
  }
  if (!open.empty()) return false;
  for (const Piece& p : *pieces) {
    if (p.end == std::string_view::npos) return false;
  }
  return true;
}

// The text tinyxml2 parses for piece `index`: its own text, with each
// piece cut out of it replaced by a placeholder followed by as many line
// breaks as the cut text holds, and preceded by line breaks up to its first
// line, so that tinyxml2's line numbers are the file's.
std::string PieceText(std::string_view t, const std::vector<Piece>& pieces,
                      int index) {
  const Piece& p = pieces[index];
  std::string out(p.line - 1, '\n');
  size_t at = p.begin;
  for (const int c : p.children) {
    const Piece& child = pieces[c];
    out.append(t.substr(at, child.begin - at));
    out.append(fmt::format("<{} i=\"{}\"/>", kPieceTag, c));
    out.append(static_cast<size_t>(std::count(t.begin() + child.begin,
                                              t.begin() + child.end, '\n')),
               '\n');
    at = child.end;
  }
  out.append(t.substr(at, p.end - at));
  return out;
}

}  // namespace

const XMLElement* XmlReader::Root() {
  doc_ = std::make_unique<tinyxml2::XMLDocument>();
  lines_.clear();
  const std::string file_text =
      source_.is_file() ? ReadFileOrThrow(source_.path) : std::string();
  const std::string_view text =
      source_.is_file() ? std::string_view(file_text) : source_.contents;
  auto fail = [&](const tinyxml2::XMLDocument& doc) {
    const char* what = doc.ErrorStr();
    workspace_.diagnostic().Error(
        SourceLocation{source_.name, doc.ErrorLineNum()}, "",
        fmt::format("malformed XML: {}", what ? what : "parse error"));
  };
  const tinyxml2::XMLError result = doc_->Parse(text.data(), text.size());
  if (result == tinyxml2::XML_ELEMENT_DEPTH_EXCEEDED) {
    // Deeper than tinyxml2 goes: parse the pieces apart, then copy them
    // into one document, each piece in place of its placeholder.
    std::vector<Piece> pieces;
    int too_deep_line = 0;
    if (!FindPieces(text, kMaxElementDepth, &pieces, &too_deep_line)) {
      fail(*doc_);
    }
    if (too_deep_line > 0) {
      workspace_.diagnostic().Error(
          SourceLocation{source_.name, too_deep_line}, "",
          fmt::format("elements nest deeper than {} levels", kMaxElementDepth));
    }
    std::vector<std::unique_ptr<tinyxml2::XMLDocument>> parsed;
    for (size_t k = 0; k < pieces.size(); ++k) {
      parsed.push_back(std::make_unique<tinyxml2::XMLDocument>());
      const std::string piece_text =
          PieceText(text, pieces, static_cast<int>(k));
      if (parsed.back()->Parse(piece_text.data(), piece_text.size()) !=
          tinyxml2::XML_SUCCESS) {
        fail(*parsed.back());
      }
      if (k > 0 && parsed.back()->RootElement() == nullptr) fail(*doc_);
    }
    doc_ = std::make_unique<tinyxml2::XMLDocument>();
    // Iterative copy (the tree may be deep): each node goes to the end of
    // its parent's copy, so siblings keep their order.
    struct Todo {
      const tinyxml2::XMLNode* from;
      tinyxml2::XMLNode* parent;
    };
    std::vector<Todo> todo;
    for (const tinyxml2::XMLNode* c = parsed[0]->LastChild(); c;
         c = c->PreviousSibling()) {
      todo.push_back({c, doc_.get()});
    }
    while (!todo.empty()) {
      auto [from, parent] = todo.back();
      todo.pop_back();
      if (const XMLElement* e = from->ToElement();
          e != nullptr && std::string_view(e->Name()) == kPieceTag) {
        const int k = e->IntAttribute("i", -1);
        if (k <= 0 || k >= static_cast<int>(parsed.size())) {
          workspace_.diagnostic().Error(
              SourceLocation{source_.name, e->GetLineNum()}, "",
              fmt::format("the element <{}> is reserved", kPieceTag));
        }
        from = parsed[k]->RootElement();
      }
      tinyxml2::XMLNode* copy = from->ShallowClone(doc_.get());
      parent->InsertEndChild(copy);
      if (const XMLElement* e = from->ToElement()) {
        lines_[copy->ToElement()] = e->GetLineNum();
      }
      for (const tinyxml2::XMLNode* c = from->LastChild(); c;
           c = c->PreviousSibling()) {
        todo.push_back({c, copy});
      }
    }
  } else if (result != tinyxml2::XML_SUCCESS) {
    fail(*doc_);
  }
  const XMLElement* root = doc_->RootElement();
  if (root == nullptr) {
    workspace_.diagnostic().Error(SourceLocation{source_.name, 1}, "",
                                  "the document has no root element");
  }
  // tinyxml2 reads elements after the root as its siblings; XML allows one
  // root, and a reader would silently drop the others.
  if (const XMLElement* second = root->NextSiblingElement()) {
    workspace_.diagnostic().Error(
        Loc(second), Describe(second),
        fmt::format("a second root element (the first is <{}> at line {}): "
                    "an XML document has exactly one root element",
                    root->Name(), Line(root)));
  }
  return root;
}

int XmlReader::Line(const XMLElement* e) const {
  if (e == nullptr) return 0;
  if (const int line = e->GetLineNum(); line > 0) return line;
  const auto it = lines_.find(e);
  return it == lines_.end() ? 0 : it->second;
}

SourceLocation XmlReader::Loc(const XMLElement* e) const {
  return SourceLocation{source_.name, Line(e)};
}

std::string XmlReader::Describe(const XMLElement* e) {
  if (e == nullptr) return "";
  const char* name = e->Attribute("name");
  if (name) return fmt::format("<{} name='{}'>", e->Name(), name);
  return fmt::format("<{}>", e->Name());
}

void XmlReader::Error(const XMLElement* e, std::string_view message) const {
  workspace_.diagnostic().Error(Loc(e), Describe(e), message);
}

void XmlReader::Warning(const XMLElement* e, std::string_view message) const {
  workspace_.diagnostic().Warning(Loc(e), Describe(e), message);
}

const char* XmlReader::Attr(const XMLElement* e, const char* name) {
  return e->Attribute(name);
}

namespace {
std::string_view Trim(std::string_view s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  const auto e = s.find_last_not_of(" \t\r\n");
  return s.substr(b, e - b + 1);
}
}  // namespace

std::string XmlReader::RequiredAttr(const XMLElement* e,
                                    const char* name) const {
  const char* value = e->Attribute(name);
  if (value == nullptr) {
    Error(e, fmt::format("missing required attribute '{}'", name));
  }
  if (Trim(value).empty()) {
    Error(e, fmt::format("attribute '{}' is empty", name));
  }
  return std::string(Trim(value));
}

std::string XmlReader::RequiredText(const XMLElement* e) const {
  const char* text = e->GetText();
  if (text == nullptr || Trim(text).empty()) {
    Error(e, "the element has no value");
  }
  return std::string(Trim(text));
}

std::vector<double> XmlReader::ParseDoubles(const XMLElement* e,
                                            std::string_view text,
                                            std::string_view what) const {
  std::vector<double> values;
  size_t i = 0;
  while (true) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i])))
      ++i;
    if (i >= text.size()) break;
    size_t j = i;
    while (j < text.size() &&
           !std::isspace(static_cast<unsigned char>(text[j])))
      ++j;
    values.push_back(ParseDouble(e, text.substr(i, j - i), what, true));
    i = j;
  }
  return values;
}

double XmlReader::ParseDouble(const XMLElement* e, std::string_view text,
                              std::string_view what,
                              bool allow_infinite) const {
  const std::string_view t = Trim(text);
  double value = 0.0;
  const char* begin = t.data();
  const char* end = t.data() + t.size();
  if (!t.empty() && *begin == '+') ++begin;  // from_chars rejects '+'
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  if (t.empty() || ec != std::errc() || ptr != end) {
    Error(e, fmt::format("{}: '{}' is not a number", what, t));
  }
  if (std::isnan(value) || (!allow_infinite && std::isinf(value))) {
    Error(e, fmt::format("{}: '{}' is not a finite number", what, t));
  }
  return value;
}

Eigen::VectorXd XmlReader::ParseVector(const XMLElement* e,
                                       std::string_view text, int n,
                                       std::string_view what) const {
  const std::vector<double> values = ParseDoubles(e, text, what);
  if (static_cast<int>(values.size()) != n) {
    Error(e, fmt::format("{}: expected {} numbers but got {} ('{}')", what, n,
                         values.size(), Trim(text)));
  }
  for (double v : values) {
    if (!std::isfinite(v)) {
      Error(e, fmt::format("{}: '{}' holds a non-finite number", what,
                           Trim(text)));
    }
  }
  return Eigen::Map<const Eigen::VectorXd>(values.data(), n);
}

Eigen::Vector3d XmlReader::ParseVector3(const XMLElement* e,
                                        std::string_view text,
                                        std::string_view what) const {
  return ParseVector(e, text, 3, what);
}

double XmlReader::DoubleAttr(const XMLElement* e, const char* name,
                             double fallback) const {
  const char* value = e->Attribute(name);
  if (value == nullptr) return fallback;
  return ParseDouble(e, value, fmt::format("attribute '{}'", name));
}

double XmlReader::RequiredDoubleAttr(const XMLElement* e,
                                     const char* name) const {
  return ParseDouble(e, RequiredAttr(e, name),
                     fmt::format("attribute '{}'", name));
}

double XmlReader::ChildDouble(const XMLElement* e, const char* child,
                              double fallback) const {
  const XMLElement* c = e->FirstChildElement(child);
  if (c == nullptr) return fallback;
  return ParseDouble(c, RequiredText(c), fmt::format("<{}>", child));
}

std::string XmlReader::ResolveUri(const std::string& uri) const {
  if (uri.find("://") != std::string::npos) {
    auto resolved = workspace_.package_map().TryResolveUrl(uri);
    return resolved ? *resolved : std::string();
  }
  fs::path p(uri);
  if (p.is_relative()) p = fs::path(source_.root_dir) / p;
  std::error_code ec;
  if (!fs::exists(p, ec)) return "";
  return p.lexically_normal().string();
}

Eigen::Matrix3d RotationFromRpy(const Eigen::Vector3d& rpy) {
  return (Eigen::AngleAxisd(rpy.z(), Eigen::Vector3d::UnitZ()) *
          Eigen::AngleAxisd(rpy.y(), Eigen::Vector3d::UnitY()) *
          Eigen::AngleAxisd(rpy.x(), Eigen::Vector3d::UnitX()))
      .toRotationMatrix();
}

Eigen::Isometry3d PoseFromXyzRpy(const Eigen::Vector3d& xyz,
                                 const Eigen::Vector3d& rpy) {
  Eigen::Isometry3d X = Eigen::Isometry3d::Identity();
  X.linear() = RotationFromRpy(rpy);
  X.translation() = xyz;
  return X;
}

void CheckJointTreeTopology(
    const ModelSpec& model,
    const std::function<void(const JointSpec&, const std::string&)>& error) {
  std::map<std::string, const JointSpec*> parent_joint;
  for (const auto& j : model.joints) {
    auto [it, inserted] = parent_joint.emplace(j.child, &j);
    if (!inserted) {
      error(j, fmt::format("link '{}' is the child of both joint '{}' and "
                           "joint '{}': kinematic loops are not supported",
                           j.child, it->second->name, j.name));
    }
  }
  // Links whose walk reached a root are marked, so each link is walked once.
  enum class Walk { kOnPath, kReachesRoot };
  std::map<std::string, Walk> state;
  std::vector<std::string> path;
  for (const auto& j : model.joints) {
    if (state.count(j.child)) continue;
    path.assign(1, j.child);
    state[j.child] = Walk::kOnPath;
    std::string link = j.parent;
    while (true) {
      auto s = state.find(link);
      if (s != state.end() && s->second == Walk::kReachesRoot) break;
      if (s != state.end()) {
        error(j, fmt::format("joint '{}' is part of a kinematic cycle "
                             "through link '{}'",
                             j.name, link));
      }
      state[link] = Walk::kOnPath;
      path.push_back(link);
      auto it = parent_joint.find(link);
      if (it == parent_joint.end()) break;
      link = it->second->parent;
    }
    for (const auto& l : path) state[l] = Walk::kReachesRoot;
  }
}

void ReplaceWithPlausibleInertia(InertialSpec* inertial) {
  // A solid sphere of water (1000 kg/m³) of the link's mass, centered at
  // its center of mass: r = (3m / (4π·1000))^(1/3), I = (2/5)·m·r²·Id.
  // The reference makes the same substitution, so dynamics agree.
  constexpr double kWaterDensity = 1000.0;
  const double m = inertial->mass;
  const double r = std::cbrt(3.0 * m / (4.0 * M_PI * kWaterDensity));
  inertial->I_BBcm_I = Eigen::Matrix3d::Identity() * (0.4 * m * r * r);
}

void CheckInertial(const XmlReader& reader, const XMLElement* e,
                   const std::string& link_name, InertialSpec* inertial) {
  const double m = inertial->mass;
  if (!std::isfinite(m) || m < 0) {
    reader.Error(e, fmt::format("link '{}' has a negative or non-finite mass "
                                "({} kg): the mass must be finite and "
                                "non-negative",
                                link_name, m));
  }
  const Eigen::Matrix3d& I = inertial->I_BBcm_I;
  if (!I.allFinite()) {
    reader.Error(e,
                 fmt::format("link '{}' has a non-finite inertia", link_name));
  }
  // Principal moments of the symmetric part. Tolerance: relative to the
  // largest moment, 1e-10 absorbs the rounding of values printed with ~10
  // significant digits in model files without accepting real violations.
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> solver(
      0.5 * (I + I.transpose()), Eigen::EigenvaluesOnly);
  const Eigen::Vector3d d = solver.eigenvalues();  // ascending
  const double scale = std::max(d.cwiseAbs().maxCoeff(), 1e-30);
  const double tol = 1e-10 * scale;
  // Widely used models (talos, hyq, allegro) carry such inertias and must
  // still load: warn (an error under strict parsing), then substitute a
  // plausible inertia of the same mass, as the reference does.
  if (d(0) < -tol) {
    reader.Warning(
        e, fmt::format("link '{}' has a non-physical rotational inertia: a "
                       "negative principal moment ({:g} kg·m²); replaced by "
                       "the inertia of a solid sphere of water of the same "
                       "mass",
                       link_name, d(0)));
    ReplaceWithPlausibleInertia(inertial);
    return;
  }
  // Triangle inequality: no principal moment exceeds the sum of the others.
  if (d(2) > d(0) + d(1) + tol) {
    reader.Warning(
        e, fmt::format("link '{}' has a non-physical rotational inertia: its "
                       "principal moments ({:g}, {:g}, {:g}) kg·m² break the "
                       "triangle inequality; replaced by the inertia of a "
                       "solid sphere of water of the same mass",
                       link_name, d(0), d(1), d(2)));
    ReplaceWithPlausibleInertia(inertial);
    return;
  }
  if (m == 0 && d(2) > 0) {
    reader.Warning(
        e, fmt::format("link '{}' has zero mass but a nonzero rotational "
                       "inertia: a massless body cannot have one; the "
                       "inertia is dropped",
                       link_name));
    inertial->I_BBcm_I.setZero();
  }
}

IncludingXmlReader::IncludingXmlReader(const DataSource& source,
                                       const std::string& model_name,
                                       const ParsingWorkspace& workspace)
    : model_name_(model_name),
      workspace_(workspace),
      include_chain_(workspace.include_chain) {
  readers_.push_back(std::make_unique<XmlReader>(source, workspace));
  include_chain_.push_back(IncludeKey(source));
}

IncludingXmlReader::~IncludingXmlReader() = default;

std::string IncludeKey(const DataSource& source) {
  if (!source.is_file()) return source.name;
  std::error_code ec;
  const fs::path canonical = fs::weakly_canonical(fs::path(source.path), ec);
  return ec ? source.path : canonical.string();
}

void CheckInclude(const XmlReader& reader, const XMLElement* e,
                  const std::vector<std::string>& chain, int depth,
                  const DataSource& included) {
  const std::string key = IncludeKey(included);
  const auto it = std::find(chain.begin(), chain.end(), key);
  if (it != chain.end()) {
    std::string loop;
    for (auto f = it; f != chain.end(); ++f) loop += *f + " includes ";
    reader.Error(e, fmt::format("include loop: {}{}", loop, key));
  }
  const ParsingWorkspace& workspace = reader.workspace();
  if (depth >= ParsingWorkspace::kMaxIncludeDepth) {
    reader.Error(e, fmt::format("includes nest deeper than {} files",
                                ParsingWorkspace::kMaxIncludeDepth));
  }
  if (++*workspace.included_files > ParsingWorkspace::kMaxIncludedFiles) {
    reader.Error(e, fmt::format("the parse includes more than {} files (each "
                                "inclusion of a file counts)",
                                ParsingWorkspace::kMaxIncludedFiles));
  }
}

std::string GetExtension(const std::string& path) {
  std::string ext = fs::path(path).extension().string();
  if (!ext.empty() && ext[0] == '.') ext.erase(0, 1);
  for (char& c : ext) c = static_cast<char>(std::tolower(c));
  return ext;
}

std::string GetDirectory(const std::string& path) {
  return fs::path(path).parent_path().string();
}

bool FileExists(const std::string& path) {
  std::error_code ec;
  return fs::is_regular_file(fs::path(path), ec);
}

std::string ReadFileOrThrow(const std::string& path) {
  std::error_code ec;
  if (!fs::is_regular_file(fs::path(path), ec)) {
    throw std::runtime_error(
        fmt::format("{}: error: the file does not exist or is not a regular "
                    "file",
                    path));
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw std::runtime_error(
        fmt::format("{}: error: the file cannot be opened", path));
  }
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace ossa::multibody::internal
