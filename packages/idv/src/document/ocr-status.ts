/**
 * OCR status codes of the spec and the wording Sanad shows for each (DO-48: the spec gives
 * only their meaning). 200 is Sanad's code for a document read without a blocking finding.
 */
export const OCR_STATUS = {
  success: 200,
  expired: 1,
  wrongImageFormat: 900,
  selectedTypeNotFound: 1000,
  multipleDocuments: 1001,
  noDocument: 1002,
  wrongCardSide: 1003,
  blurry: 1004,
  typeNotAllowed: 1005,
  documentCutOff: 1006,
  documentTooSmall: 1007,
  notClear: 1008,
  damaged: 1100,
  noFace: 2001,
  mrzUnreadable: 3001,
  textUnreadable: 3003,
} as const;

export type OcrStatusCode = (typeof OCR_STATUS)[keyof typeof OCR_STATUS];

const NO_DOCUMENT = 'No document detected. Please make sure the document is clear and centred in the picture.';
const WRONG_TYPE = 'No document of the selected type was found. Please upload the document type you selected.';
const UNREADABLE = 'The text on the document could not be read. Please upload a clearer picture.';

const MESSAGES: Readonly<Record<number, string>> = {
  [OCR_STATUS.success]: 'Document read successfully',
  [OCR_STATUS.expired]: 'The document has expired. Please upload a valid document.',
  [OCR_STATUS.wrongImageFormat]: 'Wrong image format. Please upload a JPG, PNG or PDF file.',
  [OCR_STATUS.selectedTypeNotFound]: WRONG_TYPE,
  [OCR_STATUS.typeNotAllowed]: WRONG_TYPE,
  [OCR_STATUS.multipleDocuments]: 'More than one document was found. Please upload one document at a time.',
  [OCR_STATUS.noDocument]: NO_DOCUMENT,
  [OCR_STATUS.documentCutOff]: NO_DOCUMENT,
  [OCR_STATUS.documentTooSmall]: NO_DOCUMENT,
  [OCR_STATUS.wrongCardSide]: 'Wrong card side. Please upload the other side of the card.',
  [OCR_STATUS.blurry]: 'The image is blurry. Please upload a sharper picture.',
  [OCR_STATUS.notClear]: 'The document is not clear. Please upload a clearer picture.',
  [OCR_STATUS.damaged]: 'The document appears to be damaged.',
  [OCR_STATUS.noFace]: 'No face was found on the document.',
  [OCR_STATUS.mrzUnreadable]: UNREADABLE,
  [OCR_STATUS.textUnreadable]: UNREADABLE,
};

export const FALLBACK_OCR_MESSAGE = 'Something went wrong. Please try again';

/** The user-facing message for a status code; any code outside the catalogue gets the spec's fallback. */
export function getOcrStatusMessage(code: number): string {
  return MESSAGES[code] ?? FALLBACK_OCR_MESSAGE;
}
