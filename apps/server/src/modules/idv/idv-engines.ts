import type { DocumentReader } from '@sanad/idv/document/document-reader';
import type { FaceEngine } from '@sanad/idv/face/face-engine';

/**
 * The engines keep models loaded (the OCR worker, later the face models), so each process holds
 * one of each, created on first use and closed when the app stops. The engines' code (TensorFlow.js,
 * tesseract, pdf.js) is imported on first use too, which keeps it out of the server's start.
 */
export interface IdvEngines {
  documentReader(): Promise<DocumentReader>;
  faceEngine(): Promise<FaceEngine>;
  close(): Promise<void>;
}

export function createIdvEngines(): IdvEngines {
  let reader: Promise<DocumentReader> | null = null;
  let faces: Promise<FaceEngine> | null = null;
  return {
    faceEngine() {
      faces ??= import('@sanad/idv/face/face-engine')
        .then(({ createFaceEngine }) => createFaceEngine())
        .catch((error: unknown) => {
          faces = null;
          throw error;
        });
      return faces;
    },
    documentReader() {
      reader ??= import('@sanad/idv/document/document-reader')
        .then(({ createDocumentReader }) => createDocumentReader())
        .catch((error: unknown) => {
          reader = null;
          throw error;
        });
      return reader;
    },
    async close() {
      if (reader) await (await reader).close().catch(() => undefined);
      if (faces) await (await faces).close().catch(() => undefined);
      reader = null;
      faces = null;
    },
  };
}
