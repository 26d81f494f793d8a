// SdfReader's second half: a resolved model scope into ModelSpecs (links
// with their inertia and geometry, joints with axes, limits and mimics,
// collision filter groups, ball constraints).

#include <fmt/format.h>
#include <tinyxml2.h>

#include <cmath>
#include <set>

#include "ossa/multibody/parsing/detail_sdf_reader.h"

namespace ossa::multibody::internal::sdf {

bool SdfReader::ReadGeometry(Scope* scope, const XMLElement* e,
                             const Eigen::Isometry3d& X_WB,
                             const std::string& link_name, bool is_collision,
                             int index, GeometrySpec* g) {
  const XmlReader& xml = *scope->reader;
  g->is_collision = is_collision;
  g->location = xml.Loc(e);
  g->name = e->Attribute("name")
                ? e->Attribute("name")
                : fmt::format("{}_{}{}", link_name,
                              is_collision ? "collision" : "visual", index);
  const Eigen::Isometry3d X_WG = PoseInScope(scope, xml, e, link_name);
  g->X_BG = ToRigidTransform(X_WB.inverse() * X_WG);
  const XMLElement* geometry = e->FirstChildElement("geometry");
  if (geometry == nullptr) {
    xml.Error(e, fmt::format("<{}> of link '{}' has no <geometry>", e->Name(),
                             link_name));
  }
  const XMLElement* shape = geometry->FirstChildElement();
  if (shape == nullptr) {
    xml.Warning(geometry, "<geometry> is empty; skipped");
    return false;
  }
  const std::string_view kind = shape->Name();
  auto nonneg = [&](const char* child) {
    const XMLElement* c = shape->FirstChildElement(child);
    if (c == nullptr) {
      xml.Error(shape, fmt::format("<{}> has no <{}>", kind, child));
    }
    const double v =
        xml.ParseDouble(c, xml.RequiredText(c), fmt::format("<{}>", child));
    if (v < 0) xml.Error(c, fmt::format("<{}> cannot be negative", child));
    return v;
  };
  ShapeSpec& s = g->shape;
  if (kind == "box") {
    s.type = ShapeType::kBox;
    const XMLElement* size = shape->FirstChildElement("size");
    if (size == nullptr) xml.Error(shape, "<box> has no <size>");
    s.size = xml.ParseVector3(size, xml.RequiredText(size), "<size>");
    if ((s.size.array() < 0).any())
      xml.Error(size, "<size> cannot be negative");
  } else if (kind == "sphere") {
    s.type = ShapeType::kSphere;
    s.radius = nonneg("radius");
  } else if (kind == "cylinder" || kind == "capsule") {
    s.type = kind == "cylinder" ? ShapeType::kCylinder : ShapeType::kCapsule;
    s.radius = nonneg("radius");
    s.length = nonneg("length");
  } else if (kind == "ellipsoid") {
    s.type = ShapeType::kEllipsoid;
    const XMLElement* radii = shape->FirstChildElement("radii");
    if (radii == nullptr) xml.Error(shape, "<ellipsoid> has no <radii>");
    s.size = xml.ParseVector3(radii, xml.RequiredText(radii), "<radii>");
  } else if (kind == "plane") {
    s.type = ShapeType::kHalfSpace;
    Eigen::Vector3d n = Eigen::Vector3d::UnitZ();
    if (const XMLElement* normal = shape->FirstChildElement("normal")) {
      n = xml.ParseVector3(normal, xml.RequiredText(normal), "<normal>");
      if (!(n.norm() > 1e-10)) xml.Error(normal, "<normal> is zero");
      n.normalize();
    }
    // Fold the normal into X_BG: the half space's +z is the normal.
    g->X_BG = g->X_BG * math::RotationMatrixd::MakeUnchecked(
                            Eigen::Quaterniond::FromTwoVectors(
                                Eigen::Vector3d::UnitZ(), n)
                                .toRotationMatrix());
  } else if (kind == "mesh") {
    s.type = ShapeType::kMesh;
    const XMLElement* uri = shape->FirstChildElement("uri");
    if (uri == nullptr) xml.Error(shape, "<mesh> has no <uri>");
    s.filename = xml.RequiredText(uri);
    if (const XMLElement* scale = shape->FirstChildElement("scale")) {
      s.scale = xml.ParseVector3(scale, xml.RequiredText(scale), "<scale>");
    }
    // An unresolved URI is an error only if the geometry is registered
    // (with a SceneGraph), as in the reference.
    s.uri = s.filename;
    s.filename = xml.ResolveUri(s.uri);
    s.location = xml.Loc(shape);
  } else {
    xml.Warning(shape, fmt::format("unsupported shape <{}>; the geometry is "
                                   "skipped",
                                   kind));
    return false;
  }
  if (const XMLElement* material = e->FirstChildElement("material")) {
    if (const XMLElement* diffuse = material->FirstChildElement("diffuse")) {
      const auto v =
          xml.ParseDoubles(diffuse, xml.RequiredText(diffuse), "<diffuse>");
      if (v.size() != 3 && v.size() != 4) {
        xml.Error(diffuse, "<diffuse> needs 3 or 4 numbers");
      }
      g->rgba = Eigen::Vector4d(v[0], v[1], v[2], v.size() == 4 ? v[3] : 1.0);
    }
  }
  if (const XMLElement* surface = e->FirstChildElement("surface")) {
    const XMLElement* friction = surface->FirstChildElement("friction");
    const XMLElement* ode =
        friction ? friction->FirstChildElement("ode") : nullptr;
    if (ode) {
      if (ode->FirstChildElement("mu")) {
        g->static_friction = xml.ChildDouble(ode, "mu", 1.0);
        g->dynamic_friction = g->static_friction;
      }
      if (ode->FirstChildElement("mu2")) {
        g->dynamic_friction = xml.ChildDouble(ode, "mu2", 1.0);
      }
    }
  }
  if (const XMLElement* props =
          e->FirstChildElement("drake:proximity_properties")) {
    for (const XMLElement* p = props->FirstChildElement(); p;
         p = p->NextSiblingElement()) {
      std::string key = p->Name();
      if (key.rfind("drake:", 0) == 0) key = key.substr(6);
      const char* text = p->GetText();
      const double value =
          text ? xml.ParseDouble(p, text, fmt::format("<{}>", p->Name())) : 1.0;
      if (key == "mu_static")
        g->static_friction = value;
      else if (key == "mu_dynamic")
        g->dynamic_friction = value;
      else
        g->proximity_properties[key] = value;
    }
  }
  return true;
}

void SdfReader::EmitLink(Scope* scope, const std::string& name,
                         ModelSpec* model) {
  const XmlReader& xml = *scope->reader;
  Entry& entry = scope->entries.at(name);
  const XMLElement* e = entry.element;
  LinkSpec link;
  link.name = name;
  link.location = xml.Loc(e);
  CheckChildElements(xml, e);
  const Eigen::Isometry3d X_WB = ResolveEntryPose(scope, &entry);
  link.X_WB = ToRigidTransform(X_WB);
  // SDFormat's defaults when <inertial> is absent: mass 1 kg, unit
  // moments of inertia at the link origin.
  link.inertial.mass = 1.0;
  link.inertial.I_BBcm_I = Eigen::Matrix3d::Identity();
  if (const XMLElement* inertial = e->FirstChildElement("inertial")) {
    link.has_inertial = true;
    CheckChildElements(xml, inertial);
    if (const char* a = inertial->Attribute("auto")) {
      if (std::string_view(a) == "true") {
        xml.Warning(inertial,
                    "<inertial auto='true'> is not supported; the "
                    "written mass properties are used");
      }
    }
    link.inertial.X_BI = ToRigidTransform(
        X_WB.inverse() * PoseInScope(scope, xml, inertial, name));
    link.inertial.mass = xml.ChildDouble(inertial, "mass", 1.0);
    if (const XMLElement* inertia = inertial->FirstChildElement("inertia")) {
      CheckChildElements(xml, inertia);
      const double ixx = xml.ChildDouble(inertia, "ixx", 1.0);
      const double iyy = xml.ChildDouble(inertia, "iyy", 1.0);
      const double izz = xml.ChildDouble(inertia, "izz", 1.0);
      const double ixy = xml.ChildDouble(inertia, "ixy", 0.0);
      const double ixz = xml.ChildDouble(inertia, "ixz", 0.0);
      const double iyz = xml.ChildDouble(inertia, "iyz", 0.0);
      link.inertial.I_BBcm_I << ixx, ixy, ixz, ixy, iyy, iyz, ixz, iyz, izz;
    }
    CheckInertial(xml, inertial, name, &link.inertial);
  }
  int n_visual = 0, n_collision = 0;
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    const std::string_view tag = c->Name();
    if (tag == "visual" || tag == "collision") {
      const bool is_collision = tag == "collision";
      GeometrySpec g;
      if (ReadGeometry(scope, c, X_WB, name, is_collision,
                       is_collision ? n_collision++ : n_visual++, &g)) {
        (is_collision ? link.collisions : link.visuals).push_back(g);
      }
    } else if (tag != "inertial" && tag != "pose" && !IsForeignElement(tag) &&
               tag.substr(0, 6) != "drake:") {
      xml.Warning(c, fmt::format("unsupported element <{}> inside link '{}' "
                                 "is ignored",
                                 tag, name));
    }
  }
  model->links.push_back(std::move(link));
}

