import { Fragment, type ReactNode } from 'react';
import { Paper, Skeleton } from '@mantine/core';
import { ErrorAlert } from '../../../components/form/ErrorAlert';

/**
 * A card holding one settings form of the engine: a skeleton while loading, the load error, else
 * the form. The form is re-created when the settings change, so a save shows the stored values.
 */
export function SettingsCard<T>({
  query,
  header,
  skeletonHeight,
  renderForm,
}: {
  query: { data: T | undefined; error: Error | null };
  header: ReactNode;
  skeletonHeight: number;
  renderForm: (settings: T) => ReactNode;
}) {
  const { data, error } = query;
  return (
    <Paper withBorder radius="md" p="md">
      {header}
      {error ? (
        <ErrorAlert message={error.message} />
      ) : data ? (
        <Fragment key={JSON.stringify(data)}>{renderForm(data)}</Fragment>
      ) : (
        <Skeleton h={skeletonHeight} />
      )}
    </Paper>
  );
}
