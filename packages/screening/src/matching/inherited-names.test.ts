import { describe, expect, it } from 'vitest';
import { ScreeningIndex } from './screening-index';
import { makeEntity } from './test-entity-factory';

describe('names that are also built-in object properties', () => {
  it('indexes and screens words such as constructor, __proto__ and toString like any other word', () => {
    const words = ['constructor', '__proto__', 'toString', 'hasOwnProperty'];
    const index = ScreeningIndex.build(words.map((word) => makeEntity(`${word} Khan`)));
    for (const word of words) {
      expect(index.screen({ name: `${word} Khan` }).map((hit) => hit.name)).toContain(`${word} Khan`);
    }
  });
});