void SdfReader::EmitJoint(Scope* scope, const std::string& name,
                          ModelSpec* model) {
  const XmlReader& xml = *scope->reader;
  Entry& entry = scope->entries.at(name);
  const XMLElement* e = entry.element;
  JointSpec j;
  j.name = name;
  j.location = xml.Loc(e);
  CheckChildElements(xml, e);
  const std::string type = xml.RequiredAttr(e, "type");
  if (const JointTypeInfo* info = FindJointTypeInfo(type);
      info != nullptr && info->in_sdf) {
    j.type = info->type;
  } else if (type == "revolute2" || type == "gearbox") {
    xml.Error(e, fmt::format("joint type '{}' is not supported", type));
  } else {
    xml.Error(e, fmt::format("unknown joint type '{}' (expected {})", type,
                             JointTypeNames(&JointTypeInfo::in_sdf)));
  }
  const XMLElement* parent_e = e->FirstChildElement("parent");
  const XMLElement* child_e = e->FirstChildElement("child");
  if (parent_e == nullptr) {
    xml.Error(e, fmt::format("joint '{}' has no <parent>", name));
  }
  if (child_e == nullptr) {
    xml.Error(e, fmt::format("joint '{}' has no <child>", name));
  }
  const std::string parent_name = xml.RequiredText(parent_e);
  const std::string child_name = xml.RequiredText(child_e);
  if (child_name == kWorldName) {
    xml.Error(child_e,
              fmt::format("joint '{}' has the world as its child", name));
  }
  const auto parent = ResolveBody(scope, parent_name, parent_e);
  const auto child = ResolveBody(scope, child_name, child_e);
  if (parent == child) {
    xml.Error(e, fmt::format("joint '{}' connects link '{}' to itself", name,
                             child.second));
  }
  j.parent = RelativeName(scope, parent.first, parent.second);
  j.child = RelativeName(scope, child.first, child.second);
  const Eigen::Isometry3d X_WJ = ResolveEntryPose(scope, &entry);
  const Eigen::Isometry3d X_WP =
      parent.first ? ResolveEntryPose(parent.first,
                                      &parent.first->entries.at(parent.second))
                   : Eigen::Isometry3d::Identity();
  const Eigen::Isometry3d X_WC =
      ResolveEntryPose(child.first, &child.first->entries.at(child.second));
  j.X_PF = ToRigidTransform(X_WP.inverse() * X_WJ);
  j.X_CM = ToRigidTransform(X_WC.inverse() * X_WJ);
  const int nv = num_velocities(j.type);
  j.effort_limits = Eigen::VectorXd::Constant(nv, kInf);
  j.velocity_limits = Eigen::VectorXd::Constant(nv, kInf);
  j.damping = Eigen::VectorXd::Zero(nv);
  j.friction = Eigen::VectorXd::Zero(nv);
  if (nv == 1 || j.type == JointType::kUniversal) {
    j.position_lower_limits = Eigen::VectorXd::Constant(nv, -kInf);
    j.position_upper_limits = Eigen::VectorXd::Constant(nv, kInf);
  }
  auto read_axis = [&](const XMLElement* axis, int index,
                       Eigen::Vector3d* out) {
    CheckChildElements(xml, axis);
    const XMLElement* xyz = axis->FirstChildElement("xyz");
    Eigen::Vector3d a = Eigen::Vector3d::UnitZ();
    std::string expressed_in;
    if (xyz) {
      a = xml.ParseVector3(xyz, xml.RequiredText(xyz), "<xyz>");
      if (const char* ex = xyz->Attribute("expressed_in")) expressed_in = ex;
    }
    if (const XMLElement* u =
            axis->FirstChildElement("use_parent_model_frame")) {
      const char* t = u->GetText();
      if (t && (std::string_view(t) == "true" || std::string_view(t) == "1")) {
        expressed_in = kModelFrame;
      }
    }
    if (!(a.norm() > 1e-10)) {
      xml.Error(xyz ? xyz : axis,
                fmt::format("joint '{}' has a zero axis", name));
    }
    if (!expressed_in.empty()) {
      const Eigen::Isometry3d X_WE =
          ResolvePose(scope, expressed_in, xyz ? xyz : axis);
      a = X_WJ.linear().transpose() * X_WE.linear() * a;
    }
    *out = a.normalized();
    const XMLElement* limit = axis->FirstChildElement("limit");
    if (limit) CheckChildElements(xml, limit);
    if (limit && index < nv) {
      // SDFormat writes "no limit" as ±1e16 and effort/velocity -1.
      double lower = xml.ChildDouble(limit, "lower", -kInf);
      double upper = xml.ChildDouble(limit, "upper", kInf);
      if (lower <= -1e16) lower = -kInf;
      if (upper >= 1e16) upper = kInf;
      if (lower > upper) {
        xml.Error(limit, fmt::format("joint '{}' has lower limit {} above "
                                     "upper limit {}",
                                     name, lower, upper));
      }
      if (j.position_lower_limits.size() > index &&
          j.type != JointType::kContinuous) {
        j.position_lower_limits(index) = lower;
        j.position_upper_limits(index) = upper;
      }
      const double effort = xml.ChildDouble(limit, "effort", -1);
      const double velocity = xml.ChildDouble(limit, "velocity", -1);
      j.effort_limits(index) = effort < 0 ? kInf : effort;
      j.velocity_limits(index) = velocity < 0 ? kInf : velocity;
    }
    if (const XMLElement* dynamics = axis->FirstChildElement("dynamics")) {
      CheckChildElements(xml, dynamics);
      const double damping = xml.ChildDouble(dynamics, "damping", 0);
      if (damping < 0) {
        xml.Error(dynamics, fmt::format("joint '{}' has negative damping {}",
                                        name, damping));
      }
      const double friction = xml.ChildDouble(dynamics, "friction", 0);
      for (int k = index; k < (j.type == JointType::kBall ? 3 : index + 1);
           ++k) {
        if (k < nv) {
          j.damping(k) = damping;
          j.friction(k) = friction;
        }
      }
    }
  };
  const XMLElement* axis = e->FirstChildElement("axis");
  if (axis)
    read_axis(axis, 0, &j.axis);
  else if (nv == 1 || j.type == JointType::kUniversal)
    xml.Error(e, fmt::format("{} joint '{}' has no <axis>", type, name));
  if (j.type == JointType::kUniversal) {
    const XMLElement* axis2 = e->FirstChildElement("axis2");
    if (axis2 == nullptr) {
      xml.Error(e, fmt::format("universal joint '{}' has no <axis2>", name));
    }
    read_axis(axis2, 1, &j.axis2);
  }
  if (j.type == JointType::kScrew) {
    const XMLElement* pitch = e->FirstChildElement("screw_thread_pitch");
    if (!pitch) pitch = e->FirstChildElement("drake:screw_thread_pitch");
    if (pitch == nullptr) {
      xml.Error(
          e, fmt::format("screw joint '{}' has no <screw_thread_pitch>", name));
    }
    j.screw_thread_pitch =
        xml.ParseDouble(pitch, xml.RequiredText(pitch), "<screw_thread_pitch>");
    if (j.screw_thread_pitch == 0) {
      xml.Error(pitch, "a screw joint's thread pitch cannot be zero");
    }
  }
  for (const XMLElement* c = e->FirstChildElement(); c;
       c = c->NextSiblingElement()) {
    static const std::set<std::string_view> kKnown{
        "parent",       "child",   "pose",
        "axis",         "axis2",   "screw_thread_pitch",
        "thread_pitch", "physics", "sensor"};
    const std::string_view tag = c->Name();
    if (!kKnown.count(tag) && tag.substr(0, 6) != "drake:") {
      xml.Warning(c, fmt::format("unsupported element <{}> inside joint '{}' "
                                 "is ignored",
                                 tag, name));
    }
  }
  // As in the reference: each 1-dof joint is actuated unless its effort
  // limit is zero.
  if (nv == 1 && j.effort_limits(0) != 0) {
    ActuatorSpec a;
    a.name = name;
    a.joint = name;
    a.effort_limit = j.effort_limits(0);
    a.location = j.location;
    if (const XMLElement* r = e->FirstChildElement("drake:rotor_inertia")) {
      a.rotor_inertia =
          xml.ParseDouble(r, xml.RequiredText(r), "<drake:rotor_inertia>");
      if (a.rotor_inertia < 0)
        xml.Error(r,
                  "the rotor inertia cannot be "
                  "negative");
    }
    if (const XMLElement* g = e->FirstChildElement("drake:gear_ratio")) {
      a.gear_ratio =
          xml.ParseDouble(g, xml.RequiredText(g), "<drake:gear_ratio>");
    }
    model->actuators.push_back(std::move(a));
  }
  if (const XMLElement* mimic = e->FirstChildElement("drake:mimic")) {
    ReadMimic(scope, mimic, &j);
  }
  model->joints.push_back(std::move(j));
}

