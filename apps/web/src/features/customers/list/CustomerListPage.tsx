import { Button, Collapse, Group, Paper, Stack, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch, IconUserPlus } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useIsRouted } from '../../../lib/route-availability';
import { useSessionUser } from '../../../lib/session';
import { ADVANCED_SEARCH_PATH } from '../paths';
import { stepPath } from '../self-register/steps';
import { KycFilterFields } from './CustomerFilterFields';
import { CustomerResults } from './CustomerResults';
import { EMPTY_FILTERS, FILTER_KEYS, hasFilters, readFilters, writeFilters, type CustomerFilters } from './customer-filters';

function Filters({ filters, onChange }: { filters: CustomerFilters; onChange: (filters: CustomerFilters) => void }) {
  // On a phone the filters fold away behind a button, so the list is on the first screen.
  const isWide = useMediaQuery('(min-width: 48em)', true);
  const [isOpen, { toggle }] = useDisclosure(hasFilters(filters));
  const count = FILTER_KEYS.filter((key) => hasFilters(filters, [key])).length;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
      {isWide ? null : (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          onClick={toggle}
          aria-expanded={isOpen}
        >
          {isOpen ? 'Hide filters' : `Filters${count > 0 ? ` (${count})` : ''}`}
        </Button>
      )}
      <Collapse expanded={isWide || isOpen}>
        <KycFilterFields filters={filters} onChange={onChange} />
      </Collapse>
      {hasFilters(filters) ? (
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={14} aria-hidden />} onClick={() => onChange(EMPTY_FILTERS)}>
            Clear filters
          </Button>
        </Group>
      ) : null}
    </Paper>
  );
}

/**
 * The customer list (/customer-profiles and /customer-profiles/all-customer): the filters (KYC
 * status, hit type, risk level, ID type, product, source, record status, created between) above the
 * shared results table. Everything is kept in the address.
 */
export default function CustomerListPage() {
  const user = useSessionUser();
  const isRouted = useIsRouted();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const canRegister = Boolean(user?.scopes.includes('register-customer')) && isRouted(stepPath('upload-document'));

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Title order={1} size="h2">
          Customer Profiles
        </Title>
        <Group gap="sm">
          <Button component={Link} to={ADVANCED_SEARCH_PATH} variant="default" leftSection={<IconSearch size={16} aria-hidden />}>
            Advanced search
          </Button>
          {canRegister ? (
            <Button component={Link} to={stepPath('upload-document')} leftSection={<IconUserPlus size={16} aria-hidden />}>
              Register customer
            </Button>
          ) : null}
        </Group>
      </Group>
      <Filters filters={filters} onChange={(next) => setParams((current) => writeFilters(current, next), { replace: true })} />
      <CustomerResults filters={filters} isFiltered={hasFilters(filters)} caption="Customers" />
    </Stack>
  );
}
