import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { getActiveDataSegmentId } from '../../../lib/session';
import { useLabeling } from './labeling-api';
import { LabelingForm } from './LabelingForm';

/**
 * Labeling (labeling, in a data segment that allows white labelling): what the active data
 * segment's customers see in place of Sanad on the public onboarding pages. Another segment's
 * labeling is edited after switching to it.
 */
export default function LabelingPage() {
  const dataSegmentId = getActiveDataSegmentId();
  const { data, error, isPending } = useLabeling(dataSegmentId);
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Labeling
        </Title>
        <Text c="dimmed">
          The name, logo and support contacts this data segment&apos;s customers see on the public onboarding pages (deep-link, dynamic and
          public registration, document upload), in place of Sanad.
        </Text>
      </div>
      {dataSegmentId === null ? <Alert color="yellow">Choose a data segment first.</Alert> : null}
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {isPending && dataSegmentId !== null ? <Skeleton h={420} /> : null}
      {data ? <LabelingForm key={`${data.dataSegmentId}:${data.version}`} labeling={data} /> : null}
    </Stack>
  );
}
