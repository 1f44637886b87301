import { useState } from 'react';
import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { REGISTER_IMPORT_MESSAGES } from '@sanad/contracts/company-registry';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import { ImportProgress } from './ImportProgress';
import { LoadedRegistersTable } from './LoadedRegistersTable';
import { RegisterUploadCard } from './RegisterUploadCard';
import { isUploadInProcess, useRegisterImport, useRegisterImports } from './register-imports';

/**
 * Company registers (configuration): load a register file, follow its import, and see the files
 * loaded. The import the user started is followed to its end; otherwise one already running is.
 */
export default function CompanyRegistersPage() {
  const imports = useRegisterImports();
  const [followedId, setFollowedId] = useState<string | null>(null);
  const running = imports.data?.imports.find(isUploadInProcess) ?? null;
  const followed = useRegisterImport(followedId ?? running?._id ?? null);
  const current = followed.data ?? null;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Company registers
        </Title>
        <Text c="dimmed">
          The register files staff look companies up in by number, to fill in a company&rsquo;s registration and check what it declares.
        </Text>
      </div>
      <ErrorAlert message={imports.error?.message} />
      {imports.data && !imports.data.mayImport ? (
        <Alert color="blue" title="You can see the register files, not load them">
          {REGISTER_IMPORT_MESSAGES.allSegmentsOnly}.
        </Alert>
      ) : null}
      {imports.data?.mayImport ? <RegisterUploadCard isDisabled={running !== null} onStarted={setFollowedId} /> : null}
      {current ? (
        <Card withBorder radius="md" p="lg">
          <ImportProgress run={current} />
        </Card>
      ) : null}
      <Card withBorder radius="md" p="lg">
        <Title order={2} size="h4" mb="sm">
          Register files loaded
        </Title>
        {imports.isPending ? <Skeleton h={120} /> : null}
        {imports.data ? <LoadedRegistersTable imports={imports.data.imports} /> : null}
      </Card>
    </Stack>
  );
}
