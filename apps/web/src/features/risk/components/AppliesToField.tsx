import { Checkbox, Group } from '@mantine/core';

/** Whether a factor or an override rule applies to individuals, companies or both. */
export function AppliesToField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (value: string[]) => void;
  error: string | undefined;
}) {
  return (
    <Checkbox.Group label="Applies to" value={value} onChange={onChange} error={error}>
      <Group mt={4}>
        <Checkbox value="individual" label="Individuals" />
        <Checkbox value="company" label="Companies" />
      </Group>
    </Checkbox.Group>
  );
}
