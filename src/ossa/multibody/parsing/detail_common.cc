#include "ossa/multibody/parsing/detail_common.h"

#include <fmt/format.h>
#include <tinyxml2.h>

#include <Eigen/Eigenvalues>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <fstream>
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

const XMLElement* XmlReader::Root() {
  doc_ = std::make_unique<tinyxml2::XMLDocument>();
  tinyxml2::XMLError result;
  if (source_.is_file()) {
    std::string text = ReadFileOrThrow(source_.path);
    result = doc_->Parse(text.data(), text.size());
  } else {
    result = doc_->Parse(source_.contents.data(), source_.contents.size());
  }
  if (result != tinyxml2::XML_SUCCESS) {
    const char* what = doc_->ErrorStr();
    workspace_.diagnostic().Error(
        SourceLocation{source_.name, doc_->ErrorLineNum()}, "",
        fmt::format("malformed XML: {}", what ? what : "parse error"));
  }
  const XMLElement* root = doc_->RootElement();
  if (root == nullptr) {
    workspace_.diagnostic().Error(SourceLocation{source_.name, 1}, "",
                                  "the document has no root element");
  }
  return root;
}

SourceLocation XmlReader::Loc(const XMLElement* e) const {
  return SourceLocation{source_.name, e ? e->GetLineNum() : 0};
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
