import { Alert, Anchor, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatDate } from '../../../lib/format';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import { useReferences } from '../api/get-references';

/**
 * Where the default country and nationality scores come from: the FATF and EU lists with the dates
 * they reflect, and the warning that they change several times a year.
 */
export function ReferencesCard() {
  const { data, error, isPending } = useReferences();
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h4" mb="xs">
        Sources of the default scores
      </Title>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} mb="sm">
        These lists change several times a year (FATF plenaries in February, June and October; amendments of the EU list). Compare them with
        the current publications before go-live and after every update, and edit the scores here.
      </Alert>
      {error ? (
        <ErrorAlert message={error.message} />
      ) : isPending ? (
        <Skeleton h={80} />
      ) : (
        <Stack gap="xs">
          {data.map((reference) => (
            <div key={reference.id}>
              <Text fw={600} size="sm">
                {reference.url ? (
                  <Anchor href={reference.url} target="_blank" rel="noreferrer noopener">
                    {reference.title}
                  </Anchor>
                ) : (
                  reference.title
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {reference.publisher}
                {reference.asOf ? ` · as of ${formatDate(reference.asOf)}` : ''}
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
