import { useState } from 'react';
import { Alert, Anchor, Box, Button, Center, Grid, Group, Image, Modal, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDownload, IconPlayerPlay, IconSettings, IconVideoOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { GUIDE_FRAME_HEIGHT, type GuideEdition } from '@sanad/contracts/user-guide-catalogue';
import type { TUserGuide } from '@sanad/contracts/user-guide';
import { Loading } from '../../../components/Loading';
import { FILE_ENDPOINTS } from '@sanad/contracts/files.endpoints';
import { apiDownload } from '../../../lib/api';
import { toastError } from '../../../lib/toast';
import { useUserGuide } from '../api/get-user-guide';
import { thumbnailUrl, useGuideVideoUrl } from '../api/get-guide-video';
import classes from './user-guide.module.css';

type GuideVideo = TUserGuide['videos'][number];

function Player({ video }: { video: GuideVideo | undefined }) {
  const { url, isLoading, error } = useGuideVideoUrl(video?.video?.fileName ?? null);
  let content;
  if (!video?.video) {
    content = (
      <Stack align="center" gap="xs" c="gray.3">
        <IconVideoOff size={48} aria-hidden />
        <Text c="gray.3">No video has been uploaded for this topic yet.</Text>
      </Stack>
    );
  } else if (error) {
    content = <Text c="red.3">The video could not be loaded. Please try again later.</Text>;
  } else if (isLoading || !url) {
    content = <Text c="gray.3">Loading...</Text>;
  } else {
    content = (
      <video
        key={url}
        className={classes.video}
        src={url}
        controls
        preload="metadata"
        poster={video.thumbnail ? thumbnailUrl(video.thumbnail.fileName) : undefined}
        aria-label={video.title}
      >
        <track kind="captions" />
      </video>
    );
  }
  return (
    <Box className={classes.frame} h={GUIDE_FRAME_HEIGHT} data-testid="guide-frame">
      <Center h="100%">{content}</Center>
    </Box>
  );
}

interface UserGuideDialogProps {
  opened: boolean;
  onClose: () => void;
  edition: GuideEdition;
  dataSegmentId: string | null;
  canManage: boolean;
}

/**
 * The user guide: a video player in a frame of height 520, the labelled thumbnails of the
 * edition's videos, and a Download Manual link; the lite account has its own videos and manual.
 */
export function UserGuideDialog({ opened, onClose, edition, dataSegmentId, canManage }: UserGuideDialogProps) {
  const { data, isPending, error } = useUserGuide(edition, dataSegmentId, opened);
  const [selectedSlot, setSelectedSlot] = useState(1);
  const [isDownloading, setDownloading] = useState(false);
  const selected = data?.videos.find((video) => video.slot === selectedSlot) ?? data?.videos[0];

  async function onDownloadManual(): Promise<void> {
    if (!data?.manual) return;
    setDownloading(true);
    try {
      await apiDownload(FILE_ENDPOINTS.userFile, { params: { fileName: data.manual.fileName } });
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="User Guide"
      size="min(1200px, 96vw)"
      classNames={{ title: classes.title }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {isPending ? (
        <Loading />
      ) : error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : (
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Group gap="md">
              <Text size="sm" c="dimmed">
                Short videos about the main tasks, and the full manual.
              </Text>
              {canManage ? (
                <Anchor component={Link} to="/configuration/user-guide" size="sm" onClick={onClose}>
                  <Group gap={4} component="span">
                    <IconSettings size={14} aria-hidden />
                    Manage guide files
                  </Group>
                </Anchor>
              ) : null}
            </Group>
            {data.manual ? (
              <Button leftSection={<IconDownload size={16} />} onClick={() => void onDownloadManual()} loading={isDownloading}>
                Download Manual
              </Button>
            ) : (
              <Text size="sm" c="dimmed">
                No manual has been uploaded yet.
              </Text>
            )}
          </Group>
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Player video={selected} />
              <Text fw={600} mt="xs">
                {selected?.title}
              </Text>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <ScrollArea.Autosize mah={GUIDE_FRAME_HEIGHT + 30} type="auto">
                <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Guide videos">
                  {data.videos.map((video) => (
                    <li key={video.slot}>
                      <UnstyledButton
                        className={classes.thumbnail}
                        data-active={video.slot === selected?.slot || undefined}
                        aria-current={video.slot === selected?.slot ? 'true' : undefined}
                        onClick={() => setSelectedSlot(video.slot)}
                      >
                        <Group gap="sm" wrap="nowrap">
                          <Box className={classes.thumbnailImage}>
                            {video.thumbnail ? (
                              <Image src={thumbnailUrl(video.thumbnail.fileName)} alt="" h={54} w={96} fit="cover" radius="sm" />
                            ) : (
                              <Center h={54} w={96}>
                                <IconPlayerPlay size={22} aria-hidden />
                              </Center>
                            )}
                          </Box>
                          <div>
                            <Text size="sm" fw={600} lh={1.3}>
                              {video.title}
                            </Text>
                            {video.video ? null : (
                              <Text size="xs" c="dimmed">
                                Not uploaded yet
                              </Text>
                            )}
                          </div>
                        </Group>
                      </UnstyledButton>
                    </li>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </Modal>
  );
}
