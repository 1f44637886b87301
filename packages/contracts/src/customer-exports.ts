import { z } from 'zod';
import { CREATED_RANGE_ERROR, CUSTOM_FILTER_ERROR, isCreatedRangeValid, isCustomFilterValid, ZCustomerListFilters } from './customers';

/**
 * Archiving a customer and exporting customers. Archiving takes the customer out of the default
 * list and out of ongoing monitoring; restoring ("activate", as every status toggle reads) puts it
 * back. Exports write the filtered list, as the list's own query selects it, to CSV or XLSX.
 */

/** PUT customers/:id/status: the new record status. */
export const ZCustomerStatusInput = z.object({
  status: z.enum(['archived', 'active'], { error: 'status must be archived or active' }),
});
export type TCustomerStatusInput = z.infer<typeof ZCustomerStatusInput>;

export const CUSTOMER_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TCustomerExportFormat = (typeof CUSTOMER_EXPORT_FORMATS)[number];

/** GET customers/export: the list's filters, search and sort, and the file format (CSV by default). */
export const ZCustomerExportQuery = ZCustomerListFilters.extend({
  format: z.enum(CUSTOMER_EXPORT_FORMATS, { error: 'format must be csv or xlsx' }).default('csv'),
})
  .refine(isCreatedRangeValid, CREATED_RANGE_ERROR)
  .refine(isCustomFilterValid, CUSTOM_FILTER_ERROR);
export type TCustomerExportQuery = z.infer<typeof ZCustomerExportQuery>;

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The columns of a customer export, in order: the header row reads these names. */
export const CUSTOMER_EXPORT_COLUMNS = [
  'sanad_id',
  'full_name',
  'first_name',
  'last_name',
  'date_of_birth',
  'nationality_id',
  'country_of_residence_id',
  'id_type',
  'id_number',
  'email',
  'phone_number',
  'kyc_status',
  'risk_level',
  'hit_types',
  'products',
  'source',
  'status',
  'created_at',
] as const;

export const CUSTOMER_EXPORT_MESSAGES = {
  archived: 'Customer archived successfully',
  activated: 'Customer activated successfully',
  alreadyArchived: 'This customer is already archived',
  alreadyActive: 'This customer is already active',
} as const;
