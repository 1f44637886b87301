import type { ReactNode } from 'react';
import { Alert, Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router';
import { COMPANY_DOCUMENT_KINDS, COMPANY_DOCUMENT_LABELS } from '@sanad/contracts/companies';
import { INDUSTRY_OPTIONS, LEGAL_FORM_OPTIONS, PURPOSE_OPTIONS, STATUS_OPTIONS, labelOf } from '../options';
import type { CompanyDraft } from './draft';
import { describeParent } from './ParentsStep';
import { companyStepPath, type CompanyStep } from './steps';

function Section({ title, step, children }: { title: string; step: CompanyStep; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5">
          {title}
        </Title>
        <Anchor component={Link} to={companyStepPath(step)} size="sm" aria-label={`Edit ${title.toLowerCase()}`}>
          <Group gap={4} wrap="nowrap">
            <IconPencil size={14} aria-hidden />
            Edit
          </Group>
        </Anchor>
      </Group>
      {children}
    </Paper>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value.trim() === '' ? '—' : value}
      </Text>
    </div>
  );
}

const address = (...parts: string[]) => parts.filter((part) => part.trim() !== '').join(', ');

/** Step 5: everything the wizard will send, each part with a link back to its step. */
export function PreviewStep({ draft, submitError }: { draft: CompanyDraft; submitError: string | null }) {
  const { values } = draft;
  return (
    <Stack gap="md">
      {submitError ? (
        <Alert color="red" variant="light" title="Not registered">
          {submitError}
        </Alert>
      ) : null}
      <Section title="Documents" step="upload-document">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {COMPANY_DOCUMENT_KINDS.map((kind) => (
            <Fact key={kind} label={COMPANY_DOCUMENT_LABELS[kind]} value={draft.documents[kind]?.originalFileName ?? 'Not provided'} />
          ))}
        </SimpleGrid>
      </Section>
      <Section title="Company profile" step="setup-profile">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
          <Fact label="Legal name" value={values.legalName} />
          <Fact label="Registration number" value={values.registrationNumber} />
          <Fact label="Register" value={values.register} />
          <Fact label="Legal form" value={labelOf(LEGAL_FORM_OPTIONS, values.legalForm)} />
          <Fact label="Status" value={labelOf(STATUS_OPTIONS, values.status)} />
          <Fact label="Incorporation date" value={values.incorporationDate} />
          <Fact label="Country of incorporation" value={values.incorporationCountryId} />
          <Fact label="Industry" value={labelOf(INDUSTRY_OPTIONS, values.industryId)} />
          <Fact
            label="Registered address"
            value={address(values.registeredLine1, values.registeredCity, values.registeredPostalCode, values.registeredCountryId)}
          />
          <Fact label="Trade licence" value={values.tradeLicenceNumber} />
          <Fact label="Purpose of the relationship" value={labelOf(PURPOSE_OPTIONS, values.purposeOfRelationship)} />
          <Fact label="Former names" value={values.formerNames.split('\n').filter(Boolean).join(', ')} />
        </SimpleGrid>
      </Section>
      <Section title="Account info" step="account-info">
        {draft.parents.length === 0 ? (
          <Text size="sm">No directors, shareholders or signatories named; they can be added on the company&apos;s profile.</Text>
        ) : (
          <Stack gap={4}>
            {draft.parents.map((parent, index) => (
              <Text key={`${parent.name}-${index}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                <strong>{parent.name}</strong> ({parent.kind === 'person' ? 'person' : 'entity'}): {describeParent(parent)}
              </Text>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}
