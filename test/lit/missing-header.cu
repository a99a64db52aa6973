// Headers that cannot be found (MPI here, on a machine without it) cost no
// semantics: each is parsed as an empty file, the parse goes on, and every
// reference Clang still resolves to the SDK is found by its declaration. Where
// the errors that follow leave Clang nothing to resolve (the declaration around
// each error, or the gap where Clang dropped one: here from line 27 to the end),
// the token rewriter migrates the CUDA names by spelling, and the report says
// which lines those were. A CUDA header that is missing is still an error
// (parse-failure.cu).
// RUN: %musify %s -o %t.cu --report %t.json 2> %t.err
// RUN: grep -v '^[[:space:]]*//' %t.cu | FileCheck %s --match-full-lines --check-prefix=OUT
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: %python -c "import json; f = json.load(open('%t.json'))['files'][0]; print(f['analysis'], f['error_count'], f['stood_in'], f['error_lines']); [print(e['line'], e['cuda'], e['status'], e['evidence']) for e in f['references']]" | FileCheck %s --check-prefix=REPORT
#include <mpi.h>
#include <cuda_runtime.h>
#include "comm/config.h"

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  cudaSetDevice(rank);
  MPI_Finalize();
  return 0;
}

MPI_Status statuses[cudaLimitStackSize];
int code = sizeof(MPI_Status) + cudaErrorInvalidValue;
// OUT:      #include <mpi.h>
// OUT-NEXT: #include <musa_runtime.h>
// OUT-NEXT: #include "comm/config.h"
// OUT:        musaSetDevice(rank);
// OUT:      MPI_Status statuses[musaLimitStackSize];
// OUT-NEXT: int code = sizeof(MPI_Status) + musaErrorInvalidValue;

// ERR:      musify: warning: '{{.*}}missing-header.cu' includes headers that cannot be found, parsed as empty: mpi.h (line 13) comm/config.h (line 15); parsed with 5 Clang error(s); the code they touch (lines 17-24 26 27-44) was migrated by the token rewriter, 1 reference(s) in it:
// ERR-NEXT:   {{.*}}missing-header.cu:18:3: error: use of undeclared identifier 'MPI_Init'
// ERR:      musify: 1 file to {{MUSA}}: 4 references: 3 migrated, 1 migrated without semantics, 0 kept, 0 unsupported, 0 unknown

// REPORT:      semantic 5 [{'header': 'mpi.h', 'line': 13}, {'header': 'comm/config.h', 'line': 15}] [{'first': 17, 'last': 24}, {'first': 26, 'last': 26}, {'first': 27, 'last': 44}]
// REPORT-NEXT: 14 cuda_runtime.h migrated include
// REPORT-NEXT: 21 cudaSetDevice migrated declaration
// REPORT-NEXT: 26 cudaLimitStackSize migrated declaration
// REPORT-NEXT: 27 cudaErrorInvalidValue migrated-without-semantics error-region
