import { Grid, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, Navigate, useParams } from 'react-router';
import { useSessionUser } from '../../lib/session';
import { isReferencePage } from '@sanad/contracts/screening';
import { BlacklistTable } from './components/BlacklistTable';
import { ReferenceTable } from './components/ReferenceTable';
import DeltaListPage from './DeltaListPage';
import { SCREENING_DATA_GROUPS, findScreeningDataPage } from './screening-data-pages';

/** The screening-data pages: the firm's own lists and the vendor reference lists, one page per list. */
export default function ScreeningDataPage() {
  const { page } = useParams();
  const user = useSessionUser();
  if (page === 'black-list') return <Navigate to="/configuration/screening-data/sanad-list?hitType=blackList" replace />;
  const info = findScreeningDataPage(page);
  if (!info) return <Navigate to="/configuration/screening-data/sanad-list" replace />;
  // Reading needs view-screening-data; changing an entry is a one-row delta (upload-delta-list) or list management (screening-list).
  const canEdit = Boolean(user?.scopes.some((scope) => scope === 'upload-delta-list' || scope === 'screening-list'));

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 3 }}>
        <Paper withBorder radius="md" p="xs" component="nav" aria-label="Screening data pages">
          {SCREENING_DATA_GROUPS.map((group) => (
            <div key={group.title}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="sm" pb={4}>
                {group.title}
              </Text>
              {group.pages.map((item) => (
                <NavLink
                  key={item.id}
                  component={Link}
                  to={`/configuration/screening-data/${item.id}`}
                  label={item.label}
                  active={item.id === info.id}
                />
              ))}
            </div>
          ))}
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 9 }}>
        {info.id === 'delta-list' ? (
          <DeltaListPage />
        ) : (
          <Stack gap="md">
            <div>
              <Title order={1} size="h2">
                {info.label}
              </Title>
              <Text c="dimmed">
                {info.id === 'sanad-list'
                  ? "The firm's own list (its black-list), screened like any other list in this data segment."
                  : 'Reference data that arrived with a vendor list import.'}
              </Text>
            </div>
            {info.id === 'sanad-list' ? <BlacklistTable canEdit={canEdit} /> : null}
            {isReferencePage(info.id) ? <ReferenceTable key={info.id} page={info.id} label={info.label} /> : null}
          </Stack>
        )}
      </Grid.Col>
    </Grid>
  );
}
