import type { ReactNode } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { PEP_QUESTIONS, REGISTRY_FLAGS } from '@sanad/risk/risk-facts';
import { HIT_TYPE_OPTIONS } from '../../../lib/hit-types';
import { useReferenceOptions } from '../api/get-reference-options';
import { REGISTRY_FLAG_LABELS } from './rule-options';
import type { SimulationDraft, TriState } from './simulation-draft';

const PEP_LABELS: Record<(typeof PEP_QUESTIONS)[number], string> = {
  anyPublicPos: 'Holds a prominent public position',
  posLastTwoMonths: 'Held one recently',
  everPublicPosition: 'Has ever held one',
  diplomaticImmunity: 'Holds diplomatic immunity',
  relativeTwelveMonths: 'Family member of a PEP',
  closeAssociateTwelveMonths: 'Close associate of a PEP',
  conviction: 'Has a criminal conviction',
  other: 'Another connection',
};

const TRI_STATE = [
  { value: '', label: 'Not given' },
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

/** A dropdown fed by GET /configurations/{list}, exactly as the registration forms load it. */
function ReferenceSelect({
  list,
  label,
  value,
  onChange,
}: {
  list: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { data, isPending, error } = useReferenceOptions(list);
  return (
    <Select
      label={label}
      placeholder={isPending ? 'Loading...' : 'Not given'}
      data={(data ?? []).map((option) => ({ value: option.code, label: option.title }))}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      searchable
      clearable
      error={error?.message}
    />
  );
}

function ReferenceMultiSelect({
  list,
  label,
  value,
  onChange,
}: {
  list: string;
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const { data, isPending, error } = useReferenceOptions(list);
  return (
    <MultiSelect
      label={label}
      placeholder={isPending ? 'Loading...' : value.length === 0 ? 'Not given' : undefined}
      data={(data ?? []).map((option) => ({ value: option.code, label: option.title }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      error={error?.message}
    />
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

interface SimulationFormProps {
  draft: SimulationDraft;
  onChange: (change: Partial<SimulationDraft>) => void;
  adverseMedia: Array<{ code: string; title: string }>;
  isScreeningAvailable: boolean;
  isRunning: boolean;
  onSubmit: () => void;
  onReset: () => void;
}

/** A hypothetical customer or company: the factors' inputs, the PEP declaration, registry flags and screening hits. */
export function SimulationForm({ draft, onChange, adverseMedia, isScreeningAvailable, isRunning, onSubmit, onReset }: SimulationFormProps) {
  const isCompany = draft.subjectType === 'company';
  const nextKey = draft.hits.reduce((max, hit) => Math.max(max, hit.key), 0) + 1;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <Stack gap="md">
        <Section title="Who">
          <Stack gap="sm">
            <SegmentedControl
              aria-label="Subject"
              value={draft.subjectType}
              onChange={(value) => onChange({ subjectType: value === 'company' ? 'company' : 'individual' })}
              data={[
                { value: 'individual', label: 'Customer (individual)' },
                { value: 'company', label: 'Company' },
              ]}
            />
            <TextInput
              label="Name to screen"
              value={draft.name}
              onChange={(event) => onChange({ name: event.currentTarget.value })}
              disabled={!isScreeningAvailable}
              description={
                isScreeningAvailable
                  ? 'Screened against the lists; its hits are added to the ones entered below'
                  : 'Name screening is not available on this installation; only the hits entered below count'
              }
            />
          </Stack>
        </Section>

        <Section title="Geography">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {isCompany ? null : (
              <ReferenceMultiSelect
                list="nationalities"
                label="Nationalities"
                value={draft.nationalities}
                onChange={(value) => onChange({ nationalities: value })}
              />
            )}
            <ReferenceSelect
              list="countries"
              label={isCompany ? 'Country of the registered office' : 'Country of residence'}
              value={draft.countryOfResidence}
              onChange={(value) => onChange({ countryOfResidence: value })}
            />
            {isCompany ? (
              <ReferenceSelect
                list="countries"
                label="Country of incorporation"
                value={draft.countryOfIncorporation}
                onChange={(value) => onChange({ countryOfIncorporation: value })}
              />
            ) : null}
            <ReferenceSelect list="states" label="State" value={draft.state} onChange={(value) => onChange({ state: value })} />
          </SimpleGrid>
        </Section>

        <Section title={isCompany ? 'Company' : 'Person'}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {isCompany ? (
              <ReferenceSelect
                list="entity-types"
                label="Entity type"
                value={draft.entityType}
                onChange={(value) => onChange({ entityType: value })}
              />
            ) : null}
            {isCompany ? null : (
              <ReferenceSelect
                list="work-types"
                label="Work type"
                value={draft.workType}
                onChange={(value) => onChange({ workType: value })}
              />
            )}
            <ReferenceSelect
              list="industries"
              label="Industry"
              value={draft.industry}
              onChange={(value) => onChange({ industry: value })}
            />
            {isCompany ? null : (
              <ReferenceSelect
                list="relationships"
                label="Relationship to a company"
                value={draft.relationship}
                onChange={(value) => onChange({ relationship: value })}
              />
            )}
            {isCompany ? null : (
              <ReferenceSelect list="genders" label="Gender" value={draft.gender} onChange={(value) => onChange({ gender: value })} />
            )}
          </SimpleGrid>
        </Section>

        <Section title="Account">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ReferenceMultiSelect
              list="products"
              label="Products"
              value={draft.products}
              onChange={(value) => onChange({ products: value })}
            />
            <ReferenceSelect
              list="purposes-of-action"
              label="Purpose of action"
              value={draft.purposeOfAction}
              onChange={(value) => onChange({ purposeOfAction: value })}
            />
            <NumberInput
              clampBehavior="none"
              label="Investment"
              value={draft.investment}
              onChange={(value) => onChange({ investment: value })}
              thousandSeparator=","
              min={0}
              placeholder="Not given"
            />
            <NumberInput
              clampBehavior="none"
              label="Assets under management"
              value={draft.assetsUnderManagement}
              onChange={(value) => onChange({ assetsUnderManagement: value })}
              thousandSeparator=","
              min={0}
              placeholder="Not given"
            />
            <Select
              label="Onboarded face to face"
              data={TRI_STATE}
              value={draft.channel}
              onChange={(value) => onChange({ channel: (value ?? '') as TriState })}
              allowDeselect={false}
            />
            <Select
              label="Suspicious activity report filed"
              data={TRI_STATE}
              value={draft.sar}
              onChange={(value) => onChange({ sar: (value ?? '') as TriState })}
              allowDeselect={false}
            />
          </SimpleGrid>
        </Section>

        <Section title="Checks">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Adverse media"
              data={[{ value: '', label: 'Not checked' }, ...adverseMedia.map((option) => ({ value: option.code, label: option.title }))]}
              value={draft.adverseMedia}
              onChange={(value) => onChange({ adverseMedia: value ?? '' })}
              allowDeselect={false}
            />
            <Select
              label="Document"
              data={[
                { value: '', label: 'Not checked' },
                { value: 'matched', label: 'Document matched' },
                { value: 'nearing-expiry', label: 'Document nearing expiry' },
                { value: 'expired', label: 'Document expired' },
                { value: 'mismatched', label: 'Document mismatched' },
              ]}
              value={draft.documentStatus}
              onChange={(value) => onChange({ documentStatus: value ?? '' })}
              allowDeselect={false}
            />
            <Select
              label="Face match"
              data={[
                { value: '', label: 'Not checked' },
                { value: 'matched', label: 'Matched' },
                { value: 'not-matched', label: 'Not matched' },
              ]}
              value={draft.faceMatch}
              onChange={(value) => onChange({ faceMatch: value ?? '' })}
              allowDeselect={false}
            />
            <Select
              label="Liveness"
              data={[
                { value: '', label: 'Not checked' },
                { value: 'passed', label: 'Passed' },
                { value: 'failed', label: 'Failed' },
              ]}
              value={draft.liveness}
              onChange={(value) => onChange({ liveness: value ?? '' })}
              allowDeselect={false}
            />
          </SimpleGrid>
        </Section>

        {isCompany ? (
          <Section title="Company registry">
            <Checkbox.Group
              value={draft.registryFlags}
              onChange={(value) =>
                onChange({
                  registryFlags: value.filter((flag): flag is (typeof REGISTRY_FLAGS)[number] =>
                    (REGISTRY_FLAGS as readonly string[]).includes(flag),
                  ),
                })
              }
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                {REGISTRY_FLAGS.map((flag) => (
                  <Checkbox key={flag} value={flag} label={REGISTRY_FLAG_LABELS[flag]} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </Section>
        ) : (
          <Section title="PEP declaration">
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs">
              {PEP_QUESTIONS.map((question) => (
                <Group key={question} justify="space-between" wrap="nowrap">
                  <Text size="sm" id={`pep-${question}`}>
                    {PEP_LABELS[question]}
                  </Text>
                  <SegmentedControl
                    size="xs"
                    aria-labelledby={`pep-${question}`}
                    value={draft.pepAnswers[question] ?? ''}
                    onChange={(value) => onChange({ pepAnswers: { ...draft.pepAnswers, [question]: value as TriState } })}
                    data={TRI_STATE.map((option) => ({ ...option, label: option.value === '' ? '—' : option.label }))}
                  />
                </Group>
              ))}
            </SimpleGrid>
          </Section>
        )}

        <Section title="Name screening hits">
          <Stack gap="sm">
            <Checkbox
              label="Name screening was run (with no hit below, it found nothing)"
              checked={draft.isScreened}
              onChange={(event) => onChange({ isScreened: event.currentTarget.checked })}
            />
            {draft.isScreened
              ? draft.hits.map((hit, index) => (
                  <Group key={hit.key} align="flex-end" wrap="nowrap">
                    <Select
                      label="Hit type"
                      data={HIT_TYPE_OPTIONS}
                      value={hit.hitType}
                      onChange={(value) =>
                        onChange({
                          hits: draft.hits.map((entry) => (entry.key === hit.key ? { ...entry, hitType: value ?? entry.hitType } : entry)),
                        })
                      }
                      allowDeselect={false}
                    />
                    <NumberInput
                      clampBehavior="none"
                      label="Score"
                      min={0}
                      max={100}
                      value={hit.score}
                      onChange={(value) =>
                        onChange({ hits: draft.hits.map((entry) => (entry.key === hit.key ? { ...entry, score: value } : entry)) })
                      }
                      w={110}
                    />
                    <Select
                      label="Determination"
                      data={[
                        { value: 'open', label: 'Open' },
                        { value: 'genuine', label: 'Hit or Genuine' },
                        { value: 'false-positive', label: 'Not relevant' },
                      ]}
                      value={hit.determination}
                      onChange={(value) =>
                        onChange({
                          hits: draft.hits.map((entry) =>
                            entry.key === hit.key ? { ...entry, determination: value ?? entry.determination } : entry,
                          ),
                        })
                      }
                      allowDeselect={false}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove hit ${index + 1}`}
                      onClick={() => onChange({ hits: draft.hits.filter((entry) => entry.key !== hit.key) })}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                ))
              : null}
            {draft.isScreened ? (
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => onChange({ hits: [...draft.hits, { key: nextKey, hitType: 'sanction', score: 90, determination: 'open' }] })}
                w="fit-content"
              >
                Add a hit
              </Button>
            ) : null}
          </Stack>
        </Section>

        <Group justify="flex-end">
          <Button variant="default" onClick={onReset} disabled={isRunning}>
            Clear
          </Button>
          <Button type="submit" loading={isRunning}>
            Run simulation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
