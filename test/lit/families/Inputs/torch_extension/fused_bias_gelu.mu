// A fused bias + GELU activation for PyTorch, as custom CUDA operators are
// written in model repositories: a kernel over at::Tensor data, dispatched on
// the dtype, launched on PyTorch's current stream under a device guard, with
// a cuBLAS handle borrowed from PyTorch for the matrix product before it.
#include <torch/extension.h>

#include <torch_musa/csrc/aten/musa/MUSAContext.h>
#include <torch_musa/csrc/core/MUSAGuard.h>
#include <musa_runtime.h>

#include <cmath>

namespace {

template <typename scalar_t>
__global__ void bias_gelu_kernel(const scalar_t *__restrict__ input,
                                 const scalar_t *__restrict__ bias,
                                 scalar_t *__restrict__ output, int64_t rows,
                                 int64_t cols) {
  int64_t i = blockIdx.x * static_cast<int64_t>(blockDim.x) + threadIdx.x;
  if (i >= rows * cols)
    return;
  float x = static_cast<float>(input[i]) + static_cast<float>(bias[i % cols]);
  float y = 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
  output[i] = static_cast<scalar_t>(y);
}

} // namespace

#define CHECK_CUDA(x) TORCH_CHECK(x.is_privateuseone(), #x " must be a CUDA tensor")
#define CHECK_INPUT(x)                                                          \
  CHECK_CUDA(x);                                                                \
  TORCH_CHECK(x.is_contiguous(), #x " must be contiguous")

torch::Tensor bias_gelu(torch::Tensor input, torch::Tensor bias) {
  CHECK_INPUT(input);
  CHECK_INPUT(bias);
  TORCH_CHECK(input.device().type() == at::kPrivateUse1, "input must live on the GPU");
  const at::musa::OptionalMUSAGuard device_guard(device_of(input));
  auto output = torch::empty_like(input);
  const int64_t cols = input.size(-1);
  const int64_t rows = input.numel() / cols;
  const int threads = 256;
  const int blocks = static_cast<int>((rows * cols + threads - 1) / threads);
  musaStream_t stream = at::musa::getCurrentMUSAStream();
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(input.scalar_type(), "bias_gelu", [&] {
    bias_gelu_kernel<scalar_t><<<blocks, threads, 0, stream>>>(
        input.data_ptr<scalar_t>(), bias.data_ptr<scalar_t>(),
        output.data_ptr<scalar_t>(), rows, cols);
  });
  C10_MUSA_KERNEL_LAUNCH_CHECK();
  return output;
}

// The projection before the activation: PyTorch's cuBLAS handle, on PyTorch's
// stream, so the product and the kernel are ordered.
torch::Tensor linear_bias_gelu(torch::Tensor input, torch::Tensor weight,
                               torch::Tensor bias) {
  CHECK_INPUT(input);
  CHECK_INPUT(weight);
  TORCH_CHECK(input.scalar_type() == at::kFloat, "linear_bias_gelu takes float32");
  const c10::musa::MUSAGuard device_guard(input.device());
  auto product = torch::empty({input.size(0), weight.size(0)}, input.options());
  mublasHandle_t handle = at::musa::getCurrentMUSABlasHandle();
  TORCH_MUSABLAS_CHECK(mublasSetStream(handle, at::musa::getCurrentMUSAStream()));
  const float alpha = 1.0f, beta = 0.0f;
  TORCH_MUSABLAS_CHECK(mublasSgemm(
      handle, MUBLAS_OP_T, MUBLAS_OP_N, static_cast<int>(weight.size(0)),
      static_cast<int>(input.size(0)), static_cast<int>(input.size(1)), &alpha,
      weight.data_ptr<float>(), static_cast<int>(weight.size(1)),
      input.data_ptr<float>(), static_cast<int>(input.size(1)), &beta,
      product.data_ptr<float>(), static_cast<int>(weight.size(0))));
  AT_MUSA_CHECK(musaGetLastError());
  return bias_gelu(product, bias);
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("bias_gelu", &bias_gelu, "bias + GELU (CUDA)");
  m.def("linear_bias_gelu", &linear_bias_gelu, "x W^T + bias, then GELU (CUDA)");
}
