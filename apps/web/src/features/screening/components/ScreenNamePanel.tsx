import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Group, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { ZScreenRequest, type TScreenRequest, type TScreeningHit } from '@sanad/contracts/screening';
import { CountrySelect } from '../../../components/CountrySelect';
import { ErrorAlert } from '../../../components/form/ErrorAlert';
import { NoRecords } from '../../../components/NoRecords';
import { hitTypeLabel } from '../../../lib/hit-types';
import { screenName } from '../api/screen-name';

/** Screen one name by hand and read each hit with its score and why it matched. */
export function ScreenNamePanel() {
  const [form, setForm] = useState<TScreenRequest>({ name: '' });
  const [hits, setHits] = useState<TScreeningHit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isScreening, setScreening] = useState(false);

  async function submit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const parsed = ZScreenRequest.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'There is something wrong');
      return;
    }
    setScreening(true);
    setError(null);
    try {
      setHits((await screenName(parsed.data)).hits);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setScreening(false);
    }
  }

  return (
    <Card withBorder radius="md" p="lg">
      <Title order={2} size="h4" mb="xs">
        Screen a name
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Against the lists switched on above, at this segment&apos;s thresholds. Each check is recorded in the audit trail.
      </Text>
      <Stack gap="md">
        <form onSubmit={(event) => void submit(event)}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Name"
              required
              value={form.name}
              onChange={(event) => setForm({ ...form, name: event.currentTarget.value })}
              w={260}
            />
            <Select
              label="Type"
              data={[
                { value: 'person', label: 'Person' },
                { value: 'organisation', label: 'Organisation' },
              ]}
              value={form.type ?? null}
              onChange={(value) => setForm({ ...form, type: (value ?? undefined) as TScreenRequest['type'] })}
              clearable
              w={150}
            />
            <TextInput
              label="Date of birth"
              placeholder="YYYY-MM-DD or YYYY"
              value={form.dob ?? ''}
              onChange={(event) => setForm({ ...form, dob: event.currentTarget.value || undefined })}
              w={170}
            />
            <CountrySelect
              label="Nationality"
              value={form.nationality ?? null}
              onChange={(value) => setForm({ ...form, nationality: value ?? undefined })}
              w={200}
            />
            <Button type="submit" loading={isScreening}>
              Screen
            </Button>
          </Group>
        </form>
        <ErrorAlert message={error} />
        {hits && hits.length === 0 ? <NoRecords message="No Name Screening Hits" /> : null}
        {hits && hits.length > 0 ? (
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Caption style={{ position: 'absolute', left: -9999 }}>Screening hits</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Score</Table.Th>
                  <Table.Th>Listed name</Table.Th>
                  <Table.Th>Hit type</Table.Th>
                  <Table.Th>List</Table.Th>
                  <Table.Th>Why</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {hits.map((hit) => (
                  <Table.Tr key={`${hit.list}:${hit.id}`}>
                    <Table.Td>
                      <Badge variant="light" color={hit.score >= 90 ? 'red' : 'orange'}>
                        {hit.score}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{hit.name}</Table.Td>
                    <Table.Td>{hitTypeLabel(hit.hitType)}</Table.Td>
                    <Table.Td>
                      <Stack gap={0}>
                        <Text size="sm">{hit.listTitle}</Text>
                        <Text size="xs" c="dimmed">
                          {hit.id}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{hit.explanation.summary}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Stack>
    </Card>
  );
}
