import { useState } from 'react';
import { Checkbox, Fieldset, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { PERMISSION_LABELS } from '@sanad/contracts/permission-labels';
import { PERMISSION_GROUPS } from '@sanad/contracts/permissions';
import { ZRoleInput, type TRoleRow } from '@sanad/contracts/roles';
import { FormModal } from '../../../components/form/FormModal';
import { useFormCheck } from '../../../lib/use-form-check';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { ROLE_ENDPOINTS } from '@sanad/contracts/roles.endpoints';
import { saveRole } from '../api/save-role';
import { GROUP_NAMES, grantableBy, groupState, orderedPermissions, toggleGroup, togglePermission } from '../permission-groups';

const NOT_HELD = 'You can grant only permissions you hold yourself';

/**
 * The role editor: a title and every permission, grouped exactly as the spec groups them, each with
 * its name and a line on what it allows, and a select-all box per group. Permissions the editor does not hold are shown but cannot be granted.
 */
export function RoleEditorModal({ role, scopes, onClose }: { role: TRoleRow | null; scopes: readonly string[]; onClose: () => void }) {
  const [title, setTitle] = useState(role?.title ?? '');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(role?.permissions ?? []));
  const save = useSaveFlow({ listPath: ROLE_ENDPOINTS.list.path, onClose });
  const canGrant = grantableBy(scopes);
  const form = useFormCheck(save);

  async function onSubmit(): Promise<void> {
    const data = form.check(ZRoleInput, { title, permissions: orderedPermissions(chosen), ...(role ? { status: role.status } : {}) });
    if (data) await save.run(() => saveRole({ ...data, ...(role ? { _id: role._id } : {}) }));
  }

  const permissionsError = form.errorOf('permissions');
  return (
    <FormModal
      title={role ? 'Edit role' : 'Add role'}
      size="xl"
      onClose={onClose}
      error={form.error}
      isSaving={save.isSaving}
      submitLabel={role ? 'Save changes' : 'Add role'}
      onSubmit={onSubmit}
      gap="md"
    >
      <TextInput
        label="Title"
        required
        value={title}
        onChange={(event) => setTitle(event.currentTarget.value)}
        error={form.errorOf('title')}
        maxLength={60}
      />
      <Text size="sm" fw={600}>
        Permissions
      </Text>
      {permissionsError ? (
        <Text size="sm" c="red" role="alert">
          {permissionsError}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {GROUP_NAMES.map((group) => {
          const state = groupState(group, chosen);
          const hasGrantable = PERMISSION_GROUPS[group].some(canGrant);
          return (
            <Fieldset
              key={group}
              legend={
                <Checkbox
                  label={group}
                  fw={700}
                  checked={state === 'all'}
                  indeterminate={state === 'some'}
                  disabled={!hasGrantable}
                  onChange={() => setChosen((current) => toggleGroup(group, current, canGrant))}
                  aria-label={`Select all ${group}`}
                />
              }
              p="sm"
            >
              <Stack gap={8}>
                {PERMISSION_GROUPS[group].map((permission) => {
                  const box = (
                    <Checkbox
                      key={permission}
                      label={PERMISSION_LABELS[permission].label}
                      description={PERMISSION_LABELS[permission].description}
                      size="sm"
                      checked={chosen.has(permission)}
                      disabled={!canGrant(permission)}
                      onChange={() => setChosen((current) => togglePermission(permission, current))}
                    />
                  );
                  return canGrant(permission) ? (
                    box
                  ) : (
                    <Tooltip key={permission} label={NOT_HELD} position="top-start">
                      <div>{box}</div>
                    </Tooltip>
                  );
                })}
              </Stack>
            </Fieldset>
          );
        })}
      </SimpleGrid>
    </FormModal>
  );
}
