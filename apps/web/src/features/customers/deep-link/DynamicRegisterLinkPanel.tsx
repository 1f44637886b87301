import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Code, CopyButton, Group, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconCopy, IconLink } from '@tabler/icons-react';
import { ZOnboardingLinkRequest, type TOnboardingLink } from '@sanad/contracts/onboarding-links';
import { ONBOARDING_LINK_ENDPOINTS } from '@sanad/contracts/onboarding-links.endpoints';
import { MESSAGE_LANGUAGE_LABELS, type TMessageLanguage } from '@sanad/contracts/temp-customers';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { firstOfEach, validateWith, type FieldErrors } from '../../../lib/form-errors';
import { getActiveDataSegmentId } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { onboardingConfigurationQuery } from '../../../lib/onboarding-settings';

const EMPTY = { source: '', email: '', phoneNumber: '' };

const LANGUAGE_OPTIONS = Object.entries(MESSAGE_LANGUAGE_LABELS).map(([value, label]) => ({ value, label }));

function CopyAddress({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap', flex: 1, minWidth: 0 }}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="light" leftSection={<IconCopy size={14} aria-hidden />} onClick={copy} aria-label={`Copy ${label}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * The dynamic register (/:dataSegmentId/:token?/dynamic-register/:source?) from the staff side: a
 * one-customer link with an optional source (campaign or branch), sent by e-mail or SMS or copied
 * (the address is shown once), and the segment's tokenless public address when the onboarding
 * configuration opens it.
 */
export function DynamicRegisterLinkPanel() {
  const dataSegmentId = getActiveDataSegmentId();
  const [values, setValues] = useState(EMPTY);
  const [isSent, setSent] = useState(true);
  const [language, setLanguage] = useState<TMessageLanguage>('en');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isBusy, setBusy] = useState(false);
  const [created, setCreated] = useState<TOnboardingLink | null>(null);
  const configuration = useQuery(onboardingConfigurationQuery(dataSegmentId));
  const isPublicOpen = configuration.data?.settings.isPublicRegistrationOpen ?? false;
  const source = values.source.trim();
  const publicAddress = dataSegmentId
    ? `${window.location.origin}/${dataSegmentId}/dynamic-register${/^[A-Za-z0-9._-]{1,64}$/.test(source) ? `/${source}` : ''}`
    : '';

  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  async function create(): Promise<void> {
    const body = {
      purpose: 'dynamic-register' as const,
      isSent,
      ...(isSent ? { language } : {}),
      ...(source ? { source } : {}),
      ...(values.email.trim() ? { email: values.email.trim() } : {}),
      ...(values.phoneNumber.trim() ? { phoneNumber: values.phoneNumber.trim() } : {}),
      ...(dataSegmentId ? { dataSegmentId } : {}),
    };
    const checked = validateWith(ZOnboardingLinkRequest, body);
    if (!checked.isValid) {
      setErrors(checked.errors);
      return;
    }
    setBusy(true);
    try {
      const { message, data } = await api(ONBOARDING_LINK_ENDPOINTS.create, { body });
      toastSuccess(isSent ? `${message} and sent` : message);
      setCreated(data);
      setValues(EMPTY);
    } catch (caught) {
      if (caught instanceof ApiError) setErrors(firstOfEach(caught.errors));
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="dynamic-link-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id="dynamic-link-title">
            Dynamic registration link
          </Title>
          <Text size="sm" c="dimmed">
            A link to the registration built with the form builder. The customer fills in everything themselves; the source (a campaign or
            branch) is kept on the customer and can be filtered on in the customer list.
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput label="Source or campaign" placeholder="spring-campaign" autoComplete="off" maxLength={64} {...field('source')} />
          <TextInput label="Customer e-mail (optional)" type="email" autoComplete="off" {...field('email')} />
          <TextInput label="Customer phone (optional)" type="tel" autoComplete="off" {...field('phoneNumber')} />
        </SimpleGrid>
        <Group justify="space-between" gap="sm" align="flex-end">
          <Group gap="md" align="flex-end">
            <Switch
              label="Send it to the customer (e-mail, else SMS)"
              checked={isSent}
              onChange={(event) => setSent(event.currentTarget.checked)}
            />
            {isSent ? (
              <Select
                label="Message language"
                data={LANGUAGE_OPTIONS}
                value={language}
                onChange={(value) => setLanguage((value ?? 'en') as TMessageLanguage)}
                allowDeselect={false}
                w={200}
              />
            ) : null}
          </Group>
          <Button leftSection={<IconLink size={16} aria-hidden />} onClick={() => void create()} loading={isBusy}>
            Create link
          </Button>
        </Group>
        {created?.url ? (
          <Stack gap={4}>
            <CopyAddress label="The customer's link (shown once)" value={created.url} />
            <Text size="xs" c="dimmed">
              Works until the customer completes the registration, at the latest {formatDateTime(created.expiresAt)}.
            </Text>
          </Stack>
        ) : null}
        {isPublicOpen && publicAddress ? (
          <CopyAddress label="Public address (no link needed)" value={publicAddress} />
        ) : (
          <Text size="xs" c="dimmed">
            The public address without a link is closed; the onboarding configuration can open it.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
