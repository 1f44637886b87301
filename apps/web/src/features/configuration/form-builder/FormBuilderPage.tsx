import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  Select,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import {
  DISPLAY_ONLY_TYPES,
  FIELD_TYPES,
  FIELD_TYPE_LABELS,
  FORM_PAGES,
  FORM_PAGE_LABELS,
  formDefinitionIssues,
  isProtectedField,
  type TFieldType,
  type TFormDefinition,
  type TFormPage,
  type TFormState,
} from '@sanad/contracts/form-builder';
import { FORM_BUILDER_ENDPOINTS } from '@sanad/contracts/form-builder.endpoints';
import { api } from '../../../lib/api';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { toastError, toastSuccess } from '../../../lib/toast';
import { FieldSettings, LocalizedInputs } from './FieldSettings';
import { formStateQuery, formVersionsQuery, segmentQuery } from './form-builder-query';
import { moveField, move, newField, newSection, removeField, removeSection, updateField, updateSection } from './form-edits';

const BASE = '/configuration/form-builder';

/** The page a path names; the builder's own path opens the first page. */
export function pageOfPath(pathname: string): TFormPage {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1);
  return FORM_PAGES.find((page) => page === last) ?? 'setup-profile';
}

/** The messages of a failed call: the validator's problems when publishing was refused, else the message. */
function problemsOf(caught: unknown): string[] {
  if (caught instanceof ApiError && caught.errors) return Object.values(caught.errors).flat();
  return [caught instanceof Error ? caught.message : 'There is something wrong'];
}

