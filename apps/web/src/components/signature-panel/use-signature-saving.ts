import { useEffect, useRef, useState } from 'react';
import type { SignaturePadHandle } from './SignaturePad';
import type { SignatureStorage } from './signature-storage';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export const SAVE_STATUS_TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving the signature…',
  saved: 'Signature saved',
  failed: 'The signature could not be saved. Clear it and sign again.',
};

/**
 * Saving what a SignaturePad holds (RG-50), for the Signature Panel and the form builder's signature
 * field alike: `save` uploads the whole pad as one PNG and hands the stored name to `onSaved`;
 * uploads are serialized (a stroke finished while one is on its way is saved right after it), and
 * one that finishes after `reset` (Clear) is dropped. A saved image (`sign`) is fetched and shown on
 * the pad when it is not the one just drawn.
 */
export function useSignatureSaving({
  sign,
  storage,
  onSaved,
}: {
  sign: string | undefined;
  storage: SignatureStorage;
  onSaved: (sign: string) => void;
}) {
  const pad = useRef<SignaturePadHandle>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const saved = useRef(onSaved);
  saved.current = onSaved;
  const inFlight = useRef(false);
  const isAgain = useRef(false);
  // Bumped by reset: an upload that finishes afterwards must not bring the old picture back.
  const generation = useRef(0);

  // RG-57: a signature saved earlier is fetched from the stored file the form names.
  const shownSign = useRef<string | null>(null);
  useEffect(() => {
    if (!sign || shownSign.current === sign || inFlight.current) return undefined;
    shownSign.current = sign;
    let isCurrent = true;
    storage
      .load(sign)
      .then((image) => (isCurrent ? pad.current?.showImage(image) : undefined))
      .catch(() => {
        if (isCurrent) setSaveState('failed');
      });
    return () => {
      isCurrent = false;
    };
  }, [sign, storage]);

  async function save(): Promise<void> {
    if (inFlight.current) {
      isAgain.current = true;
      return;
    }
    inFlight.current = true;
    const started = generation.current;
    setSaveState('saving');
    try {
      do {
        isAgain.current = false;
        const png = await pad.current?.toPng();
        if (!png) break;
        const stored = await storage.save(png);
        if (started !== generation.current) break;
        shownSign.current = stored;
        saved.current(stored);
      } while (isAgain.current);
      if (started === generation.current) setSaveState('saved');
    } catch {
      if (started === generation.current) setSaveState('failed');
    } finally {
      inFlight.current = false;
    }
    // A stroke finished after Clear while an old upload was on its way: save the new picture now.
    if (isAgain.current) void save();
  }

  /** Clear: wipes the pad and forgets the saved image; an upload on its way is dropped. */
  function reset(): void {
    generation.current += 1;
    pad.current?.clear();
    shownSign.current = null;
    setSaveState('idle');
  }

  return { pad, saveState, save: () => void save(), reset };
}
