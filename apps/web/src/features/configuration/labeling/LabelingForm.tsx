import { useState } from 'react';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { LABEL_NAME_MAX_LENGTH, ZLabelingSave, type TLabeling, type TLabelingSave } from '@sanad/contracts/labeling';
import { ApiError } from '../../../lib/api-client';
import { fieldErrorsOf, firstOfEach, type FieldErrors } from '../../../lib/form-errors';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { LogoField } from '../components/LogoField';
import { LogoImage } from '../components/LogoImage';
import { labelingQuery, saveLabeling } from './labeling-api';

type Fields = Omit<TLabelingSave, 'version'>;

/** How the top of the segment's public onboarding pages will look with these values. */
function PublicHeaderPreview({ values, savedLogo, companyName }: { values: Fields; savedLogo: string | null; companyName: string }) {
  const isLabelled = values.clientLogo !== null || values.displayName.trim() !== '';
  const contacts = [values.supportEmail, values.supportPhone].filter((contact) => contact.trim() !== '');
  return (
    <Paper withBorder radius="md" p="md" data-testid="labeling-preview" style={{ alignSelf: 'start' }}>
      <Text size="xs" c="dimmed" mb="xs">
        Top of the public onboarding pages
      </Text>
      {isLabelled ? (
        <Stack gap={4}>
          {values.clientLogo ? (
            <LogoImage
              fileName={values.clientLogo.fileName}
              isSaved={values.clientLogo.fileName === savedLogo}
              alt=""
              style={{ width: 'auto', maxWidth: '100%', objectFit: 'contain', alignSelf: 'flex-start' }}
            />
          ) : null}
          {values.displayName.trim() ? <Text fw={700}>{values.displayName.trim()}</Text> : null}
          {contacts.map((contact) => (
            <Text key={contact} size="xs" c="dimmed">
              {contact}
            </Text>
          ))}
        </Stack>
      ) : (
        <Text size="sm">Sanad&apos;s own logo (nothing set for {companyName} yet).</Text>
      )}
    </Paper>
  );
}

export function LabelingForm({ labeling }: { labeling: TLabeling }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Fields>({
    displayName: labeling.displayName,
    clientLogo: labeling.clientLogo,
    supportEmail: labeling.supportEmail,
    supportPhone: labeling.supportPhone,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const isReadOnly = !labeling.whiteLabelling;

  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _removed, ...rest }) => rest);
  };

  async function submit(): Promise<void> {
    const parsed = ZLabelingSave.safeParse({ ...values, version: labeling.version });
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      setErrors(found);
      setProblem(Object.values(found)[0] ?? null);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const { message, data } = await saveLabeling(labeling.dataSegmentId, parsed.data);
      toastSuccess(message);
      queryClient.setQueryData(labelingQuery(labeling.dataSegmentId).queryKey, data);
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
        <Alert color="yellow" title="White labelling is not allowed for this data segment">
          Its customers see Sanad&apos;s name and logo. Ask your operator to allow white labelling for {labeling.companyName}.
        </Alert>
      ) : null}
      {problem ? (
        <Alert color="red" role="alert" title="The labeling was not saved">
          {problem}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap="md">
          <Title order={2} size="h4">
            {labeling.companyName}
          </Title>
          <TextInput
            label="Name shown to customers"
            description={`In place of Sanad on the public onboarding pages; at most ${LABEL_NAME_MAX_LENGTH} characters. Empty: no name is shown.`}
            placeholder={labeling.companyName}
            maxLength={LABEL_NAME_MAX_LENGTH + 20}
            value={values.displayName}
            onChange={(event) => set('displayName', event.currentTarget.value)}
            error={errors.displayName}
            disabled={isReadOnly}
          />
          <LogoField
            label="Client logo"
            description="Replaces Sanad's logo on the public onboarding pages of this data segment."
            value={values.clientLogo}
            saved={labeling.clientLogo}
            onChange={(logo) => set('clientLogo', logo)}
            error={errors.clientLogo}
            disabled={isReadOnly}
            dataSegmentId={labeling.dataSegmentId}
          />
          <TextInput
            label="Support e-mail"
            description="Shown to customers on the public pages, so they know whom to ask."
            type="email"
            value={values.supportEmail}
            onChange={(event) => set('supportEmail', event.currentTarget.value)}
            error={errors.supportEmail}
            disabled={isReadOnly}
          />
          <TextInput
            label="Support phone"
            description="Shown to customers on the public pages."
            type="tel"
            value={values.supportPhone}
            onChange={(event) => set('supportPhone', event.currentTarget.value)}
            error={errors.supportPhone}
            disabled={isReadOnly}
          />
        </Stack>
        <PublicHeaderPreview values={values} savedLogo={labeling.clientLogo?.fileName ?? null} companyName={labeling.companyName} />
      </SimpleGrid>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {labeling.updatedBy && labeling.updatedAt
            ? `Version ${labeling.version}, saved by ${labeling.updatedBy.name} on ${formatDateTime(labeling.updatedAt)}`
            : 'Nothing saved yet'}
        </Text>
        <Button onClick={() => void submit()} loading={isSaving} disabled={isReadOnly}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
