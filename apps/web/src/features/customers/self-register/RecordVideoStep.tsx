import { Alert, Text } from '@mantine/core';

/**
 * Step 2. The recorded liveness challenge is not built into the staff-assisted flow yet: the step
 * keeps its place and number, says so, and lets the registration go on.
 */
export function RecordVideoStep() {
  return (
    <Alert color="yellow" title="Video recording is not available yet">
      <Text size="sm">
        Recording the customer&apos;s liveness video in this flow is not available yet. Continue to enter the customer&apos;s profile; the
        face and liveness results stay pending on the record.
      </Text>
    </Alert>
  );
}
