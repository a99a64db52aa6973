// cuDNN on HIP becomes MIOpen (HIPIFY's MIOpen table; hipify's default hipDNN
// names belong to a retired wrapper no ROCm ships). Types and enumerators are
// renamed; a call only where MIOpen's takes the same parameters in the same
// order: cudnnSetActivationDescriptor has no MIOpen counterpart and
// cudnnConvolutionForward's counterpart orders its parameters differently, so
// both are reported, not renamed. miopenSet4dTensorDescriptorEx came with HIP
// 5.3: unsupported at 5.2, migrated at 6.3. MUSA's muDNN is a C++ class API, so
// nothing of cuDNN is renamed there. Debian does not ship MIOpen, so the HIP
// output is not compiled.
// RUN: %nvcc-check %s
// RUN: %musify --target=hip --hip-version=5.2 %s -o %t.52 2> %t.52.err
// RUN: grep -v '^[[:space:]]*//' %t.52 | FileCheck %s --match-full-lines --check-prefixes=HIP,HIP52
// RUN: FileCheck %s --check-prefix=HIP52-DIAG < %t.52.err
// RUN: %musify --target=hip --hip-version=6.3 %s -o %t.63 2> %t.63.err
// RUN: grep -v '^[[:space:]]*//' %t.63 | FileCheck %s --match-full-lines --check-prefixes=HIP,HIP63
// RUN: FileCheck %s --check-prefix=HIP63-DIAG < %t.63.err
// RUN: %musify %s -o %t.mu 2> %t.musa.err
// RUN: FileCheck %s --check-prefix=MUSA-DIAG < %t.musa.err
#include <cuda_runtime.h>
#include <cudnn.h>
// HIP:      #include <hip/hip_runtime.h>
// HIP-NEXT: #include <miopen/miopen.h>

int relu(float *x, float *y, int n, int c, int h, int w, cudaStream_t stream) {
  cudnnHandle_t handle;
  if (cudnnCreate(&handle) != CUDNN_STATUS_SUCCESS)
    return 1;
  cudnnSetStream(handle, stream);
  cudnnTensorDescriptor_t desc;
  cudnnCreateTensorDescriptor(&desc);
  cudnnSetTensor4dDescriptorEx(desc, CUDNN_DATA_FLOAT, n, c, h, w, c * h * w, h * w, w, 1);
  cudnnActivationDescriptor_t act;
  cudnnCreateActivationDescriptor(&act);
  cudnnSetActivationDescriptor(act, CUDNN_ACTIVATION_RELU, CUDNN_PROPAGATE_NAN, 0.0);
  const float one = 1.0f, zero = 0.0f;
  cudnnStatus_t status = cudnnActivationForward(handle, act, &one, desc, x, &zero, desc, y);
  cudnnDestroyActivationDescriptor(act);
  cudnnDestroyTensorDescriptor(desc);
  cudnnDestroy(handle);
  return status == CUDNN_STATUS_SUCCESS ? 0 : 1;
}
// HIP:        miopenHandle_t handle;
// HIP-NEXT:   if (miopenCreate(&handle) != miopenStatusSuccess)
// HIP-NEXT:     return 1;
// HIP-NEXT:   miopenSetStream(handle, stream);
// HIP-NEXT:   miopenTensorDescriptor_t desc;
// HIP-NEXT:   miopenCreateTensorDescriptor(&desc);
// HIP52-NEXT: cudnnSetTensor4dDescriptorEx(desc, miopenFloat, n, c, h, w, c * h * w, h * w, w, 1);
// HIP63-NEXT: miopenSet4dTensorDescriptorEx(desc, miopenFloat, n, c, h, w, c * h * w, h * w, w, 1);
// HIP-NEXT:   miopenActivationDescriptor_t act;
// HIP-NEXT:   miopenCreateActivationDescriptor(&act);
// HIP-NEXT:   cudnnSetActivationDescriptor(act, miopenActivationRELU, MIOPEN_PROPAGATE_NAN, 0.0);
// HIP-NEXT:   const float one = 1.0f, zero = 0.0f;
// HIP-NEXT:   miopenStatus_t status = miopenActivationForward(handle, act, &one, desc, x, &zero, desc, y);
// HIP-NEXT:   miopenDestroyActivationDescriptor(act);
// HIP-NEXT:   miopenDestroyTensorDescriptor(desc);
// HIP-NEXT:   miopenDestroy(handle);
// HIP-NEXT:   return status == miopenStatusSuccess ? 0 : 1;

int convolve(cudnnHandle_t handle, cudnnTensorDescriptor_t xd, const float *x,
             cudnnFilterDescriptor_t wd, const float *w, cudnnConvolutionDescriptor_t cd,
             void *ws, size_t ws_size, cudnnTensorDescriptor_t yd, float *y) {
  const float one = 1.0f, zero = 0.0f;
  return cudnnConvolutionForward(handle, &one, xd, x, wd, w, cd,
                                 CUDNN_CONVOLUTION_FWD_ALGO_GEMM, ws, ws_size, &zero, yd, y);
}
// HIP:      int convolve(miopenHandle_t handle, miopenTensorDescriptor_t xd, const float *x,
// HIP-NEXT:              miopenTensorDescriptor_t wd, const float *w, miopenConvolutionDescriptor_t cd,
// HIP-NEXT:              void *ws, size_t ws_size, miopenTensorDescriptor_t yd, float *y) {
// HIP-NEXT:   const float one = 1.0f, zero = 0.0f;
// HIP-NEXT:   return cudnnConvolutionForward(handle, &one, xd, x, wd, w, cd,
// HIP-NEXT:                                  miopenConvolutionFwdAlgoGEMM, ws, ws_size, &zero, yd, y);

// HIP52-DIAG: warning: 'cudnnSetActivationDescriptor' has no HIP equivalent: deprecated since CUDA 9.0.0 [musify-unsupported]
// HIP52-DIAG: warning: 'cudnnConvolutionForward' has no HIP equivalent: miopenConvolutionForward takes other parameters than cudnnConvolutionForward (order or count): port the call by hand
// HIP52-DIAG: musify: warning: 1 use(s) of 1 name(s) that HIP 5.2, the target, does not have yet; --hip-version=5.3 migrates them: cudnnSetTensor4dDescriptorEx (5.3)
// HIP52-DIAG: musify: 1 file to {{HIP}}: 29 references: 26 migrated, 0 migrated without semantics, 0 kept, 3 unsupported, 0 unknown
// HIP63-DIAG: musify: 1 file to {{HIP}}: 29 references: 27 migrated, 0 migrated without semantics, 0 kept, 2 unsupported, 0 unknown
// MUSA-DIAG: musify: 1 file to {{MUSA}}: 29 references: 2 migrated, 0 migrated without semantics, 0 kept, 27 unsupported, 0 unknown
