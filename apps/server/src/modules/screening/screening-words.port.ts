/**
 * What name screening needs from a data segment's risk configuration: the stop-words dropped from
 * names and the variant words treated as one (the risk module's stop-words and variant-words
 * pages). The composition root hands the screening engine an implementation.
 */
export interface ScreeningWords {
  /** Changes whenever the words change: indexes are built once per version. */
  version: string;
  stopWords: ReadonlySet<string>;
  variantWords: ReadonlyMap<string, string>;
}

export interface ScreeningWordsSource {
  /** The words a segment screens with; reading them never writes (a segment without its own uses the defaults). */
  wordsFor(dataSegmentId: string): Promise<ScreeningWords>;
}
