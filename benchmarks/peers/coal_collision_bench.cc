// coal called directly on the collision_query scene (collision_scene.h): the
// floor ossa's geometry layer is measured against. Per call, as ossa does:
//   collision_query_penetration: set the poses, recompute the AABBs, update
//     the dynamic AABB tree, broad phase with a callback running
//     coal::collide (one contact per pair) and keeping the contacts;
//   collision_query_distance: coal::distance (nearest points) of every pair.
// GJK/EPA tolerances as in ossa (1e-6).
#include <coal/broadphase/broadphase_callbacks.h>
#include <coal/broadphase/broadphase_dynamic_AABB_tree.h>
#include <coal/collision.h>
#include <coal/distance.h>
#include <coal/shape/geometric_shapes.h>

#include <cstdio>
#include <memory>

#include "collision_scene.h"
#include "timing.h"

namespace {
struct Callback final : coal::CollisionCallBackBase {
  std::vector<coal::Contact>* out{};
  bool collide(coal::CollisionObject* o1, coal::CollisionObject* o2) final {
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
  for (const auto& s : scene) {
    std::shared_ptr<coal::CollisionGeometry> g;
    if (s.kind == "sphere") {
      g = std::make_shared<coal::Sphere>(s.a);
    } else if (s.kind == "box") {
      g = std::make_shared<coal::Box>(s.a, s.b, s.c);
    } else {
      g = std::make_shared<coal::Capsule>(s.a, s.b);
    }
    poses.emplace_back(s.q.toRotationMatrix(), s.p);
    objects.push_back(std::make_unique<coal::CollisionObject>(g, poses.back()));
  }
  coal::DynamicAABBTreeCollisionManager manager;
  for (auto& o : objects) manager.registerObject(o.get());
  manager.setup();
  const std::string model = "random" + std::to_string(scene.size());
  const int n = static_cast<int>(scene.size());

  std::vector<coal::Contact> contacts;
  Callback callback;
  callback.out = &contacts;
  const double pen = ossa_bench::MedianNs(settings, [&] {
    contacts.clear();
    for (size_t i = 0; i < objects.size(); ++i) {
      objects[i]->setTransform(poses[i]);
      objects[i]->computeAABB();
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
                   "all pairs");
  return 0;
}
