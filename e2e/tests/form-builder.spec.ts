import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectSignedIn, screenshot, signIn } from '../support';

test.describe.configure({ timeout: 240_000 });

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function choose(page: Page, scope: Locator, label: string | RegExp, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an administrator builds a form with a custom select and a conditional field, previews it in each language and publishes it', async ({
  page,
}) => {
  const stamp = `${Date.now()}`.slice(-7);
  const selectKey = `employment${stamp}`;
  const otherKey = `employmentOther${stamp}`;
  const fundsKey = `fundsSources${stamp}`;
  const sectionTitle = `Employment ${stamp}`;

  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  await page.goto('/configuration');
  await page
    .getByTestId('configuration-home')
    .getByRole('link', { name: /Form builder/ })
    .click();
  await expect(page).toHaveURL('/configuration/form-builder/setup-profile');
  await expect(page).toHaveTitle('Sanad | Form Builder');
  await expect(page.getByRole('tab', { name: 'Setup profile', exact: true })).toHaveAttribute('aria-selected', 'true');
  // The protected fields cannot be removed.
  await expect(page.getByRole('button', { name: 'Remove dateOfBirth' })).toBeDisabled();

  // A new section with a custom select.
  await page.getByRole('button', { name: 'Add section' }).click();
  const section = page.locator('[data-testid^="section-section"]').last();
  await section.getByRole('textbox', { name: /Section title \(English\)/ }).fill(sectionTitle);
  await choose(page, section, /New field type/, 'Select');
  await section.getByRole('button', { name: `Add field to ${sectionTitle}` }).click();
  let settings = section.locator('[data-testid^="field-settings-"]');
  await settings.getByRole('textbox', { name: /^Key/ }).fill(selectKey);
  await settings.getByRole('textbox', { name: /^Label \(English\)/ }).fill('Employment');
  await settings.getByRole('textbox', { name: /^Label \(Arabic\)/ }).fill('العمل');
  await settings.getByRole('switch', { name: /^Required/ }).check();

  // Without options the validator refuses the form, and publishing shows why.
  await settings.getByRole('button', { name: 'Remove option option1' }).click();
  const withoutOptions = `"${selectKey}" is a select without options: add at least one option`;
  await expect(page.getByTestId('form-issues')).toContainText(withoutOptions);
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByTestId('form-problems')).toContainText(withoutOptions);
  await screenshot(page, 'form-builder-refused-1440');

  await settings.getByRole('button', { name: 'Add option' }).click();
  await settings.getByRole('textbox', { name: 'Option 1 value' }).fill('salaried');
  await settings.getByRole('textbox', { name: 'Option 1 label (English)' }).fill('Salaried');
  await settings.getByRole('button', { name: 'Add option' }).click();
  await settings.getByRole('textbox', { name: 'Option 2 value' }).fill('other');
  await settings.getByRole('textbox', { name: 'Option 2 label (English)' }).fill('Other');
  await settings.getByRole('textbox', { name: 'Option 2 label (Arabic)' }).fill('أخرى');
  await section.getByRole('button', { name: `Edit ${selectKey}` }).click();

  // A text field shown only when the select is 'other'.
  await choose(page, section, /New field type/, 'Text');
  await section.getByRole('button', { name: `Add field to ${sectionTitle}` }).click();
  settings = section.locator('[data-testid^="field-settings-"]');
  await settings.getByRole('textbox', { name: /^Key/ }).fill(otherKey);
  await settings.getByRole('textbox', { name: /^Label \(English\)/ }).fill('Describe your work');
  await settings.getByRole('switch', { name: /^Required/ }).check();
  await choose(page, settings, /^Show only when/, `Employment (${selectKey})`);
  await choose(page, settings, /^Has the value/, 'other');
  await expect(section.getByTestId(`field-${otherKey}`)).toContainText(`When ${selectKey} = other`);

  // An optional multi-select: it too can become a risk factor.
  await section.getByRole('button', { name: `Edit ${otherKey}` }).click();
  await choose(page, section, /New field type/, 'Multi-select');
  await section.getByRole('button', { name: `Add field to ${sectionTitle}` }).click();
  settings = section.locator('[data-testid^="field-settings-"]');
  await settings.getByRole('textbox', { name: /^Key/ }).fill(fundsKey);
  await settings.getByRole('textbox', { name: /^Label \(English\)/ }).fill('Sources of funds');
  await settings.getByRole('textbox', { name: 'Option 1 value' }).fill('salary');
  await settings.getByRole('textbox', { name: 'Option 1 label (English)' }).fill('Salary');
  await settings.getByRole('button', { name: 'Add option' }).click();
  await settings.getByRole('textbox', { name: 'Option 2 value' }).fill('crypto');
  await settings.getByRole('textbox', { name: 'Option 2 label (English)' }).fill('Crypto trading');
  await section.getByRole('button', { name: `Edit ${fundsKey}` }).click();
  await expect(page.getByTestId('form-issues')).toHaveCount(0);
  await screenshot(page, 'form-builder-1440');

  // The preview saves the draft and shows it as the customer sees it, on a phone and on a desktop.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page).toHaveURL('/configuration/form-builder/preview-form/setup-profile');
  const phone = page.getByTestId('preview-frame-phone');
  await expect(phone.getByRole('heading', { name: sectionTitle })).toBeVisible();
  await expect(phone.getByRole('textbox', { name: /Describe your work/ })).toHaveCount(0);
  await choose(page, phone, /^Employment/, 'Other');
  await expect(phone.getByRole('textbox', { name: /Describe your work/ })).toBeVisible();
  await phone.getByRole('button', { name: 'Next' }).click();
  await expect(phone.getByText('Describe your work is required')).toBeVisible();
  await screenshot(page, 'form-builder-preview-1440');
  await page.getByText('العربية', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'العربية' })).toBeChecked();
  await expect(phone.getByText('العمل').first()).toBeVisible();
  await expect(phone.locator('[dir="rtl"]').first()).toBeVisible();
  await screenshot(page, 'form-builder-preview-ar-1440');

  // Publish: a new version in force, served by GET form-builder/list.
  await page.getByRole('link', { name: 'Back to the builder' }).click();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Form published').first()).toBeVisible();
  await expect(page.getByTestId('form-versions').getByText('In force')).toBeVisible();
  const listed = await page.evaluate(async () => {
    const token = localStorage.getItem('token');
    const segment = localStorage.getItem('dataSegmentId');
    const answer = await fetch(`/api/form-builder/list?section=setup-profile&dataSegmentId=${segment ?? ''}`, {
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    return ((await answer.json()) as { data: Array<{ key: string; showWhen: { field: string; values: string[] } | null }> }).data;
  });
  expect(listed.find((field) => field.key === otherKey)?.showWhen).toEqual({ field: selectKey, values: ['other'] });

  // The published select becomes a risk factor: one value per option, scored on its own page.
  await page.goto('/configuration/sanad-engine');
  await page.getByRole('button', { name: 'Add a factor from a custom field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a factor from a custom field' });
  await dialog.getByRole('radio', { name: 'Employment' }).check();
  await screenshot(page, 'risk-custom-factor-dialog-1440');
  await dialog.getByRole('button', { name: 'Add factor' }).click();
  const factorPage = `/configuration/sanad-engine/custom-factor/${selectKey}`;
  await expect(page).toHaveURL(factorPage);
  await expect(page.getByRole('cell', { name: 'Salaried', exact: true })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Other', exact: true })).toBeVisible();
  await screenshot(page, 'risk-custom-factor-1440');

  // The multi-select too: every chosen option is scored and the highest counts, as the dialog and its page say.
  await page.goto('/configuration/sanad-engine');
  await page.getByRole('button', { name: 'Add a factor from a custom field' }).click();
  await dialog.getByRole('radio', { name: 'Sources of funds' }).check();
  await expect(dialog.getByText(/each is scored and the highest-scoring one counts/)).toBeVisible();
  await screenshot(page, 'risk-custom-factor-multi-select-dialog-1440');
  await dialog.getByRole('button', { name: 'Add factor' }).click();
  await expect(page).toHaveURL(`/configuration/sanad-engine/custom-factor/${fundsKey}`);
  await expect(page.getByRole('cell', { name: 'Crypto trading', exact: true })).toBeVisible();
  await expect(page.getByText(/where several options were chosen \(a multi-select\), each is scored and the highest counts/)).toBeVisible();
  await screenshot(page, 'risk-custom-factor-multi-select-1440');

  // The same screens at phone width, without sideways scrolling.
  await page.setViewportSize(PHONE);
  await page.goto('/configuration/form-builder/setup-profile');
  await expect(page.getByTestId(`field-${selectKey}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'form-builder-390');
  await page.goto('/configuration/form-builder/preview-form/setup-profile');
  await expect(page.getByTestId('preview-frame-phone').getByRole('heading', { name: sectionTitle })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'form-builder-preview-390');
  await page.goto(factorPage);
  await expect(page.getByRole('cell', { name: 'Salaried', exact: true })).toBeVisible();
  await screenshot(page, 'risk-custom-factor-390');
});

/** The keys of the fields of a section, in the order shown. */
async function fieldOrder(section: Locator): Promise<string[]> {
  return section
    .locator('[data-field-slot] > [data-testid^="field-"]')
    .evaluateAll((cards) => cards.map((card) => (card.getAttribute('data-testid') ?? '').replace(/^field-/, '')));
}

async function sectionOrder(page: Page): Promise<string[]> {
  return page
    .locator('[data-section-slot] > [data-testid^="section-"]')
    .evaluateAll((cards) => cards.map((card) => (card.getAttribute('data-testid') ?? '').replace(/^section-/, '')));
}

test('an administrator reorders fields and sections by dragging them, on a desktop and on a phone', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'admin');
  await expectSignedIn(page);
  // The register page, so the first test's published setup-profile form is left alone.
  await page.goto('/configuration/form-builder/register-setup-profile');
  const personal = page.getByTestId('section-personal');
  await expect.poll(() => fieldOrder(personal)).toEqual(['firstName', 'lastName', 'dateOfBirth', 'nationality', 'idNumber']);
  const handle = (key: string) => page.getByRole('button', { name: `Drag ${key} to reorder`, exact: true });

  // Within a section, by the mouse: the drop line shows where the field will land before it is let go.
  await handle('idNumber').hover();
  await page.mouse.down();
  const firstName = await personal.getByTestId('field-firstName').boundingBox();
  if (!firstName) throw new Error('the firstName field is not shown');
  await page.mouse.move(firstName.x + 60, firstName.y + 20, { steps: 5 });
  await page.mouse.move(firstName.x + 60, firstName.y + 4, { steps: 5 });
  await expect(personal.getByTestId('drop-indicator')).toBeVisible();
  await screenshot(page, 'form-builder-dragging-1440');
  await page.mouse.up();
  await expect.poll(() => fieldOrder(personal)).toEqual(['idNumber', 'firstName', 'lastName', 'dateOfBirth', 'nationality']);
  await expect(page.getByTestId('drop-indicator')).toHaveCount(0);
  await expect(page.getByText('(unsaved changes)')).toBeVisible();

  // Into another (empty) section, with locator.dragTo: a protected field may move, and stays protected.
  await page.getByRole('button', { name: 'Add section' }).click();
  const added = page.getByTestId('section-section');
  await handle('lastName').dragTo(added);
  await expect.poll(() => fieldOrder(added)).toEqual(['lastName']);
  await expect.poll(() => fieldOrder(personal)).toEqual(['idNumber', 'firstName', 'dateOfBirth', 'nationality']);
  await expect(added.getByTestId('field-lastName')).toContainText('Protected');
  await expect(added.getByRole('button', { name: 'Remove lastName' })).toBeDisabled();
  await expect(page.getByTestId('form-issues')).toHaveCount(0);

  // A section, with its fields, above another.
  await page
    .getByRole('button', { name: 'Drag section section to reorder', exact: true })
    .dragTo(personal, { targetPosition: { x: 40, y: 8 } });
  await expect.poll(() => sectionOrder(page)).toEqual(['section', 'personal']);
  await screenshot(page, 'form-builder-dragged-1440');

  // The order is the draft's once saved.
  await page.getByRole('button', { name: 'Save draft', exact: true }).click();
  await expect(page.getByText('(unsaved changes)')).toHaveCount(0);
  await page.reload();
  await expect.poll(() => sectionOrder(page)).toEqual(['section', 'personal']);
  await expect.poll(() => fieldOrder(personal)).toEqual(['idNumber', 'firstName', 'dateOfBirth', 'nationality']);

  // On a phone the handle is whole, inside its card, and dragging to the end of a section works.
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(handle('firstName')).toBeVisible();
  const grip = await handle('firstName').boundingBox();
  const card = await personal.getByTestId('field-firstName').boundingBox();
  if (!grip || !card) throw new Error('the firstName field is not shown');
  expect(grip.width).toBeGreaterThanOrEqual(20);
  expect(grip.x).toBeGreaterThanOrEqual(card.x);
  expect(grip.x + grip.width).toBeLessThanOrEqual(card.x + card.width);
  const sectionGrip = await page.getByRole('button', { name: 'Drag section personal to reorder', exact: true }).boundingBox();
  const sectionCard = await personal.boundingBox();
  if (!sectionGrip || !sectionCard) throw new Error('the personal section is not shown');
  expect(sectionGrip.x).toBeGreaterThanOrEqual(sectionCard.x);
  expect(sectionGrip.x + sectionGrip.width).toBeLessThanOrEqual(sectionCard.x + sectionCard.width);
  await expectNoSidewaysScroll(page);
  const last = personal.getByTestId('field-nationality');
  const lastBox = await last.boundingBox();
  if (!lastBox) throw new Error('the nationality field is not shown');
  await handle('firstName').dragTo(last, { targetPosition: { x: 40, y: lastBox.height - 4 } });
  await expect.poll(() => fieldOrder(personal)).toEqual(['idNumber', 'dateOfBirth', 'nationality', 'firstName']);
  await expectNoSidewaysScroll(page);
  await screenshot(page, 'form-builder-dragged-390');
});
