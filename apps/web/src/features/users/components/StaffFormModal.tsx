import { useState } from 'react';
import { Checkbox, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { ZSystemUserInput, ZTeamMemberInput, type TStaffUserRow } from '@sanad/contracts/users';
import { useSegmentChoices } from '../../../lib/data-segments';
import { FormModal } from '../../../components/form/FormModal';
import { useFormCheck } from '../../../lib/use-form-check';
import { getActiveDataSegmentId } from '../../../lib/session';
import { useSaveFlow } from '../../../lib/use-save-flow';
import { useRoleOptions } from '../api/get-role-options';
import { STAFF_LISTS, saveStaffUser, type StaffKind } from '../api/save-staff-user';
import { emptyStaffForm, rolesFor, staffFormFrom, staffPayload, type StaffFormValues } from '../staff-form';

const NOUN: Record<StaffKind, string> = { system: 'user', team: 'team member' };

/**
 * Invite or edit a system user or a team member. The form checks the contract's rules first and
 * shows the first error; the server's first error shows when it refuses.
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
  const roles = useRoleOptions(opened);
  const segments = useSegmentChoices();
  const save = useSaveFlow({ listPath: STAFF_LISTS[kind].path, onClose });
  const roleChoices = rolesFor(roles.data ?? [], kind, values, activeSegmentId);
  const showsCompany = new Set(roleChoices.map((role) => role.dataSegmentId)).size > 1;
  const form = useFormCheck(save);

  function set<K extends keyof StaffFormValues>(key: K, value: StaffFormValues[K]): void {
    setValues((current) => ({ ...current, [key]: value }));
    form.clearFieldError(key);
  }

  async function onSubmit(): Promise<void> {
    const data = form.check(kind === 'team' ? ZTeamMemberInput : ZSystemUserInput, staffPayload(kind, values, row));
    // The contract has no _id: it goes back on after the check.
    if (data) await save.run(() => saveStaffUser(kind, { ...data, ...(row ? { _id: row._id } : {}) }));
  }

  const title = row ? `Edit ${NOUN[kind]}` : kind === 'team' ? 'Add team member' : 'Add user';
  return (
    <FormModal
      opened={opened}
      title={title}
      size="lg"
      onClose={onClose}
      error={form.error}
      isSaving={save.isSaving}
      submitLabel={row ? 'Save changes' : kind === 'team' ? 'Add and invite' : 'Invite user'}
      onSubmit={onSubmit}
      footerTop="sm"
    >
      {!row ? (
        <Text size="sm" c="dimmed">
          They receive an e-mail with a link to set their password.
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="First name"
          required
          value={values.firstName}
          onChange={(event) => set('firstName', event.currentTarget.value)}
          error={form.errorOf('firstName')}
          maxLength={60}
        />
        <TextInput
          label="Last name"
          required
          value={values.lastName}
          onChange={(event) => set('lastName', event.currentTarget.value)}
          error={form.errorOf('lastName')}
          maxLength={60}
        />
        <TextInput
          label="Email"
          type="email"
          required
          value={values.email}
          onChange={(event) => set('email', event.currentTarget.value)}
          error={form.errorOf('email')}
        />
        <TextInput
          label="Username"
          description="Left empty, it is taken from the e-mail address"
          value={values.username}
          onChange={(event) => set('username', event.currentTarget.value)}
          error={form.errorOf('username')}
        />
        <TextInput
          label="Phone number"
          type="tel"
          value={values.phoneNumber}
          onChange={(event) => set('phoneNumber', event.currentTarget.value)}
          error={form.errorOf('phoneNumber')}
        />
        {kind === 'system' ? (
          <TextInput
            label="Company name"
            description="Left empty, the data segment's name"
            value={values.companyName}
            onChange={(event) => set('companyName', event.currentTarget.value)}
            error={form.errorOf('companyName')}
          />
        ) : null}
        {kind === 'system' ? (
          <TextInput
            label="Ref"
            value={values.ref}
            onChange={(event) => set('ref', event.currentTarget.value)}
            error={form.errorOf('ref')}
          />
        ) : null}
        <Select
          label="Role"
          required
          searchable
          placeholder={roles.isPending ? 'Loading...' : 'Choose a role'}
          data={roleChoices.map((role) => ({ value: role._id, label: showsCompany ? `${role.title} (${role.companyName})` : role.title }))}
          value={values.roleId || null}
          onChange={(value) => set('roleId', value ?? '')}
          error={form.errorOf('roleId') ?? (roles.error ? roles.error.message : undefined)}
          nothingFoundMessage="No active role in these data segments"
        />
      </SimpleGrid>
      {kind === 'system' ? (
        <Stack gap={6}>
          {isOperator ? (
            <Switch
              label="Sees every data segment"
              checked={values.allSegments}
              onChange={(event) => set('allSegments', event.currentTarget.checked)}
            />
          ) : null}
          {!values.allSegments ? (
            <MultiSelect
              label="Data segments"
              description="The client tenants this user works in"
              data={(segments.data ?? []).map((segment) => ({ value: segment._id, label: segment.companyName }))}
              value={values.dataSegmentIds}
              onChange={(value) => set('dataSegmentIds', value)}
              error={form.errorOf('dataSegmentIds')}
              searchable
            />
          ) : null}
        </Stack>
      ) : null}
      <Group gap="lg">
        <Checkbox label="Company onboarding (KYB)" checked={values.kyb} onChange={(event) => set('kyb', event.currentTarget.checked)} />
        <Checkbox
          label="Shows the user guide"
          checked={values.userGuide}
          onChange={(event) => set('userGuide', event.currentTarget.checked)}
        />
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
    </FormModal>
  );
}
