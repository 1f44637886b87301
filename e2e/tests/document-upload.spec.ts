import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { makePdf, makePng } from '@sanad/test-support/sample-files';
import { seriousViolations } from '../axe';
import { waitForMail } from '../mail-sink';
import { expectSignedIn, screenshot, signIn } from '../support';

// Registering screens and rates the customer on the server; a busy machine needs the time.
test.describe.configure({ timeout: 240_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Calls the API as the signed-in user, with the token the web app keeps. */
async function callApi<T>(page: Page, method: 'POST' | 'GET', apiPath: string, data?: unknown): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.fetch(`/api/${apiPath}`, {
    method,
    headers: { authorization: `Bearer ${token ?? ''}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A customer opens their link on a phone, signed in to nothing. */
async function phone(browser: Browser): Promise<Page> {
  // The accessibility scans inject axe-core, which the app's content security policy would refuse.
  const context = await browser.newContext({ viewport: PHONE, bypassCSP: true });
  return context.newPage();
}

/** The size in a JPEG's start-of-frame marker; null when the bytes hold no JPEG. */
function jpegSize(body: Buffer): { width: number; height: number } | null {
  let at = body.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
  if (at < 0) return null;
  at += 2;
  while (at + 9 < body.length) {
    const marker = body[at + 1] ?? 0;
    // SOF0…SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: body.readUInt16BE(at + 5), width: body.readUInt16BE(at + 7) };
    at += 2 + body.readUInt16BE(at + 2);
  }
  return null;
}

async function pick(page: Page, label: string, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: label, exact: true }).click();
  await (await chooser).setFiles(file);
}

test('staff request documents, the customer uploads them on a phone through the e-mailed link, and staff see them on the profile', async ({
  page,
  browser,
}) => {
  const stamp = `${Date.now()}`.slice(-7);
  const email = `layla.${stamp}${Math.floor(Math.random() * 100)}@e2e.test`;
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  const suffix = [...stamp].map((digit) => String.fromCharCode(97 + Number(digit))).join('');
  const customer = await callApi<{ _id: string; fullName: string }>(page, 'POST', 'customers/self-register', {
    submissionKey: randomUUID(),
    basicInfo: {
      firstName: 'Layla',
      lastName: `Docupload${suffix}`,
      dateOfBirth: '1988-03-14',
      nationalityId: 'PK',
      countryOfResidenceId: 'PK',
      genderId: 'female',
    },
    identityInfo: { type: 'id', number: `35202${stamp}7` },
    occupationInfo: { workTypeId: 'salaried', industryId: 'education' },
    pepDeclaration: { anyPublicPos: false, everPublicPosition: false, conviction: false },
    contactInfo: { email, phoneNumber: `+92301${stamp}` },
    accountInfo: { products: ['savings'], isf2f: true },
  });

  // Staff: the customer-information tab, Request documents.
  await page.goto(`/customer-profiles/customer-information/${customer._id}`);
  await expect(page.getByRole('heading', { name: customer.fullName, level: 1 })).toBeVisible();
  const requests = page.getByRole('region', { name: 'Document requests' });
  await expect(requests.getByText('No documents requested yet')).toBeVisible();
  await requests.getByRole('button', { name: 'Request documents' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request documents' });
  await dialog.getByRole('checkbox', { name: 'Utility bill' }).check();
  await dialog.getByRole('checkbox', { name: 'Bank statement' }).check();
  await dialog.getByRole('checkbox', { name: 'Source of funds evidence' }).check();
  await dialog.getByRole('textbox', { name: 'Note to the customer (optional)' }).fill('Please send a bill from the last three months.');
  await screenshot(page, 'document-upload-1440-staff-1-request');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog).toBeHidden();
  await expect(requests.getByTestId('document-request').first()).toContainText('Sent');
  await expect(requests.getByTestId('document-request').first()).toContainText('Proof of address (Utility bill, Bank statement)');

  // The e-mail comes through the outbox and the loopback SMTP sink.
  const mail = await waitForMail(email, 'requests documents from you', 60_000);
  const text = mail.text.replace(/=\r?\n/g, '');
  const found = /https?:\/\/[^\s"<>]+\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})\/document-upload/.exec(text);
  expect(found).not.toBeNull();
  const linkPath = new URL(found?.[0] ?? '').pathname;

  // The customer, on a phone: no sign-in, no sidebar; step 1 upload.
  const visitor = await phone(browser);
  await visitor.goto(linkPath);
  await expect(visitor.getByRole('heading', { name: 'Upload your documents' })).toBeVisible();
  await expect(visitor.getByText('Hello Layla, please upload the documents we asked for.')).toBeVisible();
  await expect(visitor.getByText(customer.fullName)).toHaveCount(0);
  await expect(visitor.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(visitor.getByText('Please send a bill from the last three months.')).toBeVisible();
  await screenshot(visitor, 'document-upload-390-customer-1-upload');
  expect(await seriousViolations(visitor)).toEqual([]);
  await expectNoSidewaysScroll(visitor);

  // Next without the files: each missing one is named beside its field.
  await visitor.getByRole('button', { name: 'Next: Preview' }).click();
  await expect(visitor.getByText('Upload the source of funds evidence')).toBeVisible();
  await expect(visitor).toHaveURL(linkPath);

  // A text file is refused with the spec's words and cleared.
  const folder = mkdtempSync(path.join(tmpdir(), 'sanad-docupload-'));
  const notes = path.join(folder, 'notes.txt');
  writeFileSync(notes, 'not a document');
  await pick(visitor, 'Proof of address document', notes);
  await expect(visitor.getByText('File format not supported').first()).toBeVisible();
  const bill = path.join(folder, 'bill.png');
  writeFileSync(bill, makePng(120, 80, [30, 90, 160]));
  const salary = path.join(folder, 'salary.pdf');
  writeFileSync(salary, makePdf('Salary slip'));
  await visitor.getByRole('combobox', { name: 'Document type', exact: true }).click();
  await visitor.getByRole('option', { name: 'Bank statement', exact: true }).click();
  const imageUploaded = visitor.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/files/',
  );
  await pick(visitor, 'Proof of address document', bill);
  await expect(visitor.getByRole('img', { name: 'Preview of bill.png' })).toBeVisible();
  // The browser resized the 120 × 80 PNG before sending it: a JPEG 1000 px wide, the height in proportion.
  // The server never enlarges an image, so a stored width of 1000 px is the browser's doing.
  const stored = ((await (await imageUploaded).json()) as { data: { fileName: string; originalName: string; contentType: string } }).data;
  expect({ name: stored.originalName, type: stored.contentType }).toEqual({ name: 'bill.jpg', type: 'image/jpeg' });
  const staffToken = await page.evaluate(() => localStorage.getItem('token'));
  const storedImage = await page.request.get(`/api/files/${stored.fileName}`, { headers: { authorization: `Bearer ${staffToken ?? ''}` } });
  expect(storedImage.status()).toBe(200);
  expect(jpegSize(await storedImage.body())).toEqual({ width: 1000, height: 667 });
  await pick(visitor, 'Evidence document', salary);
  await expect(visitor.getByText('salary.pdf').last()).toBeVisible();
  await screenshot(visitor, 'document-upload-390-customer-2-uploaded');
  await expectNoSidewaysScroll(visitor);

  // Step 2 preview, then send.
  await visitor.getByRole('button', { name: 'Next: Preview' }).click();
  await expect(visitor).toHaveURL(`${linkPath}/preview`);
  await expect(visitor.getByRole('region', { name: 'Proof of address' })).toContainText('Bank statement');
  await expect(visitor.getByRole('region', { name: 'Source of funds evidence' })).toContainText('salary.pdf');
  await screenshot(visitor, 'document-upload-390-customer-3-preview');
  expect(await seriousViolations(visitor)).toEqual([]);
  await expectNoSidewaysScroll(visitor);
  await visitor.getByRole('button', { name: 'Submit documents' }).click();

  // Step 3 finish.
  await expect(visitor).toHaveURL(`${linkPath}/finish`);
  await expect(visitor.getByRole('heading', { name: 'Thank you, Layla: your documents have been received' })).toBeVisible();
  await expect(visitor.getByText('Proof of address (Bank statement)')).toBeVisible();
  await screenshot(visitor, 'document-upload-390-customer-4-finish');
  await expectNoSidewaysScroll(visitor);

  // The used link opens nothing any more, in a fresh tab.
  const again = await phone(browser);
  await again.goto(linkPath);
  await expect(again.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await again.context().close();

  await visitor.context().close();

  // Staff: the documents are on the profile, the request is received, the timeline says so.
  await page.reload();
  const documents = page.getByRole('region', { name: 'Documents', exact: true });
  await expect(documents).toContainText('bill.png');
  await expect(documents).toContainText('Bank statement');
  await expect(documents).toContainText('salary.pdf');
  await expect(requests.getByTestId('document-request').first()).toContainText('Received');
  await screenshot(page, 'document-upload-1440-staff-2-received');
  await page.goto(`/customer-profiles/activity-timeline/${customer._id}`);
  await expect(page.getByText('Requested documents received').first()).toBeVisible();
});

test('the upload page at 1440 px, and a wrong link shows one clear page', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await page.waitForURL((url) => url.pathname !== '/');
  const stamp = `${Date.now()}`.slice(-7);
  const suffix = [...stamp].map((digit) => String.fromCharCode(97 + Number(digit))).join('');
  const email = `samir.${stamp}${Math.floor(Math.random() * 100)}@e2e.test`;
  const customer = await callApi<{ _id: string; dataSegmentId: string }>(page, 'POST', 'customers/self-register', {
    submissionKey: randomUUID(),
    basicInfo: {
      firstName: 'Samir',
      lastName: `Wideview${suffix}`,
      dateOfBirth: '1979-08-02',
      nationalityId: 'PK',
      countryOfResidenceId: 'PK',
      genderId: 'male',
    },
    identityInfo: { type: 'id', number: `42101${stamp}3` },
    occupationInfo: { workTypeId: 'salaried', industryId: 'education' },
    pepDeclaration: { anyPublicPos: false, everPublicPosition: false, conviction: false },
    contactInfo: { email, phoneNumber: `+92302${stamp}` },
    accountInfo: { products: ['savings'], isf2f: true },
  });
  await callApi(page, 'POST', `customers/${customer._id}/document-requests`, {
    requested: { addressProofTypes: [], isFundsEvidence: false, isIdentityDocument: true },
    note: '',
  });
  const mail = await waitForMail(email, 'requests documents from you', 60_000);
  const found = /https?:\/\/[^\s"<>]+\/([0-9a-f-]{36})\/([A-Za-z0-9_-]{43})\/document-upload/.exec(mail.text.replace(/=\r?\n/g, ''));
  const linkPath = new URL(found?.[0] ?? '').pathname;

  const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
  const desk = await context.newPage();
  await desk.goto(linkPath);
  await expect(desk.getByRole('region', { name: 'Identity document' })).toBeVisible();
  await expect(desk.getByText('Expiry date of the new document')).toBeVisible();
  await screenshot(desk, 'document-upload-1440-customer-1-upload');
  expect(await seriousViolations(desk)).toEqual([]);
  await expectNoSidewaysScroll(desk);

  // Another segment's address with the same token, and a made-up token: the same page, nothing of the request.
  await desk.goto(linkPath.replace(customer.dataSegmentId, '00000000-0000-4000-8000-000000000000'));
  await expect(desk.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await expect(desk.getByText('Samir')).toHaveCount(0);
  await desk.goto(`/${customer.dataSegmentId}/${'x'.repeat(43)}/document-upload`);
  await expect(desk.getByRole('heading', { name: 'This link cannot be used' })).toBeVisible();
  await screenshot(desk, 'document-upload-1440-customer-invalid');
  await context.close();
});
