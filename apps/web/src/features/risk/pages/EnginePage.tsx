import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { EngineLayout } from '../components/EngineLayout';
import { FactorsPanel } from '../components/FactorsPanel';
import { FactorValuesPanel } from '../components/FactorValuesPanel';
import { OverrideRulesCard } from '../components/OverrideRulesCard';
import { RerateCard } from '../components/RerateCard';
import { ReviewIntervalsCard } from '../components/ReviewIntervalsCard';
import { ThresholdsCard } from '../components/ThresholdsCard';
import { StopWordsPanel, VariantWordsPanel } from '../components/WordsPanel';
import { fieldKeyOfPage } from '@sanad/contracts/risk-custom-factors';
import type { TRiskFactorRow } from '@sanad/contracts/risk-configuration';
import { useTableRows } from '../api/table-pages';
import { ENGINE_BASE_PATH, isFactorPage } from '../engine-navigation';

const VALUES_DESCRIPTION =
  'Each value scores from 0 (no risk) to 100; an override sets the lowest level a customer with the value can have. Open the information icon to read why a value scores what it does.';

const DESCRIPTIONS: Record<string, string> = {
  risk: 'Each factor scores one fact about the customer from its table; the weighted average of the scores is the total. Weights are relative: a factor with weight 0 or archived does not count.',
  'risk-rating': 'How the total becomes a level, what forces a minimum level, and re-rating the customers after a change.',
  'risk-level-review': 'When each customer is due for periodic review.',
  'stop-words':
    'Words name screening leaves out of names (titles and honorifics). They are versioned with the configuration but do not change ratings.',
  'variant-words': 'Spellings name screening treats as one. They are versioned with the configuration but do not change ratings.',
};

function pageFromPath(pathname: string): string {
  const rest = pathname.startsWith(ENGINE_BASE_PATH) ? pathname.slice(ENGINE_BASE_PATH.length).replace(/^\/+|\/+$/g, '') : '';
  return rest === '' ? 'risk' : decodeURIComponent(rest);
}

function PageContent({ page }: { page: string }): ReactNode {
  if (isFactorPage(page)) return <FactorValuesPanel key={page} page={page} />;
  switch (page) {
    case 'risk':
      return <FactorsPanel />;
    case 'risk-rating':
      return (
        <>
          <ThresholdsCard />
          <RerateCard />
          <OverrideRulesCard />
        </>
      );
    case 'risk-level-review':
      return <ReviewIntervalsCard />;
    case 'stop-words':
      return <StopWordsPanel />;
    case 'variant-words':
      return <VariantWordsPanel />;
    default:
      return null;
  }
}

/** A custom field's factor (/configuration/sanad-engine/custom-factor/<fieldKey>), headed by the factor's title. */
function CustomFactorPage({ page, fieldKey }: { page: string; fieldKey: string }) {
  const factors = useTableRows<TRiskFactorRow>('risk', { perPage: 100, startAt: 1 });
  const factor = factors.data?.rows.find((row) => row.key === `custom:${fieldKey}`);
  return (
    <EngineLayout
      page={page}
      title={factor?.title ?? `custom:${fieldKey}`}
      description={`A factor on the custom field ${fieldKey}: a customer's answer is looked up by its option value; where several options were chosen (a multi-select), each is scored and the highest counts. ${VALUES_DESCRIPTION}`}
    >
      <FactorValuesPanel key={page} page={page} />
    </EngineLayout>
  );
}

/** Every /configuration/sanad-engine/<page> route (permission sanad-engine). */
export default function EnginePage() {
  const { pathname } = useLocation();
  const page = pageFromPath(pathname);
  const fieldKey = fieldKeyOfPage(page);
  if (fieldKey !== null) return <CustomFactorPage page={page} fieldKey={fieldKey} />;
  return (
    <EngineLayout page={page} description={DESCRIPTIONS[page] ?? VALUES_DESCRIPTION}>
      <PageContent page={page} />
    </EngineLayout>
  );
}
