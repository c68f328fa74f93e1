import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { formatDate, formatMoney, receiptTexts as text } from '@dnx/shared';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/**
 * The receipt of a paid payment (issue 13): a pure function from the receipt's data to a PDF. Noto Sans (every
 * Azerbaijani letter) is embedded and subset by pdfkit; the QR code, drawn as vector squares, links to the public
 * check page `{PUBLIC_URL}/verify/{code}`.
 */

// Resolved from this module, so it works from src/ (tests) and from the bundle in dist/ alike. Not named
// `require`: the bundle's banner declares that.
const resolveFromHere = createRequire(import.meta.url);
export const pdfFonts = {
  regular: resolveFromHere.resolve('notosans-fontface/fonts/NotoSans-Regular.ttf'),
  bold: resolveFromHere.resolve('notosans-fontface/fonts/NotoSans-Bold.ttf'),
};

export interface ReceiptInsurance {
  number: string;
  /** yyyy-mm-dd */
  date: string | null;
  /** "12.50" */
  amount: string | null;
}

export interface ReceiptRow {
  plate: string;
  formSeries: string;
  formNumber: string;
  months: number;
  /** yyyy-mm-dd */
  validFrom: string;
  validUntil: string;
  /** "97.20" */
  amount: string;
  /**
   * What this row's QR code holds: the public check page with the row's claims signed in the fragment
   * (`{PUBLIC_URL}/verify/{code}#r={JWS}`, issue 46); absent: the page alone.
   */
  signedUrl?: string;
}

export interface ReceiptData {
  /** The bank receipt's number and date (payment_receipt_number, payment_receipt_date). */
  receiptNumber: string;
  receiptDate: string;
  owner: { name: string; code: string; address?: string };
  rows: ReceiptRow[];
  mdssh: ReceiptInsurance;
  itsda: ReceiptInsurance;
  total: string;
  /** The public check page the QR code opens (verifyUrl). */
  verifyUrl: string;
}

/** An unguessable code for the public check: 160 random bits, URL-safe (27 characters of base64url). */
export function createVerifyCode(): string {
  return randomBytes(20).toString('base64url');
}

export const verifyCodePattern = /^[A-Za-z0-9_-]{27}$/;

/** The public check page of the payment. */
export function verifyUrl(publicOrigin: string, code: string): string {
  if (!verifyCodePattern.test(code)) throw new RangeError('not a verify code');
  return `${publicOrigin.replace(/\/+$/, '')}/verify/${code}`;
}

/**
 * What a row's QR code holds (issue 46): the check page, and the row's signed claims in the fragment, which a browser
 * never sends: the signature stays out of the server's logs and the page keeps working from the code alone.
 */
export function signedVerifyUrl(publicOrigin: string, code: string, jws: string): string {
  if (!/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(jws)) throw new RangeError('not a compact JWS');
  return `${verifyUrl(publicOrigin, code)}#r=${jws}`;
}

/** The QR code's modules (true: dark) for a text, error correction M. */
export function qrModules(payload: string): boolean[][] {
  const qr = QRCode.create(payload, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => Boolean(qr.modules.get(row, col))),
  );
}

const page = { margin: 48, width: 595.28 };
const contentWidth = page.width - page.margin * 2;

/**
 * An A4 document with Noto Sans embedded as `regular` and `bold`, and the promise of its bytes once `doc.end()`
 * is called: the receipt and the online request's summary are drawn on it.
 */
export function startPdf(title: string, options: { compress?: boolean; layout?: 'portrait' | 'landscape' } = {}) {
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margin: page.margin,
    compress: options.compress ?? true,
    info: { Title: title, Author: text.authority, Subject: title },
    lang: 'az-Latn-AZ',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', pdfFonts.regular);
  doc.registerFont('bold', pdfFonts.bold);
  /** A bold label and its value on one line. */
  const line = (label: string, value: string) => {
    doc.font('bold').fontSize(10).text(`${label}: `, { continued: true });
    doc.font('regular').text(value);
  };
  return { doc, finished, line };
}

type PdfDocument = ReturnType<typeof startPdf>['doc'];

