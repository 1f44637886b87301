import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Fieldset, Group, Modal, SimpleGrid, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { PERMISSION_GROUPS } from '@sanad/contracts/permissions';
import { ZRoleInput, type TRoleRow } from '@sanad/contracts/role-admin';
import { firstOfEach, validateWith, type FieldErrors } from '../../../lib/form-errors';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { ROLES_PATH, saveRole } from '../api/save-role';
import { GROUP_NAMES, grantableBy, groupState, orderedPermissions, toggleGroup, togglePermission } from '../permission-groups';

const NOT_HELD = 'You can grant only permissions you hold yourself';

/**
 * The role editor: a title and every permission, grouped exactly as the spec groups them, with a
 * select-all box per group. Permissions the editor does not hold are shown but cannot be granted.
 */
export function RoleEditorModal({ role, scopes, onClose }: { role: TRoleRow | null; scopes: readonly string[]; onClose: () => void }) {
  const [title, setTitle] = useState(role?.title ?? '');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set(role?.permissions ?? []));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSaveFlow({ listPath: ROLES_PATH, onClose });
  const canGrant = grantableBy(scopes);
  const shownErrors = { ...firstOfEach(save.fieldErrors), ...errors };

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const payload = { title, permissions: orderedPermissions(chosen), ...(role ? { _id: role._id, status: role.status } : {}) };
    const result = validateWith(ZRoleInput, payload);
    if (!result.isValid) {
      setErrors(result.errors);
      setFormError(result.first);
      return;
    }
    setErrors({});
    setFormError(null);
    await save.run(() => saveRole(payload));
  }

  const error = formError ?? save.error;
  return (
    <Modal opened onClose={onClose} title={role ? 'Edit role' : 'Add role'} size="xl" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <TextInput label="Title" required value={title} onChange={(event) => setTitle(event.currentTarget.value)} error={shownErrors.title || undefined} maxLength={60} />
          <Text size="sm" fw={600}>
            Permissions
          </Text>
          {shownErrors.permissions ? (
            <Text size="sm" c="red" role="alert">
              {shownErrors.permissions}
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
                  <Stack gap={6}>
                    {PERMISSION_GROUPS[group].map((permission) => {
                      const box = (
                        <Checkbox
                          key={permission}
                          label={permission}
                          size="sm"
                          checked={chosen.has(permission)}
                          disabled={!canGrant(permission)}
                          onChange={() => setChosen((current) => togglePermission(permission, current))}
                        />
                      );
                      return canGrant(permission) ? box : (
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
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={save.isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isSaving}>
              {role ? 'Save changes' : 'Add role'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
