import { describe, expect, it } from 'vitest';
import { pdfFontFor, pdfText, visualRuns } from './pdf-text';

describe('compliance file text', () => {
  it('keeps Latin text in the built-in font and moves other scripts to the embedded one', () => {
    expect(pdfFontFor('José Müller', 'regular')).toBe('Helvetica');
    expect(pdfFontFor('محمد علي', 'bold')).toBe('Unicode-Bold');
    expect(pdfFontFor('Σωκράτης', 'oblique')).toBe('Unicode-Oblique');
  });

  it('shows characters no embedded font draws as question marks, and nothing as an empty cell', () => {
    expect(pdfText('王 Wei')).toBe('? Wei');
    expect(pdfText('محمد')).toBe('محمد');
    expect(pdfText('')).toBe('-');
    expect(pdfText(['a', 'b'])).toBe('a, b');
  });

  it('orders words as they are seen: a right-to-left line from the right, digits left to right', () => {
    expect(visualRuns('محمد علي')).toEqual(['علي', ' ', 'محمد']);
    expect(visualRuns('Ali محمد 12')).toEqual(['Ali ', 'محمد', ' 12']);
    expect(visualRuns('شارع 12 دبي')).toEqual(['دبي', ' ', '12', ' ', 'شارع']);
    expect(visualRuns('Plain text')).toEqual(['Plain text']);
  });
});