/** The receipt's table of vehicles: number, plate, form, validity and amount, a row each. */
function receiptVehicles(doc: PdfDocument, rows: ReceiptData['rows']) {
  // The vehicles: plate, form, validity, amount.
  doc.font('bold').fontSize(11).text(text.vehicles);
  doc.moveDown(0.4);
  const columns = [
    { title: '№', width: 24, align: 'left' as const },
    { title: text.plate, width: 90, align: 'left' as const },
    { title: text.form, width: 110, align: 'left' as const },
    { title: text.validity, width: 185, align: 'left' as const },
    { title: text.amount, width: contentWidth - 24 - 90 - 110 - 185, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    const y = doc.y;
    let x = page.margin;
    doc.font(font).fontSize(9);
    let height = 0;
    cells.forEach((cell, i) => {
      const column = columns[i]!;
      doc.text(cell, x, y, { width: column.width - 4, align: column.align });
      height = Math.max(height, doc.y - y);
      x += column.width;
    });
    doc.x = page.margin;
    doc.y = y + height + 4;
  };
  row(
    columns.map((c) => c.title),
    'bold',
  );
  doc
    .moveTo(page.margin, doc.y - 2)
    .lineTo(page.margin + contentWidth, doc.y - 2)
    .lineWidth(0.5)
    .stroke();
  rows.forEach((r, i) =>
    row(
      [
        String(i + 1),
        r.plate,
        `${r.formSeries} ${r.formNumber}`,
        `${formatDate(r.validFrom)} – ${formatDate(r.validUntil)} (${r.months} ${text.months})`,
        formatMoney(r.amount),
      ],
      'regular',
    ),
  );
}

/** The two insurances (MDSSH and İTSDA): number, date and amount, or a dash. */
function receiptInsurance(doc: PdfDocument, line: (label: string, value: string) => void, data: ReceiptData) {
  doc.font('bold').fontSize(10).text(text.insurance);
  for (const [label, insurance] of [
    [text.mdssh, data.mdssh],
    [text.itsda, data.itsda],
  ] as const) {
    const parts = [
      insurance.number,
      formatDate(insurance.date),
      insurance.amount === null ? '' : formatMoney(insurance.amount),
    ].filter(Boolean);
    line(label, parts.join(', ') || '—');
  }
}

/**
 * The QR codes: vector squares, with the link written beside. One for each row whose claims are signed (an inspector
 * scans the vehicle's own), else one for the payment's check page.
 */
function receiptCodes(doc: PdfDocument, data: ReceiptData) {
  const signed = data.rows.filter((r) => r.signedUrl);
  const codes = signed.length
    ? signed.map((r) => ({ payload: r.signedUrl!, caption: `${r.plate} · ${r.formSeries} ${r.formNumber}` }))
    : [{ payload: data.verifyUrl, caption: null }];
  const side = 150;
  const pageBottom = doc.page.height - page.margin;
  for (const qr of codes) {
    if (doc.y + side > pageBottom) doc.addPage();
    const modules = qrModules(qr.payload);
    const cell = side / modules.length;
    const left = page.margin;
    const top = doc.y;
    doc.save().fillColor('#000000');
    modules.forEach((cells, r) =>
      cells.forEach((dark, c) => {
        if (dark) doc.rect(left + c * cell, top + r * cell, cell, cell);
      }),
    );
    doc.fill().restore();
    const textLeft = left + side + 16;
    const textWidth = contentWidth - side - 16;
    doc.fontSize(9);
    const captionTop = top + side / 2 - (qr.caption ? 24 : 12);
    if (qr.caption) doc.font('bold').text(qr.caption, textLeft, captionTop, { width: textWidth });
    doc
      .font('regular')
      .text(text.verify, textLeft, qr.caption ? doc.y : captionTop, { width: textWidth })
      .text(data.verifyUrl, { width: textWidth, link: qr.payload });
    doc.x = page.margin;
    doc.y = top + side + 12;
  }
}

/** Renders the receipt. `compress: false` leaves the streams readable (tests read the text back). */
export async function renderReceipt(data: ReceiptData, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { doc, finished: ended, line } = startPdf(`${text.title} ${data.receiptNumber}`, options);

  doc.font('bold').fontSize(14).text(text.authority, { align: 'center' });
  doc.moveDown(0.3);
  doc.font('regular').fontSize(12).text(text.title, { align: 'center' });
  doc.moveDown(1);

  line(text.receiptNumber, data.receiptNumber);
  line(text.receiptDate, formatDate(data.receiptDate));
  line(text.owner, data.owner.name);
  line(text.ownerCode, data.owner.code);
  if (data.owner.address) line('Ünvan', data.owner.address);
  doc.moveDown(1);

  receiptVehicles(doc, data.rows);
  doc.moveDown(0.5);
  doc
    .font('bold')
    .fontSize(11)
    .text(`${text.total}: ${formatMoney(data.total)}`, { align: 'right' });
  doc.moveDown(1);

  receiptInsurance(doc, line, data);
  doc.moveDown(1.5);

  receiptCodes(doc, data);

  doc.end();
  return ended;
}
