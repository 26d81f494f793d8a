// coal called directly on a collision_query scene (collision_scene.h): the
// floor ossa's geometry layer is measured against. Per call, as ossa does:
//   collision_query_penetration: set the poses, recompute the AABBs, update
//     the dynamic AABB tree, broad phase with a callback running
//     coal::collide (one contact per pair not excluded) and keeping the
//     contacts;
//   collision_query_distance: coal::distance (nearest points) of every pair
//     not excluded.
// GJK/EPA tolerances as in ossa (1e-6).
#include <coal/broadphase/broadphase_callbacks.h>
#include <coal/broadphase/broadphase_dynamic_AABB_tree.h>
#include <coal/collision.h>
#include <coal/distance.h>
#include <coal/shape/geometric_shapes.h>

#include <cstdint>
#include <cstdio>
#include <memory>

#include "collision_scene.h"
#include "timing.h"

namespace {
// The scene index of an object (its user data).
int IndexOf(const coal::CollisionObject* o) {
  return static_cast<int>(reinterpret_cast<intptr_t>(o->getUserData()));
}

struct Callback final : coal::CollisionCallBackBase {
  std::vector<coal::Contact>* out{};
  const ossa_bench::CollisionScene* scene{};
  bool collide(coal::CollisionObject* o1, coal::CollisionObject* o2) final {
    if (scene->Excluded(IndexOf(o1), IndexOf(o2))) return false;
    coal::CollisionRequest request(coal::CONTACT, 1);
    request.gjk_tolerance = request.epa_tolerance = 1e-6;
    coal::CollisionResult result;
    coal::collide(o1, o2, request, result);
    if (result.isCollision()) out->push_back(result.getContact(0));
    return false;
  }
};
}  // namespace

int main(int argc, char** argv) {
  const auto settings = ossa_bench::ParseSettings(argc, argv);
  const auto scene =
      ossa_bench::ReadCollisionScene(ossa_bench::SceneArgument(argc, argv));
  std::vector<std::unique_ptr<coal::CollisionObject>> objects;
  std::vector<coal::Transform3s> poses;
  for (const auto& s : scene.shapes) {
    poses.emplace_back(s.q.toRotationMatrix(), s.p);
    objects.push_back(std::make_unique<coal::CollisionObject>(
        ossa_bench::MakeSceneShape<coal::CollisionGeometry, coal::Sphere,
                                   coal::Box, coal::Capsule, coal::Cylinder>(
            s),
        poses.back()));
    objects.back()->setUserData(
        reinterpret_cast<void*>(static_cast<intptr_t>(objects.size() - 1)));
  }
  coal::DynamicAABBTreeCollisionManager manager;
  for (auto& o : objects) {
    o->getAABB().min_.array() -= 1e-10;
    o->getAABB().max_.array() += 1e-10;
    manager.registerObject(o.get());
  }
  manager.setup();
  const std::string& model = scene.model;
  const int n = scene.size();

  std::vector<coal::Contact> contacts;
  Callback callback;
  callback.out = &contacts;
  callback.scene = &scene;
  const double pen = ossa_bench::MedianNs(settings, [&] {
    contacts.clear();
    for (size_t i = 0; i < objects.size(); ++i) {
      objects[i]->setTransform(poses[i]);
      objects[i]->computeAABB();
      // As ossa pads them: coal's tree refuses a zero-volume box (a sphere
      // of radius 0, as Atlas's contact points are).
      objects[i]->getAABB().min_.array() -= 1e-10;
      objects[i]->getAABB().max_.array() += 1e-10;
    }
    manager.update();
    manager.collide(&callback);
    ossa_bench::Escape(contacts.data());
  });
  ossa_bench::Emit(model, "collision_query_penetration", "coal", pen, n, n,
                   std::to_string(contacts.size()) + " contacts");
  std::vector<double> distances(objects.size() * objects.size());
  const double dist = ossa_bench::MedianNs(settings, [&] {
    size_t k = 0;
    for (size_t i = 0; i < objects.size(); ++i) {
      for (size_t j = i + 1; j < objects.size(); ++j) {
        if (scene.Excluded(i, j)) continue;
        coal::DistanceRequest request(true);
        request.gjk_tolerance = request.epa_tolerance = 1e-6;
        coal::DistanceResult result;
        coal::distance(objects[i].get(), objects[j].get(), request, result);
        distances[k++] = result.min_distance;
      }
    }
    ossa_bench::Escape(distances.data());
  });
  ossa_bench::Emit(model, "collision_query_distance", "coal", dist, n, n,
                   "all pairs not excluded");
  return 0;
}
