import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultWasmDir } from './face-models';
import { faceresSpec } from './face-recognizers';
import { withRelu6 } from './graph-model';
import { installFastConcat } from './wasm-concat-kernel';

const CONCATS: ReadonlyArray<{ shapes: number[][]; axis: number }> = [
  {
    shapes: [
      [2, 5, 5, 1],
      [2, 5, 5, 1],
      [2, 5, 5, 1],
    ],
    axis: 3,
  },
  {
    shapes: [
      [1, 7, 7, 64],
      [1, 7, 7, 3],
    ],
    axis: 3,
  },
  {
    shapes: [
      [3, 4],
      [5, 4],
    ],
    axis: 0,
  },
  {
    shapes: [
      [4, 1, 3],
      [4, 0, 3],
      [4, 2, 3],
    ],
    axis: 1,
  },
  {
    shapes: [
      [2, 3],
      [2, 3],
    ],
    axis: -1,
  },
];

/** The operation names of a graph model's topology. */
const ops = (topology: unknown): string[] => ((topology as { node: { op: string }[] }).node ?? []).map((node) => node.op);

describe('speed-ups of the WASM backend', () => {
  beforeAll(async () => {
    setWasmPaths(`${defaultWasmDir()}/`);
    await tf.setBackend('wasm');
    await tf.ready();
  });

  it('concatenates exactly as the backend does, narrow rows included', () => {
    const inputs = CONCATS.map(({ shapes }) => shapes.map((shape, index) => tf.randomNormal(shape, 0, 1, 'float32', index + 1)));
    const expected = CONCATS.map(({ axis }, index) => tf.concat(inputs[index] ?? [], axis));
    installFastConcat();
    for (const [index, { axis }] of CONCATS.entries()) {
      const actual = tf.concat(inputs[index] ?? [], axis);
      expect(actual.shape).toEqual(expected[index]?.shape);
      expect(Array.from(actual.dataSync())).toEqual(Array.from(expected[index]?.dataSync() ?? []));
    }
    const ints = tf.concat(
      [
        tf.tensor2d(
          [
            [1, 2],
            [3, 4],
          ],
          undefined,
          'int32',
        ),
        tf.tensor2d([[5], [6]], undefined, 'int32'),
      ],
      1,
    );
    expect(Array.from(ints.dataSync())).toEqual([1, 2, 5, 3, 4, 6]);
  });

  it("loads FaceRes's clipped ReLUs as Relu6 with the same outputs", async () => {
    const file = faceresSpec().modelFile;
    const json = JSON.parse(await readFile(file, 'utf8')) as tf.io.ModelJSON;
    const artifacts = await tf.io.getModelArtifactsForJSON(json, async (manifest) => {
      const specs = manifest.flatMap((group) => group.weights);
      const shards = await Promise.all(
        manifest.flatMap((group) => group.paths).map((shard) => readFile(path.join(path.dirname(file), path.basename(shard)))),
      );
      return [
        specs,
        tf.io.concatenateArrayBuffers(shards.map((bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))),
      ];
    });
    const rewritten = withRelu6(artifacts);
    expect(ops(rewritten.modelTopology)).toContain('Relu6');
    expect(ops(rewritten.modelTopology)).not.toContain('Minimum');
    const plain = await tf.loadGraphModel(tf.io.fromMemory(artifacts));
    const fast = await tf.loadGraphModel(tf.io.fromMemory(rewritten));
    const input = tf.randomUniform([1, 224, 224, 3], 0, 255, 'float32', 3);
    const run = (model: tf.GraphModel) => (model.execute(input) as tf.Tensor[]).map((output) => Array.from(output.dataSync()));
    expect(run(fast)).toEqual(run(plain));
  }, 60_000);
});
