import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, NumberInput, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { CARD_TYPES, CARD_TYPE_GROUPS } from '@sanad/idv/document/card-types';
import { ZIdvSettings, type TIdvSettings } from '@sanad/contracts/idv';
import { useSaveFlow } from '../../lib/use-save-flow';
import { saveIdvSettings, useIdvSettings } from './api/idv-settings';

const COUNTRY_NAMES: Record<string, string> = { PK: 'Pakistan', UK: 'United Kingdom', QA: 'Qatar', AE: 'United Arab Emirates' };

/** A family code ('GBR BRP') allows every variant and side: it is named after its first member. */
function familyName(code: string): string {
  const member = CARD_TYPES.find((definition) => definition.code.startsWith(`${code} `));
  return member ? `${member.name.replace(/ \((front|back)\)$/, '')}, any side` : code;
}

/** Every card type code the screen offers, named by the engine where it knows the code. */
function cardTypeOptions(): Array<{ country: string; codes: Array<{ code: string; label: string }> }> {
  const named = new Map(CARD_TYPES.map((definition) => [definition.code, definition.name]));
  const groups = Object.entries(CARD_TYPE_GROUPS).map(([country, sets]) => ({
    country: COUNTRY_NAMES[country] ?? country,
    codes: [...new Set(Object.values(sets).flat())].map((code) => ({ code, label: named.get(code) ?? familyName(code) })),
  }));
  const grouped = new Set(groups.flatMap((group) => group.codes.map((item) => item.code)));
  const others = CARD_TYPES.filter((definition) => !grouped.has(definition.code)).map((definition) => ({
    code: definition.code,
    label: definition.name,
  }));
  return [...groups, { country: 'Any country', codes: others }];
}

const OPTIONS = cardTypeOptions();

function SettingsForm({ initial }: { initial: TIdvSettings }) {
  const [values, setValues] = useState<TIdvSettings>(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveFlow({});
  const isCalibrated = values.faceMatchThreshold === null;

  function toggleCode(code: string, isOn: boolean): void {
    setValues((current) => ({
      ...current,
      acceptedCardTypes: isOn
        ? [...new Set([...current.acceptedCardTypes, code])]
        : current.acceptedCardTypes.filter((item) => item !== code),
    }));
  }

  async function submit(): Promise<void> {
    const parsed = ZIdvSettings.safeParse(values);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'There is something wrong');
      return;
    }
    setError(null);
    const saved = await save.run(() => saveIdvSettings(parsed.data));
    if (saved) setValues(saved);
  }

  return (
    <Stack gap="lg">
      {(error ?? save.error) ? (
        <Alert color="red" role="alert">
          {error ?? save.error}
        </Alert>
      ) : null}
      <Card withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="xs">
          Accepted documents
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          Onboarding reads only these document types; a client may narrow the list for one step, never widen it.
        </Text>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {OPTIONS.map((group) => (
            <fieldset key={group.country} style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" fw={600} mb={6}>
                {group.country}
              </Text>
              <Stack gap={6}>
                {group.codes.map((item) => (
                  <Checkbox
                    key={item.code}
                    label={`${item.label} (${item.code})`}
                    checked={values.acceptedCardTypes.includes(item.code)}
                    onChange={(event) => toggleCode(item.code, event.currentTarget.checked)}
                  />
                ))}
              </Stack>
            </fieldset>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="md">
          Face match and liveness
        </Title>
        <Stack gap="md">
          <Switch
            label="Use the calibrated face-match threshold"
            description="The engine's threshold, calibrated for a 1% false match rate. Turn off to set your own."
            checked={isCalibrated}
            onChange={(event) => setValues((current) => ({ ...current, faceMatchThreshold: event.currentTarget.checked ? null : 60 }))}
          />
          {!isCalibrated ? (
            <NumberInput
              label="Face-match threshold (0–100)"
              description="Higher refuses more look-alikes and more genuine faces."
              min={0}
              max={100}
              value={values.faceMatchThreshold ?? 60}
              onChange={(value) =>
                setValues((current) => ({ ...current, faceMatchThreshold: typeof value === 'number' ? value : Number(value) }))
              }
              maw={240}
            />
          ) : null}
          <Switch
            label="Ask for a liveness challenge"
            description="The customer turns the head left then right, or blinks, while recording the video."
            checked={values.isLivenessChallengeOn}
            onChange={(event) => setValues((current) => ({ ...current, isLivenessChallengeOn: event.currentTarget.checked }))}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="md">
          Document expiry
        </Title>
        <NumberInput
          label="Warn this many days before expiry"
          description="A document within this window is reported as near to expiry."
          min={0}
          max={365}
          value={values.nearExpiryDays}
          onChange={(value) => setValues((current) => ({ ...current, nearExpiryDays: typeof value === 'number' ? value : Number(value) }))}
          maw={240}
        />
      </Card>
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={save.isSaving}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** IDV configuration (idv-configurations): accepted documents, face-match threshold, liveness challenge, expiry warning. */
export default function IdvConfigurationPage() {
  const { data, error, isPending } = useIdvSettings();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Identity verification
        </Title>
        <Text c="dimmed">How documents, faces and liveness are checked for this data segment.</Text>
      </div>
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {isPending ? <Skeleton h={320} /> : null}
      {data ? <SettingsForm initial={data} /> : null}
    </Stack>
  );
}
