import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { PurchaseDocument } from './purchase-document.js';
import { renderPurchaseDocumentPdf, toWinAnsi } from './purchase-document-pdf.js';

const BRAND = { brandName: 'Lectern' };

/** A US course order: two courses, tax-exclusive at one rate, paid by card. */
function usInvoice(overrides: Partial<PurchaseDocument> = {}): PurchaseDocument {
  return {
    kind: 'invoice',
    number: 'INV-000042',
    source: 'order',
    sourceId: 42,
    issuedAt: new Date('2025-03-05T10:00:00Z'),
    suppliedAt: new Date('2025-03-04T23:30:00Z'),
    correctsNumber: null,
    currency: 'USD',
    seller: {
      name: 'Lectern Learning Inc.',
      address: '500 Market Street, San Francisco, CA 94105\nUnited States',
      taxId: 'US-EIN 12-3456789',
      supportEmail: 'billing@lectern.example',
    },
    buyer: {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      addressLines: ['12 Analytical Way', 'Seattle, WA 98101'],
      country: 'United States',
      taxId: null,
    },
    lines: [
      {
        description: 'Complete Python Bootcamp',
        detail: 'Course #101, lifetime access',
        quantity: 1,
        unitAmount: 1299,
        netAmount: 1299,
        taxRatePercent: 7.5,
        taxAmount: 97,
      },
      {
        description: 'Intro to SQL',
        detail: null,
        quantity: 1,
        unitAmount: 699,
        netAmount: 699,
        taxRatePercent: 7.5,
        taxAmount: 52,
      },
    ],
    taxes: [{ name: 'Tax', ratePercent: 7.5, netAmount: 1998, taxAmount: 149 }],
    netTotal: 1998,
    taxTotal: 149,
    grossTotal: 2147,
    payments: [{ label: 'Paid with Visa ****4242', amount: 2147 }],
    notes: ['Thank you for learning with us.'],
    ...overrides,
  };
}

function creditNote(): PurchaseDocument {
  return usInvoice({
    kind: 'credit_note',
    number: 'CN-000007',
    source: 'refund',
    sourceId: 7,
    suppliedAt: new Date('2025-03-10T08:00:00Z'),
    correctsNumber: 'INV-000042',
    lines: [
      {
        description: 'Complete Python Bootcamp',
        detail: 'Refund of order #42',
        quantity: 1,
        unitAmount: 1299,
        netAmount: 1299,
        taxRatePercent: 7.5,
        taxAmount: 97,
      },
    ],
    taxes: [{ name: 'Tax', ratePercent: 7.5, netAmount: 1299, taxAmount: 97 }],
    netTotal: 1299,
    taxTotal: 97,
    grossTotal: 1396,
    payments: [
      { label: 'Account credit', amount: 500 },
      { label: 'Visa ****4242', amount: 896 },
    ],
    notes: [],
  });
}

async function textOf(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const proxy = await getDocumentProxy(new Uint8Array(pdf));
  const { totalPages, text } = await extractText(proxy, { mergePages: true });
  // pdf.js may split a line into items and joins them with spaces or newlines: compare on
  // single spaces.
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}

