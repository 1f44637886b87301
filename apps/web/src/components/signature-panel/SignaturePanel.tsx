import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconEraser, IconKeyboard } from '@tabler/icons-react';
import { E_SIGN_CONSENT, SIGNATURE_PANEL_TITLE } from '@sanad/contracts/signature';
import { SignaturePad, type SignaturePadHandle } from './SignaturePad';
import {
  areFieldsEnabled,
  clearedSignature,
  typedTextError,
  withSavedImage,
  type SignatureField,
  type SignatureValue,
} from './signature-state';
import { filesSignatureStorage, type SignatureStorage } from './signature-storage';

export interface SignaturePanelProps {
  value: SignatureValue;
  onChange: (next: SignatureValue) => void;
  /** Messages by field (sign, name, position, date, agree), e.g. the server's answer. */
  errors?: Partial<Record<SignatureField, string>>;
  /** The panel is a required field where a form shows it (RG-47). */
  isRequired?: boolean;
  /** Where the image is saved and fetched from; the files API by default. */
  storage?: SignatureStorage;
}

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

const STATUS_TEXT: Record<SaveState, string> = {
  idle: '',
  saving: 'Saving the signature…',
  saved: 'Signature saved',
  failed: 'The signature could not be saved. Clear it and sign again.',
};

/**
 * The Signature Panel (RG-47…RG-57): a pad to draw on, Clear, and the
 * signer's name, position, date and consent, which stay disabled until a signature is drawn. Each
 * finished stroke saves the image; a saved image is fetched and shown again when the panel opens.
 * Keyboard users can type their name as the signature instead of drawing.
 */
export function SignaturePanel({ value, onChange, errors = {}, isRequired = true, storage = filesSignatureStorage }: SignaturePanelProps) {
  const pad = useRef<SignaturePadHandle>(null);
  const latest = useRef(value);
  latest.current = value;
  const [hasDrawing, setHasDrawing] = useState(Boolean(value.sign));
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [isTyping, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const inFlight = useRef(false);
  const isAgain = useRef(false);
  // Bumped by Clear: an upload that finishes afterwards must not bring the old picture back.
  const generation = useRef(0);
  const helpId = useId();
  const statusId = useId();
  const isEnabled = areFieldsEnabled(hasDrawing, value);
  const panel = useRef<HTMLFieldSetElement>(null);

  // A refused submission brings the panel into view, so a phone user sees why nothing was sent.
  useEffect(() => {
    if (errors.sign) panel.current?.scrollIntoView?.({ block: 'center' });
  }, [errors.sign]);

  // RG-57: a signature saved earlier is fetched from the stored file the form names.
  const shownSign = useRef<string | null>(null);
  useEffect(() => {
    const sign = value.sign;
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
  }, [value.sign, storage]);

  async function saveImage(): Promise<void> {
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
        const sign = await storage.save(png);
        if (started !== generation.current) break;
        shownSign.current = sign;
        onChange(withSavedImage(latest.current, sign));
      } while (isAgain.current);
      if (started === generation.current) setSaveState('saved');
    } catch {
      if (started === generation.current) setSaveState('failed');
    } finally {
      inFlight.current = false;
    }
    // A stroke finished after Clear while an old upload was on its way: save the new picture now.
    if (isAgain.current) void saveImage();
  }

  function onStrokeEnd(): void {
    setHasDrawing(true);
    void saveImage();
  }

  function clear(): void {
    generation.current += 1;
    pad.current?.clear();
    shownSign.current = null;
    setHasDrawing(false);
    setSaveState('idle');
    onChange({ ...latest.current, ...clearedSignature() });
  }

  function signWithTyped(): void {
    const text = typed.trim();
    if (!text) return;
    pad.current?.writeText(text);
    setHasDrawing(true);
    setTyping(false);
    setTyped('');
    void saveImage();
  }

  const set = (patch: SignatureValue) => onChange({ ...latest.current, ...patch });
  const nameError = errors.name ?? typedTextError('Name', value.name);
  const positionError = errors.position ?? typedTextError('Position', value.position);
  const status = errors.sign ?? STATUS_TEXT[saveState];

  return (
    <Fieldset
      ref={panel}
      legend={
        <Text component="span" fw={600}>
          {SIGNATURE_PANEL_TITLE}
          {isRequired ? (
            <>
              <Text component="span" c="red" aria-hidden>
                {' *'}
              </Text>
              <VisuallyHidden> (required)</VisuallyHidden>
            </>
          ) : null}
        </Text>
      }
      data-testid="signature-panel"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={6}>
          <Text size="sm" id={helpId}>
            Sign in the box with a mouse, a finger or a pen.
          </Text>
          {/* Half the panel from a tablet up (the spec's width 50), the whole width on a phone. */}
          <Box style={{ minWidth: 0 }}>
            <SignaturePad ref={pad} label="Signature pad" describedBy={`${helpId} ${statusId}`} onStrokeEnd={onStrokeEnd} />
          </Box>
          <Text
            size="xs"
            id={statusId}
            role="status"
            aria-live="polite"
            c={errors.sign || saveState === 'failed' ? 'red' : 'dimmed'}
            mih={18}
          >
            {status}
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" leftSection={<IconEraser size={14} aria-hidden />} onClick={clear}>
              Clear
            </Button>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconKeyboard size={14} aria-hidden />}
              onClick={() => setTyping((current) => !current)}
              aria-expanded={isTyping}
            >
              Type instead
            </Button>
          </Group>
          {isTyping ? (
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Type your signature"
                value={typed}
                onChange={(event) => setTyped(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    signWithTyped();
                  }
                }}
                style={{ flex: 1 }}
              />
              <Button size="sm" onClick={signWithTyped} disabled={typed.trim() === ''}>
                Sign
              </Button>
            </Group>
          ) : null}
        </Stack>
        <Stack gap="sm">
          <TextInput
            label="Name"
            withAsterisk
            disabled={!isEnabled}
            value={value.name ?? ''}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={nameError}
            autoComplete="name"
          />
          <TextInput
            label="Position"
            disabled={!isEnabled}
            value={value.position ?? ''}
            onChange={(event) => set({ position: event.currentTarget.value })}
            error={positionError}
            autoComplete="organization-title"
          />
          <TextInput
            label="Date"
            withAsterisk
            description="DD-MM-YYYY"
            placeholder="DD-MM-YYYY"
            inputMode="numeric"
            disabled={!isEnabled}
            value={value.date ?? ''}
            onChange={(event) => set({ date: event.currentTarget.value })}
            error={errors.date}
          />
          <Checkbox
            label={E_SIGN_CONSENT}
            disabled={!isEnabled}
            checked={value.agree === true}
            onChange={(event) => set({ agree: event.currentTarget.checked })}
            error={errors.agree}
          />
        </Stack>
      </SimpleGrid>
    </Fieldset>
  );
}
