import { useState } from 'react';
import { Alert, Button, ColorInput, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ZBrandingSave, paletteErrors, type TBranding, type TBrandingSave } from '@sanad/contracts/branding';
import { DEFAULT_DISPLAY_SETTINGS } from '@sanad/contracts/branding-defaults';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf, firstOfEach, type FieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { LogoField } from '../components/LogoField';
import { brandingQuery, saveBranding } from './branding-api';
import { BrandingPreview } from './BrandingPreview';

const COLOURS = [
  { key: 'primary', label: 'Primary colour', description: 'Buttons, links and the active navigation. White text sits on it.' },
  { key: 'secondary', label: 'Secondary colour', description: 'Accents: badges, highlights and charts.' },
  { key: 'light', label: 'Light colour', description: 'The page background behind the cards.' },
  { key: 'dark', label: 'Dark colour', description: 'Text and headings.' },
] as const;

/** Every rule of a save, checked in the browser as the server checks it: the schema, then readability. */
export function checkBranding(values: TBrandingSave): FieldErrors {
  const parsed = ZBrandingSave.safeParse(values);
  if (!parsed.success) return fieldErrorsOf(parsed.error);
  return paletteErrors(values.colors);
}

export function BrandingForm({ branding }: { branding: TBranding }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TBrandingSave>({ colors: branding.colors, logo: branding.logo, version: branding.version });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const isReadOnly = !branding.canEdit;

  const setColour = (key: keyof TBrandingSave['colors'], colour: string) => {
    setValues((current) => ({ ...current, colors: { ...current.colors, [key]: colour } }));
    setErrors(({ [`colors.${key}`]: _removed, ...rest }) => rest);
  };
  const setLogo = (variant: 'dark' | 'light', logo: { fileName: string } | null) => {
    setValues((current) => ({ ...current, logo: { ...current.logo, [variant]: logo } }));
    setErrors(({ [`logo.${variant}`]: _removed, ...rest }) => rest);
  };

  function resetToDefaults(): void {
    setValues((current) => ({ ...current, colors: DEFAULT_DISPLAY_SETTINGS.colors, logo: { dark: null, light: null } }));
    setErrors({});
    setProblem(null);
  }

  async function submit(): Promise<void> {
    const found = checkBranding(values);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setProblem(Object.values(found)[0] ?? null);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const { message, data } = await saveBranding(branding._id, values);
      toastSuccess(message);
      queryClient.setQueryData(brandingQuery().queryKey, data);
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'There is something wrong';
      if (caught instanceof ApiError) setErrors(firstOfEach(caught.errors));
      setProblem(message);
      toastError(message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="lg">
      {isReadOnly ? (
        <Alert color="yellow" title="You can look, not change">
          Branding applies to every data segment: only a user who works across all data segments may change it.
        </Alert>
      ) : null}
      {problem ? (
        <Alert color="red" role="alert" title="The branding was not saved">
          {problem}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          {COLOURS.map((colour) => (
            <ColorInput
              key={colour.key}
              label={colour.label}
              description={colour.description}
              format="hex"
              withEyeDropper={false}
              fixOnBlur={false}
              swatches={[DEFAULT_DISPLAY_SETTINGS.colors[colour.key]]}
              value={values.colors[colour.key]}
              onChange={(value) => setColour(colour.key, value)}
              error={errors[`colors.${colour.key}`]}
              disabled={isReadOnly}
            />
          ))}
        </Stack>
        <BrandingPreview colors={values.colors} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <LogoField
          label="Light logo"
          description="Shown on light backgrounds: the header, the sign-in and public pages."
          value={values.logo.light}
          saved={branding.logo.light}
          onChange={(logo) => setLogo('light', logo)}
          error={errors['logo.light']}
          disabled={isReadOnly}
        />
        <LogoField
          label="Dark logo"
          description="Shown on dark backgrounds."
          value={values.logo.dark}
          saved={branding.logo.dark}
          onChange={(logo) => setLogo('dark', logo)}
          error={errors['logo.dark']}
          disabled={isReadOnly}
          background={values.colors.dark}
        />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {branding.updatedBy && branding.updatedAt
            ? `Version ${branding.version}, saved by ${branding.updatedBy.name} on ${formatDateTime(branding.updatedAt)}`
            : 'The defaults: never saved'}
        </Text>
        <Group gap="sm">
          <Button variant="default" onClick={resetToDefaults} disabled={isReadOnly}>
            Reset to defaults
          </Button>
          <Button onClick={() => void submit()} loading={isSaving} disabled={isReadOnly}>
            Save
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