void SdfReader::EmitCollisionFilterGroup(Scope* scope, const XMLElement* e,
                                         ModelSpec* model) {
  const XmlReader& xml = *scope->reader;
  // ignore="true" switches a group off.
  if (const char* ignore = e->Attribute("ignore")) {
    if (std::string_view(ignore) == "true" || std::string_view(ignore) == "1")
      return;
  }
  CollisionFilterGroupSpec group;
  group.name = xml.RequiredAttr(e, "name");
  group.location = xml.Loc(e);
  for (const XMLElement* m = e->FirstChildElement("drake:member"); m;
       m = m->NextSiblingElement("drake:member")) {
    const std::string member = xml.RequiredText(m);
    auto [owner, entry] = Lookup(scope, member);
    if (entry == nullptr || entry->kind != EntryKind::kLink) {
      xml.Error(m, fmt::format("collision filter group '{}' names link '{}', "
                               "which does not exist in model '{}'",
                               group.name, member, scope->name));
    }
    group.members.push_back(member);
  }
  for (const XMLElement* g =
           e->FirstChildElement("drake:ignored_collision_filter_group");
       g; g = g->NextSiblingElement("drake:ignored_collision_filter_group")) {
    group.ignores.push_back(xml.RequiredText(g));
  }
  model->collision_filter_groups.push_back(std::move(group));
}

