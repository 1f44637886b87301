import { useState } from 'react';
import { Alert, Button, Group, MultiSelect, NumberInput, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  PARENT_ROLE_LABELS,
  ZSelfRegisterParent,
  type TParentRole,
  type TPartyKind,
  type TSelfRegisterParentBody,
} from '@sanad/contracts/companies';
import { validateWith, type FieldErrors } from '../../../lib/form-errors';
import { PartyFields } from '../components/PartyFields';
import { ROLE_OPTIONS } from '../options';

const EMPTY = {
  kind: 'person' as TPartyKind,
  name: '',
  email: '',
  dateOfBirth: '',
  registrationNumber: '',
  countryId: '',
  roles: [] as TParentRole[],
  shareholding: '' as number | '',
};
type Values = typeof EMPTY;

const optional = (value: string): string | undefined => (value.trim() === '' ? undefined : value.trim());

/** The form's values as the wizard keeps a parent: a person's or an entity's details and the relation. */
export function selfRegisterParent(values: Values): TSelfRegisterParentBody {
  const isPerson = values.kind === 'person';
  const details = {
    email: isPerson ? optional(values.email) : undefined,
    dateOfBirth: isPerson ? optional(values.dateOfBirth) : undefined,
    registrationNumber: isPerson ? undefined : optional(values.registrationNumber),
    countryId: isPerson ? undefined : optional(values.countryId),
  };
  return {
    kind: values.kind,
    name: values.name.trim(),
    ...(Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)) as Partial<TSelfRegisterParentBody>),
    roles: values.roles,
    ...(values.shareholding === '' ? {} : { shareholding: values.shareholding }),
  };
}

export function describeParent(parent: TSelfRegisterParentBody): string {
  const roles = parent.roles.map((role) => PARENT_ROLE_LABELS[role]).join(', ');
  return parent.shareholding === undefined ? roles : `${roles} (${parent.shareholding}%)`;
}

function AddParentForm({ onAdd }: { onAdd: (parent: TSelfRegisterParentBody) => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof Values>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _cleared, ...rest }) => rest);
  };
  function add(): void {
    const parent = selfRegisterParent(values);
    const checked = validateWith(ZSelfRegisterParent, parent);
    if (!checked.isValid) {
      setErrors(checked.errors);
      return;
    }
    onAdd(parent);
    setValues({ ...EMPTY, kind: values.kind });
  }
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      bg="var(--mantine-color-gray-0)"
      component="form"
      aria-label="Add a parent"
      onSubmit={(event) => {
        event.preventDefault();
        add();
      }}
    >
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Parent kind"
          value={values.kind}
          onChange={(value) => set('kind', value as TPartyKind)}
          data={[
            { value: 'person', label: 'Person' },
            { value: 'entity', label: 'Company / entity' },
          ]}
          w={{ base: '100%', sm: 'auto' }}
          style={{ alignSelf: 'flex-start' }}
        />
        <PartyFields values={values} errors={errors} onChange={set} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <MultiSelect
            label="Roles"
            required
            placeholder={values.roles.length === 0 ? 'Pick one or more roles' : undefined}
            data={ROLE_OPTIONS}
            value={values.roles}
            error={errors.roles}
            onChange={(value) => set('roles', value as TParentRole[])}
          />
          <NumberInput
            label="Shareholding (%)"
            description={values.roles.includes('shareholder') ? 'Required for a shareholder' : 'Only for a shareholder'}
            min={0}
            max={100}
            decimalScale={4}
            value={values.shareholding}
            error={errors.shareholding}
            onChange={(value) => set('shareholding', typeof value === 'number' ? value : '')}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
            Add parent
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Step 4 (account-info): the directors, shareholders with their percentage and authorised
 * signatories. Each is screened with the company at registration; more, and entities' own owners,
 * are added on the company's profile afterwards.
 */
export function ParentsStep({
  parents,
  errors,
  onChange,
}: {
  parents: TSelfRegisterParentBody[];
  errors: FieldErrors;
  onChange: (parents: TSelfRegisterParentBody[]) => void;
}) {
  const total = parents.reduce((sum, parent) => sum + (parent.shareholding ?? 0), 0);
  const hasController = parents.some((parent) => parent.roles.includes('director') || parent.roles.includes('authorised-signatory'));
  const problems = Object.entries(errors).filter(([path]) => path.startsWith('parents'));
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Name the company&apos;s directors, shareholders (with the percentage each holds) and authorised signatories. Owners of a corporate
        shareholder can be added on the company&apos;s profile once it is registered.
      </Text>
      {problems.map(([path, message]) => (
        <Alert key={path} color="red" variant="light">
          {message}
        </Alert>
      ))}
      {parents.length === 0 ? (
        <Text size="sm">No parents yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table withTableBorder aria-label="Parents">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Kind</Table.Th>
                <Table.Th>Roles</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {parents.map((parent, index) => (
                <Table.Tr key={`${parent.name}-${index}`}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{parent.name}</Table.Td>
                  <Table.Td>{parent.kind === 'person' ? 'Person' : 'Entity'}</Table.Td>
                  <Table.Td>{describeParent(parent)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      aria-label={`Remove ${parent.name}`}
                      onClick={() => onChange(parents.filter((_, position) => position !== index))}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group gap="lg">
        <Text size="sm">
          Shares recorded: <strong>{Math.round(total * 100) / 100}%</strong>
        </Text>
        {parents.length > 0 && !hasController ? (
          <Text size="sm" c="orange.8">
            No director or authorised signatory yet
          </Text>
        ) : null}
      </Group>
      <AddParentForm onAdd={(parent) => onChange([...parents, parent])} />
    </Stack>
  );
}
