import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { seriousViolations } from '../axe';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../environment';
import { fakeCameraArgs, hasSharedFace } from '../fake-camera';
import { MAIL_DIR, waitForMail } from '../mail-sink';
import { expectNoSidewaysScroll, screenshot, signIn } from '../support';

// The whole journey (captcha, video check, screening and rating on completion) takes a while on a busy machine.
test.describe.configure({ timeout: 360_000 });

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

test.use({ launchOptions: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, ...fakeCameraArgs()] } });

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** A customer's phone; `locale` is what the browser says it prefers (Playwright's default is en-US). */
async function phone(browser: Browser, locale?: string): Promise<Page> {
  // The accessibility scans inject axe-core, which the app's content security policy would refuse.
  const context = await browser.newContext({ viewport: PHONE, bypassCSP: true, ...(locale ? { locale } : {}) });
  return context.newPage();
}

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The page reads right to left in the language, fits the phone and has no serious accessibility finding. */
async function checkStep(page: Page, shot: string, language = 'ar'): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await screenshot(page, shot);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
}

/** The bytes behind quoted-printable text (=D8=B1...). */
const quotedPrintableBytes = (text: string): Buffer =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );

/** Text written as RFC 2047 encoded words (=?UTF-8?B?...?= or ?Q?), as nodemailer writes a subject that is not ASCII. */
function decodeEncodedWords(header: string): string {
  return header.replace(/(=\?[^?]+\?[BQbq]\?[^?]*\?=\s*)+/g, (run) => {
    const bytes = [...run.matchAll(/=\?[^?]+\?([BQbq])\?([^?]*)\?=/g)].map(([, encoding, text = '']) =>
      encoding?.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quotedPrintableBytes(text.replace(/_/g, ' ')),
    );
    return Buffer.concat(bytes).toString('utf8');
  });
}

/** A body as sent (base64 or quoted-printable), read as UTF-8. */
function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  return quotedPrintableBytes(body.replace(/=\r?\n/g, '')).toString('utf8');
}

