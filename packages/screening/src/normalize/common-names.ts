/**
 * Name words carried by millions of people. A match on them says less about identity than a
 * match on a rarer word, so they weigh less when words are missing on either side ('Muhammad
 * Ahmed' against 'Muhammad Ahmed Khaliq'); an exact full-name match still scores in full. Written
 * for this project from general name-frequency knowledge; spelling variants are covered through
 * the variant groups (a word counts as common when its group's canonical spelling is listed).
 */
export const COMMON_NAME_WORDS: ReadonlySet<string> = new Set([
  // Arabic, Persian, Turkish, South Asian
  'muhammad', 'ahmad', 'ali', 'hasan', 'husayn', 'ibrahim', 'mahmud', 'mustafa', 'umar', 'khalid', 'yusuf',
  'said', 'abdullah', 'fatima', 'aisha', 'maryam', 'ismail', 'hamid', 'karim', 'rahman', 'aziz', 'jamal',
  'nasir', 'salih', 'amir', 'khan', 'shah', 'singh', 'kumar', 'hussain', 'begum', 'bibi', 'islam', 'uddin',
  // European and American
  'john', 'james', 'robert', 'michael', 'william', 'david', 'richard', 'joseph', 'thomas', 'charles', 'daniel',
  'mary', 'mariya', 'anna', 'ana', 'yosef', 'carlos', 'luis', 'antonio', 'francisco', 'manuel', 'pyotr', 'paul',
  'ivan', 'aleksandr', 'sergey', 'vladimir', 'andrei', 'dmitry', 'nikolai', 'mikhail', 'yelena', 'olga',
  'tatyana', 'natalya', 'irina', 'smith', 'johnson', 'williams', 'brown', 'jones', 'miller', 'davis', 'garcia',
  'rodriguez', 'martinez', 'hernandez', 'lopez', 'gonzalez', 'perez', 'sanchez', 'ivanov', 'petrov', 'smirnov',
  // East and South-East Asian
  'wang', 'li', 'lee', 'zhang', 'liu', 'chen', 'yang', 'huang', 'zhao', 'wu', 'zhou', 'kim', 'park', 'choe',
  'nguyen', 'tran', 'pham',
]);

/** Weight of a common name word (an ordinary word weighs 1). */
export const COMMON_NAME_WEIGHT = 0.7;
