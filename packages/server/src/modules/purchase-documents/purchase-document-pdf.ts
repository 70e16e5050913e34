import { billingCountryName, formatMoney, money, resolveFormatLocale } from '@lectern/domain';
import PDFDocument from 'pdfkit';
import type { PurchaseDocument } from './purchase-document.js';

/** How a document is printed: the brand in the footer, the locale of amounts and dates. */
export interface PurchaseDocumentPdfOptions {
  brandName: string;
  /** A BCP 47 or POSIX-style locale ("en-US", "pt_BR"); en-US when absent or unknown. */
  locale?: string;
}

type Pdf = InstanceType<typeof PDFDocument>;

// A4 in points, with room under the bottom margin for the footer.
const MARGIN = { top: 50, left: 50, right: 50, bottom: 64 };
const FOOTER_FROM_BOTTOM = 40;
const GREY = '#666666';
const RULE = '#cccccc';
const BLACK = '#000000';
const BODY_SIZE = 9;
const DETAIL_SIZE = 8;
const CELL_PADDING = 4;
const MIN_AMOUNT_SIZE = 6;
// The amounts' column under the totals and payments.
const VALUE_WIDTH = 130;

type Font = 'Helvetica' | 'Helvetica-Bold';

interface Column {
  key: 'description' | 'quantity' | 'unitPrice' | 'taxRate' | 'tax' | 'amount';
  title: string;
  width: number;
  align: 'left' | 'right';
}

const DESCRIPTION_COLUMN_WIDTH = 199;
// The widths add up to the A4 text width (595.28 - 100).
const COLUMNS: readonly Column[] = [
  { key: 'description', title: 'Description', width: DESCRIPTION_COLUMN_WIDTH, align: 'left' },
  { key: 'quantity', title: 'Qty', width: 36, align: 'right' },
  { key: 'unitPrice', title: 'Unit price', width: 72, align: 'right' },
  { key: 'taxRate', title: 'Tax rate', width: 52, align: 'right' },
  { key: 'tax', title: 'Tax', width: 64, align: 'right' },
  { key: 'amount', title: 'Amount', width: 72, align: 'right' },
];
const DESCRIPTION_WIDTH = DESCRIPTION_COLUMN_WIDTH - 2 * CELL_PADDING;

/**
 * Refuses a document whose amounts do not add up (lines to the net total, tax rows to the tax
 * total, net plus tax to the gross total, payments to the gross total): such a document must
 * never be printed. Throws a RangeError naming the first mismatch.
 */
export function assertPurchaseDocumentAddsUp(document: PurchaseDocument): void {
  const sum = (amounts: number[]): number => amounts.reduce((total, amount) => total + amount, 0);
  const checks = [
    {
      what: "the lines' net amounts",
      actual: sum(document.lines.map((line) => line.netAmount)),
      field: 'netTotal',
      expected: document.netTotal,
    },
    {
      what: "the tax rows' amounts",
      actual: sum(document.taxes.map((tax) => tax.taxAmount)),
      field: 'taxTotal',
      expected: document.taxTotal,
    },
    {
      what: 'netTotal + taxTotal',
      actual: document.netTotal + document.taxTotal,
      field: 'grossTotal',
      expected: document.grossTotal,
    },
    {
      what: 'the payments',
      actual: sum(document.payments.map((payment) => payment.amount)),
      field: 'grossTotal',
      expected: document.grossTotal,
    },
  ];
  for (const { what, actual, field, expected } of checks) {
    // `!==` also refuses NaN; non-integer amounts are refused when formatted (money()).
    if (actual !== expected) {
      throw new RangeError(
        `${document.number} does not add up: ${what} come to ${actual}, but ${field} is ${expected}`,
      );
    }
  }
}

/**
 * Prints an invoice or a credit note as an A4 PDF with the built-in Helvetica fonts. The bytes
 * depend only on the document and the options (the creation date is `issuedAt`), so the same
 * document always downloads as the same file. Refuses (RangeError) a document that does not add up.
 */