function Versions({ page, published }: { page: TFormPage; published: TFormState['published'] }) {
  const queryClient = useQueryClient();
  const { data: versions } = useQuery(formVersionsQuery(page));
  const [restoring, setRestoring] = useState<number | null>(null);

  async function restore(version: number): Promise<void> {
    setRestoring(version);
    try {
      const { message } = await api(FORM_BUILDER_ENDPOINTS.restore, { params: { page, version }, body: segmentQuery() });
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: ['form-builder'] });
    } catch (caught) {
      toastError(problemsOf(caught)[0] ?? 'There is something wrong');
    } finally {
      setRestoring(null);
    }
  }

  return (
    <Card withBorder radius="md" p="md" data-testid="form-versions">
      <Title order={2} size="h4" mb="xs">
        Published versions
      </Title>
      {!versions || versions.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing published yet: the journeys use the built-in form until you publish.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Published by</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.map((version) => (
                <Table.Tr key={version._id}>
                  <Table.Td>
                    v{version.version}
                    {version.restoredFrom ? ` (restored v${version.restoredFrom})` : ''}
                    {published?.version === version.version ? (
                      <Badge ml="xs" size="sm" color="green">
                        In force
                      </Badge>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{version.publishedBy.name}</Table.Td>
                  <Table.Td>{formatDateTime(version.publishedAt)}</Table.Td>
                  <Table.Td>
                    {published?.version === version.version ? null : (
                      <Button
                        size="xs"
                        variant="light"
                        loading={restoring === version.version}
                        onClick={() => void restore(version.version)}
                      >
                        Restore v{version.version}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

function Editor({ state }: { state: TFormState }) {
  const page = state.page;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [definition, setDefinition] = useState<TFormDefinition>(state.draft);
  const [revision, setRevision] = useState(state.draftRevision);
  const [isDirty, setDirty] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [addType, setAddType] = useState<TFieldType>('text');
  const [problems, setProblems] = useState<string[]>([]);
  const [busy, setBusy] = useState<'save' | 'publish' | 'preview' | null>(null);
  const issues = formDefinitionIssues(page, definition);

  const edit = (next: TFormDefinition) => {
    setDefinition(next);
    setDirty(true);
    // A refusal describes the form as it was; after a change the live check below speaks instead.
    setProblems([]);
  };

  async function save(): Promise<number | null> {
    try {
      const { message, data } = await api(FORM_BUILDER_ENDPOINTS.saveDraft, {
        params: { page },
        body: { ...segmentQuery(), draftRevision: revision, definition },
      });
      setRevision(data.draftRevision);
      setDirty(false);
      setProblems([]);
      queryClient.setQueryData(formStateQuery(page).queryKey, data);
      toastSuccess(message);
      return data.draftRevision;
    } catch (caught) {
      const found = problemsOf(caught);
      setProblems(found);
      toastError(found[0] ?? 'There is something wrong');
      return null;
    }
  }

  async function run(kind: 'save' | 'publish' | 'preview'): Promise<void> {
    setBusy(kind);
    try {
      const saved = isDirty || kind === 'save' ? await save() : revision;
      if (saved === null) return;
      if (kind === 'preview') {
        void navigate(`${BASE}/preview-form/${page}`);
        return;
      }
      if (kind === 'publish') {
        try {
          const { message } = await api(FORM_BUILDER_ENDPOINTS.publish, {
            params: { page },
            body: { ...segmentQuery(), draftRevision: saved },
          });
          setProblems([]);
          toastSuccess(message);
          await queryClient.invalidateQueries({ queryKey: ['form-builder'] });
        } catch (caught) {
          const found = problemsOf(caught);
          setProblems(found);
          toastError(caught instanceof Error ? caught.message : 'There is something wrong');
        }
      }
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {state.published ? `Version ${state.published.version} is in force.` : 'Not published yet.'} Draft revision {revision}
          {isDirty ? ' (unsaved changes)' : ''}.
        </Text>
        <Group gap="xs">
          <Button variant="default" loading={busy === 'save'} onClick={() => void run('save')}>
            Save draft
          </Button>
          <Button variant="light" loading={busy === 'preview'} onClick={() => void run('preview')}>
            Preview
          </Button>
          <Button loading={busy === 'publish'} onClick={() => void run('publish')}>
            Publish
          </Button>
        </Group>
      </Group>

      {problems.length > 0 ? (
        <Alert color="red" role="alert" title="Not published" data-testid="form-problems">
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      ) : issues.length > 0 ? (
        <Alert color="yellow" title="Publishing would be refused" data-testid="form-issues">
          <List size="sm">
            {issues.map((issue) => (
              <List.Item key={`${issue.path}-${issue.message}`}>{issue.message}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}

      {definition.sections.map((section, sectionIndex) => (
        <Card key={sectionIndex} withBorder radius="md" p="md" data-testid={`section-${section.key}`}>
          <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
            <TextInput
              label="Section key"
              value={section.key}
              w={180}
              onChange={(event) => {
                const key = event.currentTarget.value;
                edit(updateSection(definition, sectionIndex, (current) => ({ ...current, key })));
              }}
            />
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={`Move section ${section.key} up`}
                disabled={sectionIndex === 0}
                onClick={() => edit({ sections: move(definition.sections, sectionIndex, -1) })}
              >
                ↑
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={`Move section ${section.key} down`}
                disabled={sectionIndex === definition.sections.length - 1}
                onClick={() => edit({ sections: move(definition.sections, sectionIndex, 1) })}
              >
                ↓
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove section ${section.key}`}
                disabled={removeSection(definition, page, sectionIndex) === definition}
                onClick={() => edit(removeSection(definition, page, sectionIndex))}
              >
                ×
              </ActionIcon>
            </Group>
          </Group>
          <LocalizedInputs
            label="Section title"
            name={`section-${section.key}`}
            value={section.title}
            onChange={(title) => title && edit(updateSection(definition, sectionIndex, (current) => ({ ...current, title })))}
          />
          <Stack gap="xs" mt="md">
            {section.fields.map((field, fieldIndex) => {
              const isProtected = isProtectedField(page, field);
              const id = `${sectionIndex}.${fieldIndex}`;
              const isOpen = open === id;
              return (
                <Card key={id} withBorder radius="sm" p="xs" data-testid={`field-${field.key}`}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
                      <Text fw={600} size="sm" truncate>
                        {field.label.en}
                      </Text>
                      <Badge size="sm" variant="light">
                        {FIELD_TYPE_LABELS[field.type]}
                      </Badge>
                      {field.required ? (
                        <Badge size="sm" color="red" variant="light">
                          Required
                        </Badge>
                      ) : null}
                      {isProtected ? (
                        <Badge size="sm" color="gray">
                          Protected
                        </Badge>
                      ) : null}
                      {field.showWhen ? (
                        <Badge size="sm" color="grape" variant="light">
                          When {field.showWhen.field}
                          {field.showWhen.values.length > 0 ? ` = ${field.showWhen.values.join(' / ')}` : ''}
                        </Badge>
                      ) : null}
                    </Group>
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${field.key} up`}
                        onClick={() => edit(moveField(definition, sectionIndex, fieldIndex, -1))}
                      >
                        ↑
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move ${field.key} down`}
                        onClick={() => edit(moveField(definition, sectionIndex, fieldIndex, 1))}
                      >
                        ↓
                      </ActionIcon>
                      <Button
                        size="compact-xs"
                        variant={isOpen ? 'filled' : 'light'}
                        aria-expanded={isOpen}
                        aria-label={`Edit ${field.key}`}
                        onClick={() => setOpen(isOpen ? null : id)}
                      >
                        Edit
                      </Button>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${field.key}`}
                        disabled={isProtected}
                        title={isProtected ? 'Protected fields can be relabelled or moved, not removed' : undefined}
                        onClick={() => edit(removeField(definition, page, sectionIndex, fieldIndex))}
                      >
                        ×
                      </ActionIcon>
                    </Group>
                  </Group>
                  {isOpen ? (
                    <Stack mt="sm">
                      <FieldSettings
                        page={page}
                        definition={definition}
                        field={field}
                        onChange={(next) => edit(updateField(definition, sectionIndex, fieldIndex, () => next))}
                      />
                    </Stack>
                  ) : null}
                </Card>
              );
            })}
          </Stack>
          <Group mt="sm" gap="xs" align="flex-end">
            <Select
              label="New field type"
              w={180}
              data={FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }))}
              value={addType}
              allowDeselect={false}
              onChange={(type) => type && setAddType(type as TFieldType)}
              comboboxProps={{ withinPortal: true }}
              aria-label={`New field type in ${section.key}`}
            />
            <Button
              variant="light"
              onClick={() => {
                const field = newField(definition, addType);
                edit(updateSection(definition, sectionIndex, (current) => ({ ...current, fields: [...current.fields, field] })));
                setOpen(`${sectionIndex}.${section.fields.length}`);
              }}
            >
              Add field to {section.title.en}
            </Button>
            {DISPLAY_ONLY_TYPES.includes(addType) ? (
              <Text size="xs" c="dimmed">
                Headings and help text show text only.
              </Text>
            ) : null}
          </Group>
        </Card>
      ))}
      <Button variant="default" w="fit-content" onClick={() => edit({ sections: [...definition.sections, newSection(definition)] })}>
        Add section
      </Button>
      <Versions page={page} published={state.published} />
    </Stack>
  );
}

/**
 * The form builder (/configuration/form-builder/<page>): the sections and fields of each onboarding
 * page of the active data segment, saved as a draft, previewed, and published as a version.
 */
export default function FormBuilderPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const page = pageOfPath(pathname);
  const { data: state, error } = useQuery(formStateQuery(page));

  return (
    <Stack gap="lg" data-testid="form-builder">
      <div>
        <Title order={1} size="h2">
          Form builder
        </Title>
        <Text c="dimmed">
          The fields customers fill in on each onboarding page. Name, date of birth, nationality and ID number are protected: relabel or
          move them, they cannot be removed.
        </Text>
      </div>
      <Tabs value={page} onChange={(next) => next && void navigate(`${BASE}/${next}`)}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {FORM_PAGES.map((entry) => (
            <Tabs.Tab key={entry} value={entry}>
              {FORM_PAGE_LABELS[entry]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : !state ? (
        <Skeleton height={300} />
      ) : (
        // Remounted when another version comes into force (publish, restore): the draft is then reloaded.
        <Editor key={`${page}-${state.published?.version ?? 0}`} state={state} />
      )}
      <Text size="sm">
        <Link to={`${BASE}/preview-form/${page}`}>Open the saved draft's preview</Link>
      </Text>
    </Stack>
  );
}
