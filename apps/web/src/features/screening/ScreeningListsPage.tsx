import { useState } from 'react';
import { Badge, Button, Card, Drawer, Skeleton, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { NoRecords } from '../../components/NoRecords';
import { useSessionUser } from '../../lib/session';
import { toastError, toastSuccess } from '../../lib/toast';
import { useListVersions, useSetListActive, useWatchLists } from './api/watch-lists';
import { ListImportPanel } from './components/ListImportPanel';
import { RecentImports } from './components/RecentImports';
import { ScreenNamePanel } from './components/ScreenNamePanel';
import { ThresholdsCard } from './components/ThresholdsCard';
import { ErrorAlert } from '../../components/form/ErrorAlert';

function VersionHistory({ listId, onClose }: { listId: string | null; onClose: () => void }) {
  const { data, error, isPending } = useListVersions(listId);
  return (
    <Drawer opened={listId !== null} onClose={onClose} position="right" size="lg" title="Version history">
      <ErrorAlert message={error?.message} />
      {isPending && listId ? <Skeleton h={120} /> : null}
      {data ? (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>As of</Table.Th>
                <Table.Th>Source</Table.Th>
                <Table.Th ta="right">Entities</Table.Th>
                <Table.Th ta="right">Added</Table.Th>
                <Table.Th ta="right">Changed</Table.Th>
                <Table.Th ta="right">Removed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((version) => (
                <Table.Tr key={version._id}>
                  <Table.Td>{version.versionNo}</Table.Td>
                  <Table.Td>{version.asOf ?? '-'}</Table.Td>
                  <Table.Td>{version.source}</Table.Td>
                  <Table.Td ta="right">{version.entityCount.toLocaleString()}</Table.Td>
                  <Table.Td ta="right">{version.added.toLocaleString()}</Table.Td>
                  <Table.Td ta="right">{version.changed.toLocaleString()}</Table.Td>
                  <Table.Td ta="right">{version.removed.toLocaleString()}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Drawer>
  );
}

/** Which watch lists screen the data segment, their versions, and imports of new files. */
export default function ScreeningListsPage() {
  const user = useSessionUser();
  const { data, error, isPending } = useWatchLists();
  const setActive = useSetListActive();
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const canManage = Boolean(user?.scopes.includes('screening-list'));

  async function toggle(listId: string, isActive: boolean): Promise<void> {
    try {
      const { message } = await setActive.mutateAsync({ listId, isActive });
      toastSuccess(message);
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    }
  }

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Screening lists
        </Title>
        <Text c="dimmed">
          The sanctions, PEP and watch lists names are screened against in this data segment. Shared lists serve every data segment; a list
          imported here belongs to this segment, and replaces the shared list of the same name for it.
        </Text>
      </div>
      <Card withBorder radius="md" p="lg">
        <ErrorAlert message={error?.message} />
        {isPending ? <Skeleton h={160} /> : null}
        {data && data.length === 0 ? <NoRecords message="No lists loaded yet" /> : null}
        {data && data.length > 0 ? (
          // On a narrow screen the table scrolls sideways rather than squeezing its badges and names.
          <Table.ScrollContainer minWidth={820}>
            <Table striped highlightOnHover>
              <Table.Caption style={{ position: 'absolute', left: -9999 }}>Watch lists</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>List</Table.Th>
                  <Table.Th>Owner</Table.Th>
                  <Table.Th>Version</Table.Th>
                  <Table.Th>As of</Table.Th>
                  <Table.Th ta="right">Entities</Table.Th>
                  <Table.Th>Screening</Table.Th>
                  <Table.Th>Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((list) => (
                  <Table.Tr key={list._id}>
                    <Table.Td>
                      <Text fw={600} size="sm">
                        {list.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {list.key}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {list.owner === 'shared' ? (
                        <Badge variant="light">Shared</Badge>
                      ) : (
                        <Badge variant="light" color="accent">
                          This segment
                        </Badge>
                      )}
                      {list.replacesShared ? (
                        <Text size="xs" c="dimmed">
                          Replaces the shared copy
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{list.versionNo ?? '-'}</Table.Td>
                    <Table.Td>{list.asOf ?? '-'}</Table.Td>
                    <Table.Td ta="right">{list.entityCount?.toLocaleString() ?? '-'}</Table.Td>
                    <Table.Td>
                      <Switch
                        checked={list.isActive}
                        disabled={!canManage || setActive.isPending}
                        onChange={(event) => void toggle(list._id, event.currentTarget.checked)}
                        label={list.isActive ? 'On' : 'Off'}
                        aria-label={`Screen against ${list.title}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="subtle" onClick={() => setHistoryOf(list._id)}>
                        Versions
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
      </Card>
      <ThresholdsCard canEdit={canManage} />
      <ScreenNamePanel />
      {canManage ? <ListImportPanel kind="full" /> : null}
      <RecentImports />
      <VersionHistory listId={historyOf} onClose={() => setHistoryOf(null)} />
    </Stack>
  );
}
