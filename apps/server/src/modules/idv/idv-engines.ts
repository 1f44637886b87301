import { createDocumentReader, type DocumentReader } from '@sanad/idv/document/document-reader';
import { createFaceEngine, type FaceEngine } from '@sanad/idv/face/face-engine';

/**
 * The engines keep models loaded (the OCR worker, later the face models), so each process holds
 * one of each, created on first use and closed when the app stops. Loading on first use keeps the
 * server's start fast.
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
      faces ??= createFaceEngine().catch((error: unknown) => {
        faces = null;
        throw error;
      });
      return faces;
    },
    documentReader() {
      reader ??= createDocumentReader().catch((error: unknown) => {
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
