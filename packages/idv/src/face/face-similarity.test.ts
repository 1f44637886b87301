import { describe, expect, it } from 'vitest';
import {
  FUSED_DESCRIPTOR_LENGTH,
  RESNET_DESCRIPTOR_LENGTH,
  assertThreshold,
  distanceToScore,
  euclideanDistance,
  isFaceMatch,
  scoreDescriptors,
  scoreToDistance,
  similarityScore,
} from './face-similarity';

describe('similarity score', () => {
  it('maps descriptor distance onto 0-100, 0.6 being 70', () => {
    expect(distanceToScore(0)).toBe(100);
    expect(distanceToScore(0.6)).toBe(70);
    expect(distanceToScore(1)).toBe(50);
    expect(distanceToScore(2)).toBe(0);
    expect(distanceToScore(2.7)).toBe(0);
  });

  it('rounds to two decimals and converts back to a distance', () => {
    expect(distanceToScore(0.123456)).toBe(93.83);
    expect(scoreToDistance(70)).toBeCloseTo(0.6, 12);
  });

  it('scores identical descriptors 100 and falls as they part', () => {
    const a = [0.1, -0.2, 0.3, 0.05];
    expect(similarityScore(a, a)).toBe(100);
    expect(similarityScore(a, [0.1, -0.2, 0.3, 0.45])).toBe(80);
    expect(euclideanDistance([0, 0], [3, 4])).toBe(5);
  });

  it('refuses descriptors of different lengths', () => {
    expect(() => euclideanDistance([1, 2], [1, 2, 3])).toThrow(RangeError);
  });
});

describe('match decision', () => {
  it('accepts a score equal to the threshold and refuses one just below', () => {
    expect(isFaceMatch(68, 68)).toBe(true);
    expect(isFaceMatch(67.99, 68)).toBe(false);
  });

  it('refuses thresholds outside 0-100', () => {
    expect(assertThreshold(0)).toBe(0);
    expect(() => assertThreshold(101)).toThrow(RangeError);
    expect(() => assertThreshold(Number.NaN)).toThrow(RangeError);
  });
});

describe('descriptor scoring', () => {
  it('reports score and rounded distance together', () => {
    expect(scoreDescriptors([0, 0, 0], [0.3, 0.4, 0.123456])).toEqual({ score: 74.25, distance: 0.515 });
  });
});

function fused(resnet: number[], faceres: number[]): Float32Array {
  const vector = new Float32Array(FUSED_DESCRIPTOR_LENGTH);
  vector.set(resnet, 0);
  vector.set(faceres, RESNET_DESCRIPTOR_LENGTH);
  return vector;
}

describe('fused descriptors', () => {
  it('averages the two networks’ scores and reports the ResNet distance', () => {
    const a = fused([0, 0, 0], [1, 0]);
    const b = fused([0.6, 0, 0], [0, 1]);
    // ResNet: distance 0.6 -> 70; FaceRes: distance sqrt(2) -> 29.29; mean 49.65 (rounded halves).
    expect(scoreDescriptors(a, b)).toEqual({ score: 49.65, distance: 0.6, parts: { resnet: 70, faceres: 29.29 } });
  });

  it('scores identical fused descriptors 100', () => {
    const a = fused([0.1, 0.2], [0.6, 0.8]);
    expect(scoreDescriptors(a, a).score).toBe(100);
  });
});
