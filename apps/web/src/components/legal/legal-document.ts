/** The legal texts the footer opens. */
export type LegalDocument = 'terms' | 'privacy';
