import { useState, type FormEvent } from 'react';
import { Alert, Button, Fieldset, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTIONS, ZDataSegmentInput, type TDataSegmentRow } from '@sanad/contracts/data-segments';
import { segmentChoicesQuery } from '../../../lib/data-segments';
import { firstOfEach, validateWith, type FieldErrors } from '../../../lib/form-errors';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { DATA_SEGMENTS_PATH, saveDataSegment } from '../api/save-data-segment';
import { segmentFormFrom, segmentPayload, type SegmentFormValues } from '../segment-form';
import { SUBSCRIPTION_LABELS } from './SubscriptionBadge';

const asNumber = (value: number | string): number | '' => (typeof value === 'number' ? value : value === '' ? '' : Number(value));

/**
 * Create or edit a data segment. Operators (who see every segment) also set the commercial terms;
 * a contact e-mail on a new segment invites the contact as its Administrator.
 */
export function DataSegmentFormModal({ row, isOperator, onClose }: { row: TDataSegmentRow | null; isOperator: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<SegmentFormValues>(() => segmentFormFrom(row));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveFlow({ listPath: DATA_SEGMENTS_PATH, onClose });
  const shown: FieldErrors = { ...firstOfEach(save.fieldErrors), ...errors };

  function set<K extends keyof SegmentFormValues>(key: K, value: SegmentFormValues[K]): void {
    setValues((current) => ({ ...current, [key]: value }));
  }

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const payload = segmentPayload(values, row, isOperator);
    const result = validateWith(ZDataSegmentInput, payload);
    if (!result.isValid) {
      setErrors(result.errors);
      setFormError(result.first);
      return;
    }
    setErrors({});
    setFormError(null);
    const saved = await save.run(() => saveDataSegment(payload));
    // The header's segment switcher lists segments too.
    if (saved) void queryClient.invalidateQueries({ queryKey: segmentChoicesQuery().queryKey });
  }

  const error = formError ?? save.error;
  const text = (key: 'companyName' | 'fullName' | 'title' | 'ref', label: string, required = false) => (
    <TextInput label={label} required={required} value={values[key]} onChange={(event) => set(key, event.currentTarget.value)} error={shown[key] || undefined} />
  );
  return (
    <Modal opened onClose={onClose} title={row ? 'Edit data segment' : 'Add data segment'} size="xl" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('companyName', 'Client (company name)', true)}
            {text('fullName', 'Contact person')}
            <TextInput
              label="Contact e-mail"
              type="email"
              description={row ? undefined : "Given, the contact is invited as this segment's Administrator"}
              value={values.email}
              onChange={(event) => set('email', event.currentTarget.value)}
              error={shown.email || undefined}
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
                  onChange={(value) => value && set('subscription', value as SegmentFormValues['subscription'])}
                  allowDeselect={false}
                  error={shown.subscription || undefined}
                />
                <NumberInput label="Subscription count" min={0} allowDecimal={false} value={values.subscriptionCount} onChange={(value) => set('subscriptionCount', asNumber(value))} error={shown.subscriptionCount || undefined} />
                <NumberInput label="Tier (profiles assigned)" min={0} allowDecimal={false} value={values.tier} onChange={(value) => set('tier', asNumber(value))} error={shown.tier || undefined} />
                <NumberInput label="Next review (years)" min={0} max={50} allowDecimal={false} value={values.nextReviewYears} onChange={(value) => set('nextReviewYears', asNumber(value))} error={shown['nextReview.duration'] || undefined} />
                <TextInput label="Sales lead" value={values.salesLead} onChange={(event) => set('salesLead', event.currentTarget.value)} error={shown['packageDetailsObj.salesLead'] || undefined} />
                <TextInput label="Deal type" value={values.dealType} onChange={(event) => set('dealType', event.currentTarget.value)} error={shown['packageDetailsObj.dealType'] || undefined} />
                <TextInput label="Payment method" value={values.paymentMethod} onChange={(event) => set('paymentMethod', event.currentTarget.value)} error={shown['packageDetailsObj.paymentMethod'] || undefined} />
                <TextInput label="Subscription date" type="date" value={values.subscriptionDate} onChange={(event) => set('subscriptionDate', event.currentTarget.value)} error={shown['packageDetailsObj.subscriptionDate'] || undefined} />
                <TextInput label="Expiry date" type="date" value={values.expiryDate} onChange={(event) => set('expiryDate', event.currentTarget.value)} error={shown['packageDetailsObj.expiryDate'] || undefined} />
              </SimpleGrid>
            </Fieldset>
          ) : (
            <Text size="sm" c="dimmed">
              The subscription, package, tier and review period are set by the operator of this installation.
            </Text>
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={save.isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isSaving}>
              {row ? 'Save changes' : 'Add data segment'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