void SdfReader::EmitBallConstraint(Scope* scope, const XMLElement* e,
                                   ModelSpec* model) {
  const XmlReader& xml = *scope->reader;
  auto child = [&](const char* tag) {
    const XMLElement* c = e->FirstChildElement(tag);
    if (c == nullptr) {
      xml.Error(e, fmt::format("<drake:ball_constraint>: unable to find the "
                               "<{}> child tag",
                               tag));
    }
    return c;
  };
  auto body = [&](const char* tag) {
    const XMLElement* c = child(tag);
    const std::string name = xml.RequiredText(c);
    auto [owner, entry] = Lookup(scope, name);
    if (entry == nullptr || entry->kind != EntryKind::kLink) {
      xml.Error(c, fmt::format("<drake:ball_constraint>: body '{}' specified "
                               "for <{}> does not exist in the model",
                               name, tag));
    }
    return name;
  };
  auto point = [&](const char* tag) {
    const XMLElement* c = child(tag);
    return xml.ParseVector3(c, xml.RequiredText(c), fmt::format("<{}>", tag));
  };
  ModelConstraintSpec spec;
  spec.type = ModelConstraintType::kBall;
  spec.element = "drake:ball_constraint";
  spec.location = xml.Loc(e);
  spec.body_A = body("drake:ball_constraint_body_A");
  spec.body_B = body("drake:ball_constraint_body_B");
  spec.p_AP = point("drake:ball_constraint_p_AP");
  spec.p_BQ = point("drake:ball_constraint_p_BQ");
  model->constraints.push_back(std::move(spec));
}

