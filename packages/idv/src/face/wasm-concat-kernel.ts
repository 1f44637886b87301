/**
 * A faster Concat for the TensorFlow.js WASM backend, the same numbers. The backend's own Concat
 * copies one row per input at a time with `subarray` + `set`, which costs a typed-array view per
 * row: face-api subtracts its mean colour by concatenating three one-channel planes along the
 * channel axis (one row per pixel, 50 176 rows for a 224 px input) and pads ResNet-34's channels
 * the same way, and those copies took longer than the convolutions of the tiny detector. Narrow
 * rows are copied element by element here; wide ones and strings go to the backend's own kernel.
 */
import * as tf from '@tensorflow/tfjs';

/** Rows at least this wide are copied with `set`, which then beats an element loop. */
const WIDE_ROW = 64;

interface WasmBackendLike {
  makeOutput(shape: number[], dtype: tf.DataType): tf.TensorInfo;
  typedArrayFromHeap(tensor: tf.TensorInfo): Float32Array | Int32Array | Uint8Array;
}

let isInstalled = false;

/** Replaces the WASM backend's Concat kernel once per process (the kernel registry is process-wide). */
export function installFastConcat(): void {
  if (isInstalled) return;
  const original = tf.getKernel(tf.Concat, 'wasm');
  if (!original) return;
  tf.unregisterKernel(tf.Concat, 'wasm');
  tf.registerKernel({
    ...original,
    kernelFunc: (args) => {
      const inputs = args.inputs as unknown as tf.TensorInfo[];
      const axis = tf.util.parseAxisParam((args.attrs as { axis: number | number[] }).axis, inputs[0]?.shape ?? [])[0] ?? 0;
      const present = inputs.filter((input) => tf.util.sizeFromShape(input.shape) > 0);
      const [first] = present;
      const innerDims = present.map((input) => tf.util.sizeFromShape(input.shape.slice(axis)));
      if (!first || present.length < 2 || first.dtype === 'string' || innerDims.every((inner) => inner >= WIDE_ROW)) {
        return original.kernelFunc(args);
      }
      return concatRows(args.backend as unknown as WasmBackendLike, inputs, present, innerDims, axis);
    },
  });
  isInstalled = true;
}

function concatRows(
  backend: WasmBackendLike,
  inputs: readonly tf.TensorInfo[],
  present: readonly tf.TensorInfo[],
  innerDims: readonly number[],
  axis: number,
): tf.TensorInfo {
  const outShape = tf.backend_util.computeOutShape(
    inputs.map((input) => input.shape),
    axis,
  );
  const out = backend.makeOutput(outShape, inputs[0]?.dtype ?? 'float32');
  const rows = tf.util.sizeFromShape(present[0]?.shape.slice(0, axis) ?? []);
  const sources = present.map((input) => backend.typedArrayFromHeap(input));
  // Views are taken after makeOutput: allocating the output may grow (and move) the WASM heap.
  const target = backend.typedArrayFromHeap(out);
  const outRow = innerDims.reduce((sum, inner) => sum + inner, 0);
  let start = 0;
  for (const [index, source] of sources.entries()) {
    const inner = innerDims[index] ?? 0;
    if (inner >= WIDE_ROW) {
      for (let row = 0; row < rows; row += 1) target.set(source.subarray(row * inner, (row + 1) * inner), row * outRow + start);
    } else {
      for (let row = 0; row < rows; row += 1) {
        const from = row * inner;
        const to = row * outRow + start;
        for (let k = 0; k < inner; k += 1) target[to + k] = source[from + k] ?? 0;
      }
    }
    start += inner;
  }
  return out;
}