describe('renderPurchaseDocumentPdf', () => {
  it('prints an invoice for a US course order', async () => {
    const pdf = await renderPurchaseDocumentPdf(usInvoice(), BRAND);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, text } = await textOf(pdf);

    expect(pages).toBe(1);
    expect(text).toContain('Invoice');
    expect(text).toContain('INV-000042');
    expect(text).toContain('March 5, 2025');
    expect(text).toContain('Date of supply March 4, 2025');
    // Seller block: address split into lines, tax id, support e-mail.
    expect(text).toContain('Lectern Learning Inc.');
    expect(text).toContain('500 Market Street');
    expect(text).toContain('Tax ID: US-EIN 12-3456789');
    expect(text).toContain('billing@lectern.example');
    // Buyer block.
    expect(text).toContain('Billed to');
    expect(text).toContain('Ada Lovelace');
    expect(text).toContain('ada@example.com');
    expect(text).toContain('12 Analytical Way Seattle, WA 98101');
    expect(text).toContain('United States');
    // Lines with their detail and amounts.
    expect(text).toContain('Complete Python Bootcamp');
    expect(text).toContain('Course #101, lifetime access');
    expect(text).toContain('Intro to SQL');
    expect(text).toContain('$12.99');
    expect(text).toContain('$6.99');
    expect(text).toContain('7.5%');
    // Totals in the order they add up: subtotal, the tax on it, total (one tax row is the tax total).
    expect(text).toContain('Tax 7.5% on $19.98 $1.49');
    expect(text).toContain('Subtotal $19.98');
    expect(text).toContain('Total $21.47');
    expect(text).not.toContain('Total tax');
    expect(text.indexOf('Subtotal $19.98')).toBeLessThan(text.indexOf('Tax 7.5% on $19.98 $1.49'));
    expect(text.indexOf('Tax 7.5% on $19.98 $1.49')).toBeLessThan(text.indexOf('Total $21.47'));
    expect(text.indexOf('Total $21.47')).toBeLessThan(text.indexOf('Paid with Visa ****4242 $21.47'));
    expect(text).toContain('Paid with Visa ****4242 $21.47');
    expect(text).toContain('Thank you for learning with us.');
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('Refunded to');
  });

  it("bills to the full address with the country's name, not its code", async () => {
    const document = usInvoice({
      buyer: {
        name: 'Acme Learning Inc.',
        email: null,
        addressLines: ['1201 Third Avenue', 'Suite 400', 'Washington 98101'],
        country: 'US',
        taxId: 'US1234567',
      },
    });
    const { text } = await textOf(await renderPurchaseDocumentPdf(document, BRAND));
    expect(text).toContain(
      'Billed to Acme Learning Inc. 1201 Third Avenue Suite 400 Washington 98101 United States Tax ID: US1234567',
    );
    expect(text).not.toMatch(/\bUS\b(?!1234567|-EIN)/);
  });

  it('lists several taxes under the subtotal, then their sum and the total', async () => {
    const document = usInvoice({
      currency: 'CAD',
      lines: [
        {
          description: 'Complete Python Bootcamp',
          detail: 'Discount code SPRING',
          quantity: 1,
          unitAmount: 10000,
          netAmount: 10000,
          taxRatePercent: 14.975,
          taxAmount: 1498,
        },
      ],
      taxes: [
        { name: 'GST', ratePercent: 5, netAmount: 10000, taxAmount: 500 },
        { name: 'QST', ratePercent: 9.975, netAmount: 10000, taxAmount: 998 },
      ],
      netTotal: 10000,
      taxTotal: 1498,
      grossTotal: 11498,
      payments: [
        { label: 'Paid with Visa ****4242', amount: 10498 },
        { label: 'Account credit', amount: 1000 },
      ],
    });
    const { text } = await textOf(await renderPurchaseDocumentPdf(document, BRAND));
    const order = [
      'Subtotal CA$100.00',
      'GST 5% on CA$100.00 CA$5.00',
      'QST 9.975% on CA$100.00 CA$9.98',
      'Total tax CA$14.98',
      'Total CA$114.98',
      'Paid with Visa ****4242 CA$104.98',
      'Account credit CA$10.00',
    ];
    for (const row of order) expect(text).toContain(row);
    const positions = order.map((row) => text.indexOf(row));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('sets the metadata and prints the same bytes for the same document', async () => {
    const pdf = await renderPurchaseDocumentPdf(usInvoice(), BRAND);
    const proxy = await getDocumentProxy(new Uint8Array(pdf));
    // pdf.js types the info dictionary as a bare Object.
    const info: Record<string, unknown> = Object.fromEntries(
      Object.entries((await proxy.getMetadata()).info),
    );
    expect(info['Title']).toBe('Invoice INV-000042');
    expect(info['Author']).toBe('Lectern Learning Inc.');
    expect(info['CreationDate']).toMatch(/^D:20250305100000/);

    const again = await renderPurchaseDocumentPdf(usInvoice(), BRAND);
    expect(again.equals(pdf)).toBe(true);
  });

  it('prints a credit note with the invoice it corrects and where the refund went', async () => {
    const { text } = await textOf(await renderPurchaseDocumentPdf(creditNote(), BRAND));

    expect(text).toContain('Credit note');
    expect(text).toContain('CN-000007');
    expect(text).toContain('Corrects invoice INV-000042');
    expect(text).toContain('Refund date March 10, 2025');
    expect(text).toContain('Refund of order #42');
    expect(text).toContain('Total $13.96');
    expect(text).toContain('Refunded to');
    expect(text).toContain('Account credit $5.00');
    expect(text).toContain('Visa ****4242 $8.96');
    expect(text).not.toContain('Date of supply');
  });

  it('formats a zero-decimal currency without decimals and falls back from unprintable dates', async () => {
    const document = usInvoice({
      currency: 'JPY',
      lines: [
        {
          description: 'Prorated team plan',
          detail: 'March 5 – March 31, 2025',
          quantity: 3,
          unitAmount: null,
          netAmount: 12000,
          taxRatePercent: 10,
          taxAmount: 1200,
        },
      ],
      taxes: [{ name: 'Tax', ratePercent: 10, netAmount: 12000, taxAmount: 1200 }],
      netTotal: 12000,
      taxTotal: 1200,
      grossTotal: 13200,
      payments: [{ label: 'Paid with JCB ****0005', amount: 13200 }],
    });
    const { text } = await textOf(await renderPurchaseDocumentPdf(document, { ...BRAND, locale: 'ja-JP' }));

    // A prorated line has no unit price: quantity, rate, tax and amount follow each other.
    expect(text).toContain('3 10% ¥1,200 ¥12,000');
    expect(text).toContain('Total ¥13,200');
    expect(text).toContain('Tax 10% on ¥12,000 ¥1,200');
    expect(text).not.toMatch(/¥[\d,]+\.\d/);
    // "2025年3月5日" has no glyphs in the standard fonts: the date falls back to en-US.
    expect(text).toContain('Date of issue March 5, 2025');
    // The en dash is WinAnsi: it survives.
    expect(text).toContain('March 5 – March 31, 2025');
  });

  it('flows 60 lines onto further pages with the header and footer on each', async () => {
    const lines = Array.from({ length: 60 }, (_, index) => ({
      description: `Course number ${index + 1}: ${index % 7 === 0 ? 'a very long title that has to wrap onto a second line in the description column of the table' : 'short title'}`,
      detail: index % 3 === 0 ? `Detail of line ${index + 1}` : null,
      quantity: 1,
      unitAmount: 1000 + index,
      netAmount: 1000 + index,
      taxRatePercent: 10.35,
      taxAmount: 104,
    }));
    const netTotal = lines.reduce((total, line) => total + line.netAmount, 0);
    const taxTotal = 60 * 104;
    const document = usInvoice({
      lines,
      taxes: [{ name: 'Tax', ratePercent: 10.35, netAmount: netTotal, taxAmount: taxTotal }],
      netTotal,
      taxTotal,
      grossTotal: netTotal + taxTotal,
      payments: [{ label: 'Paid with Visa ****4242', amount: netTotal + taxTotal }],
    });
    const pdf = await renderPurchaseDocumentPdf(document, BRAND);
    const proxy = await getDocumentProxy(new Uint8Array(pdf));
    const { totalPages, text: pageTexts } = await extractText(proxy);
    const text = pageTexts.join(' ').replace(/\s+/g, ' ');

    expect(totalPages).toBeGreaterThanOrEqual(3);
    for (let index = 1; index <= 60; index += 1) expect(text).toContain(`Course number ${index}:`);
    expect(text).toContain('Tax 10.35% on $617.70 $62.40');
    pageTexts.forEach((pageText, index) => {
      const flat = pageText.replace(/\s+/g, ' ');
      expect(flat).toContain(`Page ${index + 1} of ${totalPages}`);
      expect(flat).toContain('Lectern');
      // Every page but the last (which may hold only the totals) repeats the table header.
      if (index < totalPages - 1) expect(flat).toContain('Description Qty Unit price Tax rate Tax Amount');
    });
  });

  it.each<[string, Partial<PurchaseDocument>, RegExp]>([
    [
      'lines and net total',
      { netTotal: 1999, grossTotal: 2148 },
      /lines' net amounts come to 1998.*netTotal is 1999/,
    ],
    [
      'tax rows and tax total',
      { taxTotal: 150, grossTotal: 2148 },
      /tax rows' amounts come to 149.*taxTotal is 150/,
    ],
    [
      'net plus tax and gross total',
      { grossTotal: 2150 },
      /netTotal \+ taxTotal come to 2147.*grossTotal is 2150/,
    ],
    [
      'payments and gross total',
      { payments: [{ label: 'Visa ****4242', amount: 2000 }] },
      /payments come to 2000.*grossTotal is 2147/,
    ],
  ])('refuses a document whose %s do not add up', async (_, overrides, message) => {
    const attempt = renderPurchaseDocumentPdf(usInvoice(overrides), BRAND);
    await expect(attempt).rejects.toThrow(RangeError);
    await expect(attempt).rejects.toThrow(message);
  });

  it('prints WinAnsi punctuation and replaces what the standard fonts cannot encode', async () => {
    const document = usInvoice({
      seller: { ...usInvoice().seller, name: 'Café Académie — €dition' },
      buyer: { ...usInvoice().buyer, name: '山田 太郎', addressLines: ['Łódź → Kraków 🚀'] },
      lines: [{ ...usInvoice().lines[0]!, description: 'Café course — € pricing' }, usInvoice().lines[1]!],
    });
    const pdf = await renderPurchaseDocumentPdf(document, { ...BRAND, locale: 'fr-FR' });
    const { text } = await textOf(pdf);

    expect(text).toContain('Café Académie — €dition');
    expect(text).toContain('Café course — € pricing');
    expect(text).toContain('?? ??');
    // "ó" is Latin-1 and stays; "Ł" folds to "L", "ź" loses its accent.
    expect(text).toContain('Lódz -> Kraków ?');
    // fr-FR groups with a narrow no-break space, which WinAnsi lacks.
    expect(text).toContain('21,47');
  });
});

describe('toWinAnsi', () => {
  it('keeps WinAnsi, folds what has a look-alike and replaces the rest', () => {
    expect(toWinAnsi('Café — €5 “quoted” • ™')).toBe('Café — €5 “quoted” • ™');
    expect(toWinAnsi('a → b ≤ c')).toBe('a -> b <= c');
    expect(toWinAnsi('Ｆｕｌｌ ﬁle ă')).toBe('Full file a');
    expect(toWinAnsi('東京 😀')).toBe('?? ?');
    expect(toWinAnsi('1\u202f234\u00a0€ \u200fx\u0007')).toBe('1\u00a0234\u00a0€ x');
    expect(toWinAnsi('e\u0301')).toBe('é');
  });
});
