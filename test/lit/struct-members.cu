// A member of an SDK struct that the target's struct lacks is reported and
// marked where a rule names it (HIP 5.2's hipDeviceProp_t has no
// asyncEngineCount); members both structs have follow their struct, and a
// user struct's member of the same name is not touched. MUSA keeps them all.
// RUN: %musify --target=hip %s -o %t.hip --report %t.json
// RUN: FileCheck %s --check-prefix=HIP < %t.hip
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['build']['expected'], [(b['kind'], b['name']) for b in f['build']['blockers']])" | FileCheck %s --check-prefix=BUILD
// RUN: %musify %s | FileCheck %s --check-prefix=MUSA
#include <cuda_runtime.h>

struct Mine { int asyncEngineCount; };

int engines(const cudaDeviceProp &prop, Mine m) {
  return prop.asyncEngineCount + prop.major + m.asyncEngineCount;
}

// HIP:  int engines(const hipDeviceProp_t &prop, Mine m) {
// HIP-NEXT: {{^}}  // musify-unsupported: 'cudaDeviceProp::asyncEngineCount' has no HIP equivalent: no HIP version is known to give hipDeviceProp_t a member asyncEngineCount
// HIP-NEXT: {{^}}  return prop.asyncEngineCount + prop.major + m.asyncEngineCount;
// BUILD: False [('unsupported', 'cudaDeviceProp::asyncEngineCount')]
// MUSA: return prop.asyncEngineCount + prop.major + m.asyncEngineCount;