void SdfReader::ReadMimic(Scope* scope, const XMLElement* e, JointSpec* j) {
  const XmlReader& xml = *scope->reader;
  auto required = [&](const char* attribute) {
    const char* value = e->Attribute(attribute);
    if (value == nullptr) {
      xml.Error(e, fmt::format("joint '{}' drake:mimic element is missing "
                               "the required '{}' attribute",
                               j->name, attribute));
    }
    return std::string(value);
  };
  MimicSpec m;
  m.joint = required("joint");
  m.multiplier =
      xml.ParseDouble(e, required("multiplier"), "attribute 'multiplier'");
  m.offset = xml.ParseDouble(e, required("offset"), "attribute 'offset'");
  m.location = xml.Loc(e);
  if (m.joint == j->name) {
    xml.Error(e, fmt::format("joint '{}' drake:mimic element specifies joint "
                             "'{}'. Joints cannot mimic themselves.",
                             j->name, m.joint));
  }
  auto [owner, entry] = Lookup(scope, m.joint);
  if (entry == nullptr || entry->kind != EntryKind::kJoint) {
    xml.Error(e, fmt::format("joint '{}' drake:mimic element specifies joint "
                             "'{}' which does not exist",
                             j->name, m.joint));
  }
  j->mimic = std::move(m);
}

