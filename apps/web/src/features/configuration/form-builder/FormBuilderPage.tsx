import { useState, type DragEvent } from 'react';
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
import { DragHandle, DropLine } from './DragHandle';
import { moveField, move, newField, newSection, removeField, removeSection, updateField, updateSection } from './form-edits';
import {
  isFieldDropInPlace,
  isSectionDropInPlace,
  moveFieldTo,
  moveSectionTo,
  placeOfField,
  type FieldPlace,
  type FieldSlot,
} from './move-field';

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

/** What is being dragged, and where it would land (drag and drop; the up and down buttons do the same from the keyboard). */
type Dragging = { kind: 'field'; from: FieldPlace } | { kind: 'section'; from: number };
type DropTarget = { kind: 'field'; to: FieldSlot } | { kind: 'section'; slot: number };

/** The slot under the pointer: how many of the items have their middle above it. */
function slotAt(items: Iterable<Element>, clientY: number): number {
  let slot = 0;
  for (const item of items) {
    const box = item.getBoundingClientRect();
    if (box.top + box.height / 2 < clientY) slot += 1;
  }
  return slot;
}

/** Where the dragged item would land under the pointer; null where it cannot be dropped. */
function dropTargetOf(event: DragEvent<HTMLElement>, dragging: Dragging | null): DropTarget | null {
  if (dragging?.kind === 'section')
    return { kind: 'section', slot: slotAt(event.currentTarget.querySelectorAll(':scope > [data-section-slot]'), event.clientY) };
  if (dragging?.kind !== 'field' || !(event.target instanceof Element)) return null;
  const section = event.target.closest<HTMLElement>('[data-section-slot]');
  if (!section) return null;
  return {
    kind: 'field',
    to: { section: Number(section.dataset.sectionSlot), slot: slotAt(section.querySelectorAll('[data-field-slot]'), event.clientY) },
  };
}

