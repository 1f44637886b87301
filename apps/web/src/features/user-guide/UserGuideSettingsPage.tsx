import { useState } from 'react';
import { Badge, Button, FileButton, Group, Paper, SegmentedControl, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import type { GuideAssetKind, GuideEdition } from '@sanad/contracts/user-guide-catalogue';
import type { TUserGuide } from '@sanad/contracts/user-guide';
import { getActiveDataSegmentId, useSessionUser } from '../../lib/session';
import { toastError, toastSuccess } from '../../lib/toast';
import { useUserGuide } from './api/get-user-guide';
import { useGuideFileMutations, type GuideSlotTarget } from './api/manage-guide-files';
import { acceptFor, checkGuideFile } from './check-guide-file';
import { ErrorAlert } from '../../components/form/ErrorAlert';

type GuideFile = TUserGuide['manual'];

interface SlotCellProps {
  label: string;
  kind: GuideAssetKind;
  file: GuideFile;
  target: GuideSlotTarget;
}

/** One file slot: what it holds (and whether that comes from the defaults), upload and remove. */
function SlotCell({ label, kind, file, target }: SlotCellProps) {
  const { upload, remove } = useGuideFileMutations();
  const isInherited = Boolean(file?.isDefault) && target.dataSegmentId !== null;
  const isBusy =
    (upload.isPending && upload.variables?.target.asset === target.asset) || (remove.isPending && remove.variables?.asset === target.asset);

  function onChoose(chosen: File | null): void {
    if (!chosen) return;
    const problem = checkGuideFile(kind, chosen);
    if (problem) {
      toastError(problem);
      return;
    }
    upload.mutate({ target, file: chosen }, { onSuccess: toastSuccess, onError: (error) => toastError(error.message) });
  }

  return (
    <Stack gap={4}>
      {file ? (
        <Group gap={6} wrap="nowrap">
          <Text size="sm" lineClamp={1} title={file.originalName}>
            {file.originalName}
          </Text>
          {isInherited ? (
            <Badge size="xs" variant="light" color="gray" tt="none">
              default
            </Badge>
          ) : null}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          None
        </Text>
      )}
      <Group gap={6}>
        <FileButton onChange={onChoose} accept={acceptFor(kind)}>
          {(props) => (
            <Button
              {...props}
              size="compact-xs"
              variant="light"
              leftSection={<IconUpload size={12} />}
              loading={isBusy}
              aria-label={`Upload ${label}`}
            >
              {file && !isInherited ? 'Replace' : 'Upload'}
            </Button>
          )}
        </FileButton>
        {file && !isInherited ? (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={12} />}
            aria-label={`Remove ${label}`}
            onClick={() => remove.mutate(target, { onSuccess: toastSuccess, onError: (error) => toastError(error.message) })}
          >
            Remove
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/**
 * /configuration/user-guide (configurations): the guide videos, thumbnails and manuals. Users who
 * see every data segment manage the defaults; anyone may override them for the active segment.
 */
export default function UserGuideSettingsPage() {
  const user = useSessionUser();
  const canManageDefaults = (user?.dataSegmentIds.length ?? 0) === 0;
  const activeSegment = getActiveDataSegmentId();
  const [edition, setEdition] = useState<GuideEdition>('standard');
  const [scope, setScope] = useState<'default' | 'segment'>(canManageDefaults ? 'default' : 'segment');
  const dataSegmentId = scope === 'default' ? null : activeSegment;
  const { data, isPending, error } = useUserGuide(edition, dataSegmentId);
  const target = (asset: string): GuideSlotTarget => ({ edition, asset, dataSegmentId });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          User Guide files
        </Title>
        <Text c="dimmed" size="sm">
          Videos (MP4 or WebM, up to 50 MB), thumbnails (PNG or JPEG, up to 2 MB) and the manual (PDF, up to 20 MB) shown in the User Guide
          dialog.
        </Text>
      </div>
      <Group gap="md">
        <SegmentedControl
          aria-label="Edition"
          value={edition}
          onChange={(value) => setEdition(value === 'lite' ? 'lite' : 'standard')}
          data={[
            { label: 'Standard account', value: 'standard' },
            { label: 'Lite account', value: 'lite' },
          ]}
        />
        {canManageDefaults ? (
          <SegmentedControl
            aria-label="Applies to"
            value={scope}
            onChange={(value) => setScope(value === 'segment' ? 'segment' : 'default')}
            data={[
              { label: 'Every data segment (default)', value: 'default' },
              { label: 'This data segment only', value: 'segment', disabled: !activeSegment },
            ]}
          />
        ) : null}
      </Group>
      <ErrorAlert message={error?.message} />
      <Paper withBorder radius="md" p="md">
        {isPending ? (
          <Stack gap="sm" aria-busy>
            {[1, 2, 3, 4].map((key) => (
              <Skeleton key={key} h={40} />
            ))}
          </Stack>
        ) : data ? (
          <Table verticalSpacing="sm" striped>
            <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>Guide videos and their thumbnails</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Video</Table.Th>
                <Table.Th>Video file</Table.Th>
                <Table.Th>Thumbnail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.videos.map((video) => (
                <Table.Tr key={video.slot}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {video.title}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <SlotCell label={`video for ${video.title}`} kind="video" file={video.video} target={target(`video-${video.slot}`)} />
                  </Table.Td>
                  <Table.Td>
                    <SlotCell
                      label={`thumbnail for ${video.title}`}
                      kind="thumbnail"
                      file={video.thumbnail}
                      target={target(`thumbnail-${video.slot}`)}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    Manual
                  </Text>
                </Table.Td>
                <Table.Td colSpan={2}>
                  <SlotCell label="manual" kind="manual" file={data.manual} target={target('manual')} />
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        ) : null}
      </Paper>
    </Stack>
  );
}
