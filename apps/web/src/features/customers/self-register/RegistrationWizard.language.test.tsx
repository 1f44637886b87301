import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { DirectionProvider, MantineProvider } from '@mantine/core';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { registrationIssuesUpTo } from '@sanad/contracts/registration-steps';
import { chooseLanguage, forgetChosenLanguage, loadCatalogue } from '../../../lib/i18n/language-store';
import { PublicLanguageScope } from '../../../lib/i18n/PublicLanguage';
import { translatorFor } from '../../../lib/i18n/use-t';
import { newDraft, toSubmission, type SelfRegisterDraft } from './draft';
import { GENDER_OPTIONS, ID_TYPE_OPTIONS, INDUSTRY_OPTIONS, PEP_QUESTIONS, PRODUCT_OPTIONS, WORK_TYPE_OPTIONS } from './options';
import { RegistrationWizard, type WizardMode } from './RegistrationWizard';

let stored: SelfRegisterDraft = newDraft();
const CUSTOMER_MODE: WizardMode = {
  title: 'أكمل تسجيلك',
  audience: 'customer',
  stepPath: (step) => `/register/${step}`,
  drafts: {
    load: () => stored,
    save: (draft) => {
      stored = draft;
    },
    clear: () => {
      stored = newDraft();
    },
    fresh: () => newDraft(),
  },
  submit: () => Promise.reject(new Error('not sent in this test')),
  submitLabel: 'إرسال التسجيل',
  Finish: () => null,
};

function openUploadStep(isPublic: boolean) {
  const wizard = <RegistrationWizard step="upload-document" mode={CUSTOMER_MODE} />;
  const router = createMemoryRouter(
    [{ path: '/register/:step', element: isPublic ? <PublicLanguageScope>{wizard}</PublicLanguageScope> : wizard }],
    {
      initialEntries: ['/register/upload-document'],
    },
  );
  return render(
    <DirectionProvider>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </DirectionProvider>,
  );
}

/** Arabic and Urdu are both written in the Arabic script. */
const ARABIC_SCRIPT = /[\u0600-\u06FF]/;

/** A button's name with the Latin file formats it may name taken out (JPG, PNG, PDF read the same in Arabic). */
const wordsOf = (name: string) => name.replace(/\b(JPE?G|PNG|PDF)\b/g, '');

beforeEach(async () => {
  stored = newDraft();
  await loadCatalogue('ar');
  chooseLanguage('ar');
});
afterEach(() => forgetChosenLanguage());

describe('a registration step in Arabic', { timeout: 20_000 }, () => {
  it('is laid out right to left, speaks Arabic and has no English button', async () => {
    const view = openUploadStep(true);
    expect(await screen.findByRole('heading', { name: 'رفع الوثيقة' })).toBeTruthy();
    expect(document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(document.documentElement.getAttribute('lang')).toBe('ar');
    expect(screen.getByText('الخطوة 1 من 7: رفع الوثيقة')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'التالي' })).toBeTruthy();
    const buttons = screen.getAllByRole('button');
    expect(buttons.length).toBeGreaterThan(3);
    const names = buttons.map((button) => button.getAttribute('aria-label') ?? button.textContent ?? '');
    expect(names.filter((name) => /[A-Za-z]{2,}/.test(wordsOf(name)))).toEqual([]);
    // Leaving the public screen puts the page back to English, left to right, for staff screens.
    view.unmount();
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
    expect(document.documentElement.getAttribute('lang')).toBe('en');
  });

  it('stays English on a staff screen even when the browser chose Arabic', async () => {
    openUploadStep(false);
    expect(await screen.findByRole('button', { name: 'Next' })).toBeTruthy();
    expect(screen.getByText('Step 1 of 7: Upload document')).toBeTruthy();
    expect(document.documentElement.getAttribute('dir')).not.toBe('rtl');
  });
});

describe('the registration steps in Arabic and Urdu', () => {
  it('translate every message the registration contract gives for a fresh draft', async () => {
    await loadCatalogue('ur');
    const messages = Object.values(registrationIssuesUpTo(toSubmission(newDraft(), null), 'preview'));
    expect(messages.length).toBeGreaterThan(3);
    for (const language of ['ar', 'ur'] as const)
      expect(messages.filter((message) => !ARABIC_SCRIPT.test(translatorFor(language).tm(message)))).toEqual([]);
  });

  it('name every option the steps offer', async () => {
    await loadCatalogue('ur');
    const labels = [GENDER_OPTIONS, ID_TYPE_OPTIONS, INDUSTRY_OPTIONS, PRODUCT_OPTIONS, WORK_TYPE_OPTIONS, PEP_QUESTIONS]
      .flat()
      .map((option) => option.label);
    for (const language of ['ar', 'ur'] as const)
      expect(labels.filter((label) => !ARABIC_SCRIPT.test(translatorFor(language).tm(label)))).toEqual([]);
  });
});
