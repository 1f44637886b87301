import { Stack, Text, Title } from '@mantine/core';
import { TemplateCard } from './components/TemplateCard';
import { UploadCard } from './components/UploadCard';

/** Bulk onboarding: customers from a spreadsheet, each made exactly as a registration makes one. */
export default function BulkOnboardingPage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Bulk onboarding
        </Title>
        <Text c="dimmed">Onboard many customers from one CSV or XLSX file.</Text>
      </div>
      <UploadCard />
      <TemplateCard />
    </Stack>
  );
}
