import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { ListImportPanel } from './components/ListImportPanel';
import { RecentImports } from './components/RecentImports';

/** Upload a delta list: add, change or delete entries of the firm's own list, or a Dow Jones daily file. */
export default function DeltaListPage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Upload delta list
        </Title>
        <Text c="dimmed">Apply changes to a list without re-importing all of it.</Text>
      </div>
      <List size="sm" spacing={4}>
        <List.Item>
          Sanad list format (CSV or XLSX): an <b>action</b> column with add, change or delete, and the <b>id</b> of each entry.
        </List.Item>
        <List.Item>Dow Jones daily file: applied to the data segment&apos;s Dow Jones list after its full import.</List.Item>
      </List>
      <ListImportPanel kind="delta" formats={['csv', 'dowjones']} />
      <RecentImports />
      <Anchor href="/configuration/screening-data/sanad-list" size="sm">
        View the firm&apos;s own list
      </Anchor>
    </Stack>
  );
}
