import { MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import { CUSTOMER_SOURCE_LABELS, CUSTOMER_SOURCES, KYC_STATUSES } from '@sanad/contracts/customers';
import { statusBadge } from '@sanad/contracts/status-labels';
import { RISK_LEVELS } from '@sanad/risk/risk-level';
import { HIT_TYPE_OPTIONS } from '../../../lib/hit-types';
import { ID_TYPE_OPTIONS, PRODUCT_OPTIONS } from '../self-register/options';
import type { CustomerFilters } from './customer-filters';

const KYC_OPTIONS = KYC_STATUSES.map((value) => ({ value, label: statusBadge(value).label }));
const RISK_OPTIONS = RISK_LEVELS.map((value) => ({ value, label: statusBadge(value).label }));
const SOURCE_OPTIONS = CUSTOMER_SOURCES.map((value) => ({ value, label: CUSTOMER_SOURCE_LABELS[value] }));
const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'Active and archived' },
];

/**
 * The KYC filters shared by the customer list and the advanced search (KYC status, hit type, risk
 * level, ID type, product), with the list's own source, record status and creation range.
 */
export function KycFilterFields({
  filters,
  onChange,
  isListOnlyShown = true,
}: {
  filters: CustomerFilters;
  onChange: (filters: CustomerFilters) => void;
  isListOnlyShown?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 5 }} spacing="sm">
      <MultiSelect
        label="KYC status"
        placeholder="Any"
        data={KYC_OPTIONS}
        value={filters.kycStatus}
        onChange={(kycStatus) => onChange({ ...filters, kycStatus })}
        clearable
      />
      <MultiSelect
        label="Hit type"
        placeholder="Any"
        data={HIT_TYPE_OPTIONS}
        value={filters.hitType}
        onChange={(hitType) => onChange({ ...filters, hitType })}
        clearable
      />
      <MultiSelect
        label="Risk level"
        placeholder="Any"
        data={RISK_OPTIONS}
        value={filters.riskLevel}
        onChange={(riskLevel) => onChange({ ...filters, riskLevel })}
        clearable
      />
      <MultiSelect
        label="ID type"
        placeholder="Any"
        data={ID_TYPE_OPTIONS}
        value={filters.idType}
        onChange={(idType) => onChange({ ...filters, idType })}
        clearable
      />
      <Select
        label="Product"
        placeholder="Any"
        data={PRODUCT_OPTIONS}
        value={filters.product || null}
        onChange={(product) => onChange({ ...filters, product: product ?? '' })}
        clearable
      />
      {isListOnlyShown ? (
        <>
          <MultiSelect
            label="Source"
            placeholder="Any"
            data={SOURCE_OPTIONS}
            value={filters.source}
            onChange={(source) => onChange({ ...filters, source })}
            clearable
          />
          <TextInput
            label="Campaign or branch"
            description="The source in a dynamic registration's address"
            placeholder="Any"
            value={filters.campaign}
            onChange={(event) => onChange({ ...filters, campaign: event.currentTarget.value })}
          />
          <Select
            label="Record status"
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status) => onChange({ ...filters, status: status ?? 'active' })}
            allowDeselect={false}
          />
          <TextInput
            label="Created from"
            type="date"
            value={filters.createdFrom}
            max={filters.createdTo || undefined}
            onChange={(event) => onChange({ ...filters, createdFrom: event.currentTarget.value })}
          />
          <TextInput
            label="Created to"
            type="date"
            value={filters.createdTo}
            min={filters.createdFrom || undefined}
            onChange={(event) => onChange({ ...filters, createdTo: event.currentTarget.value })}
          />
        </>
      ) : null}
    </SimpleGrid>
  );
}
