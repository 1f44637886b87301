import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { ZSystemUserInput, ZTeamMemberInput, type TStaffUserRow } from '@sanad/contracts/staff-users';
import { useSegmentChoices } from '../../../lib/data-segments';
import { firstOfEach, validateWith, type FieldErrors } from '../../../lib/form-errors';
import { getActiveDataSegmentId } from '../../../lib/session';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { useRoleOptions } from '../api/get-role-options';
import { STAFF_PATHS, saveStaffUser, type StaffKind } from '../api/save-staff-user';
import { emptyStaffForm, rolesFor, staffFormFrom, staffPayload, type StaffFormValues } from '../staff-form';

const NOUN: Record<StaffKind, string> = { system: 'user', team: 'team member' };

/**
 * Invite or edit a system user or a team member. The form checks the contract's rules first and
 * shows the first error; the server's first error shows when it refuses (001 §8).
 */
export function StaffFormModal({
  kind,
  row,
  opened,
  isOperator,
  onClose,
}: {
  kind: StaffKind;
  row: TStaffUserRow | null;
  opened: boolean;
  /** Sees every data segment, so may give a user all of them. */
  isOperator: boolean;
  onClose: () => void;
}) {
  const activeSegmentId = getActiveDataSegmentId();
  const [values, setValues] = useState<StaffFormValues>(() => (row ? staffFormFrom(row) : emptyStaffForm(activeSegmentId)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const roles = useRoleOptions(opened);
  const segments = useSegmentChoices();
  const save = useSaveFlow({ listPath: STAFF_PATHS[kind], onClose });
  const roleChoices = rolesFor(roles.data ?? [], kind, values, activeSegmentId);
  const showsCompany = new Set(roleChoices.map((role) => role.dataSegmentId)).size > 1;
  const shownErrors: FieldErrors = { ...firstOfEach(save.fieldErrors), ...errors };

  function set<K extends keyof StaffFormValues>(key: K, value: StaffFormValues[K]): void {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  }

  async function onSubmit(event: FormEvent): Promise<void> {
    event.preventDefault();
    const payload = staffPayload(kind, values, row);
    const result = validateWith(kind === 'team' ? ZTeamMemberInput : ZSystemUserInput, payload);
    if (!result.isValid) {
      setErrors(result.errors);
      setFormError(result.first);
      return;
    }
    setErrors({});
    setFormError(null);
    await save.run(() => saveStaffUser(kind, payload));
  }

  const title = row ? `Edit ${NOUN[kind]}` : kind === 'team' ? 'Add team member' : 'Add user';
  const error = formError ?? save.error;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="sm">
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          {!row ? <Text size="sm" c="dimmed">They receive an e-mail with a link to set their password.</Text> : null}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required value={values.firstName} onChange={(event) => set('firstName', event.currentTarget.value)} error={shownErrors.firstName || undefined} maxLength={60} />
            <TextInput label="Last name" required value={values.lastName} onChange={(event) => set('lastName', event.currentTarget.value)} error={shownErrors.lastName || undefined} maxLength={60} />
            <TextInput label="Email" type="email" required value={values.email} onChange={(event) => set('email', event.currentTarget.value)} error={shownErrors.email || undefined} />
            <TextInput
              label="Username"
              description="Left empty, it is taken from the e-mail address"
              value={values.username}
              onChange={(event) => set('username', event.currentTarget.value)}
              error={shownErrors.username || undefined}
            />
            <TextInput label="Phone number" type="tel" value={values.phoneNumber} onChange={(event) => set('phoneNumber', event.currentTarget.value)} error={shownErrors.phoneNumber || undefined} />
            {kind === 'system' ? (
              <TextInput label="Company name" description="Left empty, the data segment's name" value={values.companyName} onChange={(event) => set('companyName', event.currentTarget.value)} error={shownErrors.companyName || undefined} />
            ) : null}
            {kind === 'system' ? <TextInput label="Ref" value={values.ref} onChange={(event) => set('ref', event.currentTarget.value)} error={shownErrors.ref || undefined} /> : null}
            <Select
              label="Role"
              required
              searchable
              placeholder={roles.isPending ? 'Loading...' : 'Choose a role'}
              data={roleChoices.map((role) => ({ value: role._id, label: showsCompany ? `${role.title} (${role.companyName})` : role.title }))}
              value={values.roleId || null}
              onChange={(value) => set('roleId', value ?? '')}
              error={shownErrors.roleId || (roles.error ? roles.error.message : undefined)}
              nothingFoundMessage="No active role in these data segments"
            />
          </SimpleGrid>
          {kind === 'system' ? (
            <Stack gap={6}>
              {isOperator ? (
                <Switch label="Sees every data segment" checked={values.allSegments} onChange={(event) => set('allSegments', event.currentTarget.checked)} />
              ) : null}
              {!values.allSegments ? (
                <MultiSelect
                  label="Data segments"
                  description="The client tenants this user works in"
                  data={(segments.data ?? []).map((segment) => ({ value: segment._id, label: segment.companyName }))}
                  value={values.dataSegmentIds}
                  onChange={(value) => set('dataSegmentIds', value)}
                  error={shownErrors.dataSegmentIds || undefined}
                  searchable
                />
              ) : null}
            </Stack>
          ) : null}
          <Group gap="lg">
            <Checkbox label="Company onboarding (KYB)" checked={values.kyb} onChange={(event) => set('kyb', event.currentTarget.checked)} />
            <Checkbox label="Shows the user guide" checked={values.userGuide} onChange={(event) => set('userGuide', event.currentTarget.checked)} />
            <Select
              aria-label="Account type"
              data={[
                { value: 'full', label: 'Full account' },
                { value: 'lite', label: 'Lite account' },
              ]}
              value={values.accountType}
              onChange={(value) => set('accountType', value === 'lite' ? 'lite' : 'full')}
              allowDeselect={false}
              w={150}
              size="xs"
            />
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={save.isSaving}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isSaving}>
              {row ? 'Save changes' : kind === 'team' ? 'Add and invite' : 'Invite user'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
