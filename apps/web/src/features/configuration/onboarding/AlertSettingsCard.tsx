import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, SimpleGrid, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { SLA_HOURS, ZAlertSettings, type TAlertSettings } from '@sanad/contracts/alert-settings';
import { ALERT_ENDPOINTS } from '@sanad/contracts/alerts.endpoints';
import { ALERT_TYPES } from '@sanad/contracts/customers';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf, firstOfEach, type FieldErrors } from '../../../lib/form-errors';
import { getActiveDataSegmentId } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';

const alertSettingsQuery = (dataSegmentId: string | null = getActiveDataSegmentId()) =>
  queryOptions({
    queryKey: ['alert-settings', dataSegmentId],
    queryFn: async ({ signal }) =>
      (await api(ALERT_ENDPOINTS.settings, { query: { dataSegmentId: dataSegmentId ?? undefined } }, { signal })).data,
    enabled: dataSegmentId !== null,
  });

const typeLabel = (type: string) => type.replace(/^\w/, (first) => first.toUpperCase());

function AlertSettingsForm({ initial }: { initial: TAlertSettings }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TAlertSettings>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);

  async function submit(): Promise<void> {
    const parsed = ZAlertSettings.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setErrors(found);
      setProblem(Object.values(found)[0] ?? 'There is something wrong');
      return;
    }
    setSaving(true);
    setProblem(null);
    setErrors({});
    try {
      const { message, data } = await api(ALERT_ENDPOINTS.saveSettings, { body: parsed.data });
      toastSuccess(message);
      queryClient.setQueryData(alertSettingsQuery().queryKey, data);
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
    <Stack gap="md">
      {problem ? (
        <Alert color="red" role="alert" title="The alert settings were not saved">
          {problem}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
        {ALERT_TYPES.map((type) => (
          <NumberInput
            key={type}
            label={`${typeLabel(type)} SLA (hours)`}
            placeholder="No SLA"
            min={SLA_HOURS.min}
            max={SLA_HOURS.max}
            allowDecimal={false}
            value={values.slaHours[type] ?? ''}
            onChange={(value) =>
              setValues((current) => ({
                ...current,
                slaHours: { ...current.slaHours, [type]: value === '' ? null : Number(value) },
              }))
            }
            error={errors[`slaHours.${type}`]}
          />
        ))}
      </SimpleGrid>
      <Switch
        label="Raise an alert when an identity document expires"
        description="The daily check marks the customer either way; on, it also raises one expiry alert per customer and expiry date. The window comes from the IDV configuration's near-expiry days."
        checked={values.isExpiryAlertOn}
        onChange={(event) => {
          const isOn = event.currentTarget.checked;
          setValues((current) => ({ ...current, isExpiryAlertOn: isOn }));
        }}
      />
      <Switch
        label="E-mail the customer a document-upload link with the expiry alert"
        checked={values.isExpiryEmailOn}
        disabled={!values.isExpiryAlertOn}
        onChange={(event) => {
          const isOn = event.currentTarget.checked;
          setValues((current) => ({ ...current, isExpiryEmailOn: isOn }));
        }}
      />
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={isSaving}>
          Save alert settings
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The alert settings of the active data segment (GET/PUT configurations/alerts): the review SLA
 * of each alert type (empty: none) and what the document-expiry check does. Saved on its own,
 * apart from the onboarding configuration's version.
 */
export function AlertSettingsCard() {
  const { data, error, isPending } = useQuery(alertSettingsQuery());
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Alert settings">
      <Title order={2} size="h4" mb={4}>
        Alert settings
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        How long reviewers have for each type of alert before it shows as overdue and they are told, and what happens when a customer's
        identity document expires.
      </Text>
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {isPending ? <Skeleton h={120} /> : null}
      {data ? <AlertSettingsForm key={JSON.stringify(data)} initial={data} /> : null}
    </Card>
  );
}
