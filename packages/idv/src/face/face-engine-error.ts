export type FaceEngineErrorCode =
  /** The bytes are not an image sharp can decode (corrupt, truncated, or another format). */
  | 'IMAGE_UNREADABLE'
  /** The image is larger than the pixel limit; refused before decoding. */
  | 'IMAGE_TOO_LARGE'
  /** The engine was used after `close()`. */
  | 'ENGINE_CLOSED'
  /** The model files or the WASM runtime could not be loaded. */
  | 'MODEL_LOAD_FAILED';

/** The one error type the face engine throws; `code` is stable, `message` is for operators. */
export class FaceEngineError extends Error {
  readonly code: FaceEngineErrorCode;

  constructor(code: FaceEngineErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'FaceEngineError';
    this.code = code;
  }
}
