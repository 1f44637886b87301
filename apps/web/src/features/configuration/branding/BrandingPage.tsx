import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useBranding } from './branding-api';
import { BrandingForm } from './BrandingForm';

/** Branding (branding): the installation's four colours and its logos, for every data segment. */
export default function BrandingPage() {
  const { data, error, isPending } = useBranding();
  return (
    <Stack gap="lg" maw={1100}>
      <div>
        <Title order={1} size="h2">
          Branding
        </Title>
        <Text c="dimmed">
          The colours and logos of Sanad for every data segment: the staff screens, the sign-in page and the public onboarding pages. A data
          segment shows its own name and logo to its customers through Labeling.
        </Text>
      </div>
      {error ? <Alert color="red">{error.message}</Alert> : null}
      {isPending ? <Skeleton h={420} /> : null}
      {/* A save replaces the data: the form starts again from what was saved, at its new version. */}
      {data ? <BrandingForm key={data.version} branding={data} /> : null}
    </Stack>
  );
}
