import { useState } from 'react';
import { Alert, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REGISTRY_FLAG_LABELS, type TCompanyDetail } from '@sanad/contracts/companies';
import { COMPANY_ENDPOINTS } from '@sanad/contracts/companies.endpoints';
import { REGISTER_CHECK_LABELS, type TRegisterFlags } from '@sanad/contracts/company-registry';
import { hasAnyPermission } from '@sanad/contracts/permissions';
import { api } from '../../../lib/api';
import { useSessionUser } from '../../../lib/session';
import { toastError, toastSuccess } from '../../../lib/toast';
import { companyQueryKey } from './CompanyProfileLayout';

/**
 * Register check: the company's declaration against its entry in the imported UK Companies House
 * register (by registration number), the fields that differ, and the overdue filings the register
 * shows, which staff may apply as registry flags (audited and re-rated like any flag change).
 */
export function RegisterCheckCard({ company }: { company: TCompanyDetail }) {
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const canEdit = user ? hasAnyPermission(user.scopes, ['register-company']) : false;
  const [isApplying, setApplying] = useState(false);
  const check = useQuery({
    queryKey: [...companyQueryKey(company._id), 'register-check', company.updatedAt],
    queryFn: ({ signal }) =>
      api(COMPANY_ENDPOINTS.registerCheck, { params: { id: company._id }, query: { register: 'GB-COH' } }, { signal }),
  });
  const data = check.data?.data;
  const stored = Object.fromEntries(company.registryFlags.map((flag) => [flag.flag, flag.value]));
  const flags = data?.flags ?? null;
  const toApply = flags ? (Object.keys(flags) as (keyof TRegisterFlags)[]).filter((flag) => flags[flag] !== (stored[flag] ?? false)) : [];
  async function apply() {
    if (!flags) return;
    setApplying(true);
    try {
      const body = Object.fromEntries(toApply.map((flag) => [flag, flags[flag]]));
      const { message } = await api(COMPANY_ENDPOINTS.saveRegistryFlags, { params: { id: company._id }, body });
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: companyQueryKey(company._id) });
    } catch (caught) {
      toastError(caught instanceof Error ? caught.message : 'There is something wrong');
    } finally {
      setApplying(false);
    }
  }
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="register-check-heading">
      <Title order={2} size="h4" id="register-check-heading" mb={4}>
        Register check
      </Title>
      {check.isPending ? (
        <Text size="sm" c="dimmed">
          Looking the company up in the register…
        </Text>
      ) : check.isError || !data ? (
        <Text size="sm" c="dimmed">
          The register could not be read.
        </Text>
      ) : !data.entry ? (
        <Text size="sm" c="dimmed">
          UK Companies House has no company numbered {data.registrationNumber} in the imported register file.
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            UK Companies House: {data.entry.legalName}, {data.entry.status || 'no status'}
            {data.entry.sicCodes.length > 0 ? ` · ${data.entry.sicCodes.join('; ')}` : ''}
          </Text>
          {data.differences.length === 0 ? (
            <Alert color="green" role="status">
              The declaration agrees with the register.
            </Alert>
          ) : (
            // Fixed, wrapping columns rather than a sideways-scrolling table: on a phone the register's
            // value, the point of the check, would otherwise be off the side of the card.
            <Table striped layout="fixed" aria-label="Differences from the register" style={{ overflowWrap: 'anywhere' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Declared</Table.Th>
                  <Table.Th>Register</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.differences.map((difference) => (
                  <Table.Tr key={difference.field}>
                    <Table.Td>{REGISTER_CHECK_LABELS[difference.field]}</Table.Td>
                    <Table.Td>{difference.declared || '-'}</Table.Td>
                    <Table.Td>{difference.register || '-'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {flags ? (
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">
                {REGISTRY_FLAG_LABELS.accountsOverdue}: {flags.accountsOverdue ? 'yes' : 'no'} ·{' '}
                {REGISTRY_FLAG_LABELS.confirmationStatementOverdue}: {flags.confirmationStatementOverdue ? 'yes' : 'no'}
              </Text>
              {canEdit && toApply.length > 0 ? (
                <Button variant="light" onClick={() => void apply()} loading={isApplying}>
                  Apply register flags
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
