import { expect, test, type APIRequestContext } from '@playwright/test';
import { ACCOUNTS, PASSWORD } from '../environment';
import { screenshot, signIn } from '../support';

// The re-screening runs as a job after the list change: a busy machine needs the time.
test.describe.configure({ timeout: 180_000 });

async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/users/login', { data: { email: ACCOUNTS.admin.email, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  return { authorization: `Bearer ${((await response.json()) as { data: { accessToken: string } }).data.accessToken}` };
}

test('listing a stored customer re-screens it and raises a triggered alert that says why', async ({ page, request }) => {
  const headers = await adminHeaders(request);
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const lastName = `Gulkhan${stamp.slice(-6).replace(/\d/g, (digit) => String.fromCharCode(97 + Number(digit)))}`;
  const registered = await request.post('/api/customers/self-register', {
    headers,
    data: {
      submissionKey: crypto.randomUUID(),
      basicInfo: { firstName: 'Feroz', lastName, dateOfBirth: '1971-04-22', nationalityId: 'PK', countryOfResidenceId: 'PK' },
      identityInfo: { type: 'id', number: `35203${stamp.slice(-8)}` },
      occupationInfo: { workTypeId: 'salaried', industryId: 'education' },
      pepDeclaration: { anyPublicPos: false, everPublicPosition: false, conviction: false },
      contactInfo: { email: `feroz.${stamp}@e2e.test`, phoneNumber: `+92301${stamp.slice(-7)}` },
      accountInfo: { products: ['savings'], isf2f: true },
    },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const customer = ((await registered.json()) as { data: { _id: string } }).data;

  const listed = await request.post('/api/screening-data/sanad-list', {
    headers,
    data: { name: `Feroz ${lastName}`, dateOfBirth: '1971-04-22', nationality: 'PK', reason: 'Mule accounts' },
  });
  expect(listed.ok(), await listed.text()).toBe(true);

  let alertId = '';
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/alerts/?customerId=${customer._id}&type=triggered`, { headers });
        const rows = ((await answer.json()) as { data: { _id: string }[] }).data;
        alertId = rows[0]?._id ?? '';
        return rows.length;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(1);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await expect(page.getByRole('link', { name: /^Alerts/ })).toBeVisible();
  await page.goto(`/insights/alerts/${alertId}`);
  const trigger = page.getByTestId('alert-trigger');
  await expect(trigger).toContainText('changed (version');
  await expect(trigger).toContainText(`Feroz ${lastName}`);
  await expect(trigger.getByText('New hit')).toBeVisible();
  await screenshot(page, 'monitoring-1440-triggered-alert');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(trigger).toBeVisible();
  await screenshot(page, 'monitoring-390-triggered-alert');
});
