import { useEffect, useRef, useState } from 'react';
import { Alert, Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ZSimulationRequest, type TSimulationResult } from '@sanad/contracts/risk-rating';
import { NoRecords } from '../../../components/NoRecords';
import { ApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/toast';
import { useSimulationOptions } from '../api/get-simulation-options';
import { runSimulation } from '../api/run-simulation';
import { SimulationForm } from '../components/SimulationForm';
import { SimulationResult } from '../components/SimulationResult';
import { EMPTY_DRAFT, toSimulationBody, type SimulationDraft } from '../components/simulation-draft';

/** /configuration/simulate (initiate-simulation-process): rate a hypothetical customer or company; nothing is stored. */
export default function SimulatePage() {
  const options = useSimulationOptions();
  const [draft, setDraft] = useState<SimulationDraft>(EMPTY_DRAFT);
  const [result, setResult] = useState<TSimulationResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isRunning, setRunning] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);

  // Below the widest layout the result sits under the long form: bring it into view.
  useEffect(() => {
    if (result) resultRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [result]);

  async function onSubmit(): Promise<void> {
    const parsed = ZSimulationRequest.safeParse(toSimulationBody(draft));
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'There is something wrong');
      return;
    }
    setError(null);
    setRunning(true);
    try {
      setResult((await runSimulation(parsed.data)).data);
    } catch (caught) {
      const message = caught instanceof ApiError || caught instanceof Error ? caught.message : 'There is something wrong';
      setError(message);
      toastError(message);
    } finally {
      setRunning(false);
    }
  }

  return (
    <Stack gap="lg">
      <div>
        <Text size="sm" c="dimmed">
          Sanad Engine
        </Text>
        <Title order={1} size="h2">
          Simulate a rating
        </Title>
        <Text c="dimmed" size="sm">
          Enter a hypothetical customer or company and see how the configuration in force rates it. Nothing is saved.
        </Text>
      </div>
      {options.error ? (
        <Alert color="red" role="alert">
          {options.error.message}
        </Alert>
      ) : null}
      {options.data && !options.data.isScreeningAvailable ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />}>
          Name screening is not available on this installation: only the hits you enter by hand count.
        </Alert>
      ) : null}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, xl: 5 }}>
          {options.data ? (
            <SimulationForm
              draft={draft}
              onChange={(change) => setDraft((current) => ({ ...current, ...change }))}
              adverseMedia={options.data.adverseMedia}
              isScreeningAvailable={options.data.isScreeningAvailable}
              isRunning={isRunning}
              onSubmit={() => void onSubmit()}
              onReset={() => {
                setDraft(EMPTY_DRAFT);
                setResult(null);
                setError(null);
              }}
            />
          ) : (
            <Skeleton h={600} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 7 }}>
          <Stack gap="md" ref={resultRef}>
            {error ? (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            ) : null}
            {result ? <SimulationResult result={result} /> : <NoRecords message="Run a simulation to see the rating" />}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
