import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  LINK_LIFETIME_DAYS,
  ZOnboardingSettings,
  type TOnboardingConfiguration,
  type TOnboardingSettings,
} from '@sanad/contracts/onboarding-configuration';
import { ONBOARDING_CONFIGURATION_ENDPOINTS } from '@sanad/contracts/onboarding-configuration.endpoints';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf, firstOfEach, type FieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { onboardingConfigurationQuery, useOnboardingConfiguration } from '../../../lib/onboarding-settings';
import { toastError, toastSuccess } from '../../../lib/toast';
import { AlertSettingsCard } from './AlertSettingsCard';
import { cardTypeOptionsFor } from './card-type-options';

const FRONT_OPTIONS = cardTypeOptionsFor('FRONT');
const BACK_OPTIONS = cardTypeOptionsFor('BACK');

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h4" mb={4}>
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {description}
      </Text>
      <Stack gap="md">{children}</Stack>
    </Card>
  );
}

function SettingsForm({ configuration }: { configuration: TOnboardingConfiguration }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<TOnboardingSettings>(configuration.settings);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [isStale, setStale] = useState(false);
  const [isSaving, setSaving] = useState(false);

  const set = <K extends keyof TOnboardingSettings>(key: K, value: TOnboardingSettings[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  };
  const error = (key: string) => errors[key];

  async function reload(): Promise<void> {
    await queryClient.invalidateQueries({ queryKey: onboardingConfigurationQuery(configuration.dataSegmentId).queryKey });
  }

  async function submit(): Promise<void> {
    const parsed = ZOnboardingSettings.safeParse(values);
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
      const { message, data } = await api(ONBOARDING_CONFIGURATION_ENDPOINTS.save, {
        params: { id: configuration.dataSegmentId },
        body: { settings: parsed.data, version: configuration.version },
      });
      toastSuccess(message);
      queryClient.setQueryData(onboardingConfigurationQuery(configuration.dataSegmentId).queryKey, data);
    } catch (caught) {
      const message = caught instanceof Error ? caught.message : 'There is something wrong';
      if (caught instanceof ApiError) {
        // Field errors arrive as settings.<name>: shown under the field they belong to.
        const fields = firstOfEach(caught.errors);
        setErrors(Object.fromEntries(Object.entries(fields).map(([key, text]) => [key.replace(/^settings\./, ''), text])));
        setStale(caught.status === 409);
      }
      setProblem(message);
      toastError(message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Stack gap="lg">
      {problem ? (
        <Alert color="red" role="alert" title={isStale ? 'Changed by someone else' : 'The configuration was not saved'}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{problem}</Text>
            {isStale ? (
              <Button size="xs" variant="light" color="red" onClick={() => void reload()}>
                Reload the configuration
              </Button>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      <Section
        title="Document reading"
        description="How the identity document uploaded in the first step is read and which documents are offered."
      >
        <Switch
          label="Read the document (OCR)"
          description="Fills the customer's names, date of birth, nationality and ID details from the document. Off: the document is only uploaded and everything is typed."
          checked={values.useOcr}
          onChange={(event) => set('useOcr', event.currentTarget.checked)}
        />
        <Group gap="lg">
          <Checkbox
            label="Read the front"
            disabled={!values.useOcr}
            checked={values.ocrStatus.front}
            onChange={(event) => set('ocrStatus', { ...values.ocrStatus, front: event.currentTarget.checked })}
          />
          <Checkbox
            label="Read the back"
            disabled={!values.useOcr}
            checked={values.ocrStatus.back}
            onChange={(event) => set('ocrStatus', { ...values.ocrStatus, back: event.currentTarget.checked })}
          />
        </Group>
        <Switch
          label="Allow choosing another document type"
          description="The document type may be changed after the reader has recognised one."
          checked={values.cardTypeOverride}
          onChange={(event) => set('cardTypeOverride', event.currentTarget.checked)}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <MultiSelect
            label="Document types offered: front"
            description="None chosen: every type the IDV configuration accepts."
            placeholder="Every accepted type"
            searchable
            clearable
            data={FRONT_OPTIONS}
            value={values.acceptedCardTypes.front}
            onChange={(front) => set('acceptedCardTypes', { ...values.acceptedCardTypes, front })}
            error={error('acceptedCardTypes.front')}
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label="Document types offered: back"
            description="None chosen: every type the IDV configuration accepts."
            placeholder="Every accepted type"
            searchable
            clearable
            data={BACK_OPTIONS}
            value={values.acceptedCardTypes.back}
            onChange={(back) => set('acceptedCardTypes', { ...values.acceptedCardTypes, back })}
            error={error('acceptedCardTypes.back')}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Textarea
          label="ID document expiry note"
          description="Shown beside the ID document's expiry date."
          autosize
          minRows={2}
          maxLength={500}
          value={values.idDocumentExpiryNote}
          onChange={(event) => set('idDocumentExpiryNote', event.currentTarget.value)}
          error={error('idDocumentExpiryNote')}
        />
      </Section>
      <Section title="Registration form" description="Rules every registration and profile edit of this data segment follows.">
        <Switch
          label="Restrict duplicate customers"
          description="Refuses a customer whose ID number, or full name and date of birth, is already registered."
          checked={values.restrictDuplicateCustomers}
          onChange={(event) => set('restrictDuplicateCustomers', event.currentTarget.checked)}
        />
        <Switch
          label="Industry is required"
          description="The customer's industry must be given in the occupation details."
          checked={values.isIndustrial}
          onChange={(event) => set('isIndustrial', event.currentTarget.checked)}
        />
        <Switch
          label="Ask for the tax ID"
          description="Shows the tax ID field in the occupation details."
          checked={values.isTaxIdRequired}
          onChange={(event) => {
            const isAsked = event.currentTarget.checked;
            setValues((current) => ({ ...current, isTaxIdRequired: isAsked, isTaxIdMandatory: isAsked && current.isTaxIdMandatory }));
          }}
        />
        <Switch
          label="Tax ID is mandatory"
          description="The tax ID must be given. Only when it is asked."
          disabled={!values.isTaxIdRequired}
          checked={values.isTaxIdMandatory}
          onChange={(event) => set('isTaxIdMandatory', event.currentTarget.checked)}
          error={error('isTaxIdMandatory')}
        />
        <Textarea
          label="Tax ID note"
          description="Shown under the tax ID field."
          autosize
          minRows={2}
          maxLength={500}
          disabled={!values.isTaxIdRequired}
          value={values.taxIdNote}
          onChange={(event) => set('taxIdNote', event.currentTarget.value)}
          error={error('taxIdNote')}
        />
        <TagsInput
          label="Proof of address document types"
          description="The kinds of proof of address a customer may upload. Press Enter after each."
          value={values.addressProofDocumentTypes}
          onChange={(types) => set('addressProofDocumentTypes', types)}
          error={error('addressProofDocumentTypes')}
        />
      </Section>
      <Section title="Journey and links" description="What customers see first, and how registration links are sent.">
        <Switch
          label="Show the step guide"
          description="Before the first step: what to have ready and how to photograph the document."
          checked={values.isShowGuide}
          onChange={(event) => set('isShowGuide', event.currentTarget.checked)}
        />
        <Switch
          label="Open the dynamic register without a link"
          description="Anyone with the segment's dynamic register address may start a registration (rate limited). Off: only links staff send open it."
          checked={values.isPublicRegistrationOpen}
          onChange={(event) => set('isPublicRegistrationOpen', event.currentTarget.checked)}
        />
        <Switch
          label="Open the registration form without a link"
          description="Anyone with the segment's registration form address (/register) may start a registration after a captcha (rate limited). Off: the address is not found."
          checked={values.isPublicFormOpen}
          onChange={(event) => set('isPublicFormOpen', event.currentTarget.checked)}
        />
        <NumberInput
          label="Link lifetime (days)"
          description={`How long a registration link stays usable when staff do not choose: ${LINK_LIFETIME_DAYS.min} to ${LINK_LIFETIME_DAYS.max} days.`}
          min={LINK_LIFETIME_DAYS.min}
          max={LINK_LIFETIME_DAYS.max}
          allowDecimal={false}
          value={values.linkLifetimeDays}
          onChange={(value) => set('linkLifetimeDays', typeof value === 'number' ? value : Number(value))}
          error={error('linkLifetimeDays')}
          maw={360}
        />
        <Checkbox.Group
          label="Send links by"
          value={values.linkChannels}
          onChange={(channels) =>
            set(
              'linkChannels',
              channels.filter((channel) => channel === 'email' || channel === 'sms'),
            )
          }
          error={error('linkChannels')}
        >
          <Group gap="lg" mt={6}>
            <Checkbox value="email" label="E-mail" />
            <Checkbox value="sms" label="SMS" />
          </Group>
        </Checkbox.Group>
      </Section>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {configuration.updatedBy && configuration.updatedAt
            ? `Version ${configuration.version}, saved by ${configuration.updatedBy.name} on ${formatDateTime(configuration.updatedAt)}`
            : `Version ${configuration.version}: the defaults`}
        </Text>
        <Button onClick={() => void submit()} loading={isSaving}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

/** Onboarding configuration (configurations or onboarding-configurations): the registration-wide settings of the active data segment. */
export default function OnboardingConfigurationPage() {
  const { data, error, isPending } = useOnboardingConfiguration();
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Onboarding configuration
        </Title>
        <Text c="dimmed">
          How customers of this data segment are registered: document reading, form rules, the guide and links; and the alert review SLA.
        </Text>
      </div>
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {isPending ? <Skeleton h={420} /> : null}
      {/* A save replaces the data: the form starts again from what was saved, at its new version. */}
      {data ? <SettingsForm key={data.version} configuration={data} /> : null}
      <AlertSettingsCard />
    </Stack>
  );
}
