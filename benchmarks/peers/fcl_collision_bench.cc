// FCL (Debian's libfcl-dev, with libccd) called directly on the
// collision_query scene, timed like coal_collision_bench.cc: the other
// candidate for ossa's collision library. The libccd solver is used: FCL's
// own GJK (GST_INDEP) aborts on an assertion in distance queries of this
// scene.
#include <fcl/fcl.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "collision_scene.h"
#include "timing.h"

namespace {
struct CollideData {
  std::vector<fcl::Contactd> contacts;
  const ossa_bench::CollisionScene* scene{};
};

// The scene index of an object (its user data).
int IndexOf(fcl::CollisionObjectd* o) {
  return static_cast<int>(reinterpret_cast<intptr_t>(o->getUserData()));
}

bool Collide(fcl::CollisionObjectd* o1, fcl::CollisionObjectd* o2, void* data) {
  auto* d = static_cast<CollideData*>(data);
  if (d->scene->Excluded(IndexOf(o1), IndexOf(o2))) return false;
  fcl::CollisionRequestd request(1, true);
  request.gjk_solver_type = fcl::GST_LIBCCD;
  fcl::CollisionResultd result;
  fcl::collide(o1, o2, request, result);
  if (result.isCollision()) d->contacts.push_back(result.getContact(0));
  return false;
}
}  // namespace

int main(int argc, char** argv) {
  const auto settings = ossa_bench::ParseSettings(argc, argv);
  const auto scene =
      ossa_bench::ReadCollisionScene(ossa_bench::SceneArgument(argc, argv));
  std::vector<std::unique_ptr<fcl::CollisionObjectd>> objects;
  std::vector<fcl::Transform3d> poses;
  for (const auto& s : scene.shapes) {
    fcl::Transform3d X = fcl::Transform3d::Identity();
    X.linear() = s.q.toRotationMatrix();
    X.translation() = s.p;
    poses.push_back(X);
    objects.push_back(std::make_unique<fcl::CollisionObjectd>(
        ossa_bench::MakeSceneShape<fcl::CollisionGeometryd, fcl::Sphered,
                                   fcl::Boxd, fcl::Capsuled, fcl::Cylinderd>(
            s),
        X));
    objects.back()->setUserData(
        reinterpret_cast<void*>(static_cast<intptr_t>(objects.size() - 1)));
  }
  fcl::DynamicAABBTreeCollisionManagerd manager;
  for (auto& o : objects) manager.registerObject(o.get());
  manager.setup();
  const std::string& model = scene.model;
  const int n = scene.size();

  CollideData data;
  data.scene = &scene;
  std::vector<fcl::Contactd>& contacts = data.contacts;
  const double pen = ossa_bench::MedianNs(settings, [&] {
    contacts.clear();
    for (size_t i = 0; i < objects.size(); ++i) {
      objects[i]->setTransform(poses[i]);
      objects[i]->computeAABB();
    }
    manager.update();
    manager.collide(&data, Collide);
    ossa_bench::Escape(contacts.data());
  });
  ossa_bench::Emit(model, "collision_query_penetration", "fcl", pen, n, n,
                   std::to_string(contacts.size()) + " contacts");
  std::vector<double> distances(objects.size() * objects.size());
  const double dist = ossa_bench::MedianNs(settings, [&] {
    size_t k = 0;
    for (size_t i = 0; i < objects.size(); ++i) {
      for (size_t j = i + 1; j < objects.size(); ++j) {
        if (scene.Excluded(i, j)) continue;
        fcl::DistanceRequestd request(true);
        request.enable_signed_distance = true;
        request.gjk_solver_type = fcl::GST_LIBCCD;
        fcl::DistanceResultd result;
        fcl::distance(objects[i].get(), objects[j].get(), request, result);
        distances[k++] = result.min_distance;
      }
    }
    ossa_bench::Escape(distances.data());
  });
  ossa_bench::Emit(model, "collision_query_distance", "fcl", dist, n, n,
                   "all pairs not excluded, libccd");
  // Tearing down Debian's FCL 0.7.0 objects here aborts with "double free"
  // (inside FCL, after the timings); the timings are all out, so leave
  // without running the destructors.
  std::fflush(stdout);
  std::_Exit(0);
}