/** A plain-text message as the customer reads it: its subject and body decoded. */
function decodeMail(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const encoding = /^Content-Transfer-Encoding: (.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
  return {
    subject: decodeEncodedWords(/^Subject: (.*)$/m.exec(headers)?.[1]?.trim() ?? ''),
    text: decodeBody(raw.slice(split + 4), encoding),
  };
}

/** The newest e-mail the sink received for `address` after `since` (epoch ms), decoded. */
async function readMailTo(address: string, since: number, timeoutMs = 60_000): Promise<{ subject: string; text: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = readdirSync(MAIL_DIR)
      .filter((file) => file.endsWith('.eml') && Number(file.split('-')[0]) > since)
      .toSorted()
      .toReversed();
    for (const file of files) {
      const raw = readFileSync(path.join(MAIL_DIR, file), 'utf8');
      if (/^X-Envelope-To: (.*)$/m.exec(raw)?.[1]?.trim().toLowerCase() === address.toLowerCase()) return decodeMail(raw);
    }
    if (Date.now() > deadline) throw new Error(`no e-mail reached ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Turns the older public form (a registration started without a link) on or off for the active segment. */
async function setPublicForm(page: Page, isOpen: boolean): Promise<void> {
  await page.goto('/configuration/on-boarding-configuration');
  const toggle = page.getByRole('switch', { name: /Open the registration form without a link/ });
  await expect(toggle).toBeVisible({ timeout: 30_000 });
  if ((await toggle.isChecked()) === isOpen) return;
  await toggle.setChecked(isOpen);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Onboarding configuration saved successfully').first()).toBeVisible();
}

/** Two strokes on the Signature Panel's pad, then its saving status in Arabic. */
async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByRole('img', { name: 'مساحة التوقيع' });
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad is not on the page');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  for (const stroke of [
    [at(0.1, 0.6), at(0.25, 0.3), at(0.4, 0.7), at(0.55, 0.35)],
    [at(0.6, 0.5), at(0.75, 0.4), at(0.9, 0.6)],
  ]) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    await page.mouse.move(...first);
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(...point, { steps: 6 });
    await page.mouse.up();
  }
  await expect(page.getByRole('status').filter({ hasText: 'تم حفظ التوقيع' })).toBeVisible({ timeout: 20_000 });
}

test('a customer completes a sent link in Arabic on a phone, right to left, and a first visit in Urdu follows the browser', async ({
  page,
  browser,
}) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const lastName = `Arabic${stamp.slice(-6)}`;
  const email = `layla.${stamp}@e2e.test`;
  const idNumber = `42301${stamp.slice(-8)}`;

  // Staff send a deep link (their screens stay English, left to right).
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await page.waitForURL((url) => url.pathname !== '/');
  await page.goto('/register-customer');
  await textbox(page, 'First name').fill('Layla');
  await textbox(page, 'Last name').fill(lastName);
  await textbox(page, 'Email').fill(email);
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('heading', { name: 'Link sent' })).toBeVisible();
  const mail = await waitForMail(email, 'Complete your registration', 60_000);
  const found = /https?:\/\/[^\s"<>]+\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{43}\/deep-register/.exec(mail.text.replace(/=\r?\n/g, ''));
  expect(found).not.toBeNull();
  const linkPath = new URL(found?.[0] ?? '').pathname;

  // The customer's browser prefers English: the link opens in English, and the customer chooses Arabic.
  const customer = await phone(browser);
  await customer.goto(linkPath);
  await expect(customer.getByRole('heading', { name: 'Complete your registration' })).toBeVisible();
  await expect(customer.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(customer).toHaveTitle('Sanad | Registration');
  await customer.getByRole('combobox', { name: 'Language' }).selectOption('ar');
  await expect(customer.getByRole('heading', { name: 'أكمل تسجيلك' })).toBeVisible();
  // The browser tab speaks the customer's language too.
  await expect(customer).toHaveTitle('Sanad | التسجيل');
  await expect(customer.getByText('الخطوة 1 من 7: رفع الوثيقة')).toBeVisible();
  await expect(customer.getByRole('button', { name: 'التالي' })).toBeVisible();
  await checkStep(customer, 'public-languages-390-ar-1-upload-document');
  await customer.setViewportSize(DESKTOP);
  await expect(customer.getByRole('heading', { name: 'رفع الوثيقة' })).toBeVisible();
  await screenshot(customer, 'public-languages-1440-ar-1-upload-document');
  await customer.setViewportSize(PHONE);
  await customer.getByRole('button', { name: 'التالي' }).click();

  // Step 2: the video, with the fake camera when the shared face image is there.
  await expect(customer).toHaveURL(`${linkPath}/record-video`);
  await expect(customer.getByText('الخطوة 2 من 7: تسجيل الفيديو')).toBeVisible();
  await expect(customer).toHaveTitle('Sanad | التسجيل: تسجيل الفيديو');
  if (hasSharedFace) {
    await customer.getByRole('button', { name: 'بدء التسجيل' }).click();
    await expect(customer.getByRole('status').filter({ hasText: 'ما المطلوب منك' })).toContainText('انظر إلى الكاميرا');
    await expect(customer.getByRole('button', { name: 'إيقاف' })).toBeEnabled({ timeout: 20_000 });
    await screenshot(customer, 'public-languages-390-ar-2-recording');
    await customer.getByRole('button', { name: 'إيقاف' }).click();
    await expect(customer.getByText(/^(نجح التحقق من الحيوية|لم ينجح التحقق من الحيوية)$/)).toBeVisible({ timeout: 120_000 });
  }
  await checkStep(customer, 'public-languages-390-ar-2-record-video');
  await customer.getByRole('button', { name: 'التالي' }).click();

  // Step 3: the profile; Latin data is typed left to right; the e-mail is proved with a code.
  await expect(customer).toHaveURL(`${linkPath}/setup-profile`);
  await expect(textbox(customer, 'الاسم الأول')).toHaveValue('Layla');
  // Mantine puts dir on the input's wrapper: the e-mail itself reads left to right.
  await expect(textbox(customer, 'البريد الإلكتروني')).toHaveCSS('direction', 'ltr');
  await expect(textbox(customer, 'الاسم الأول')).toHaveCSS('direction', 'rtl');
  await textbox(customer, 'اسم الأب').fill('Karim Haddad');
  await customer.getByLabel('تاريخ الميلاد').fill('1990-02-11');
  await pick(customer, 'الجنسية', 'باكستان');
  await pick(customer, 'بلد الإقامة', 'باكستان');
  await pick(customer, 'نوع الهوية', 'بطاقة هوية وطنية');
  await textbox(customer, 'رقم الهوية').fill(idNumber);
  await pick(customer, 'نوع العمل', 'موظف براتب (القطاع الخاص)');
  await textbox(customer, 'رقم الهاتف').fill('+92 321 7654321');
  await customer.getByRole('button', { name: 'التالي' }).click();
  // The server's refusal comes back in English and is shown in Arabic, in a red that reads (the scan checks contrast),
  // with a toast whose close button is named in Arabic.
  await expect(customer.getByText('يُرجى التحقق من بريدك الإلكتروني برمز التحقق الذي نرسله إليه قبل المتابعة').first()).toBeVisible();
  await expect(customer.getByRole('button', { name: 'إغلاق' }).first()).toBeVisible();
  await checkStep(customer, 'public-languages-390-ar-3-refused');
  const requestedAt = Date.now();
  await customer.getByRole('button', { name: 'إرسال الرمز' }).click();
  const otpDialog = customer.getByRole('dialog', { name: 'التحقق بخطوتين' });
  await expect(otpDialog).toBeVisible({ timeout: 45_000 });
  await expect(otpDialog.getByText(/يمكنك إعادة إرسال الرمز بعد \d+ ث/)).toBeVisible();
  await expect(otpDialog.getByRole('button', { name: 'إغلاق' })).toBeVisible();
  await expect(customer.locator('html')).toHaveAttribute('dir', 'rtl');
  // The code's e-mail is written in Arabic, the code in Latin digits as it is typed.
  const codeMail = await readMailTo(email, requestedAt - 1000);
  expect(codeMail.subject).toBe('رمز التحقق الخاص بك من Sanad');
  expect(codeMail.text).toContain('لا تشاركه مع أي شخص');
  const code = /بتسجيلك هو: (\d{6})/.exec(codeMail.text)?.[1] ?? '';
  expect(code).toMatch(/^\d{6}$/);
  // A short code is refused under the field in Arabic, legibly.
  await otpDialog.getByRole('textbox', { name: 'رمز التحقق' }).fill(code.slice(0, 3));
  await otpDialog.getByRole('button', { name: 'تأكيد الرمز' }).click();
  await expect(otpDialog.getByText('يجب ألا يقل رمز التحقق عن 6 أرقام')).toBeVisible();
  await expect(otpDialog).toHaveCSS('opacity', '1');
  await checkStep(customer, 'public-languages-390-ar-3-code');
  await otpDialog.getByRole('textbox', { name: 'رمز التحقق' }).fill(code);
  await otpDialog.getByRole('button', { name: 'تأكيد الرمز' }).click();
  await expect(customer.getByTestId('contact-verified')).toContainText('تم التحقق من بريدك الإلكتروني');
  await checkStep(customer, 'public-languages-390-ar-3-setup-profile');
  await customer.getByRole('button', { name: 'التالي' }).click();

  // Step 4: the account.
  await expect(customer).toHaveURL(`${linkPath}/account-info`);
  await expect(customer.getByText('الخطوة 4 من 7: بيانات الحساب')).toBeVisible();
  await customer.getByRole('combobox', { name: 'المنتجات' }).click();
  await customer.getByRole('option', { name: 'حساب توفير', exact: true }).click();
  await customer.keyboard.press('Escape');
  await checkStep(customer, 'public-languages-390-ar-4-account-info');
  await customer.getByRole('button', { name: 'التالي' }).click();

  // Step 5: additional details.
  await expect(customer).toHaveURL(`${linkPath}/additional-info`);
  await expect(customer.getByText('الخطوة 5 من 7: معلومات إضافية')).toBeVisible();
  await checkStep(customer, 'public-languages-390-ar-5-additional-info');
  await customer.getByRole('button', { name: 'التالي' }).click();

  // Step 6: the preview in Arabic, signed on the phone.
  await expect(customer).toHaveURL(`${linkPath}/preview`);
  const personal = customer.getByRole('region', { name: 'البيانات الشخصية' });
  await expect(personal).toContainText(lastName);
  await expect(personal).toContainText('باكستان');
  await expect(customer.getByRole('region', { name: 'الهوية' })).toContainText(idNumber);
  await customer.getByRole('button', { name: 'إرسال التسجيل' }).click();
  await expect(customer.getByText('التوقيع مطلوب').first()).toBeVisible();
  await drawSignature(customer);
  const panel = customer.getByRole('group', { name: /لوحة التوقيع/ });
  await panel.getByRole('textbox', { name: 'الاسم', exact: true }).fill(`Layla ${lastName}`);
  await panel.getByRole('textbox', { name: 'الصفة', exact: true }).fill('Self');
  await panel.getByRole('checkbox', { name: /التوقيع الإلكتروني/ }).check();
  await checkStep(customer, 'public-languages-390-ar-6-preview');
  await customer.getByRole('button', { name: 'إرسال التسجيل' }).click();

  // Step 7: finished, the reference left to right.
  await expect(customer).toHaveURL(`${linkPath}/finish`, { timeout: 120_000 });
  await expect(customer.getByRole('heading', { name: 'شكرًا لك، اكتمل تسجيلك' })).toBeVisible();
  await expect(customer.getByTestId('sanad-id')).toHaveText(/^SND-\d+$/);
  await expect(customer.getByTestId('sanad-id')).toHaveCSS('direction', 'ltr');
  await checkStep(customer, 'public-languages-390-ar-7-finish');
  await customer.context().close();

  // A phone whose browser prefers Urdu opens the used link: the one clear page speaks Urdu at once.
  const urdu = await phone(browser, 'ur-PK');
  await urdu.goto(linkPath);
  await expect(urdu.getByRole('heading', { name: 'یہ لنک استعمال نہیں ہو سکتا' })).toBeVisible();
  await expect(urdu.getByRole('combobox', { name: 'زبان' })).toHaveValue('ur');
  await expect(urdu).toHaveTitle('Sanad | رجسٹریشن');
  await checkStep(urdu, 'public-languages-390-ur-used-link', 'ur');
  await urdu.context().close();

  // Staff screens stay English, left to right, in the browser that sent the link.
  await page.goto('/customer-profiles/temp-customers');
  await expect(page.getByRole('heading', { name: 'Temp Customers' })).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('dir', 'rtl');
  await expect(page).toHaveTitle('Sanad | Temp Customers');
});

test('the start screen without a link speaks Arabic to an Arabic browser: the tab and the captcha widget', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expect(page.getByRole('combobox', { name: 'Active data segment' })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('dataSegmentId') ?? '')).not.toBe('');
  const segment = await page.evaluate(() => localStorage.getItem('dataSegmentId') ?? '');
  await setPublicForm(page, true);
  try {
    const visitor = await phone(browser, 'ar-EG');
    await visitor.goto(`/${segment}/register`);
    await expect(visitor.getByRole('heading', { name: 'أكمل تسجيلك' })).toBeVisible();
    await expect(visitor).toHaveTitle('Sanad | التسجيل');
    // ALTCHA's widget, with the catalogue's words: it solves its proof of work on its own, then says so.
    await expect(visitor.getByText('تم التحقق', { exact: true })).toBeVisible({ timeout: 45_000 });
    await expect(visitor.getByText('محمي بواسطة')).toBeVisible();
    await expect(visitor.getByText("I'm not a robot")).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: 'بدء التسجيل' })).toBeEnabled();
    await checkStep(visitor, 'public-languages-390-ar-start-captcha');
    await visitor.context().close();
  } finally {
    await setPublicForm(page, false);
  }
});