export async function renderPurchaseDocumentPdf(
  document: PurchaseDocument,
  options: PurchaseDocumentPdfOptions,
): Promise<Buffer> {
  assertPurchaseDocumentAddsUp(document);
  const locale = resolveFormatLocale(options.locale ?? 'en-US');
  const isCreditNote = document.kind === 'credit_note';
  const kindTitle = isCreditNote ? 'Credit note' : 'Invoice';

  const pdf = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    font: 'Helvetica',
    lang: locale,
    displayTitle: true,
    // pdfkit derives the file ID from `info`, so fixing CreationDate makes the output repeatable.
    info: {
      Title: `${kindTitle} ${document.number}`,
      Author: document.seller.name,
      Subject: `${kindTitle} ${document.number} from ${document.seller.name}`,
      Creator: options.brandName,
      CreationDate: document.issuedAt,
    },
  });
  const done = collect(pdf);

  const formats = createFormats(document, locale);
  const left = MARGIN.left;
  const width = pdf.page.width - MARGIN.left - MARGIN.right;
  const bottom = (): number => pdf.page.height - MARGIN.bottom;

  /** Writes sanitized text at a position; answers the y under it. */
  const write = (text: string, x: number, y: number, opts: PDFKit.Mixins.TextOptions = {}): number => {
    pdf.text(toWinAnsi(text), x, y, opts);
    return pdf.y;
  };
  const heightOf = (text: string, textWidth: number): number =>
    pdf.heightOfString(toWinAnsi(text), { width: textWidth });
  const style = (font: Font, size: number, color = BLACK): void => {
    pdf.font(font).fontSize(size).fillColor(color);
  };
  /**
   * Styles an amount in the largest size up to `size` that keeps it on one line of `cellWidth`
   * (down to MIN_AMOUNT_SIZE, then it wraps): a billion rupiah still reads as one number.
   */
  const styleAmount = (text: string, cellWidth: number, font: Font, size: number, color = BLACK): void => {
    style(font, size, color);
    const natural = pdf.widthOfString(toWinAnsi(text));
    const fitted = natural > cellWidth ? Math.floor(((size * cellWidth) / natural) * 4) / 4 : size;
    pdf.fontSize(Math.max(MIN_AMOUNT_SIZE, fitted));
  };
  const rule = (y: number): void => {
    pdf
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
  };
  /** Starts a new page when `height` does not fit under `y` (unless `y` is already the top). */
  const fit = (y: number, height: number, onNewPage?: () => number): number => {
    if (y + height <= bottom() || y <= MARGIN.top) return y;
    pdf.addPage();
    return onNewPage ? onNewPage() : MARGIN.top;
  };

  // Title and the document's facts.
  style('Helvetica-Bold', 22);
  let y = write(kindTitle, left, MARGIN.top, { width }) + 8;
  const facts: [string, string][] = [
    [`${kindTitle} number`, document.number],
    ['Date of issue', formats.date(document.issuedAt)],
    [isCreditNote ? 'Refund date' : 'Date of supply', formats.date(document.suppliedAt)],
  ];
  for (const [label, value] of facts) {
    style('Helvetica', 10, GREY);
    write(label, left, y, { width: 110 });
    style('Helvetica', 10);
    y = Math.max(y + 14, write(value, left + 115, y, { width: width - 115 }) + 2);
  }
  if (isCreditNote && document.correctsNumber !== null) {
    style('Helvetica-Bold', 10);
    y = write(`Corrects invoice ${document.correctsNumber}`, left, y + 4, { width }) + 2;
  }

  // Seller and buyer side by side.
  y += 18;
  const blockWidth = (width - 20) / 2;
  const sellerLines = [
    ...splitAddress(document.seller.address),
    ...(document.seller.taxId ? [`Tax ID: ${document.seller.taxId}`] : []),
    document.seller.supportEmail,
  ];
  const buyerLines = [
    ...(document.buyer.email ? [document.buyer.email] : []),
    // The buyer's lines are already lines (a city line keeps its "City, ST 12345" comma).
    ...document.buyer.addressLines.flatMap((line) => line.split('\n')).filter((line) => line.trim() !== ''),
    // Drafts store the country's code ("US"); a document may hold a name already.
    ...(document.buyer.country ? [billingCountryName(document.buyer.country)] : []),
    ...(document.buyer.taxId ? [`Tax ID: ${document.buyer.taxId}`] : []),
  ];
  const block = (x: number, heading: string | null, name: string, lines: string[]): number => {
    let blockY = y;
    if (heading) {
      style('Helvetica-Bold', BODY_SIZE, GREY);
      blockY = write(heading, x, blockY, { width: blockWidth }) + 2;
    }
    style('Helvetica-Bold', 10);
    blockY = write(name, x, blockY, { width: blockWidth }) + 1;
    style('Helvetica', BODY_SIZE);
    for (const line of lines) blockY = write(line, x, blockY, { width: blockWidth });
    return blockY;
  };
  const sellerEnd = block(left, null, document.seller.name, sellerLines);
  const buyerEnd = block(left + blockWidth + 20, 'Billed to', document.buyer.name, buyerLines);
  y = Math.max(sellerEnd, buyerEnd) + 24;

  // The lines table; its header is repeated on every page it continues on.
  const columnX = (index: number): number =>
    left + COLUMNS.slice(0, index).reduce((total, column) => total + column.width, 0);
  const drawHeader = (top: number): number => {
    style('Helvetica-Bold', BODY_SIZE, GREY);
    let rowBottom = top;
    COLUMNS.forEach((column, index) => {
      const cellY = write(column.title, columnX(index) + CELL_PADDING, top, {
        width: column.width - 2 * CELL_PADDING,
        align: column.align,
      });
      rowBottom = Math.max(rowBottom, cellY);
    });
    rule(rowBottom + 3);
    return rowBottom + 8;
  };
  y = drawHeader(y);
  for (const line of document.lines) {
    const cells: Record<Exclude<Column['key'], 'description'>, string> = {
      quantity: formats.number(line.quantity),
      unitPrice: line.unitAmount === null ? '' : formats.money(line.unitAmount),
      taxRate: formats.percent(line.taxRatePercent),
      tax: formats.money(line.taxAmount),
      amount: formats.money(line.netAmount),
    };
    const figures = COLUMNS.flatMap((column, index) =>
      column.key === 'description'
        ? []
        : [
            {
              text: cells[column.key],
              x: columnX(index) + CELL_PADDING,
              width: column.width - 2 * CELL_PADDING,
            },
          ],
    );

    style('Helvetica', BODY_SIZE);
    let rowHeight = heightOf(line.description, DESCRIPTION_WIDTH);
    if (line.detail) {
      style('Helvetica', DETAIL_SIZE);
      rowHeight += 1 + heightOf(line.detail, DESCRIPTION_WIDTH);
    }
    for (const figure of figures) {
      styleAmount(figure.text, figure.width, 'Helvetica', BODY_SIZE);
      rowHeight = Math.max(rowHeight, heightOf(figure.text, figure.width));
    }
    y = fit(y, rowHeight, () => drawHeader(MARGIN.top));

    style('Helvetica', BODY_SIZE);
    let rowBottom = write(line.description, left + CELL_PADDING, y, { width: DESCRIPTION_WIDTH });
    if (line.detail) {
      style('Helvetica', DETAIL_SIZE, GREY);
      rowBottom = write(line.detail, left + CELL_PADDING, rowBottom + 1, { width: DESCRIPTION_WIDTH });
    }
    for (const figure of figures) {
      styleAmount(figure.text, figure.width, 'Helvetica', BODY_SIZE);
      rowBottom = Math.max(
        rowBottom,
        write(figure.text, figure.x, y, { width: figure.width, align: 'right' }),
      );
    }
    rule(rowBottom + 3);
    y = rowBottom + 8;
  }

  // Label and amount rows (totals, payments): the amounts line up under the Amount column.
  const valueX = left + width - VALUE_WIDTH;
  const valueWidth = VALUE_WIDTH - CELL_PADDING;
  const amountRow = (
    row: { label: string; value: string; bold?: boolean },
    labelX: number,
    labelAlign: 'left' | 'right',
  ): void => {
    const font: Font = row.bold ? 'Helvetica-Bold' : 'Helvetica';
    const size = row.bold ? 11 : 10;
    const labelWidth = valueX - labelX - 10;
    style(font, size);
    let rowHeight = heightOf(row.label, labelWidth);
    styleAmount(row.value, valueWidth, font, size);
    rowHeight = Math.max(rowHeight, heightOf(row.value, valueWidth));
    y = fit(y, rowHeight);
    style(font, size);
    const labelBottom = write(row.label, labelX, y, { width: labelWidth, align: labelAlign });
    styleAmount(row.value, valueWidth, font, size);
    const valueBottom = write(row.value, valueX, y, { width: valueWidth, align: 'right' });
    y = Math.max(labelBottom, valueBottom) + 4;
  };

  // Totals in the order they add up: the lines' subtotal, each tax on it, then the total. Discounts
  // are already off the lines' amounts (each line names its code), and account credit pays the
  // taxed total like a card, so it is listed with the payments below. One tax row is the tax
  // total itself; several (GST and QST, state and city) get their sum, none a 'Tax' row.
  const taxRows = document.taxes.map((tax) => ({
    label: `${tax.name} ${formats.percent(tax.ratePercent)} on ${formats.money(tax.netAmount)}`,
    value: formats.money(tax.taxAmount),
  }));
  const totalRows = [
    { label: 'Subtotal', value: formats.money(document.netTotal) },
    ...taxRows,
    ...(taxRows.length === 1
      ? []
      : [{ label: taxRows.length === 0 ? 'Tax' : 'Total tax', value: formats.money(document.taxTotal) }]),
    { label: 'Total', value: formats.money(document.grossTotal), bold: true },
  ];
  y = fit(y + 4, totalRows.length * 16);
  for (const row of totalRows) amountRow(row, left + 120, 'right');
  y += 16;

  // How it was paid, or where the refund went.
  if (document.payments.length > 0) {
    y = fit(y, 16 * (document.payments.length + 1));
    style('Helvetica-Bold', 10);
    y = write(isCreditNote ? 'Refunded to' : 'Payments', left, y, { width }) + 4;
    for (const payment of document.payments) {
      amountRow({ label: payment.label, value: formats.money(payment.amount) }, left, 'left');
    }
    y += 12;
  }

  // Notes flow on (pdfkit breaks pages inside long text by itself).
  if (document.notes.length > 0) {
    style('Helvetica', BODY_SIZE, GREY);
    pdf.x = left;
    pdf.y = fit(y, 14);
    for (const note of document.notes) pdf.text(toWinAnsi(note), { width, paragraphGap: 4 });
  }

  // Footers last, when the page count is known.
  const range = pdf.bufferedPageRange();
  const footer = `${options.brandName} · ${document.number}`;
  for (let index = range.start; index < range.start + range.count; index += 1) {
    pdf.switchToPage(index);
    // Writing under the bottom margin would make pdfkit add a page; lift the margin meanwhile.
    const savedBottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    const footerY = pdf.page.height - FOOTER_FROM_BOTTOM;
    style('Helvetica', DETAIL_SIZE, GREY);
    write(footer, left, footerY, { width: width / 2, lineBreak: false });
    write(`Page ${index + 1} of ${range.count}`, left + width / 2, footerY, {
      width: width / 2,
      align: 'right',
      lineBreak: false,
    });
    pdf.page.margins.bottom = savedBottom;
  }
  pdf.end();
  return done;
}

