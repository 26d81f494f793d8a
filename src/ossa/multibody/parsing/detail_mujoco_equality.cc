#include "ossa/multibody/parsing/detail_mujoco_equality.h"

#include <fmt/format.h>
#include <tinyxml2.h>

#include <string>
#include <string_view>

namespace ossa::multibody::internal {
namespace {

using tinyxml2::XMLElement;

class EqualityReader {
 public:
  EqualityReader(const XmlReader& xml, ModelSpec* model)
      : xml_(xml), model_(*model) {}

  void Read(const XMLElement* equality) {
    for (const XMLElement* c = equality->FirstChildElement(); c;
         c = c->NextSiblingElement()) {
      const std::string_view tag = c->Name();
      if (tag == "connect") {
        ReadConnect(c);
      } else if (tag == "weld") {
        ReadWeld(c);
      } else if (tag == "joint") {
        ReadJoint(c);
      } else {
        xml_.Warning(c, fmt::format("the tag '{}' found as a child of "
                                    "'equality' is currently unsupported and "
                                    "will be ignored",
                                    tag));
      }
    }
  }

 private:
  // The spec's common fields; reports the `active` attribute.
  ModelConstraintSpec Start(const XMLElement* e, ModelConstraintType type) {
    if (XmlReader::Attr(e, "active") != nullptr) {
      xml_.Warning(e, fmt::format("the attribute 'active' found in a '{}' "
                                  "tag is currently unsupported and will be "
                                  "ignored (every constraint starts active)",
                                  e->Name()));
    }
    ModelConstraintSpec spec;
    spec.type = type;
    spec.element = e->Name();
    spec.location = xml_.Loc(e);
    return spec;
  }

  // True (after a warning) if `e` names sites instead of bodies.
  bool UsesSites(const XMLElement* e) const {
    if (XmlReader::Attr(e, "site1") == nullptr &&
        XmlReader::Attr(e, "site2") == nullptr) {
      return false;
    }
    xml_.Warning(e, fmt::format("{} node uses the site1 and site2 "
                                "specification, which is not supported yet. "
                                "This constraint will be ignored",
                                e->Name()));
    return true;
  }

  // The body named by `attribute` (the world when absent and `optional`).
  const LinkSpec* Body(const XMLElement* e, const char* attribute,
                       bool optional) const {
    const char* name = XmlReader::Attr(e, attribute);
    if (name == nullptr && optional) return nullptr;
    const std::string body = xml_.RequiredAttr(e, attribute);
    if (body == kWorldName) return nullptr;
    const LinkSpec* link = model_.FindLink(body);
    if (link == nullptr) {
      xml_.Error(e, fmt::format("{} specified {}: {} but no body with that "
                                "name exists in model instance: {}",
                                e->Name(), attribute, body, model_.name));
    }
    return link;
  }

  static std::string NameOf(const LinkSpec* link) {
    return link == nullptr ? std::string(kWorldName) : link->name;
  }
  static math::RigidTransformd PoseOf(const LinkSpec* link) {
    return link == nullptr ? math::RigidTransformd() : link->X_WB;
  }

  void ReadConnect(const XMLElement* e) {
    if (UsesSites(e)) return;
    ModelConstraintSpec spec = Start(e, ModelConstraintType::kBall);
    spec.body_A = NameOf(Body(e, "body1", false));
    spec.body_B = NameOf(Body(e, "body2", true));
    spec.p_AP = xml_.ParseVector3(e, xml_.RequiredAttr(e, "anchor"),
                                  "attribute 'anchor'");
    model_.constraints.push_back(std::move(spec));
  }

  void ReadWeld(const XMLElement* e) {
    if (UsesSites(e)) return;
    ModelConstraintSpec spec = Start(e, ModelConstraintType::kWeld);
    const LinkSpec* body_A = Body(e, "body1", false);
    const LinkSpec* body_B = Body(e, "body2", true);
    spec.body_A = NameOf(body_A);
    spec.body_B = NameOf(body_B);
    Eigen::Vector3d anchor = Eigen::Vector3d::Zero();
    if (const char* a = XmlReader::Attr(e, "anchor")) {
      anchor = xml_.ParseVector3(e, a, "attribute 'anchor'");
    }
    spec.X_BQ = math::RigidTransformd(anchor);
    // relpose: X_AB as position then quaternion (w x y z); a zero
    // quaternion (the default) means "as at the reference configuration".
    math::RigidTransformd X_AB = PoseOf(body_A).inverse() * PoseOf(body_B);
    if (const char* r = XmlReader::Attr(e, "relpose")) {
      const Eigen::VectorXd pose =
          xml_.ParseVector(e, r, 7, "attribute 'relpose'");
      const Eigen::Vector4d wxyz = pose.tail<4>();
      if (wxyz.norm() > 0) {
        const Eigen::Quaterniond q(wxyz(0), wxyz(1), wxyz(2), wxyz(3));
        X_AB = math::RigidTransformd(math::RotationMatrixd(q.normalized()),
                                     Eigen::Vector3d(pose.head<3>()));
      }
    }
    spec.X_AP = X_AB * spec.X_BQ;
    model_.constraints.push_back(std::move(spec));
  }

  const JointSpec* Joint(const XMLElement* e, const std::string& name) const {
    const JointSpec* joint = model_.FindJoint(name);
    if (joint == nullptr) {
      xml_.Error(e, fmt::format("joint equality names joint '{}', which does "
                                "not exist in model instance: {}",
                                name, model_.name));
    }
    return joint;
  }

  void ReadJoint(const XMLElement* e) {
    ModelConstraintSpec spec = Start(e, ModelConstraintType::kCoupler);
    const JointSpec* joint1 = Joint(e, xml_.RequiredAttr(e, "joint1"));
    double c[5] = {0, 1, 0, 0, 0};
    if (const char* p = XmlReader::Attr(e, "polycoef")) {
      const Eigen::VectorXd coef =
          xml_.ParseVector(e, p, 5, "attribute 'polycoef'");
      for (int i = 0; i < 5; ++i) c[i] = coef(i);
    }
    const char* joint2_name = XmlReader::Attr(e, "joint2");
    if (joint2_name == nullptr) {
      xml_.Warning(e, fmt::format("the joint equality on '{}' without joint2 "
                                  "(a joint held at a constant position) is "
                                  "not supported and will be ignored",
                                  joint1->name));
      return;
    }
    const JointSpec* joint2 = Joint(e, joint2_name);
    if (c[2] != 0 || c[3] != 0 || c[4] != 0) {
      xml_.Warning(e, fmt::format("the joint equality between '{}' and '{}' "
                                  "has a nonlinear polycoef; only a linear "
                                  "coupling (a coupler constraint) is "
                                  "supported, so it will be ignored",
                                  joint1->name, joint2->name));
      return;
    }
    const double y0 = joint1->default_position.value_or(0.0);
    const double x0 = joint2->default_position.value_or(0.0);
    spec.joint0 = joint1->name;
    spec.joint1 = joint2->name;
    spec.gear_ratio = c[1];
    spec.offset = c[0] + y0 - c[1] * x0;
    model_.constraints.push_back(std::move(spec));
  }

  const XmlReader& xml_;
  ModelSpec& model_;
};

}  // namespace

void ReadMujocoEquality(const XmlReader& xml, const XMLElement* e,
                        ModelSpec* model) {
  EqualityReader(xml, model).Read(e);
}

}  // namespace ossa::multibody::internal
