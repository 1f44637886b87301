import { describe, expect, it } from 'vitest';
import { calibrateThreshold, equalErrorPoint, errorRatesAt, rocCurve } from './threshold-calibration';

const genuine = [90, 85, 80, 75, 70];
const impostor = [72, 66, 60, 55, 50, 45, 40, 35, 30, 25];

describe('threshold calibration', () => {
  it('counts accepted impostors and refused genuine pairs at a threshold', () => {
    expect(errorRatesAt(70, genuine, impostor)).toEqual({ threshold: 70, falseMatchRate: 0.1, falseNonMatchRate: 0 });
    expect(errorRatesAt(72.01, genuine, impostor)).toEqual({ threshold: 72.01, falseMatchRate: 0, falseNonMatchRate: 0.2 });
  });

  it('picks the lowest threshold within the false match budget', () => {
    expect(calibrateThreshold(genuine, impostor, 0)).toEqual({ threshold: 72.01, falseMatchRate: 0, falseNonMatchRate: 0.2 });
    expect(calibrateThreshold(genuine, impostor, 0.1)).toEqual({ threshold: 66.01, falseMatchRate: 0.1, falseNonMatchRate: 0 });
    expect(calibrateThreshold(genuine, impostor, 0.15).threshold).toBe(66.01);
  });

  it('accepts everything when the budget allows every impostor', () => {
    expect(calibrateThreshold(genuine, impostor, 1).threshold).toBe(0);
  });

  it('traces the curve from accepting everything to refusing everything', () => {
    const curve = rocCurve(genuine, impostor);
    expect(curve[0]).toMatchObject({ threshold: 25, falseMatchRate: 1, falseNonMatchRate: 0 });
    expect(curve.at(-1)).toMatchObject({ threshold: 90.01, falseMatchRate: 0, falseNonMatchRate: 1 });
    expect(curve.every((point, i) => i === 0 || point.falseMatchRate <= (curve[i - 1]?.falseMatchRate ?? 1))).toBe(true);
  });

  it('finds where the error rates cross', () => {
    expect(equalErrorPoint(rocCurve(genuine, impostor))).toEqual({ threshold: 70, falseMatchRate: 0.1, falseNonMatchRate: 0 });
  });

  it('needs both kinds of pairs', () => {
    expect(() => errorRatesAt(50, [], impostor)).toThrow(RangeError);
  });
});
