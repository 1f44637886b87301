import { createDocumentReader, type DocumentReader } from '@sanad/idv/document/document-reader';

/**
 * The engines keep models loaded (the OCR worker, later the face models), so each process holds
 * one of each, created on first use and closed when the app stops. Loading on first use keeps the
 * server's start fast.
 */
export interface IdvEngines {
  documentReader(): Promise<DocumentReader>;
  close(): Promise<void>;
}

export function createIdvEngines(): IdvEngines {
  let reader: Promise<DocumentReader> | null = null;
  return {
    documentReader() {
      reader ??= createDocumentReader().catch((error: unknown) => {
        reader = null;
        throw error;
      });
      return reader;
    },
    async close() {
      if (reader) await (await reader).close().catch(() => undefined);
      reader = null;
    },
  };
}
