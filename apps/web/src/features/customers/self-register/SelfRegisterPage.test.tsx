import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { SELF_REGISTER_STEPS } from './steps';
import { loadDraft, newDraft, saveDraft, withSection, type SelfRegisterDraft } from './draft';
import SelfRegisterPage from './SelfRegisterPage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let bodies: unknown[] = [];

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  bodies = [];
  // The server refuses the ID number as a duplicate, as the customers module answers (409 with the field).
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    // Only sent bodies count: fetching the saved signature image is a GET.
    if (init?.body) bodies.push(JSON.parse(String(init.body)));
    return json(
      {
        status: false,
        message: 'A customer with this ID number already exists (SND-00000001)',
        errors: { 'identityInfo.number': ['A customer with this ID number already exists (SND-00000001)'] },
      },
      409,
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openStep(step: string) {
  const router = createMemoryRouter(
    SELF_REGISTER_STEPS.map((item) => ({
      path: `/self-register/${item.name}`,
      handle: { title: item.label, auth: 'auth', sessionStep: item.name },
      Component: SelfRegisterPage,
    })),
    { initialEntries: [`/self-register/${step}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return router;
}

function completeDraft(): SelfRegisterDraft {
  let draft = newDraft();
  draft = withSection(draft, 'basicInfo', {
    firstName: 'Amina',
    lastName: 'Qureshi',
    dateOfBirth: '1986-03-14',
    nationalityId: 'PK',
    countryOfResidenceId: 'PK',
  });
  draft = withSection(draft, 'identityInfo', { type: 'id', number: '3520212345671' });
  draft = withSection(draft, 'contactInfo', { phoneNumber: '+92 300 1234567', email: 'amina@example.test' });
  return { ...draft, reached: 'preview' };
}

// Drawing a step with every field (the country lists among them) is slow in jsdom on a busy machine.
const SLOW = { timeout: 10_000 };

describe('the Self Service Onboarding wizard', { timeout: 30_000 }, () => {
  it('does not leave setup-profile while a required field is empty, and names the field', async () => {
    saveDraft({ ...newDraft(), reached: 'setup-profile' });
    const router = openStep('setup-profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }, SLOW));
    expect(await screen.findByText('First name is required', {}, SLOW)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/self-register/setup-profile');
  });

  it('sends a later step back to the furthest step reached', async () => {
    saveDraft({ ...newDraft(), reached: 'record-video' });
    const router = openStep('preview');
    await waitFor(() => expect(router.state.location.pathname).toBe('/self-register/record-video'), SLOW);
  });

  it('keeps the registration on the preview until the Signature Panel is signed', async () => {
    saveDraft(completeDraft());
    openStep('preview');
    expect(await screen.findByRole('group', { name: /Signature Panel/ }, SLOW)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Register customer' }));
    expect((await screen.findAllByText('Signature is required', {}, SLOW)).length).toBeGreaterThan(0);
    expect(bodies).toHaveLength(0);
  });

  it('submits the whole record with the draft key and shows a server field error on the step that holds it', async () => {
    const draft = withSection(completeDraft(), 'signature', {
      sign: 'abcdefgh12.enc',
      name: 'Amina Qureshi',
      date: '27-11-2026',
      agree: true,
    });
    saveDraft(draft);
    const router = openStep('preview');
    fireEvent.click(await screen.findByRole('button', { name: 'Register customer' }, SLOW));
    await waitFor(() => expect(router.state.location.pathname).toBe('/self-register/setup-profile'), SLOW);
    const shown = await screen.findAllByText('A customer with this ID number already exists (SND-00000001)', {}, SLOW);
    expect(shown.length).toBeGreaterThan(0);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({
      submissionKey: draft.submissionKey,
      basicInfo: { firstName: 'Amina' },
      identityInfo: { number: '3520212345671' },
      signature: { sign: 'abcdefgh12.enc', name: 'Amina Qureshi', date: '27-11-2026', agree: true },
    });
    // The refusal is kept with the draft, and the key stays the same for the retry.
    expect(loadDraft().serverErrors['identityInfo.number']).toMatch(/already exists/);
    expect(loadDraft().submissionKey).toBe(draft.submissionKey);
  });
});
