import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import {
  MESSAGE_LANGUAGE_LABELS,
  ZDeepLinkRequest,
  type TDeepLinkBody,
  type TMessageLanguage,
  type TTempCustomer,
} from '@sanad/contracts/temp-customers';
import { TEMP_CUSTOMER_ENDPOINTS } from '@sanad/contracts/temp-customers.endpoints';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { firstOfEach, validateWith, type FieldErrors } from '../../../lib/form-errors';
import { useRouteMeta } from '../../../lib/route-meta';
import { getActiveDataSegmentId } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { REGISTER_CUSTOMER_PATH, TEMP_CUSTOMERS_PATH, tempCustomerPath } from '../paths';
import { DynamicRegisterLinkPanel } from './DynamicRegisterLinkPanel';
import { TempCustomerStatus } from './TempCustomerStatus';
import { onboardingConfigurationQuery } from '../../../lib/onboarding-settings';

/** The staff deep-link registration has two steps of its own; the customer's seven follow on their phone. */
const STEPS = [
  { name: 'setup-profile', label: 'Setup profile' },
  { name: 'finish', label: 'Finish' },
] as const;

type Channel = TDeepLinkBody['channel'];

const EMPTY = { firstName: '', middleName: '', lastName: '', email: '', isdCode: '', phoneNumber: '' };

const LANGUAGE_OPTIONS = Object.entries(MESSAGE_LANGUAGE_LABELS).map(([value, label]) => ({ value, label }));

function StepHeader({ active }: { active: number }) {
  return (
    <>
      <Stepper active={active} size="xs" visibleFrom="sm" allowNextStepsSelect={false} aria-label="Registration steps">
        {STEPS.map((step) => (
          <Stepper.Step key={step.name} label={step.label} />
        ))}
      </Stepper>
      <Stack gap={6} hiddenFrom="sm">
        <Text size="sm" fw={600}>
          Step {active + 1} of {STEPS.length}: {STEPS[active]?.label}
        </Text>
        <Progress value={((active + 1) / STEPS.length) * 100} size="sm" aria-hidden />
      </Stack>
    </>
  );
}

