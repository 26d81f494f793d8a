// MujocoReader's body tree: bodies with their frames, joints, inertia
// (written or from the geoms) and sites, and the world body's geoms.

#include <fmt/format.h>
#include <tinyxml2.h>

#include <cmath>

#include "ossa/multibody/parsing/detail_mujoco_reader.h"

namespace ossa::multibody::internal::mujoco {


void MujocoReader::ReadBodyTree(const XmlReader& xml, const XMLElement* e,
                                const std::string& parent,
                                const Eigen::Isometry3d& X_WP,
                                const std::string& childclass) {
  std::vector<PendingBody> stack{{e, parent, X_WP, childclass}};
  std::vector<PendingBody> children;
  while (!stack.empty()) {
    const PendingBody b = std::move(stack.back());
    stack.pop_back();
    children.clear();
    ReadBody(xml, b.e, b.parent, b.X_WP, b.childclass, &children);
    // Reversed, so that the first child is read next.
    for (auto it = children.rbegin(); it != children.rend(); ++it) {
      stack.push_back(std::move(*it));
    }
  }
}

void MujocoReader::ReadBody(const XmlReader& xml, const XMLElement* e,
                            const std::string& parent,
                            const Eigen::Isometry3d& X_WP,
                            const std::string& childclass_in,
                            std::vector<PendingBody>* children) {
  std::string childclass = childclass_in;
  if (const char* c = e->Attribute("childclass")) {
    if (!classes_.count(c)) {
      xml.Error(e, fmt::format("default class '{}' does not exist", c));
    }
    childclass = c;
  }
  const std::string cls = ClassOf(xml, e, childclass);
  LinkSpec link;
  link.location = xml.Loc(e);
  if (const char* n = e->Attribute("name")) {
    link.name = n;
  } else {
    // The reference names an unnamed body after the index it gets in the
    // plant (the world is 0): the same names when this file is the plant's
    // first model.
    link.name = fmt::format("body{}", 1 + model_.links.size());
  }
  if (link.name == kWorldName || !body_names_.insert(link.name).second) {
    xml.Error(e, fmt::format("a body named '{}' already exists", link.name));
  }
  const Eigen::Isometry3d X_PB = ReadFrame(xml, e, cls);
  link.X_WB = ToRigidTransform(X_WP * X_PB);

  // Mass properties: <inertial>, or the geoms'.
  const XMLElement* inertial = e->FirstChildElement("inertial");
  double geom_mass = 0;
  Eigen::Vector3d geom_moment = Eigen::Vector3d::Zero();  // Σ m p
  // Each geom's mass, R_BG, p_BoGcm_B and I_GGcm_G.
  std::vector<
      std::tuple<double, Eigen::Matrix3d, Eigen::Vector3d, Eigen::Matrix3d>>
      parts;
  int n_geom = 0;
  for (const XMLElement* c = e->FirstChildElement("geom"); c;
       c = c->NextSiblingElement("geom")) {
    GeometrySpec g;
    double m = 0;
    Eigen::Vector3d p_GoGcm = Eigen::Vector3d::Zero();
    Eigen::Matrix3d I = Eigen::Matrix3d::Zero();
    const std::string gcls = ClassOf(xml, c, childclass);
    if (!ReadGeom(xml, c, gcls, link.name, n_geom++, &g, &m, &p_GoGcm, &I)) {
      continue;
    }
    const Eigen::Vector3d p_BoGcm = g.X_BG * p_GoGcm;
    parts.emplace_back(m, g.X_BG.rotation().matrix(), p_BoGcm, I);
    geom_mass += m;
    geom_moment += m * p_BoGcm;
    AddVisualAndCollision(g, &link.visuals, &link.collisions);
  }
  const bool from_geom =
      compiler_.inertiafromgeom == "true" ||
      (compiler_.inertiafromgeom == "auto" && inertial == nullptr);
  if (inertial && !from_geom) {
    const std::string icls = ClassOf(xml, inertial, childclass);
    link.has_inertial = true;
    link.inertial.X_BI = ToRigidTransform(ReadFrame(xml, inertial, icls));
    const char* mass = Get(inertial, icls, "mass");
    if (mass == nullptr) xml.Error(inertial, "<inertial> has no mass");
    link.inertial.mass = xml.ParseDouble(inertial, mass, "attribute 'mass'");
    const auto diag = Numbers(xml, inertial, icls, "diaginertia");
    const auto full = Numbers(xml, inertial, icls, "fullinertia");
    if (diag.size() == 3) {
      link.inertial.I_BBcm_I =
          Eigen::Vector3d(diag[0], diag[1], diag[2]).asDiagonal();
    } else if (full.size() == 6) {
      // MuJoCo order: ixx iyy izz ixy ixz iyz.
      link.inertial.I_BBcm_I << full[0], full[3], full[4], full[3], full[1],
          full[5], full[4], full[5], full[2];
    } else {
      xml.Error(inertial,
                "<inertial> needs diaginertia (3 numbers) or "
                "fullinertia (6 numbers)");
    }
    CheckInertial(xml, inertial, link.name, &link.inertial);
  } else if (geom_mass > 0) {
    // Composite of the geoms about their common center of mass Bcm:
    // I_BBcm_B = Σ R_BG I_GGcm_G R_BGᵀ + m (|d|² 1 − d dᵀ), d = p_BcmGcm.
    link.has_inertial = true;
    const Eigen::Vector3d p_BBcm = geom_moment / geom_mass;
    Eigen::Matrix3d I = Eigen::Matrix3d::Zero();
    for (const auto& [m, R, p_BoGcm, I_G] : parts) {
      const Eigen::Vector3d d = p_BoGcm - p_BBcm;
      I += R * I_G * R.transpose() +
           m * (d.squaredNorm() * Eigen::Matrix3d::Identity() -
                d * d.transpose());
    }
    link.inertial.mass = geom_mass;
    link.inertial.X_BI = math::RigidTransformd(p_BBcm);
    link.inertial.I_BBcm_I = I;
  }

  // Joints: none welds B to its parent; several are chained through
  // massless links, each joint acting at its own pos/axis in B (MuJoCo
  // applies a body's joints in order).
  std::vector<const XMLElement*> joints;
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view tag = c->Name();
    if (tag == "joint" || tag == "freejoint") joints.push_back(c);
  }
  std::string previous = parent;
  // Massless bodies between B's joints; they follow B in the plant, as in
  // the reference.
  std::vector<LinkSpec> dummies;
  Eigen::Isometry3d X_previous_B0 = X_PB;  // B's rest pose in `previous`
  if (joints.empty()) {
    // The reference's name for a weld (MultibodyPlant::WeldFrames()).
    JointSpec j;
    j.name = fmt::format("{}_welds_to_{}", parent, link.name);
    j.type = JointType::kFixed;
    j.parent = parent;
    j.child = link.name;
    j.X_PF = ToRigidTransform(X_PB);
    j.location = link.location;
    model_.joints.push_back(j);
  }
  for (size_t k = 0; k < joints.size(); ++k) {
    const XMLElement* je = joints[k];
    const std::string jcls = ClassOf(xml, je, childclass);
    JointSpec j;
    j.location = xml.Loc(je);
    const bool last = k + 1 == joints.size();
    // Several joints are chained through massless bodies named, as the
    // reference does, after B with an index (B0, B1, ...); B is the last
    // child.
    j.parent = previous;
    j.child = last ? link.name : fmt::format("{}{}", link.name, k);
    // An unnamed joint is "<parent>-<child>", as in the reference.
    j.name = je->Attribute("name") ? je->Attribute("name")
                                   : fmt::format("{}-{}", j.parent, j.child);
    if (joints_by_name_.count(j.name)) {
      xml.Error(je, fmt::format("a joint named '{}' already exists", j.name));
    }
    std::string type = "hinge";
    if (std::string_view(je->Name()) == "freejoint") {
      type = "free";
    } else if (const char* t = Get(je, jcls, "type")) {
      type = t;
    }
    if (type == "hinge")
      j.type = JointType::kRevolute;
    else if (type == "slide")
      j.type = JointType::kPrismatic;
    else if (type == "ball")
      j.type = JointType::kBall;
    else if (type == "free")
      j.type = JointType::kFloating;
    else
      xml.Error(je, fmt::format("unknown joint type '{}' (expected hinge, "
                                "slide, ball or free)",
                                type));
    if (j.type == JointType::kFloating &&
        (joints.size() > 1 || parent != kWorldName)) {
      xml.Error(je, "a free joint must be the only joint of a top-level body");
    }
    Eigen::Isometry3d X_BJ = Eigen::Isometry3d::Identity();
    const auto pos = Numbers(xml, je, jcls, "pos");
    if (!pos.empty()) {
      if (pos.size() != 3) xml.Error(je, "attribute 'pos' needs 3 numbers");
      X_BJ.translation() = Eigen::Vector3d(pos[0], pos[1], pos[2]);
    }
    if (j.type == JointType::kFloating) X_BJ.setIdentity();
    const auto axis = Numbers(xml, je, jcls, "axis");
    if (!axis.empty()) {
      if (axis.size() != 3) xml.Error(je, "attribute 'axis' needs 3 numbers");
      const Eigen::Vector3d a(axis[0], axis[1], axis[2]);
      if (!(a.norm() > 1e-10)) xml.Error(je, "the joint axis is zero");
      j.axis = a.normalized();
    } else {
      j.axis = Eigen::Vector3d::UnitZ();
    }
    const int nv = num_velocities(j.type);
    j.effort_limits = Eigen::VectorXd::Constant(nv, kInf);
    j.velocity_limits = Eigen::VectorXd::Constant(nv, kInf);
    j.damping = Eigen::VectorXd::Zero(nv);
    j.friction = Eigen::VectorXd::Zero(nv);
    if (nv == 1) {
      j.position_lower_limits = Eigen::VectorXd::Constant(1, -kInf);
      j.position_upper_limits = Eigen::VectorXd::Constant(1, kInf);
      const auto range = Numbers(xml, je, jcls, "range");
      std::string limited = "auto";
      if (const char* l = Get(je, jcls, "limited")) limited = l;
      const bool is_limited =
          limited == "true" ||
          (limited == "auto" && compiler_.autolimits && !range.empty());
      if (is_limited) {
        if (range.size() != 2) {
          xml.Error(je, "a limited joint needs range with 2 numbers");
        }
        double lo = range[0], hi = range[1];
        if (j.type == JointType::kRevolute) {
          lo = Angle(lo);
          hi = Angle(hi);
        }
        if (lo > hi) {
          xml.Error(je, fmt::format("joint '{}' has range lower {} above "
                                    "upper {}",
                                    j.name, range[0], range[1]));
        }
        j.position_lower_limits(0) = lo;
        j.position_upper_limits(0) = hi;
      }
    }
    if (const char* d = Get(je, jcls, "damping")) {
      const double damping = xml.ParseDouble(je, d, "attribute 'damping'");
      if (damping < 0) xml.Error(je, "damping cannot be negative");
      j.damping.setConstant(damping);
    }
    if (const char* f = Get(je, jcls, "frictionloss")) {
      j.friction.setConstant(
          xml.ParseDouble(je, f, "attribute 'frictionloss'"));
    }
    if (nv == 1) {
      if (const char* r = Get(je, jcls, "ref")) {
        // MuJoCo's ref: the joint value at which the body is where the file
        // puts it, and the joint's initial value. Below, F is moved by
        // −ref along the joint so that q = ref gives the file's pose (the
        // reference only starts the joint at ref, from the pose at q = 0;
        // this follows MuJoCo, checked against it in the tests).
        double ref = xml.ParseDouble(je, r, "attribute 'ref'");
        if (j.type == JointType::kRevolute) ref = Angle(ref);
        if (!std::isfinite(ref)) xml.Error(je, "ref must be finite");
        if (ref != 0) j.default_position = ref;
      }
    }
    for (const char* unsupported : {"stiffness", "springref"}) {
      if (Get(je, jcls, unsupported) != nullptr) {
        xml.Warning(je, fmt::format("attribute '{}' is not supported (no "
                                    "joint springs); ignored",
                                    unsupported));
      }
    }
    if (const char* a = Get(je, jcls, "armature")) {
      j.armature = xml.ParseDouble(je, a, "attribute 'armature'");
      if (j.armature < 0) xml.Error(je, "armature cannot be negative");
    }
    Eigen::Isometry3d X_JF = Eigen::Isometry3d::Identity();  // ref offset
    if (j.default_position) {
      if (j.type == JointType::kRevolute) {
        X_JF.linear() =
            Eigen::AngleAxisd(-*j.default_position, j.axis).toRotationMatrix();
      } else {
        X_JF.translation() = -*j.default_position * j.axis;
      }
    }
    j.X_PF = ToRigidTransform(X_previous_B0 * X_BJ * X_JF);
    j.X_CM = ToRigidTransform(X_BJ);
    joints_by_name_[j.name] = nullptr;
    if (j.type == JointType::kFloating) {
      // As in the reference, a free joint adds no joint: B is a free body
      // of the plant (its floating joint, added at Finalize(), is named
      // after B) that starts at the pose the file gives it.
      if (j.damping.size() > 0 && j.damping(0) != 0) {
        xml.Warning(je, fmt::format("free joint '{}' has damping {}; free "
                                    "bodies are not damped, it is ignored",
                                    j.name, j.damping(0)));
      }
      continue;
    }
    if (!last) {
      // A massless link that carries the next joint; its frame coincides
      // with B's at rest.
      LinkSpec dummy;
      dummy.name = j.child;
      dummy.location = j.location;
      dummy.X_WB = link.X_WB;
      if (!body_names_.insert(dummy.name).second) {
        xml.Error(je,
                  fmt::format("a body named '{}' already exists", dummy.name));
      }
      dummies.push_back(std::move(dummy));
      previous = j.child;
      X_previous_B0.setIdentity();
    }
    model_.joints.push_back(j);
  }
  for (const XMLElement* c = e->FirstChildElement("site"); c;
       c = c->NextSiblingElement("site")) {
    FrameSpec f;
    f.location = xml.Loc(c);
    f.name = c->Attribute("name") ? c->Attribute("name")
                                  : fmt::format("{}_site", link.name);
    f.body = link.name;
    f.X_BF = ToRigidTransform(ReadFrame(xml, c, ClassOf(xml, c, childclass)));
    model_.frames.push_back(f);
  }
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    static const std::set<std::string_view> kKnown{
        "inertial", "joint", "freejoint", "geom",     "site",   "body",
        "camera",   "light", "composite", "flexcomp", "attach", "frame"};
    if (!kKnown.count(c->Name())) {
      xml.Warning(c, fmt::format("unsupported element <{}> inside body '{}' "
                                 "is ignored",
                                 c->Name(), link.name));
    } else if (std::string_view(c->Name()) == "frame" ||
               std::string_view(c->Name()) == "composite" ||
               std::string_view(c->Name()) == "flexcomp" ||
               std::string_view(c->Name()) == "attach") {
      xml.Warning(c, fmt::format("<{}> is not supported; ignored", c->Name()));
    }
  }
  const std::string name = link.name;
  const Eigen::Isometry3d X_WB = link.X_WB.GetAsIsometry3();
  model_.links.push_back(std::move(link));
  for (auto& d : dummies) model_.links.push_back(std::move(d));
  for (const XMLElement* c = e->FirstChildElement("body"); c;
       c = c->NextSiblingElement("body")) {
    children->push_back({c, name, X_WB, childclass});
  }
}

void MujocoReader::ReadWorldBody(const XmlReader& xml, const XMLElement* e) {
  int n_geom = 0;
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view tag = c->Name();
    if (tag == "body") {
      ReadBodyTree(xml, c, kWorldName, Eigen::Isometry3d::Identity(), "main");
    } else if (tag == "geom") {
      GeometrySpec g;
      double m;
      Eigen::Vector3d p;
      Eigen::Matrix3d I;
      if (ReadGeom(xml, c, ClassOf(xml, c, "main"), kWorldName, n_geom++, &g,
                   &m, &p, &I)) {
        AddVisualAndCollision(g, &model_.world_geometries,
                              &model_.world_geometries);
      }
    } else if (tag == "site") {
      FrameSpec f;
      f.location = xml.Loc(c);
      f.name = xml.RequiredAttr(c, "name");
      f.body = kWorldName;
      f.X_BF = ToRigidTransform(ReadFrame(xml, c, ClassOf(xml, c, "main")));
      model_.frames.push_back(f);
    } else if (tag != "camera" && tag != "light") {
      xml.Warning(c, fmt::format("unsupported element <{}> inside <worldbody> "
                                 "is ignored",
                                 tag));
    }
  }
}
}  // namespace ossa::multibody::internal::mujoco
