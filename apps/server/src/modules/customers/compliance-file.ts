/**
 * One customer's compliance file as a PDF: what an auditor asks for, in one document. Identity, the
 * documents on file and their status, the screening hits with each decision, the risk and override
 * tables of the last rating, the alerts, and the review and audit history. Pure layout: the data is
 * read by the service and handed in; the PDF is written as a stream.
 */
import PdfKitDocument from 'pdfkit';
import type { TCustomerDetail } from '@sanad/contracts/customers';
import type { TCustomerRiskRating } from '@sanad/contracts/risk-rating';
import type { CustomerHistoryEntry } from './customer-exports.repository';
import { pdfFontFor, pdfText, registerUnicodeFonts, visualRuns, type PdfFontStyle } from './pdf-text';

export interface ComplianceFileData {
  customer: TCustomerDetail;
  rating: TCustomerRiskRating['rating'];
  history: CustomerHistoryEntry[];
  generatedAt: Date;
  generatedBy: string;
}

const MARGIN = 48;
const GREY = '#555555';

/** An instant as an auditor reads it: date and minute, in UTC. */
const when = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

const DETERMINATIONS: Record<string, string> = { open: 'Open (not decided)', genuine: 'Relevant', 'false-positive': 'Not relevant' };

/** Writes the compliance file; the returned document is a readable stream of the PDF bytes. */
export function writeComplianceFile(data: ComplianceFileData): PDFKit.PDFDocument {
  const { customer } = data;
  const record = customer.record;
  const doc = new PdfKitDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Compliance file ${customer.sanadId}`, Author: 'Sanad', Subject: 'Customer compliance file' },
  });
  registerUnicodeFonts(doc);
  const width = doc.page.width - MARGIN * 2;
  const bottom = () => doc.page.height - MARGIN;

  /** Sets a text in the font that can draw it, its direction runs in the order they are seen. */
  function write(
    text: string,
    style: PdfFontStyle,
    x: number | undefined,
    y: number | undefined,
    options: PDFKit.Mixins.TextOptions,
  ): void {
    const font = pdfFontFor(text, style);
    doc.font(font);
    const runs = font === pdfFontFor('', style) ? [text] : visualRuns(text);
    runs.forEach((run, index) => {
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run, x, y, { ...options, continued });
      else doc.text(run, { continued });
    });
  }

  function heading(text: string): void {
    if (doc.y > bottom() - 60) doc.addPage();
    doc.moveDown(0.8).fontSize(13).fillColor('black');
    write(text, 'bold', MARGIN, doc.y, { width });
    doc
      .moveTo(MARGIN, doc.y + 2)
      .lineTo(MARGIN + width, doc.y + 2)
      .strokeColor('#cccccc')
      .stroke();
    doc.moveDown(0.4);
  }

  function facts(pairs: ReadonlyArray<[string, unknown]>): void {
    for (const [label, value] of pairs) row([label, pdfText(value)], [0.32, 0.68], { labelled: true });
  }

  /** One table row; its cells wrap and the row moves to a new page as a whole. */
  function row(cells: readonly string[], shares: readonly number[], options: { bold?: boolean; labelled?: boolean } = {}): void {
    doc.fontSize(9);
    const widths = shares.map((share) => share * width - 6);
    const styleOf = (index: number): PdfFontStyle => (options.bold || (options.labelled && index === 0) ? 'bold' : 'regular');
    const heights = cells.map((cell, index) => {
      doc.font(pdfFontFor(pdfText(cell), styleOf(index)));
      return doc.heightOfString(pdfText(cell), { width: widths[index] ?? 100 });
    });
    const height = Math.max(...heights) + 4;
    if (doc.y + height > bottom()) doc.addPage();
    const top = doc.y;
    let x = MARGIN;
    cells.forEach((cell, index) => {
      doc.fillColor(options.labelled && index === 0 ? GREY : 'black');
      write(pdfText(cell), styleOf(index), x, top, { width: widths[index] ?? 100 });
      x += (shares[index] ?? 0) * width;
    });
    doc.x = MARGIN;
    doc.y = top + height;
  }

  function table(header: readonly string[], shares: readonly number[], rows: ReadonlyArray<readonly string[]>, empty: string): void {
    if (rows.length === 0) {
      doc.font('Helvetica-Oblique').fontSize(9).fillColor(GREY).text(empty, MARGIN, doc.y, { width });
      return;
    }
    row(header, shares, { bold: true });
    for (const cells of rows) row(cells, shares);
  }

  // Title block.
  doc.font('Helvetica-Bold').fontSize(18).text('Customer compliance file', { width });
  doc.font('Helvetica').fontSize(10).fillColor(GREY);
  write(`${customer.sanadId} - ${pdfText(customer.fullName)}`, 'regular', undefined, undefined, { width });
  write(
    `Generated ${data.generatedAt.toISOString()} by ${pdfText(data.generatedBy)}. Data segment ${customer.dataSegmentId}.`,
    'regular',
    undefined,
    undefined,
    {
      width,
    },
  );
  doc.fillColor('black');

  heading('Identity');
  const basic = record.basicInfo ?? {};
  const identity = record.identityInfo ?? {};
  const contact = record.contactInfo ?? {};
  const occupation = record.occupationInfo ?? {};
  facts([
    ['Sanad ID', customer.sanadId],
    ['Full name', customer.fullName],
    ['Father name', basic.fatherName],
    ['Date of birth', customer.dateOfBirth],
    ['Gender', basic.genderId],
    ['Nationality', customer.nationalityId],
    ['Country of residence', customer.countryOfResidenceId],
    ['ID type', customer.idType],
    ['ID number', customer.idNumber],
    ['ID expiry date', identity.isLifetimeExpiry ? 'Lifetime' : (identity.expiryDate ?? identity.passport?.expiryDate)],
    ['E-mail', customer.email],
    ['Phone number', customer.phoneNumber],
    ['Address', [contact.address, contact.city, contact.postalCode].filter(Boolean).join(', ')],
    ['Work type', occupation.workTypeId],
    ['Industry', occupation.industryId],
    ['Products', customer.products],
    ['KYC status', customer.kycStatus],
    ['Risk level', customer.riskLevel ?? 'Not rated'],
    ['Record status', customer.status === 'archived' ? 'Archived (not monitored)' : 'Active'],
    ['Came in through', customer.source],
    ['Created', `${when(customer.createdAt)}${customer.createdBy ? ` by ${customer.createdBy.name}` : ''}`],
    ['Record version', customer.version],
  ]);

  heading('Documents');
  const documents = Object.entries(record.documentInfo ?? {}).flatMap(([kind, file]) =>
    file && typeof file === 'object' && 'fileName' in file && file.fileName
      ? [[kind, String((file as { originalFileName?: string }).originalFileName ?? file.fileName)]]
      : [],
  );
  table(['Document', 'File'], [0.35, 0.65], documents, 'No documents on file.');
  doc.moveDown(0.3);
  facts([
    ['Document status', customer.documentStatuses.length ? customer.documentStatuses : 'No tags'],
    ['Identity document expired', customer.isDocumentExpired ? 'Yes' : 'No'],
  ]);

  heading(`Screening hits (${customer.hits.length})`);
  table(
    ['Listed name', 'Source list', 'Type', 'Score', 'Decision', 'Comments'],
    [0.22, 0.18, 0.1, 0.08, 0.16, 0.26],
    customer.hits.map((hit) => [
      hit.fullName,
      hit.sourceList,
      hit.hitType,
      hit.score.toFixed(2),
      DETERMINATIONS[hit.hitDetermination] ?? hit.hitDetermination,
      hit.comments,
    ]),
    'No Name Screening Hits',
  );

  heading('Risk rating');
  const rating = data.rating;
  if (!rating) {
    doc.font('Helvetica-Oblique').fontSize(9).fillColor(GREY).text('Not rated.', MARGIN, doc.y, { width });
  } else {
    facts([
      ['Level', rating.level],
      ['Computed level', rating.computedLevel],
      ['Total score', rating.totalScore],
      ['Overwritten to', rating.overwriteLevel ? `${rating.overwriteLevel}: ${rating.overwriteReason ?? ''}` : 'No'],
      ['Enhanced due diligence', rating.isEddRequired ? 'Required' : 'Not required'],
      ['Next review', rating.nextReviewDate],
      ['Configuration', rating.configVersion],
      ['Rated', `${when(rating.createdAt)} (${rating.trigger}${rating.actorName ? `, ${rating.actorName}` : ''})`],
    ]);
    doc.moveDown(0.4);
    table(
      ['Risk factor', 'Value', 'Score', 'Level'],
      [0.34, 0.36, 0.12, 0.18],
      rating.explanation.riskTable.map((line) => [
        line.riskFactor,
        line.value ?? '-',
        line.score === null ? '-' : String(line.score),
        line.level ?? line.status,
      ]),
      'No risk factors.',
    );
    doc.moveDown(0.4);
    table(
      ['Risk factor override', 'Override to', 'Level'],
      [0.5, 0.25, 0.25],
      rating.explanation.overrideTable.map((line) => [line.riskFactorOverride, String(line.overrideTo), line.level]),
      'No overrides applied.',
    );
  }

  heading(`Alerts (${customer.alerts.length})`);
  table(
    ['Raised', 'Type', 'Reason', 'State'],
    [0.17, 0.15, 0.54, 0.14],
    customer.alerts.map((alert) => [when(alert.createdAt), alert.type, alert.reason, alert.state]),
    'No alerts.',
  );

  heading('Review and audit history');
  table(
    ['When', 'Who', 'Action', 'Summary'],
    [0.17, 0.17, 0.22, 0.44],
    data.history.map((entry) => [when(entry.createdAt), entry.actorName || 'System', entry.action.replaceAll('_', ' '), entry.summary]),
    'No recorded history.',
  );

  doc.end();
  return doc;
}
