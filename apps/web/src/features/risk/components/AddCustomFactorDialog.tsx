import { useState } from 'react';
import { Alert, Button, Group, List, Loader, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { FIELD_TYPE_LABELS } from '@sanad/contracts/form-builder';
import { customFactorPage, type TCustomFactorField } from '@sanad/contracts/risk-custom-factors';
import { addCustomFactor, useCustomFactorFields } from '../api/custom-factors';
import { tableListPath } from '../api/table-pages';
import { pagePath } from '../engine-navigation';
import { useRiskSave } from './use-config-save';

/** What the list says under a field's English label: its type, key and number of values. */
export const fieldDescription = (field: TCustomFactorField): string =>
  `${FIELD_TYPE_LABELS[field.type]} field ${field.key}, ${field.values.length} values`;

/** How a list answer scores, said wherever a multi-select factor is set up. */
export const MULTI_SELECT_RULE =
  'A customer may choose several options: each is scored and the highest-scoring one counts, as with several nationalities.';

/**
 * "Add a factor from a custom field": the segment's published select, multi-select and yes/no
 * fields that are not a factor yet. The factor starts with weight 0 and one value per option; once
 * added, its value page opens so the officer scores the options before giving it a weight.
 */
export function AddCustomFactorDialog() {
  const [isOpen, setOpen] = useState(false);
  const [fieldKey, setFieldKey] = useState<string | null>(null);
  const fields = useCustomFactorFields(isOpen);
  const navigate = useNavigate();
  const flow = useRiskSave({ listPath: tableListPath('risk') });
  const chosen = fields.data?.find((field) => field.key === fieldKey) ?? null;

  function close(): void {
    setOpen(false);
    setFieldKey(null);
    flow.clearErrors();
  }

  async function onAdd(): Promise<void> {
    if (!chosen) return;
    const added = await flow.run(() => addCustomFactor(chosen.key));
    if (added) {
      close();
      void navigate(pagePath(customFactorPage(chosen.key)));
    }
  }

  return (
    <>
      <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setOpen(true)}>
        Add a factor from a custom field
      </Button>
      <Modal opened={isOpen} onClose={close} title="Add a factor from a custom field" size="lg" centered>
        <Stack gap="md">
          {fields.error ? (
            <Alert color="red" role="alert">
              {fields.error.message}
            </Alert>
          ) : null}
          {fields.isPending ? <Loader size="sm" aria-label="Loading the published fields" /> : null}
          {fields.data && fields.data.length === 0 ? (
            <Text size="sm">
              No published select, multi-select or yes/no custom field is left to add. Publish one in the form builder (fields that write
              customInfo), then come back.
            </Text>
          ) : null}
          {fields.data && fields.data.length > 0 ? (
            <Radio.Group
              label="Custom field"
              description="Published select, multi-select and yes/no fields that are not a risk factor yet"
              value={fieldKey}
              onChange={setFieldKey}
              error={flow.fieldErrors.fieldKey?.[0]}
            >
              <Stack gap="xs" mt="xs">
                {fields.data.map((field) => (
                  <Radio key={field.key} value={field.key} label={field.label} description={fieldDescription(field)} />
                ))}
              </Stack>
            </Radio.Group>
          ) : null}
          {chosen ? (
            <div>
              <Text size="sm">
                Adds the factor <strong>custom:{chosen.key}</strong> with weight 0 and these values, each scored 50 until you set it:
              </Text>
              <List size="sm" mt={4}>
                {chosen.values.map((value) => (
                  <List.Item key={value.code}>
                    {value.title}{' '}
                    <Text span c="dimmed" ff="monospace" size="xs">
                      {value.code}
                    </Text>
                  </List.Item>
                ))}
              </List>
              {chosen.type === 'multi-select' ? (
                <Text size="sm" c="dimmed" mt={4}>
                  {MULTI_SELECT_RULE}
                </Text>
              ) : null}
            </div>
          ) : null}
          {flow.error && !flow.fieldErrors.fieldKey ? (
            <Alert color="red" role="alert">
              {flow.error}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void onAdd()} disabled={!chosen} loading={flow.isSaving}>
              Add factor
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
