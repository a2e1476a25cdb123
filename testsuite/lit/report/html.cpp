// --format=html writes one self-contained page: the source with every reference in a span, the
// dependence rows pointing at their two references, and an SVG of the partitions.
// RUN: %orionc --dump=deps --format=html %s -o %t.html
// RUN: FileCheck %s < %t.html
// RUN: FileCheck %s --check-prefix=NONET < %t.html
#include <orion/orion.hpp>

int main(int argc, char **argv) {
  orion::Session s(argc, argv);
  auto R = orion::load_triplets<float>(argv[1]);
  orion::DenseArray<float, 2> W({R.extent(0), 4}), H({R.extent(1), 4});
#pragma orion parallel_for
  for (auto &&[key, r] : R) {
    for (int k = 0; k < 4; ++k) {
      const float w = W(key[0], k);
      W(key[0], k) = w + r * H(key[1], k);
      H(key[1], k) = H(key[1], k) + r * w;
    }
  }
}

// CHECK: <!DOCTYPE html>
// CHECK: <span class="ref accR" id="l0r0" title="l0r0">W(key[0], k)</span>
// CHECK: <span class="ref accW" id="l0r1" title="l0r1">W(key[0], k)</span>
// CHECK: <tr class="dep" data-refs="l0r{{[0-9]}} l0r{{[0-9]}} {{.*}}"><td>{{RAW|WAR}}</td><td>([0,0], [1,+inf])</td><td>W</td>
// CHECK: <h4>schedule: 2d</h4>
// CHECK: <svg xmlns="http://www.w3.org/2000/svg"
// CHECK: >t0</text>
// CHECK: >t3</text>
// CHECK: key[1] (time)
// CHECK: <td>H</td><td>rotated</td>
// CHECK: <script>
// The page loads nothing from the network (the SVG namespace is an identifier, not a fetch).
// NONET-NOT: <link
// NONET-NOT: src="http
// NONET-NOT: href="http
