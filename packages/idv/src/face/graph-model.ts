/**
 * Loads a TensorFlow.js graph model (model.json + .bin shards) from a file on disk into the
 * process-wide backend. tfjs's own loaders speak HTTP or browser storage only; reading the files
 * ourselves is what keeps every model offline.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import type { RgbImage } from './rgb-image';

export async function loadGraphModelFile(jsonPath: string): Promise<tf.GraphModel> {
  const modelJson = JSON.parse(await readFile(jsonPath, 'utf8')) as tf.io.ModelJSON;
  const directory = path.dirname(jsonPath);
  const artifacts = await tf.io.getModelArtifactsForJSON(modelJson, async (manifest) => {
    const specs: tf.io.WeightsManifestEntry[] = [];
    const buffers: ArrayBuffer[] = [];
    for (const group of manifest) {
      specs.push(...group.weights);
      for (const shard of group.paths) {
        const bytes = await readFile(path.join(directory, path.basename(shard)));
        buffers.push(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      }
    }
    return [specs, tf.io.concatenateArrayBuffers(buffers)];
  });
  return tf.loadGraphModel(tf.io.fromMemory(artifacts));
}

/** The square input side a graph model declares (NHWC), or the fallback when it declares none. */
export function modelInputSide(model: tf.GraphModel, fallback: number): number {
  const side = model.inputs[0]?.shape?.[1];
  return typeof side === 'number' && side > 0 ? side : fallback;
}

/** Runs a single-input model on one RGB chip, pixels mapped to value x scale + offset (1/255 gives 0-1 input), and returns its outputs' values. */
export async function runOnChip(model: tf.GraphModel, chip: RgbImage, scale: number, offset = 0): Promise<Float32Array[]> {
  const pixels = Float32Array.from(chip.data, (value) => value * scale + offset);
  const input = tf.tensor4d(pixels, [1, chip.height, chip.width, 3], 'float32');
  let outputs: tf.Tensor | tf.Tensor[] | undefined;
  try {
    outputs = model.execute(input);
    const list = Array.isArray(outputs) ? outputs : [outputs];
    const values: Float32Array[] = [];
    for (const output of list) values.push(Float32Array.from(await output.data()));
    return values;
  } finally {
    input.dispose();
    if (outputs) tf.dispose(outputs);
  }
}