function collect(pdf: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    pdf.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
}

function createFormats(document: PurchaseDocument, locale: string) {
  const dateFormat = (tag: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' });
  const numberFormat = (tag: string) => new Intl.NumberFormat(tag, { maximumFractionDigits: 3 });
  const percentFormat = (tag: string) =>
    new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 4 });
  const [dates, numbers, percents] = [dateFormat(locale), numberFormat(locale), percentFormat(locale)];
  const [fallbackDates, fallbackNumbers, fallbackPercents] = [
    dateFormat('en-US'),
    numberFormat('en-US'),
    percentFormat('en-US'),
  ];
  return {
    money: (amount: number): string =>
      legible(formatMoney(money(amount, document.currency), locale), () =>
        formatMoney(money(amount, document.currency), 'en-US'),
      ),
    date: (date: Date): string => legible(dates.format(date), () => fallbackDates.format(date)),
    number: (value: number): string => legible(numbers.format(value), () => fallbackNumbers.format(value)),
    // Rates are kept in percent (10.35); the division's float noise is rounded off by the format.
    percent: (ratePercent: number): string =>
      legible(percents.format(ratePercent / 100), () => fallbackPercents.format(ratePercent / 100)),
  };
}

/**
 * A locale whose dates or digits the standard fonts cannot print ("2025年3月5日", Arabic-Indic
 * digits) would come out as question marks: such a value is printed in en-US instead.
 */