function isInPlace(dragging: Dragging | null, target: DropTarget | null): boolean {
  if (!dragging || !target) return true;
  if (dragging.kind === 'field' && target.kind === 'field') return isFieldDropInPlace(dragging.from, target.to);
  if (dragging.kind === 'section' && target.kind === 'section') return isSectionDropInPlace(dragging.from, target.slot);
  return true;
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
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const [dropAt, setDropAt] = useState<DropTarget | null>(null);
  const issues = formDefinitionIssues(page, definition);

  const edit = (next: TFormDefinition) => {
    setDefinition(next);
    setDirty(true);
    // A refusal describes the form as it was; after a change the live check below speaks instead.
    setProblems([]);
  };

  /** A move (buttons or drag and drop): a real one marks the draft changed, and an open field's settings stay open on it. */
  const relocate = (next: TFormDefinition) => {
    if (next === definition) return;
    const [sectionIndex, fieldIndex] = open?.split('.').map(Number) ?? [];
    const opened =
      sectionIndex === undefined || fieldIndex === undefined ? undefined : definition.sections[sectionIndex]?.fields[fieldIndex];
    const place = opened ? placeOfField(next, opened) : null;
    setOpen(place ? `${place.section}.${place.index}` : null);
    edit(next);
  };

  const endDrag = () => {
    setDragging(null);
    setDropAt(null);
  };

  const showDrop = (target: DropTarget | null) => {
    const shown = isInPlace(dragging, target) ? null : target;
    setDropAt((current) => (JSON.stringify(current) === JSON.stringify(shown) ? current : shown));
  };

  const drop = (event: DragEvent<HTMLElement>) => {
    const target = dropTargetOf(event, dragging);
    if (!dragging || !target) return;
    event.preventDefault();
    if (dragging.kind === 'field' && target.kind === 'field') relocate(moveFieldTo(definition, dragging.from, target.to));
    if (dragging.kind === 'section' && target.kind === 'section') relocate(moveSectionTo(definition, dragging.from, target.slot));
    endDrag();
  };

  const fieldLine = (sectionIndex: number, fieldIndex: number, count: number): 'top' | 'bottom' | null => {
    if (dropAt?.kind !== 'field' || dropAt.to.section !== sectionIndex) return null;
    if (dropAt.to.slot === fieldIndex) return 'top';
    return dropAt.to.slot === count && fieldIndex === count - 1 ? 'bottom' : null;
  };

  const sectionLine = (sectionIndex: number): 'top' | 'bottom' | null => {
    if (dropAt?.kind !== 'section') return null;
    if (dropAt.slot === sectionIndex) return 'top';
    return dropAt.slot === definition.sections.length && sectionIndex === definition.sections.length - 1 ? 'bottom' : null;
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

      <Stack
        gap="md"
        data-testid="form-sections"
        onDragOver={(event) => {
          const target = dropTargetOf(event, dragging);
          showDrop(target);
          if (!target) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
        }}
        onDragLeave={(event) => {
          if (!(event.relatedTarget instanceof Node) || !event.currentTarget.contains(event.relatedTarget)) setDropAt(null);
        }}
        onDrop={drop}
      >
        {definition.sections.map((section, sectionIndex) => {
          const line = sectionLine(sectionIndex);
          return (
            <div key={sectionIndex} data-section-slot={sectionIndex} style={{ position: 'relative' }}>
              {line ? <DropLine edge={line} gap={16} /> : null}
              <Card
                withBorder
                radius="md"
                p="md"
                data-testid={`section-${section.key}`}
                data-drag-card
                style={dragging?.kind === 'section' && dragging.from === sectionIndex ? { opacity: 0.5 } : undefined}
              >
                <Group justify="space-between" mb="xs" wrap="nowrap" align="flex-start">
                  <Group gap={4} wrap="nowrap" align="flex-end" style={{ minWidth: 0 }}>
                    <DragHandle
                      label={`Drag section ${section.key} to reorder`}
                      onDragStart={() => {
                        setDragging({ kind: 'section', from: sectionIndex });
                      }}
                      onDragEnd={endDrag}
                    />
                    <TextInput
                      label="Section key"
                      value={section.key}
                      w={180}
                      style={{ minWidth: 0, flexShrink: 1 }}
                      onChange={(event) => {
                        const key = event.currentTarget.value;
                        edit(updateSection(definition, sectionIndex, (current) => ({ ...current, key })));
                      }}
                    />
                  </Group>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move section ${section.key} up`}
                      disabled={sectionIndex === 0}
                      onClick={() => relocate({ sections: move(definition.sections, sectionIndex, -1) })}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Move section ${section.key} down`}
                      disabled={sectionIndex === definition.sections.length - 1}
                      onClick={() => relocate({ sections: move(definition.sections, sectionIndex, 1) })}
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
                <Stack gap="xs" mt="md" style={{ position: 'relative' }}>
                  {section.fields.length === 0 && dropAt?.kind === 'field' && dropAt.to.section === sectionIndex ? (
                    <DropLine edge="top" gap={0} />
                  ) : null}
                  {section.fields.map((field, fieldIndex) => {
                    const isProtected = isProtectedField(page, field);
                    const id = `${sectionIndex}.${fieldIndex}`;
                    const isOpen = open === id;
                    const fieldDropLine = fieldLine(sectionIndex, fieldIndex, section.fields.length);
                    const isDragged =
                      dragging?.kind === 'field' && dragging.from.section === sectionIndex && dragging.from.index === fieldIndex;
                    return (
                      <div key={id} data-field-slot={fieldIndex} style={{ position: 'relative' }}>
                        {fieldDropLine ? <DropLine edge={fieldDropLine} gap={10} /> : null}
                        <Card
                          withBorder
                          radius="sm"
                          p="xs"
                          data-testid={`field-${field.key}`}
                          data-drag-card
                          style={isDragged ? { opacity: 0.5 } : undefined}
                        >
                          <Group justify="space-between" wrap="nowrap" gap="xs">
                            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                              <DragHandle
                                label={`Drag ${field.key} to reorder`}
                                onDragStart={() => {
                                  setDragging({ kind: 'field', from: { section: sectionIndex, index: fieldIndex } });
                                }}
                                onDragEnd={endDrag}
                              />
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
                            </Group>
                            <Group gap={2} wrap="nowrap">
                              <ActionIcon
                                variant="subtle"
                                aria-label={`Move ${field.key} up`}
                                onClick={() => relocate(moveField(definition, sectionIndex, fieldIndex, -1))}
                              >
                                ↑
                              </ActionIcon>
                              <ActionIcon
                                variant="subtle"
                                aria-label={`Move ${field.key} down`}
                                onClick={() => relocate(moveField(definition, sectionIndex, fieldIndex, 1))}
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
                      </div>
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
            </div>
          );
        })}
      </Stack>
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