/** Step 1: the customer's basic and contact details, and how to send the link. */
function SetupProfile() {
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [chosen, setChosen] = useState<Channel | null>(null);
  const [language, setLanguage] = useState<TMessageLanguage>('en');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSending, setSending] = useState(false);
  const dataSegmentId = getActiveDataSegmentId();
  const configuration = useQuery(onboardingConfigurationQuery(dataSegmentId));
  const settings = configuration.data?.settings;
  const channels: Channel[] = settings?.linkChannels ?? ['email'];
  const channel: Channel = chosen && channels.includes(chosen) ? chosen : (channels[0] ?? 'email');

  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors(({ [name]: _cleared, ...rest }) => rest);
    },
  });

  async function send(): Promise<void> {
    const body: TDeepLinkBody = { ...values, channel, language, ...(dataSegmentId ? { dataSegmentId } : {}) };
    const checked = validateWith(ZDeepLinkRequest, body);
    if (!checked.isValid) {
      setErrors(checked.errors);
      return;
    }
    setSending(true);
    try {
      const { message, data } = await api(TEMP_CUSTOMER_ENDPOINTS.send, { body });
      toastSuccess(message);
      void navigate(`${REGISTER_CUSTOMER_PATH}/finish`, { state: { sent: data } });
    } catch (caught) {
      if (caught instanceof ApiError) setErrors(firstOfEach(caught.errors));
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setSending(false);
    }
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Enter the customer&apos;s details and send them a registration link. They complete the steps on their own phone or computer: upload
        their document, record a short video and fill in their profile.
      </Text>
      <Title order={3} size="h5">
        Basic details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label="First name" required autoComplete="off" {...field('firstName')} />
        <TextInput label="Middle name" autoComplete="off" {...field('middleName')} />
        <TextInput label="Last name" required autoComplete="off" {...field('lastName')} />
      </SimpleGrid>
      <Title order={3} size="h5">
        Contact details
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput label="Email" type="email" required={channel === 'email'} autoComplete="off" {...field('email')} />
        <TextInput label="ISD code" placeholder="+92" autoComplete="off" {...field('isdCode')} />
        <TextInput label="Phone number" type="tel" required={channel === 'sms'} autoComplete="off" {...field('phoneNumber')} />
      </SimpleGrid>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="channel-label">
          Send the link by
        </Text>
        <SegmentedControl
          aria-labelledby="channel-label"
          value={channel}
          onChange={(value) => setChosen(value as Channel)}
          data={[
            { value: 'email', label: 'Email', disabled: !channels.includes('email') },
            { value: 'sms', label: 'SMS', disabled: !channels.includes('sms') },
          ]}
          w={{ base: '100%', sm: 240 }}
        />
        {errors.channel ? (
          <Text size="xs" c="red" role="alert">
            {errors.channel}
          </Text>
        ) : null}
        {settings ? (
          <Text size="xs" c="dimmed">
            The link works until the customer completes the registration, for up to {settings.linkLifetimeDays}{' '}
            {settings.linkLifetimeDays === 1 ? 'day' : 'days'}.
          </Text>
        ) : null}
      </Stack>
      <Select
        label="Language of the message"
        description="The customer's language: the message reads right to left in Arabic and Urdu; the customer can change the language of the registration screens themselves."
        data={LANGUAGE_OPTIONS}
        value={language}
        onChange={(value) => setLanguage((value ?? 'en') as TMessageLanguage)}
        allowDeselect={false}
        w={{ base: '100%', sm: 320 }}
      />
      <Group justify="flex-end">
        <Button leftSection={<IconSend size={16} aria-hidden />} onClick={() => void send()} loading={isSending}>
          Send link
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 2: the link is on its way; where to follow it. */
function Finish({ sent }: { sent: TTempCustomer }) {
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <ThemeIcon color="green" variant="light" size="xl" radius="xl">
          <IconCircleCheck size={26} aria-hidden />
        </ThemeIcon>
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h4">
            Link sent
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {sent.fullName} will receive the registration link by{' '}
            {sent.channel === 'email' ? `email at ${sent.email ?? ''}` : `SMS at ${sent.phoneNumber ?? ''}`}.
          </Text>
        </div>
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Status
            </Text>
            <TempCustomerStatus status={sent.status} />
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Expires
            </Text>
            <Text size="sm">{formatDateTime(sent.expiresAt)}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Follow it
            </Text>
            <Anchor component={Link} to={tempCustomerPath(sent._id)} size="sm">
              Open the temp customer
            </Anchor>
          </div>
        </SimpleGrid>
      </Paper>
      <Group gap="sm">
        <Button component={Link} to={`${REGISTER_CUSTOMER_PATH}/setup-profile`}>
          Send another link
        </Button>
        <Button component={Link} to={TEMP_CUSTOMERS_PATH} variant="default">
          Temp customers
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Deep Link Onboarding (/register-customer, register-customer): staff enter the customer's basic
 * and contact details (setup-profile, also the index) and send the link; the finish step says where
 * it went. The customer's own seven steps run at the link's address.
 */
export default function RegisterCustomerPage() {
  const meta = useRouteMeta();
  const location = useLocation();
  const step = meta.sessionStep === 'finish' ? 'finish' : 'setup-profile';
  const sent = (location.state as { sent?: TTempCustomer } | null)?.sent ?? null;
  if (step === 'finish' && !sent) return <Navigate to={`${REGISTER_CUSTOMER_PATH}/setup-profile`} replace />;
  const active = step === 'finish' ? 1 : 0;
  return (
    <Stack gap="md" maw={1100} w="100%" mx="auto">
      <Title order={1} size="h2">
        Deep Link Onboarding
      </Title>
      <StepHeader active={active} />
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h3" mb="md">
          {STEPS[active]?.label}
        </Title>
        {sent && step === 'finish' ? <Finish sent={sent} /> : <SetupProfile />}
      </Paper>
      {step === 'setup-profile' ? (
        <Alert color="blue" variant="light" title="What the customer does">
          <Text size="sm">
            The link opens the registration on the customer&apos;s phone: 1 upload document, 2 record video, 3 setup profile, 4 account
            info, 5 additional info, 6 preview, 7 finish. Each step is saved as they go, so they can stop and continue later from the same
            link.
          </Text>
        </Alert>
      ) : null}
      {step === 'setup-profile' ? <DynamicRegisterLinkPanel /> : null}
    </Stack>
  );
}