function legible(text: string, fallback: () => string): string {
  return toWinAnsi(text).includes('?') && !text.includes('?') ? fallback() : text;
}

/** "1 Main St, Springfield\n12345" → one printed line per part. */
function splitAddress(address: string | null): string[] {
  if (!address) return [];
  return address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

// Characters outside Latin-1 that WinAnsi (the standard fonts' encoding) still has.
const WIN_ANSI_EXTRAS = new Set(
  [
    0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019,
    0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
  ].map((code) => String.fromCodePoint(code)),
);

// Stand-ins for common characters WinAnsi lacks (Intl output included: narrow no-break spaces,
// the minus sign and bidi marks of some locales).
const FALLBACKS: Record<string, string> = {
  '\u202f': '\u00a0',
  '\u2007': '\u00a0',
  '\u2011': '-',
  '\u2010': '-',
  '\u2012': '-',
  '\u2212': '-',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2194': '<->',
  '\u21d2': '=>',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2032': "'",
  '\u2033': '"',
  '\u0142': 'l',
  '\u0141': 'L',
  '\u0111': 'd',
  '\u0110': 'D',
  '\u0131': 'i',
  '\t': ' ',
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code === 0x0a) return true;
  if (code < 0x20 || (code >= 0x7f && code < 0xa0)) return false;
  return code <= 0xff || WIN_ANSI_EXTRAS.has(char);
}

/**
 * The standard PDF fonts only encode WinAnsi (Latin-1 plus a few typographic marks): anything
 * else would print as garbage, so it is replaced by a look-alike, its unaccented letter, or "?".
 */
export function toWinAnsi(text: string): string {
  let result = '';
  for (const char of text.normalize('NFC')) {
    if (isWinAnsi(char)) {
      result += char;
      continue;
    }
    const fallback = FALLBACKS[char];
    if (fallback !== undefined) {
      result += fallback;
      continue;
    }
    const code = char.codePointAt(0) ?? 0;
    // Spaces become spaces; invisible format characters (bidi marks, zero-width) disappear.
    if (/\p{Zs}/u.test(char)) {
      result += ' ';
      continue;
    }
    if (/\p{Cf}/u.test(char) || (code < 0x20 && code !== 0x0a)) continue;
    // "ă" → "a", "ﬁ" → "fi", full-width "Ａ" → "A"; otherwise a question mark.
    const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
    result += plain.length > 0 && [...plain].every(isWinAnsi) ? plain : '?';
  }
  return result;
}
