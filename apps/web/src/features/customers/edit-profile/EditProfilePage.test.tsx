import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { TCustomerDetail } from '@sanad/contracts/customers';
import { EDIT_PROFILE_STEPS, loadEdit } from './edit-steps';
import EditProfilePage from './EditProfilePage';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function customer(version: number, firstName: string): TCustomerDetail {
  return {
    _id: 'c1',
    sanadId: 'SND-000042',
    dataSegmentId: 'segment-1',
    type: 'individual',
    fullName: `${firstName} Qureshi`,
    firstName,
    lastName: 'Qureshi',
    dateOfBirth: '1986-03-14',
    nationalityId: 'PK',
    countryOfResidenceId: 'PK',
    idType: 'id',
    idNumber: '3520212345671',
    email: 'amina@example.test',
    phoneNumber: '+92 300 1234567',
    kycStatus: 'pending',
    riskLevel: 'low',
    hitTypes: [],
    products: [],
    documentStatuses: [],
    status: 'active',
    source: 'self-register',
    campaign: null,
    isMonitored: true,
    isDocumentExpired: false,
    isReviewDue: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    record: {
      basicInfo: { firstName, lastName: 'Qureshi', dateOfBirth: '1986-03-14', nationalityId: 'PK', countryOfResidenceId: 'PK' },
      identityInfo: { type: 'id', number: '3520212345671' },
      occupationInfo: {},
      pepDeclaration: {},
      contactInfo: { phoneNumber: '+92 300 1234567', email: 'amina@example.test' },
      accountInfo: {},
    },
    version,
    isEddRequired: false,
    nextReviewDate: null,
    createdBy: null,
    hits: [],
    alerts: [],
  };
}

let stored = customer(2, 'Amina');
let puts: unknown[] = [];

beforeEach(() => {
  sessionStorage.clear();
  stored = customer(2, 'Amina');
  puts = [];
  // The stored customer moved on to version 3 while the edit was open: the save answers 409 on the version.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method === 'PUT') {
      puts.push(JSON.parse(String(init.body)));
      stored = customer(3, 'Aminah');
      const message = 'This customer was changed since you opened it (now version 3); reload it and make your change again';
      return json({ status: false, message, errors: { version: [message] } }, 409);
    }
    if (String(input).includes('/customers/c1')) return json({ status: true, message: 'Customer', data: stored });
    return json({ status: false, message: 'Not found' }, 404);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function openStep(step: string) {
  const router = createMemoryRouter(
    EDIT_PROFILE_STEPS.map((item) => ({
      path: `/customer-profiles/edit-profile/${item.name}/:id`,
      handle: { title: item.title, auth: 'auth', sessionStep: item.name },
      Component: EditProfilePage,
    })),
    { initialEntries: [`/customer-profiles/edit-profile/${step}/c1`] },
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

const SLOW = { timeout: 10_000 };

describe('edit profile', { timeout: 30_000 }, () => {
  it('opens the stored record in the setup-profile step under its title', async () => {
    openStep('setup-profile');
    expect(await screen.findByRole('heading', { name: 'Edit Customer Setup Profile' }, SLOW)).toBeTruthy();
    expect(((await screen.findByLabelText(/First name/, {}, SLOW)) as HTMLInputElement).value).toBe('Amina');
  });

  it('saves with the version it started from, and on 409 offers to reload the latest version', async () => {
    openStep('preview');
    expect(await screen.findByRole('heading', { name: 'Preview Details' }, SLOW)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Save changes' }, SLOW));
    expect(await screen.findByText('This customer was changed by someone else', {}, SLOW)).toBeTruthy();
    expect(puts[0]).toMatchObject({ version: 2, basicInfo: { firstName: 'Amina' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reload the latest version' }));
    await waitFor(() => expect(loadEdit('c1')?.version).toBe(3), SLOW);
    expect(loadEdit('c1')?.draft.record.basicInfo?.firstName).toBe('Aminah');
  });
});