void SdfReader::Emit(Scope* scope, std::vector<ModelSpec>* out) {
  if (!scope->name.empty() || scope->foreign_models.empty()) {
    const XmlReader& xml = *scope->reader;
    ModelSpec model;
    model.name = scope->name;
    model.location = xml.Loc(scope->element);
    model.is_static = scope->is_static;
    if (scope->link_order.empty() && scope->children.empty() &&
        scope->foreign_models.empty()) {
      xml.Error(scope->element,
                fmt::format("model '{}' has no links", scope->name));
    }
    for (const auto& name : scope->link_order) EmitLink(scope, name, &model);
    for (const auto& name : scope->joint_order) EmitJoint(scope, name, &model);
    for (const auto& name : scope->frame_order) {
      Entry& entry = scope->entries.at(name);
      FrameSpec f;
      f.name = name;
      f.location = xml.Loc(entry.element);
      const auto body = ResolveEntryBody(scope, &entry);
      f.body = RelativeName(scope, body.first, body.second);
      const Eigen::Isometry3d X_WB =
          body.first ? ResolveEntryPose(body.first,
                                        &body.first->entries.at(body.second))
                     : Eigen::Isometry3d::Identity();
      f.X_BF =
          ToRigidTransform(X_WB.inverse() * ResolveEntryPose(scope, &entry));
      model.frames.push_back(std::move(f));
    }
    for (const XMLElement* e : scope->filter_groups) {
      EmitCollisionFilterGroup(scope, e, &model);
    }
    for (const XMLElement* e : scope->ball_constraints) {
      EmitBallConstraint(scope, e, &model);
    }
    CheckJointTreeTopology(
        model, [&](const JointSpec& j, const std::string& message) {
          xml.Error(scope->entries.at(j.name).element, message);
        });
    out->push_back(std::move(model));
  }
  if (!scope->name.empty() && !scope->foreign_models.empty()) {
    const Eigen::Isometry3d X_WM =
        ResolvePose(scope, kModelFrame, scope->element);
    for (auto& m : scope->foreign_models) {
      for (auto& l : m.links) l.X_WB = ToRigidTransform(X_WM) * l.X_WB;
    }
  }
  for (auto& m : scope->foreign_models) out->push_back(std::move(m));
  for (auto& child : scope->children) Emit(child.get(), out);
}

}  // namespace ossa::multibody::internal::sdf
