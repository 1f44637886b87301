import { useEffect, useId, useRef, useState } from 'react';
import { Box, Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { IconEraser, IconKeyboard } from '@tabler/icons-react';
import { useT } from '../../lib/i18n/use-t';
import { SignaturePad } from './SignaturePad';
import {
  areFieldsEnabled,
  clearedSignature,
  typedTextError,
  withSavedImage,
  type SignatureField,
  type SignatureValue,
} from './signature-state';
import { filesSignatureStorage, type SignatureStorage } from './signature-storage';
import { useSignatureSaving, type SaveState } from './use-signature-saving';

const SAVE_STATUS_KEY = { saving: 'signature.saving', saved: 'signature.saved', failed: 'signature.saveFailed' } as const;

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

/**
 * The Signature Panel (RG-47…RG-57): a pad to draw on, Clear, and the
 * signer's name, position, date and consent, which stay disabled until a signature is drawn. Each
 * finished stroke saves the image; a saved image is fetched and shown again when the panel opens.
 * Keyboard users can type their name as the signature instead of drawing.
 */
export function SignaturePanel({ value, onChange, errors = {}, isRequired = true, storage = filesSignatureStorage }: SignaturePanelProps) {
  // The hook calls the latest render's onSaved, so the image joins the signature as it then stands.
  const { pad, saveState, save, reset } = useSignatureSaving({
    sign: value.sign,
    storage,
    onSaved: (sign) => onChange(withSavedImage(value, sign)),
  });
  const [hasDrawing, setHasDrawing] = useState(Boolean(value.sign));
  const [isTyping, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const helpId = useId();
  const statusId = useId();
  const isEnabled = areFieldsEnabled(hasDrawing, value);
  const panel = useRef<HTMLFieldSetElement>(null);
  const { t, tm } = useT();
  const statusOf = (state: SaveState) => (state === 'idle' ? '' : t(SAVE_STATUS_KEY[state]));

  // A refused submission brings the panel into view, so a phone user sees why nothing was sent.
  useEffect(() => {
    if (errors.sign) panel.current?.scrollIntoView?.({ block: 'center' });
  }, [errors.sign]);

  function onStrokeEnd(): void {
    setHasDrawing(true);
    save();
  }

  function clear(): void {
    reset();
    setHasDrawing(false);
    onChange({ ...value, ...clearedSignature() });
  }

  function signWithTyped(): void {
    const text = typed.trim();
    if (!text) return;
    pad.current?.writeText(text);
    setHasDrawing(true);
    setTyping(false);
    setTyped('');
    save();
  }

  const set = (patch: SignatureValue) => onChange({ ...value, ...patch });
  const shown = (message: string | null | undefined) => (message ? tm(message) : message);
  const nameError = shown(errors.name ?? typedTextError('Name', value.name));
  const positionError = shown(errors.position ?? typedTextError('Position', value.position));
  const status = shown(errors.sign) ?? statusOf(saveState);

  return (
    <Fieldset
      ref={panel}
      legend={
        <Text component="span" fw={600}>
          {t('signature.title')}
          {isRequired ? (
            <>
              <Text component="span" c="red" aria-hidden>
                {' *'}
              </Text>
              <VisuallyHidden> {t('signature.required')}</VisuallyHidden>
            </>
          ) : null}
        </Text>
      }
      data-testid="signature-panel"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={6}>
          <Text size="sm" id={helpId}>
            {t('signature.help')}
          </Text>
          {/* Half the panel from a tablet up (the spec's width 50), the whole width on a phone. */}
          <Box style={{ minWidth: 0 }}>
            <SignaturePad ref={pad} label={t('signature.pad')} describedBy={`${helpId} ${statusId}`} onStrokeEnd={onStrokeEnd} />
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
              {t('signature.clear')}
            </Button>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconKeyboard size={14} aria-hidden />}
              onClick={() => setTyping((current) => !current)}
              aria-expanded={isTyping}
            >
              {t('signature.typeInstead')}
            </Button>
          </Group>
          {isTyping ? (
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label={t('signature.typeLabel')}
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
                {t('signature.sign')}
              </Button>
            </Group>
          ) : null}
        </Stack>
        <Stack gap="sm">
          <TextInput
            label={t('signature.name')}
            withAsterisk
            disabled={!isEnabled}
            value={value.name ?? ''}
            onChange={(event) => set({ name: event.currentTarget.value })}
            error={nameError}
            autoComplete="name"
          />
          <TextInput
            label={t('signature.position')}
            disabled={!isEnabled}
            value={value.position ?? ''}
            onChange={(event) => set({ position: event.currentTarget.value })}
            error={positionError}
            autoComplete="organization-title"
          />
          <TextInput
            label={t('signature.date')}
            withAsterisk
            description={t('signature.dateFormat')}
            placeholder="DD-MM-YYYY"
            inputMode="numeric"
            dir="ltr"
            disabled={!isEnabled}
            value={value.date ?? ''}
            onChange={(event) => set({ date: event.currentTarget.value })}
            error={shown(errors.date)}
          />
          <Checkbox
            label={t('signature.consent')}
            disabled={!isEnabled}
            checked={value.agree === true}
            onChange={(event) => set({ agree: event.currentTarget.checked })}
            error={shown(errors.agree)}
          />
        </Stack>
      </SimpleGrid>
    </Fieldset>
  );
}
