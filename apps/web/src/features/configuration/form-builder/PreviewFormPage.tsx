import { useState } from 'react';
import { Alert, Box, Button, Group, ScrollArea, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import {
  FORM_LANGUAGES,
  FORM_PAGE_LABELS,
  ZFormPage,
  formAnswerErrors,
  type TFormAnswer,
  type TFormAnswers,
  type TFormDefinition,
  type TFormLanguage,
  type TFormPage,
} from '@sanad/contracts/form-builder';
import { DynamicForm } from '../../../components/dynamic-form/DynamicForm';
import { previewFormFiles } from '../../../components/dynamic-form/form-files';
import { formStateQuery } from './form-builder-query';

const LANGUAGE_LABELS: Record<TFormLanguage, string> = { en: 'English', ar: 'العربية', ur: 'اردو' };

/** A device outline: the phone at a phone's width, the desktop at a laptop's (scrolling sideways when the screen is narrower). */
function Frame({ label, isPhone, children }: { label: string; isPhone: boolean; children: React.ReactNode }) {
  return (
    <Stack gap={4} style={isPhone ? { flex: '0 1 391px', minWidth: 0, maxWidth: '100%' } : { flex: '1 1 640px', minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <ScrollArea type="auto" offsetScrollbars>
        <Box
          data-testid={`preview-frame-${label.toLowerCase()}`}
          style={{
            width: isPhone ? 391 : '100%',
            maxWidth: isPhone ? '100%' : undefined,
            minWidth: isPhone ? undefined : 680,
            border: '8px solid var(--mantine-color-dark-6)',
            borderRadius: isPhone ? 28 : 10,
            background: 'var(--mantine-color-body)',
            padding: 12,
            maxHeight: 760,
            overflowY: 'auto',
          }}
        >
          {children}
        </Box>
      </ScrollArea>
    </Stack>
  );
}

function Preview({ page, definition }: { page: TFormPage; definition: TFormDefinition }) {
  const [language, setLanguage] = useState<TFormLanguage>('en');
  const [answers, setAnswers] = useState<TFormAnswers>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const onChange = (key: string, value: TFormAnswer) => {
    setAnswers((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  };
  const check = () => setErrors(formAnswerErrors(definition, answers, language));
  const isValid = Object.keys(errors).length === 0;
  const form = (isCompact: boolean) => (
    <Stack gap="sm">
      <DynamicForm
        definition={definition}
        answers={answers}
        onChange={onChange}
        language={language}
        errors={errors}
        isCompact={isCompact}
        files={previewFormFiles}
      />
      <Button onClick={check} w="fit-content">
        {language === 'ar' ? 'التالي' : language === 'ur' ? 'اگلا' : 'Next'}
      </Button>
    </Stack>
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          aria-label="Language"
          value={language}
          onChange={(next) => setLanguage(next as TFormLanguage)}
          data={FORM_LANGUAGES.map((entry) => ({ value: entry, label: LANGUAGE_LABELS[entry] }))}
        />
        <Text size="sm" c={isValid ? 'dimmed' : 'red'} role="status">
          {isValid
            ? 'Fill the form and press Next to check the answers as the journey would.'
            : `${Object.keys(errors).length} answers need attention.`}
        </Text>
      </Group>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Frame label="Phone" isPhone>
          {form(true)}
        </Frame>
        <Frame label="Desktop" isPhone={false}>
          {form(false)}
        </Frame>
      </Group>
      <Text size="xs" c="dimmed">
        {FORM_PAGE_LABELS[page]}: both frames share the answers, so a condition met in one shows its field in the other. A chosen file is
        checked against the field&apos;s types and size and a signature can be drawn, but nothing is uploaded in a preview.
      </Text>
    </Stack>
  );
}

/** /configuration/form-builder/preview-form/:name — a page's saved draft as the customer will see it. */
export default function PreviewFormPage() {
  const { name } = useParams();
  const parsed = ZFormPage.safeParse(name);
  const page: TFormPage = parsed.success ? parsed.data : 'setup-profile';
  const { data: state, error } = useQuery({ ...formStateQuery(page), enabled: parsed.success });
  const [source, setSource] = useState<'draft' | 'published'>('draft');
  const definition = source === 'published' ? state?.published?.definition : state?.draft;

  return (
    <Stack gap="lg" data-testid="form-preview">
      <Group justify="space-between" wrap="wrap">
        <div>
          <Title order={1} size="h2">
            Preview: {parsed.success ? FORM_PAGE_LABELS[page] : name}
          </Title>
          <Text c="dimmed">The form as a customer sees it, on a phone and on a desktop, in each language.</Text>
        </div>
        <Button component={Link} to={`/configuration/form-builder/${page}`} variant="default">
          Back to the builder
        </Button>
      </Group>
      {!parsed.success ? (
        <Alert color="red" role="alert">
          There is no form called “{name}”. The forms are {Object.keys(FORM_PAGE_LABELS).join(', ')}.
        </Alert>
      ) : error ? (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      ) : !state ? (
        <Skeleton height={400} />
      ) : (
        <>
          <SegmentedControl
            w="fit-content"
            aria-label="Version shown"
            value={source}
            onChange={(next) => setSource(next === 'published' ? 'published' : 'draft')}
            data={[
              { value: 'draft', label: `Saved draft (revision ${state.draftRevision})` },
              {
                value: 'published',
                label: state.published ? `In force (v${state.published.version})` : 'Nothing in force',
                disabled: !state.published,
              },
            ]}
          />
          {definition ? <Preview key={source} page={page} definition={definition} /> : null}
        </>
      )}
    </Stack>
  );
}
