/**
 * Default stop-words and variant-words for screening normalisation. Stop-words are titles and
 * honorifics that say nothing about who a person is; particles such as 'bin' or 'al' are kept
 * because they distinguish names. Variants fold common romanisations of Arabic names (the spec's
 * default country is Pakistan) onto one spelling.
 */
export const DEFAULT_STOP_WORDS: readonly { word: string }[] = [
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'dr',
  'prof',
  'sir',
  'dame',
  'madam',
  'hon',
  'rev',
  'haji',
  'hajji',
  'alhaj',
  'alhaji',
  'janab',
  'begum',
  'mohtarma',
].map((word) => ({ word }));

const VARIANT_GROUPS: Readonly<Record<string, readonly string[]>> = {
  muhammad: ['mohammad', 'mohammed', 'muhammed', 'mohamed', 'mohamad', 'mohd', 'muhamad', 'mohamud'],
  ahmad: ['ahmed', 'ahmet'],
  hussain: ['husain', 'hussein', 'hosein', 'husein', 'hossain'],
  hassan: ['hasan', 'hasen'],
  yusuf: ['yousuf', 'yousaf', 'youssef', 'yusef', 'yousef'],
  usman: ['othman', 'uthman', 'osman'],
  umar: ['omar', 'omer'],
  usama: ['osama', 'ousama'],
  ibrahim: ['ebrahim', 'ibraheem', 'ebraheem'],
  mustafa: ['mustapha', 'mostafa', 'moustafa'],
  abdul: ['abdel', 'abdal', 'abdol'],
  rehman: ['rahman', 'rahmaan'],
  chaudhry: ['chaudhary', 'choudhry', 'chaudri', 'chowdhury', 'choudhary'],
  qureshi: ['qureishi', 'kureshi', 'qurashi'],
  rashid: ['rasheed', 'rachid'],
  hamid: ['hameed'],
  majid: ['majeed'],
  farooq: ['faruq', 'farouk', 'farooque'],
  qasim: ['kasim', 'qassim', 'kassem'],
  jafar: ['jaafar', 'jafer', 'jaffar'],
  aziz: ['azeez'],
  khalid: ['khaled'],
  syed: ['sayed', 'sayyid', 'seyed'],
};

export const DEFAULT_VARIANT_WORDS: readonly { word: string; canonical: string }[] = Object.entries(VARIANT_GROUPS).flatMap(
  ([canonical, variants]) => variants.map((word) => ({ word, canonical })),
);
