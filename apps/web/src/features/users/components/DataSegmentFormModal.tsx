import { useState } from 'react';
import { Fieldset, NumberInput, Select, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTIONS, ZDataSegmentInput, type TDataSegmentRow } from '@sanad/contracts/data-segments';
import { segmentChoicesQuery } from '../../../lib/data-segments';
import { FormModal } from '../../../components/form/FormModal';
import { useFormCheck } from '../../../lib/use-form-check';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { DATA_SEGMENT_ENDPOINTS } from '@sanad/contracts/data-segments.endpoints';
import { saveDataSegment } from '../api/save-data-segment';
import { segmentFormFrom, segmentPayload, withSubscription, type SegmentFormValues } from '../segment-form';
import { SUBSCRIPTION_LABELS } from './SubscriptionBadge';

const asNumber = (value: number | string): number | '' => (typeof value === 'number' ? value : value === '' ? '' : Number(value));

/**
 * Create or edit a data segment. Operators (who see every segment) also set the commercial terms;
 * a contact e-mail on a new segment invites the contact as its Administrator.
 */
export function DataSegmentFormModal({
  row,
  isOperator,
  onClose,
}: {
  row: TDataSegmentRow | null;
  isOperator: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SegmentFormValues>(() => segmentFormFrom(row));
  const save = useSaveFlow({ listPath: DATA_SEGMENT_ENDPOINTS.list.path, onClose });
  const form = useFormCheck(save);

  function set<K extends keyof SegmentFormValues>(key: K, value: SegmentFormValues[K]): void {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function onSubmit(): Promise<void> {
    const data = form.check(ZDataSegmentInput, segmentPayload(values, row, isOperator));
    if (!data) return;
    const saved = await save.run(() => saveDataSegment({ ...data, ...(row ? { _id: row._id } : {}) }));
    // The header's segment switcher lists segments too.
    if (saved) void queryClient.invalidateQueries({ queryKey: segmentChoicesQuery().queryKey });
  }

  const text = (key: 'companyName' | 'fullName' | 'title' | 'ref', label: string, required = false) => (
    <TextInput
      label={label}
      required={required}
      value={values[key]}
      onChange={(event) => set(key, event.currentTarget.value)}
      error={form.errorOf(key)}
    />
  );
  return (
    <FormModal
      title={row ? 'Edit data segment' : 'Add data segment'}
      size="xl"
      onClose={onClose}
      error={form.error}
      isSaving={save.isSaving}
      submitLabel={row ? 'Save changes' : 'Add data segment'}
      onSubmit={onSubmit}
      footerTop="sm"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('companyName', 'Client (company name)', true)}
        {text('fullName', 'Contact person')}
        <TextInput
          label="Contact e-mail"
          type="email"
          description={row ? undefined : "Given, the contact is invited as this segment's Administrator"}
          value={values.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          error={form.errorOf('email')}
        />
        {text('title', 'Title')}
        {text('ref', 'Ref (source)')}
      </SimpleGrid>
      {isOperator ? (
        <Fieldset legend="Subscription and package">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Subscription"
              data={SUBSCRIPTIONS.map((value) => ({ value, label: SUBSCRIPTION_LABELS[value] }))}
              value={values.subscription}
              onChange={(value) => {
                const subscription = SUBSCRIPTIONS.find((item) => item === value);
                if (subscription) setValues((current) => withSubscription(current, subscription));
              }}
              allowDeselect={false}
              error={form.errorOf('subscription')}
            />
            <NumberInput
              label="Subscription count"
              min={0}
              allowDecimal={false}
              value={values.subscriptionCount}
              onChange={(value) => set('subscriptionCount', asNumber(value))}
              error={form.errorOf('subscriptionCount')}
            />
            <NumberInput
              label="Tier (profiles assigned)"
              min={0}
              allowDecimal={false}
              value={values.tier}
              onChange={(value) => set('tier', asNumber(value))}
              error={form.errorOf('tier')}
            />
            <NumberInput
              label="Storage quota (MB)"
              description="Uploaded files the segment may keep"
              min={0}
              allowDecimal={false}
              value={values.storageQuotaMb}
              onChange={(value) => set('storageQuotaMb', asNumber(value))}
              error={form.errorOf('storageQuotaMb')}
            />
            <NumberInput
              label="Next review (years)"
              min={0}
              max={50}
              allowDecimal={false}
              value={values.nextReviewYears}
              onChange={(value) => set('nextReviewYears', asNumber(value))}
              error={form.errorOf('nextReview.duration')}
            />
            <TextInput
              label="Sales lead"
              value={values.salesLead}
              onChange={(event) => set('salesLead', event.currentTarget.value)}
              error={form.errorOf('packageDetailsObj.salesLead')}
            />
            <TextInput
              label="Deal type"
              value={values.dealType}
              onChange={(event) => set('dealType', event.currentTarget.value)}
              error={form.errorOf('packageDetailsObj.dealType')}
            />
            <TextInput
              label="Payment method"
              value={values.paymentMethod}
              onChange={(event) => set('paymentMethod', event.currentTarget.value)}
              error={form.errorOf('packageDetailsObj.paymentMethod')}
            />
            <TextInput
              label="Subscription date"
              type="date"
              value={values.subscriptionDate}
              onChange={(event) => set('subscriptionDate', event.currentTarget.value)}
              error={form.errorOf('packageDetailsObj.subscriptionDate')}
            />
            <TextInput
              label="Expiry date"
              type="date"
              value={values.expiryDate}
              onChange={(event) => set('expiryDate', event.currentTarget.value)}
              error={form.errorOf('packageDetailsObj.expiryDate')}
            />
          </SimpleGrid>
          <Switch
            mt="md"
            label="Allow white labelling"
            description="The segment's administrators may show its own name, logo and support contacts on its public onboarding screens (Configuration → Labeling)"
            checked={values.whiteLabelling}
            onChange={(event) => set('whiteLabelling', event.currentTarget.checked)}
          />
        </Fieldset>
      ) : (
        <Text size="sm" c="dimmed">
          The subscription, package, tier, review period and white labelling are set by the operator of this installation.
        </Text>
      )}
    </FormModal>
  );
}
