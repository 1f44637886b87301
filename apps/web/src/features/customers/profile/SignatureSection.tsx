import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TCustomerRecord } from '@sanad/contracts/customers';
import { STORED_SIGNATURE } from '@sanad/contracts/signature';
import { SignatureImage } from '../../../components/signature-panel/SignatureImage';

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" align="baseline" wrap="wrap">
      <Text component="dt" size="sm" c="dimmed" miw={110}>
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere', flex: 1, minWidth: 120 }}>
        {value}
      </Text>
    </Group>
  );
}

/** The customer's signature: the image fetched from its stored file, and who signed, as what, and when. */
export function SignatureSection({ signature }: { signature: TCustomerRecord['signature'] }) {
  if (!signature?.sign) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Signature">
      <Title order={3} size="h5" mb="xs">
        Signature
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {STORED_SIGNATURE.test(signature.sign) ? (
          <SignatureImage sign={signature.sign} signer={signature.name} />
        ) : (
          <Text size="sm" c="dimmed">
            Signed before images were kept as files: the image is not shown.
          </Text>
        )}
        <Stack gap={6} component="dl" m={0}>
          <Line label="Name" value={signature.name || '—'} />
          <Line label="Position" value={signature.position || '—'} />
          <Line label="Date" value={signature.date || '—'} />
          <Line label="Agreed to sign electronically" value={signature.agree ? 'Yes' : 'No'} />
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
