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
  return tf.loadGraphModel(tf.io.fromMemory(withRelu6(artifacts)));
}

interface GraphNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, unknown>;
}

/**
 * Keras exports ReLU6 as Relu, then Minimum with 6, then Maximum with 0. The WASM backend runs
 * Minimum and Maximum with a scalar as broadcasting binary ops, element by element, and in FaceRes
 * those two took half of the network's time; the backend's Relu6 computes the same numbers in one
 * pass. Only that exact chain is replaced: the Minimum feeding nothing else, constants 6 and 0.
 */
export function withRelu6(artifacts: tf.io.ModelArtifacts): tf.io.ModelArtifacts {
  const topology = artifacts.modelTopology as { node?: GraphNode[] } | undefined;
  const nodes = topology?.node;
  if (!nodes?.some((node) => node.op === 'Maximum') || !artifacts.weightSpecs || !artifacts.weightData) return artifacts;
  const byName = new Map(nodes.map((node) => [node.name, node]));
  const consumers = new Map<string, number>();
  for (const node of nodes) for (const input of node.input ?? []) consumers.set(input, (consumers.get(input) ?? 0) + 1);
  const constants = scalarConstants(artifacts, nodes);
  const removed = new Set<string>();
  const rewritten = nodes.map((node) => {
    const [minimumName, zeroName] = node.input ?? [];
    const minimum = node.op === 'Maximum' && minimumName ? byName.get(minimumName) : undefined;
    const [reluName, sixName] = minimum?.op === 'Minimum' ? (minimum.input ?? []) : [];
    const relu = reluName ? byName.get(reluName) : undefined;
    if (!minimum || !relu || relu.op !== 'Relu' || consumers.get(minimum.name) !== 1) return node;
    if (constants.get(zeroName ?? '') !== 0 || constants.get(sixName ?? '') !== 6) return node;
    removed.add(minimum.name);
    return { name: node.name, op: 'Relu6', input: [relu.name], ...(node.attr ? { attr: node.attr } : {}) };
  });
  if (removed.size === 0) return artifacts;
  return { ...artifacts, modelTopology: { ...topology, node: rewritten.filter((node) => !removed.has(node.name)) } };
}

/** The values of the graph's scalar Const nodes, read from the weights. */
function scalarConstants(artifacts: tf.io.ModelArtifacts, nodes: readonly GraphNode[]): Map<string, number> {
  const names = new Set(nodes.filter((node) => node.op === 'Const').map((node) => node.name));
  const scalars = (artifacts.weightSpecs ?? []).filter((spec) => names.has(spec.name) && spec.shape.length === 0);
  if (scalars.length === 0 || !artifacts.weightData || !artifacts.weightSpecs) return new Map();
  const decoded = tf.io.decodeWeights(artifacts.weightData, artifacts.weightSpecs);
  try {
    const values = new Map<string, number>();
    for (const spec of scalars) values.set(spec.name, decoded[spec.name]?.dataSync()[0] ?? Number.NaN);
    return values;
  } finally {
    tf.dispose(decoded);
  }
}

/** The square input side a graph model declares (NHWC), or the fallback when it declares none. */
export function modelInputSide(model: tf.GraphModel, fallback: number): number {
  const side = model.inputs[0]?.shape?.[1];
  return typeof side === 'number' && side > 0 ? side : fallback;
}

/**
 * Runs the model once on chips of one size stacked into a batch: for each output, each chip's
 * values. A batch gives every chip the numbers it gets alone (the rows of a convolution are
 * independent) in less time than one run per chip.
 */
export async function runOnChips(model: tf.GraphModel, chips: readonly RgbImage[], scale: number, offset = 0): Promise<Float32Array[][]> {
  const [first] = chips;
  if (!first) return [];
  const chipLength = first.data.length;
  // A plain loop: Float32Array.from with a mapping function calls it once per value, several times slower.
  const pixels = new Float32Array(chipLength * chips.length);
  for (const [index, chip] of chips.entries()) {
    if (chip.width !== first.width || chip.height !== first.height) throw new RangeError('Chips of one batch must have one size');
    const start = index * chipLength;
    for (let value = 0; value < chipLength; value += 1) pixels[start + value] = (chip.data[value] ?? 0) * scale + offset;
  }
  const input = tf.tensor4d(pixels, [chips.length, first.height, first.width, 3], 'float32');
  let outputs: tf.Tensor | tf.Tensor[] | undefined;
  try {
    outputs = model.execute(input);
    const list = Array.isArray(outputs) ? outputs : [outputs];
    const values: Float32Array[][] = [];
    for (const output of list) {
      const data = await output.data();
      const perChip = data.length / chips.length;
      values.push(chips.map((_, index) => Float32Array.from(data.subarray(index * perChip, (index + 1) * perChip))));
    }
    return values;
  } finally {
    input.dispose();
    if (outputs) tf.dispose(outputs);
  }
}
