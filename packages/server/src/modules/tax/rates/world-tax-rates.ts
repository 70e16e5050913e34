/**
 * The worldwide table of taxes on online courses sold to consumers by a foreign seller.
 *
 * Scope: a pre-recorded online course (an "electronically supplied service" / digital service),
 * sold business-to-consumer by a marketplace operator that may be established anywhere, to a
 * buyer in the country of the row. Every ISO 3166-1 alpha-2 country has rows, except the United
 * States (ZIP-level data kept elsewhere):
 * - countries that tax digital services from non-resident sellers: the rate in force, one row
 *   per tax (Canada: one row per component and province — the federal GST is repeated for each
 *   province so that one lookup returns every component; the combined rate is their sum);
 * - countries where a foreign seller owes the tax only above a sales threshold: the row carries
 *   `registrationThreshold`, and the operator's configuration says whether it is registered;
 * - every other country: an explicit 0% row whose note says why. "unsure" in a note marks a row
 *   that could not be checked against its source with confidence: check it before relying on it.
 *
 * EU: the buyer country's standard rate, owed by a non-EU seller from the first sale (non-Union
 * OSS). A seller established in the EU whose cross-border B2C sales stay under EUR 10,000 a
 * year charges its own country's VAT instead (Directive 2006/112/EC art. 59c) — a configuration
 * matter, not a row. No EU country has a reduced rate or exemption for e-learning supplied
 * electronically without live teaching (Implementing Regulation 282/2011 art. 7 and Annex I(5)).
 *
 * History: the table starts on 2023-01-01 (`START`): a row from `START` was in force on that day
 * and may be older. Rates that changed since are kept as dated rows.
 *
 * Adding a rate change: set the current row's `validTo` to the day before the change, and add a
 * new row with `validFrom` = the day of the change and `validTo` = null. Never edit the rate of
 * a row in the past: sales are taxed at the rate of their day. Update `WORLD_TAX_RATES_CHECKED_ON`
 * when the table has been checked against its sources.
 */

/** One tax on a digital service, for a country (and a Canadian province), in force from validFrom. */
export interface TaxRateRow {
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** Canadian province code (no prefix), else null. */
  region: string | null;
  /** What the receipt calls it: 'VAT', 'GST', 'HST', 'QST', 'PST', 'RST', 'JCT', 'SST', 'IVA', 'KDV', 'NDS'... */
  name: string;
  /** Who levies it: 'DE', 'CA' (federal GST), 'CA-QC', ... */
  jurisdiction: string;
  /** Percent, e.g. 9.975; 0 for the explicit zero rows. */
  ratePercent: number;
  /** First day (UTC, inclusive), 'YYYY-MM-DD'. */
  validFrom: string;
  /** Last day (inclusive); null while current. */
  validTo: string | null;
  /** The official source: the authority and the law or page, e.g. "Bundeszentralamt für Steuern; UStG §12(1)". */
  source: string;
  /** Why, briefly — required for 0% rows and reduced rates; optional otherwise. */
  note?: string;
  /** Foreign sellers owe it only once their sales pass this threshold (the operator's config says whether it is registered). */
  registrationThreshold?: { amount: number; currency: string; basis: string } | null;
  /** B2B sales to a registered business in this country are reverse-charged / not taxed by the seller: the legal note for the invoice. null/absent = no reverse charge (tax charged to businesses too). */
  businessReverseChargeNote?: string | null;
}

/** The day the table was last checked against its sources. */
export const WORLD_TAX_RATES_CHECKED_ON = '2026-11-26';

/** The first day the table covers. */
const START = '2023-01-01';

type Extra = Partial<
  Pick<TaxRateRow, 'region' | 'jurisdiction' | 'note' | 'registrationThreshold' | 'businessReverseChargeNote'>
>;

function row(
  country: string,
  name: string,
  ratePercent: number,
  validFrom: string,
  validTo: string | null,
  source: string,
  extra: Extra = {},
): TaxRateRow {
  const { region = null, jurisdiction = country, ...rest } = extra;
  return { country, region, name, jurisdiction, ratePercent, validFrom, validTo, source, ...rest };
}

/** An explicit 0% row: the country does not tax (or cannot reach) a foreign seller's online course. */
function zero(
  country: string,
  note: string,
  source: string,
  validFrom = START,
  validTo: string | null = null,
  name = 'VAT',
): TaxRateRow {
  return row(country, name, 0, validFrom, validTo, source, { note });
}

/** Merge extras (later ones win). */
const x = (...parts: Extra[]): Extra => Object.assign({}, ...parts) as Extra;
const note = (text: string): Extra => ({ note: text });
const threshold = (amount: number, currency: string, basis: string): Extra => ({
  registrationThreshold: { amount, currency, basis },
});
const rc = (text: string): Extra => ({ businessReverseChargeNote: text });

const NO_VAT = 'no VAT/GST system';
const NO_RULES = 'VAT exists but no rules reaching non-resident digital sellers';
const NO_RULES_UNSURE = `${NO_RULES} (unsure: check for a recent non-resident e-services regime)`;

// ---------------------------------------------------------------------------------------------
// European Union (27) and the territories in the EU VAT area through a member state
// ---------------------------------------------------------------------------------------------

const EU = rc(
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).',
);

// prettier-ignore
const EU_ROWS: TaxRateRow[] = [
  row('AT', 'VAT', 20, START, null, 'Bundesministerium für Finanzen; UStG 1994 §10(1)', EU),
  row('BE', 'VAT', 21, START, null, 'SPF Finances; Code de la TVA art. 37, AR n° 20', EU),
  row('BG', 'VAT', 20, START, null, 'National Revenue Agency; VAT Act art. 66(1)', EU),
  row('HR', 'VAT', 25, START, null, 'Porezna uprava; Zakon o PDV-u čl. 38(1)', EU),
  row('CY', 'VAT', 19, START, null, 'Tax Department; VAT Law 95(I)/2000 s. 18', EU),
  row('CZ', 'VAT', 21, START, null, 'Finanční správa; zákon o DPH §47(1)', EU),
  row('DK', 'VAT', 25, START, null, 'Skattestyrelsen; Momsloven §33', EU),
  row('EE', 'VAT', 20, START, '2023-12-31', 'Maksu- ja Tolliamet; Käibemaksuseadus §15(1)', EU),
  row('EE', 'VAT', 22, '2024-01-01', '2025-06-30', 'Maksu- ja Tolliamet; Käibemaksuseadus §15(1) (amended 2023)', EU),
  row('EE', 'VAT', 24, '2025-07-01', null, 'Maksu- ja Tolliamet; Käibemaksuseadus §15(1) (security tax package, 2025)', EU),
  row('FI', 'VAT', 24, START, '2024-08-31', 'Verohallinto; Arvonlisäverolaki 84 §', EU),
  row('FI', 'VAT', 25.5, '2024-09-01', null, 'Verohallinto; Arvonlisäverolaki 84 § (laki 300/2024)', EU),
  row('FR', 'VAT', 20, START, null, 'DGFiP; CGI art. 278', EU),
  row('DE', 'VAT', 19, START, null, 'Bundeszentralamt für Steuern; UStG §12(1)', EU),
  row('GR', 'VAT', 24, START, null, 'AADE; Κώδικας ΦΠΑ (ν. 2859/2000) άρθρο 21', EU),
  row('HU', 'VAT', 27, START, null, 'Nemzeti Adó- és Vámhivatal; Áfa tv. 82. § (1)', EU),
  row('IE', 'VAT', 23, START, null, 'Revenue Commissioners; VAT Consolidation Act 2010 s. 46(1)(a)', EU),
  row('IT', 'VAT', 22, START, null, 'Agenzia delle Entrate; DPR 633/1972 art. 16', EU),
  row('LV', 'VAT', 21, START, null, 'Valsts ieņēmumu dienests; PVN likums 41. pants', EU),
  row('LT', 'VAT', 21, START, null, 'Valstybinė mokesčių inspekcija; PVM įstatymas 19 str.', EU),
  row('LU', 'VAT', 16, START, '2023-12-31', 'AED; Loi TVA art. 39 (temporary -1 point, loi du 26 octobre 2022)', EU),
  row('LU', 'VAT', 17, '2024-01-01', null, 'AED; Loi TVA art. 39', EU),
  row('MT', 'VAT', 18, START, null, 'Commissioner for Tax and Customs; VAT Act Cap. 406', EU),
  row('NL', 'VAT', 21, START, null, 'Belastingdienst; Wet OB 1968 art. 9(1)', EU),
  row('PL', 'VAT', 23, START, null, 'Ministerstwo Finansów; ustawa o VAT art. 146ef', EU),
  row('PT', 'VAT', 23, START, null, 'Autoridade Tributária; CIVA art. 18(1)(c) (mainland rate; Azores/Madeira lower, not modelled)', EU),
  row('RO', 'VAT', 19, START, '2025-07-31', 'ANAF; Codul fiscal art. 291(1)', EU),
  row('RO', 'VAT', 21, '2025-08-01', null, 'ANAF; Codul fiscal art. 291(1) (Legea 141/2025)', EU),
  row('SK', 'VAT', 20, START, '2024-12-31', 'Finančná správa; zákon 222/2004 §27(1)', EU),
  row('SK', 'VAT', 23, '2025-01-01', null, 'Finančná správa; zákon 222/2004 §27(1) (zákon 278/2024)', EU),
  row('SI', 'VAT', 22, START, null, 'Finančna uprava; ZDDV-1 41. člen', EU),
  row('ES', 'VAT', 21, START, null, 'Agencia Tributaria; Ley 37/1992 art. 90 (Canary Islands, Ceuta, Melilla outside EU VAT, not modelled)', EU),
  row('SE', 'VAT', 25, START, null, 'Skatteverket; Mervärdesskattelag (2023:200) 9 kap. 1 §', EU),
  // Monaco is in the French VAT area: sales are declared as French supplies (OSS through France).
  row('MC', 'VAT', 20, START, null, 'Direction des Services Fiscaux de Monaco; Code des taxes, Convention fiscale franco-monégasque 1963', x(EU, note('same rate as France; declared as French supplies'))),
  // Åland: outside the EU VAT area (not in the OSS) but inside Finland's VAT territory.
  row('AX', 'VAT', 24, START, '2024-08-31', 'Verohallinto; Arvonlisäverolaki 84 §, laki Ahvenanmaan erityisasemasta (1995/1266)', note('Finnish VAT applies in Åland, outside the EU VAT area: register in Finland, not via OSS (unsure)')),
  row('AX', 'VAT', 25.5, '2024-09-01', null, 'Verohallinto; Arvonlisäverolaki 84 §, laki Ahvenanmaan erityisasemasta (1995/1266)', note('Finnish VAT applies in Åland, outside the EU VAT area: register in Finland, not via OSS (unsure)')),
];

// ---------------------------------------------------------------------------------------------
// Rest of Europe
// ---------------------------------------------------------------------------------------------

const UK = rc('Reverse charge: customer to account for VAT to HMRC (VAT Act 1994, s. 8).');
const EDU_UNSURE =
  'education services are exempt; pre-recorded e-learning without a teacher treated as a taxable electronic service (unsure)';

// prettier-ignore
const EUROPE_ROWS: TaxRateRow[] = [
  row('GB', 'VAT', 20, START, null, 'HM Revenue & Customs; VAT Act 1994 s. 2, Sch. 4A para 16 (electronically supplied services)', UK),
  row('IM', 'VAT', 20, START, null, 'Isle of Man Customs and Excise; Value Added Tax Act 1996 (UK/IoM single VAT area)', x(UK, note('one VAT area with the UK: registered with HMRC or IoM Customs'))),
  row('JE', 'GST', 5, START, null, 'Revenue Jersey; Goods and Services Tax (Jersey) Law 2007, registration threshold', x(threshold(300000, 'GBP', 'taxable supplies to Jersey, 12 months'), note('off-island suppliers register above GBP 300,000 (unsure that digital services are reached)'))),
  zero('GG', `${NO_VAT} (Guernsey)`, 'States of Guernsey Revenue Service: no GST enacted'),
  zero('GI', `${NO_VAT} (Gibraltar is outside the EU/UK VAT area)`, 'HM Government of Gibraltar, Income Tax Office: no VAT'),
  row('NO', 'VAT', 25, START, null, 'Skatteetaten; Merverdiavgiftsloven § 5-1, § 14-4 (VOEC), § 3-30', x(threshold(50000, 'NOK', 'sales to Norwegian consumers, 12 months (VOEC)'), rc('Reverse charge: the business recipient calculates the VAT (Merverdiavgiftsloven § 11-3).'), note(`standard rate; ${EDU_UNSURE} (mval. § 3-5)`))),
  zero('SJ', 'Svalbard and Jan Mayen are outside Norwegian VAT (Svalbard: merverdiavgiftsloven § 1-2)', 'Skatteetaten; Merverdiavgiftsloven § 1-2'),
  row('IS', 'VAT', 24, START, null, 'Skatturinn; Lög um virðisaukaskatt nr. 50/1988, 14. gr., 35. gr. (foreign e-services)', x(threshold(2000000, 'ISK', 'sales in Iceland, 12 months'), rc('Reverse charge: the registered business recipient accounts for the VAT on imported services (Lög nr. 50/1988, 35. gr.).'))),
  row('CH', 'VAT', 7.7, START, '2023-12-31', 'Eidgenössische Steuerverwaltung; MWSTG Art. 25 Abs. 1, Art. 10 Abs. 2', x(threshold(100000, 'CHF', 'worldwide turnover, 12 months'), rc('Reverse charge (Bezugsteuer): the business recipient accounts for the acquisition tax (MWSTG Art. 45).'), note(`standard rate; ${EDU_UNSURE} (MWSTG Art. 21 Abs. 2 Ziff. 11)`))),
  row('CH', 'VAT', 8.1, '2024-01-01', null, 'Eidgenössische Steuerverwaltung; MWSTG Art. 25 Abs. 1 (AHV 21), Art. 10 Abs. 2', x(threshold(100000, 'CHF', 'worldwide turnover, 12 months'), rc('Reverse charge (Bezugsteuer): the business recipient accounts for the acquisition tax (MWSTG Art. 45).'), note(`standard rate; ${EDU_UNSURE} (MWSTG Art. 21 Abs. 2 Ziff. 11)`))),
  row('LI', 'VAT', 7.7, START, '2023-12-31', 'Steuerverwaltung Liechtenstein; MWSTG (LGBl. 2009.330) Art. 25 (Swiss customs union)', x(threshold(100000, 'CHF', 'worldwide turnover, 12 months'), rc('Reverse charge (Bezugsteuer): the business recipient accounts for the acquisition tax (MWSTG Art. 45).'))),
  row('LI', 'VAT', 8.1, '2024-01-01', null, 'Steuerverwaltung Liechtenstein; MWSTG (LGBl. 2009.330) Art. 25 (Swiss customs union)', x(threshold(100000, 'CHF', 'worldwide turnover, 12 months'), rc('Reverse charge (Bezugsteuer): the business recipient accounts for the acquisition tax (MWSTG Art. 45).'))),
  row('AL', 'VAT', 20, START, null, 'Drejtoria e Përgjithshme e Tatimeve; Ligji 92/2014 për TVSH', note('non-resident e-service registration: enforcement unsure')),
  row('RS', 'VAT', 20, START, null, 'Poreska uprava; Zakon o PDV čl. 23, čl. 10 (foreign e-service providers since 2021-04-01)'),
  row('MK', 'VAT', 18, START, null, 'Управа за јавни приходи; Закон за ДДВ', note('non-resident e-service registration regime and its start date unsure')),
  row('ME', 'VAT', 21, START, null, 'Poreska uprava Crne Gore; Zakon o PDV', note('non-resident e-service registration regime and its start date unsure')),
  zero('BA', `${NO_RULES_UNSURE} (VAT 17%)`, 'Uprava za indirektno oporezivanje BiH; Zakon o PDV'),
  row('MD', 'VAT', 20, START, null, 'Serviciul Fiscal de Stat; Codul fiscal art. 96', note('non-resident e-service registration and its start date unsure')),
  row('UA', 'VAT', 20, START, null, 'Державна податкова служба; Податковий кодекс ст. 193, ст. 208-2 (non-residents, since 2022-01-01)'),
  row('BY', 'NDS', 20, START, null, 'Министерство по налогам и сборам; Налоговый кодекс ст. 122 (foreign e-services)'),
  row('RU', 'NDS', 20, START, '2025-12-31', 'ФНС России; Налоговый кодекс ст. 164 п. 3, ст. 174.2 (e-services by foreign companies)'),
  row('RU', 'NDS', 22, '2026-01-01', null, 'ФНС России; Налоговый кодекс ст. 164 п. 3 (Federal Law of November 2025), ст. 174.2', note('rate increase to 22% from 2026-01-01 (unsure: check the enacted law)')),
  zero('AD', `${NO_RULES_UNSURE} (IGI 4.5%)`, 'Departament de Tributs i de Fronteres; Llei 11/2012 de l’IGI', START, null, 'IGI'),
  zero('SM', `${NO_RULES_UNSURE} (single-stage import tax)`, 'Ufficio Tributario di San Marino; imposta monofase'),
  zero('VA', NO_VAT, 'Vatican City State: no VAT'),
  zero('FO', `${NO_RULES_UNSURE} (MVG 25%)`, 'TAKS; Lóg um meirvirðisgjald'),
  zero('GL', NO_VAT, 'Skattestyrelsen (Greenland): no VAT'),
];

// ---------------------------------------------------------------------------------------------
// Caucasus and Central Asia
// ---------------------------------------------------------------------------------------------

// prettier-ignore
const CENTRAL_ASIA_ROWS: TaxRateRow[] = [
  row('AM', 'VAT', 20, START, null, 'State Revenue Committee; Tax Code art. 63', note('non-resident e-service rules for consumers unsure')),
  row('GE', 'VAT', 18, START, null, 'Revenue Service of Georgia; Tax Code art. 169, art. 165 (foreign e-services since 2021-06-01)'),
  row('AZ', 'VAT', 18, START, null, 'State Tax Service; Tax Code art. 175, art. 169 (foreign e-services since 2019)'),
  row('KZ', 'VAT', 12, START, '2025-12-31', 'Комитет государственных доходов; Налоговый кодекс 2017 ст. 422, ст. 779-1 (foreign e-services)'),
  row('KZ', 'VAT', 16, '2026-01-01', null, 'Комитет государственных доходов; Налоговый кодекс 2025 (in force 2026-01-01)', note('new Tax Code rate 16% (unsure: check the enacted rate and that e-services stay at standard rate)')),
  row('UZ', 'VAT', 12, START, null, 'State Tax Committee; Tax Code art. 258 (12% since 2023-01-01)'),
  row('KG', 'VAT', 12, START, null, 'State Tax Service; Tax Code art. 324 (foreign e-services since 2022)'),
  row('TJ', 'VAT', 15, START, '2023-12-31', 'Tax Committee; Tax Code 2021 art. 257', note('rate path 15% (2022-2023) / 14% (2024-) and e-service regime unsure')),
  row('TJ', 'VAT', 14, '2024-01-01', null, 'Tax Committee; Tax Code 2021 art. 257', note('rate path 15% (2022-2023) / 14% (2024-) and e-service regime unsure')),
  zero('TM', `${NO_RULES} (VAT 15%)`, 'Ministry of Finance and Economy of Turkmenistan; Tax Code'),
  zero('AF', `${NO_RULES} (business receipts tax only)`, 'Afghanistan Revenue Department: BRT, no VAT'),
];

// ---------------------------------------------------------------------------------------------
// Middle East and North Africa
// ---------------------------------------------------------------------------------------------

const GCC_RC = rc(
  'Reverse charge: the VAT-registered recipient accounts for the VAT on services from a non-resident supplier.',
);

// prettier-ignore
const MENA_ROWS: TaxRateRow[] = [
  row('TR', 'KDV', 18, START, '2023-07-09', 'Gelir İdaresi Başkanlığı; KDV Kanunu md. 28, md. 9 (foreign e-services since 2018)', rc('Reverse charge (sorumlu sıfatıyla KDV): the Turkish business recipient declares the VAT (KDV Kanunu md. 9).')),
  row('TR', 'KDV', 20, '2023-07-10', null, 'Gelir İdaresi Başkanlığı; KDV Kanunu md. 28 (Presidential Decree 7346)', rc('Reverse charge (sorumlu sıfatıyla KDV): the Turkish business recipient declares the VAT (KDV Kanunu md. 9).')),
  zero('IL', `${NO_RULES} (VAT 17%, 18% since 2025-01-01; non-resident B2C registration proposed but not enacted — unsure)`, 'Israel Tax Authority; Value Added Tax Law 5736-1975'),
  zero('PS', `${NO_RULES} (VAT 16%)`, 'Palestinian Ministry of Finance; VAT'),
  row('SA', 'VAT', 15, START, null, 'ZATCA; VAT Law, Implementing Regulations art. 47 (non-resident registration)', GCC_RC),
  row('AE', 'VAT', 5, START, null, 'Federal Tax Authority; Federal Decree-Law No. 8 of 2017 art. 3, art. 48', rc('Reverse charge: the recipient accounts for the VAT (Federal Decree-Law No. 8 of 2017, art. 48).')),
  row('BH', 'VAT', 10, START, null, 'National Bureau for Revenue; VAT Law (Decree-Law 48/2018), 10% since 2022-01-01', x(GCC_RC, threshold(37500, 'BHD', 'supplies in Bahrain, 12 months (mandatory registration threshold; unsure for non-residents)'))),
  row('OM', 'VAT', 5, START, null, 'Oman Tax Authority; VAT Law (Royal Decree 121/2020)', GCC_RC),
  zero('QA', `${NO_VAT} (GCC VAT agreement not implemented)`, 'General Tax Authority of Qatar: no VAT law'),
  zero('KW', `${NO_VAT} (GCC VAT agreement not implemented)`, 'Kuwait Ministry of Finance: no VAT law'),
  zero('JO', `${NO_RULES_UNSURE} (GST 16%)`, 'Income and Sales Tax Department; General Sales Tax Law'),
  zero('LB', `${NO_RULES} (VAT 11%)`, 'Lebanese Ministry of Finance; VAT Law 379/2001'),
  zero('SY', `${NO_RULES} (sanctions; no VAT on imported services)`, 'Syrian Ministry of Finance'),
  zero('IQ', `${NO_RULES} (sales tax on selected goods and services only)`, 'General Commission for Taxes, Iraq'),
  zero('IR', `${NO_RULES} (VAT 10%; sanctions)`, 'Iranian National Tax Administration; VAT Law 1400'),
  zero('YE', `${NO_RULES} (GST 5%)`, 'Yemen Tax Authority'),
  row('EG', 'VAT', 14, START, null, 'Egyptian Tax Authority; VAT Law 67/2016 art. 2, art. 3 (simplified registration for non-residents, Law 3/2022)', x(GCC_RC, note('standard rate unchanged since 2017; non-resident regime start date unsure'))),
  zero('MA', `${NO_RULES} before the Finance Law 2024`, 'Direction Générale des Impôts; CGI art. 88, 98', START, '2023-12-31'),
  row('MA', 'VAT', 20, '2024-01-01', null, 'Direction Générale des Impôts; CGI art. 99, art. 115 (Loi de finances 2024: non-resident digital services)'),
  zero('DZ', `${NO_RULES_UNSURE} (TVA 19%)`, 'Direction Générale des Impôts; Code des taxes sur le chiffre d’affaires'),
  zero('TN', `${NO_RULES_UNSURE} (TVA 19%)`, 'Direction Générale des Impôts; Code de la TVA'),
  zero('LY', NO_VAT, 'Libyan Tax Authority: no VAT'),
  zero('EH', 'disputed territory; no tax authority reaching foreign digital sellers', 'no authority'),
];

// ---------------------------------------------------------------------------------------------
// Sub-Saharan Africa
// ---------------------------------------------------------------------------------------------

// prettier-ignore
const AFRICA_ROWS: TaxRateRow[] = [
  row('ZA', 'VAT', 15, START, null, 'South African Revenue Service; VAT Act 89 of 1991 s. 7(1), s. 23(1A); e-services regulations (R. 429, 2019)', x(threshold(1000000, 'ZAR', 'e-services to South African recipients, 12 months'), note('educational services from an institution regulated by an education authority abroad are excluded from e-services (2019 regulations); a marketplace course is not'))),
  row('KE', 'VAT', 16, START, null, 'Kenya Revenue Authority; VAT Act 2013 s. 5, VAT (Digital Marketplace Supply) Regulations 2023'),
  row('NG', 'VAT', 7.5, START, null, 'Federal Inland Revenue Service (Nigeria Revenue Service from 2026); VAT Act s. 4, s. 10 (non-resident suppliers); Nigeria Tax Act 2025', note('threshold for non-residents unsure')),
  row('GH', 'VAT', 21.9, START, '2025-12-31', 'Ghana Revenue Authority; VAT Act 2013 (Act 870) as amended, NHIL, GETFund and COVID-19 levies', note('VAT 15% on the price plus NHIL 2.5%, GETFund 2.5% and COVID-19 levy 1% (levies in the VAT base): 1.06 × 1.15; non-resident e-service regime start unsure')),
  row('GH', 'VAT', 20, '2026-01-01', null, 'Ghana Revenue Authority; VAT Act 2025 (COVID-19 levy abolished, levies uncoupled)', note('VAT 15% + NHIL 2.5% + GETFund 2.5% on the same base (unsure: check the 2025 VAT Act as enacted)')),
  row('TZ', 'VAT', 18, START, null, 'Tanzania Revenue Authority; VAT Act 2014 s. 5, s. 51A (electronic services, since 2022-07-01)'),
  row('UG', 'VAT', 18, START, null, 'Uganda Revenue Authority; VAT Act Cap. 349 s. 16(1)(i), s. 7 (non-resident e-services)'),
  row('RW', 'VAT', 18, START, null, 'Rwanda Revenue Authority; Law 049/2023 on VAT', note('non-resident e-service regime start date unsure')),
  row('ZM', 'VAT', 16, START, null, 'Zambia Revenue Authority; VAT Act Cap. 331 (electronic services, non-resident registration)', note('non-resident e-service regime start date unsure')),
  row('ZW', 'VAT', 15, START, '2024-12-31', 'Zimbabwe Revenue Authority; VAT Act Chapter 23:12 s. 6 (foreign e-commerce operators)', note('non-resident e-service regime start date unsure')),
  row('ZW', 'VAT', 15.5, '2025-01-01', null, 'Zimbabwe Revenue Authority; VAT Act Chapter 23:12 s. 6 (Finance Act 2024)', note('non-resident e-service regime start date unsure')),
  row('CM', 'VAT', 19.25, START, null, 'Direction Générale des Impôts; CGI art. 125, art. 149 (non-resident e-commerce since Loi de finances 2020)', note('VAT 17.5% + 10% additional council tax on it (17.5 × 1.1)')),
  row('CI', 'VAT', 18, START, null, 'Direction Générale des Impôts; CGI art. 355, art. 384 (non-resident digital services, Annexe fiscale 2022)', note('non-resident regime start date unsure')),
  row('BJ', 'VAT', 18, START, null, 'Direction Générale des Impôts; CGI art. 221 (non-resident digital services)', note('non-resident regime and its start date unsure')),
  row('ET', 'VAT', 0, START, '2024-07-31', 'Ministry of Revenues; VAT Proclamation 285/2002', note(NO_RULES)),
  row('ET', 'VAT', 15, '2024-08-01', null, 'Ministry of Revenues; VAT Proclamation 1341/2024 (non-resident e-services)', note('start date of non-resident registration unsure')),
  zero('MU', `${NO_RULES} before the Finance Act 2025 (unsure)`, 'Mauritius Revenue Authority; VAT Act', START, '2025-09-30'),
  row('MU', 'VAT', 15, '2025-10-01', null, 'Mauritius Revenue Authority; VAT Act (Finance Act 2025: digital services by foreign suppliers)', note('start date unsure')),
  zero('SN', `${NO_RULES_UNSURE} (TVA 18%)`, 'Direction Générale des Impôts et des Domaines; CGI'),
  zero('MG', `${NO_RULES_UNSURE} (TVA 20%)`, 'Direction Générale des Impôts; CGI'),
  zero('AO', `${NO_RULES_UNSURE} (IVA 14%)`, 'Administração Geral Tributária; Código do IVA', START, null, 'IVA'),
  zero('BW', `${NO_RULES_UNSURE} (VAT 14%)`, 'Botswana Unified Revenue Service; VAT Act'),
  zero('NA', `${NO_RULES_UNSURE} (VAT 15%)`, 'Namibia Revenue Agency; VAT Act 10 of 2000'),
  zero('LS', `${NO_RULES} (VAT 15%)`, 'Revenue Services Lesotho; VAT Act 2001'),
  zero('SZ', `${NO_RULES} (VAT 15%)`, 'Eswatini Revenue Service; VAT Act 2011'),
  zero('MZ', `${NO_RULES_UNSURE} (IVA 16%)`, 'Autoridade Tributária de Moçambique; Código do IVA', START, null, 'IVA'),
  zero('MW', `${NO_RULES_UNSURE} (VAT 16.5%)`, 'Malawi Revenue Authority; VAT Act'),
  zero('SC', `${NO_RULES_UNSURE} (VAT 15%)`, 'Seychelles Revenue Commission; VAT Act 2010'),
  zero('KM', NO_RULES, 'Administration Générale des Impôts et des Domaines, Comores'),
  zero('DJ', `${NO_RULES} (TVA 10%)`, 'Direction des Impôts, Djibouti'),
  zero('ER', NO_RULES, 'Inland Revenue Department, Eritrea'),
  zero('SO', NO_VAT, 'Ministry of Finance, Somalia: no VAT'),
  zero('SD', NO_RULES, 'Taxation Chamber, Sudan'),
  zero('SS', NO_RULES, 'National Revenue Authority, South Sudan'),
  zero('BI', `${NO_RULES_UNSURE} (TVA 18%)`, 'Office Burundais des Recettes'),
  zero('CD', `${NO_RULES_UNSURE} (TVA 16%)`, 'Direction Générale des Impôts, RDC'),
  zero('CG', `${NO_RULES_UNSURE} (TVA 18%)`, 'Direction Générale des Impôts et des Domaines, Congo'),
  zero('GA', `${NO_RULES_UNSURE} (TVA 18%)`, 'Direction Générale des Impôts, Gabon'),
  zero('GQ', NO_RULES, 'Ministerio de Hacienda, Guinea Ecuatorial'),
  zero('CF', NO_RULES, 'Direction Générale des Impôts et des Domaines, Centrafrique'),
  zero('TD', NO_RULES, 'Direction Générale des Impôts, Tchad'),
  zero('ST', NO_RULES, 'Direcção dos Impostos, São Tomé e Príncipe'),
  zero('CV', `${NO_RULES_UNSURE} (IVA 15%)`, 'Direção Nacional de Receitas do Estado, Cabo Verde', START, null, 'IVA'),
  zero('GM', `${NO_RULES} (VAT 15%)`, 'Gambia Revenue Authority'),
  zero('GN', `${NO_RULES_UNSURE} (TVA 18%)`, 'Direction Nationale des Impôts, Guinée'),
  zero('GW', NO_RULES, 'Direção Geral das Contribuições e Impostos, Guiné-Bissau'),
  zero('SL', `${NO_RULES} (GST 15%)`, 'National Revenue Authority, Sierra Leone'),
  zero('LR', `${NO_RULES} (GST 10%)`, 'Liberia Revenue Authority'),
  zero('ML', `${NO_RULES_UNSURE} (TVA 18%)`, 'Direction Générale des Impôts, Mali'),
  zero('BF', `${NO_RULES_UNSURE} (TVA 18%)`, 'Direction Générale des Impôts, Burkina Faso'),
  zero('NE', `${NO_RULES_UNSURE} (TVA 19%)`, 'Direction Générale des Impôts, Niger'),
  zero('TG', `${NO_RULES_UNSURE} (TVA 18%)`, 'Office Togolais des Recettes'),
  zero('MR', NO_RULES, 'Direction Générale des Impôts, Mauritanie'),
  zero('SH', NO_VAT, 'St Helena Government: no VAT'),
];

// ---------------------------------------------------------------------------------------------
// South Asia
// ---------------------------------------------------------------------------------------------

// prettier-ignore
const SOUTH_ASIA_ROWS: TaxRateRow[] = [
  row('IN', 'IGST', 18, START, null, 'Central Board of Indirect Taxes and Customs; IGST Act 2017 s. 14 (OIDAR), Notification 1/2017-Integrated Tax (Rate)', rc('B2B OIDAR: the registered recipient pays IGST under reverse charge (IGST Act s. 5(3), Notification 10/2017-Integrated Tax (Rate)).')),
  row('BD', 'VAT', 15, START, null, 'National Board of Revenue; VAT and Supplementary Duty Act 2012 s. 15 (non-resident digital services)'),
  zero('PK', 'services are taxed by the provinces, with no registration of non-resident B2C digital sellers; the 5% Digital Presence Proceeds Tax (from 2025-07-01) is withheld by banks from the payment, not charged by the seller (unsure)', 'Federal Board of Revenue; provincial revenue authorities (PRA, SRB, KPRA, BRA); Finance Act 2025'),
  row('NP', 'DST', 2, START, null, 'Inland Revenue Department; Income Tax Act 2058 (Finance Act 2079: digital service tax)', x(threshold(2000000, 'NPR', 'digital services to Nepali consumers, 12 months'), note('2% digital service tax on the transaction value of non-resident providers, not VAT (unsure whether VAT 13% now reaches them)'))),
  zero('LK', `${NO_RULES} before the VAT (Amendment) Act 2025 (VAT 15% in 2023, 18% from 2024-01-01)`, 'Inland Revenue Department; VAT Act 14 of 2002', START, '2025-09-30'),
  row('LK', 'VAT', 18, '2025-10-01', null, 'Inland Revenue Department; VAT Act 14 of 2002 as amended 2025 (digital services by non-residents)', note('start date and non-resident threshold unsure')),
  zero('BT', `${NO_RULES_UNSURE} (GST introduction repeatedly postponed)`, 'Department of Revenue and Customs, Bhutan', START, null, 'GST'),
  zero('MV', `${NO_RULES_UNSURE} (GST 8%)`, 'Maldives Inland Revenue Authority; GST Act', START, null, 'GST'),
];

// ---------------------------------------------------------------------------------------------
// East and Southeast Asia
// ---------------------------------------------------------------------------------------------

// prettier-ignore
const EAST_ASIA_ROWS: TaxRateRow[] = [
  row('JP', 'JCT', 10, START, null, 'National Tax Agency; Consumption Tax Act art. 29, art. 9 (exemption for small businesses), art. 4(3)(iii)', x(threshold(10000000, 'JPY', 'taxable sales in the base period (two years earlier)'), rc('Reverse charge: the business recipient pays the consumption tax on business-to-business electronic services (Consumption Tax Act art. 5(1), art. 28(2)).'), note('JCT 7.8% national + 1.8% local'))),
  row('KR', 'VAT', 10, START, null, 'National Tax Service; VAT Act art. 30, art. 53-2 (foreign e-service providers)', rc('Business recipient registered in Korea: not charged under the simplified regime (VAT Act art. 53-2); the recipient self-assesses where required (art. 52).')),
  row('TW', 'VAT', 5, START, null, 'Ministry of Finance, National Taxation Bureau; VAT and Non-VAT Business Tax Act art. 10, art. 28-1', x(threshold(480000, 'TWD', 'sales to individuals in Taiwan, per year'), rc('Business recipient: pays the business tax on imported services itself (VAT and Non-VAT Business Tax Act art. 36).'))),
  zero('CN', 'VAT on services (6%) has no mechanism reaching non-resident B2C digital sellers (withholding applies to business buyers only)', 'State Taxation Administration; VAT Law of the PRC (2026)'),
  zero('HK', NO_VAT, 'Inland Revenue Department, Hong Kong: no VAT'),
  zero('MO', NO_VAT, 'Direcção dos Serviços de Finanças, Macao: no VAT'),
  zero('KP', NO_VAT, 'no tax system reaching foreign sellers'),
  zero('MN', `${NO_RULES_UNSURE} (VAT 10%)`, 'Mongolian Tax Administration; VAT Law'),
  row('SG', 'GST', 8, START, '2023-12-31', 'Inland Revenue Authority of Singapore; GST Act s. 16, s. 14B-14H (Overseas Vendor Registration)', x(threshold(100000, 'SGD', 'B2C digital services to Singapore, 12 months, and global turnover above SGD 1,000,000'), rc('GST-registered business recipient: not charged under the OVR regime; the recipient accounts under the reverse charge where it applies (GST Act s. 14).'))),
  row('SG', 'GST', 9, '2024-01-01', null, 'Inland Revenue Authority of Singapore; GST Act s. 16 (GST (Amendment) Act 2022), OVR regime', x(threshold(100000, 'SGD', 'B2C digital services to Singapore, 12 months, and global turnover above SGD 1,000,000'), rc('GST-registered business recipient: not charged under the OVR regime; the recipient accounts under the reverse charge where it applies (GST Act s. 14).'))),
  row('MY', 'SST', 6, START, '2024-02-29', 'Royal Malaysian Customs Department; Service Tax Act 2018 Part IVA (digital services by foreign service providers)', threshold(500000, 'MYR', 'digital services to Malaysian consumers, 12 months')),
  row('MY', 'SST', 8, '2024-03-01', null, 'Royal Malaysian Customs Department; Service Tax Act 2018 Part IVA, Service Tax (Rate of Tax) (Amendment) Order 2024', threshold(500000, 'MYR', 'digital services to Malaysian consumers, 12 months')),
  row('TH', 'VAT', 7, START, null, 'Revenue Department; Revenue Code s. 80, s. 82/17, s. 85/1 (e-services, since 2021-09-01); Royal Decree reducing the 10% rate', x(threshold(1800000, 'THB', 'e-services to Thai consumers, per year'), rc('VAT-registered business recipient: self-assesses the VAT (Revenue Code s. 83/6).'), note('the 7% rate is a yearly extended reduction of the statutory 10% (unsure: check the extension covering this date)'))),
  row('VN', 'VAT', 5, START, null, 'General Department of Taxation; Circular 80/2021/TT-BTC art. 76-77, Circular 103/2014 (direct method); VAT Law 48/2024 from 2025-07-01', note('foreign suppliers registered through the portal pay VAT by the direct method: 5% of revenue for services (standard 10%, temporary 8% reductions of Decrees 44/2023, 72/2024, 174/2025 apply to the credit method and exclude IT/telecom); teaching is VAT-exempt but whether foreign online courses qualify is unsure')),
  zero('PH', `${NO_RULES} before RA 12023`, 'Bureau of Internal Revenue; NIRC s. 108', START, '2025-06-01'),
  row('PH', 'VAT', 12, '2025-06-02', null, 'Bureau of Internal Revenue; NIRC s. 108-A (RA 12023), Revenue Regulations 3-2025', x(threshold(3000000, 'PHP', 'gross sales to Philippine consumers, 12 months'), rc('Business recipient: withholds and remits the VAT under the reverse charge (NIRC s. 108-A, RA 12023).'), note('online courses are named digital services in RA 12023'))),
  row('ID', 'PPN', 11, START, '2024-12-31', 'Direktorat Jenderal Pajak; UU HPP 7/2021, PMK 60/PMK.03/2022 (PPN PMSE)', x(threshold(600000000, 'IDR', 'transactions with Indonesian buyers, 12 months, or more than 12,000 users (DJP then appoints the seller)'))),
  row('ID', 'PPN', 11, '2025-01-01', null, 'Direktorat Jenderal Pajak; UU HPP 7/2021 art. 7 (12%), PMK 131/2024 (DPP 11/12), PMK 81/2024 (PPN PMSE)', x(threshold(600000000, 'IDR', 'transactions with Indonesian buyers, 12 months, or more than 12,000 users (DJP then appoints the seller)'), note('nominal 12% on a base of 11/12 of the price (PMK 131/2024, non-luxury services): effective 11% of the price; the receipt may state 12% × 11/12'))),
  row('KH', 'VAT', 10, START, null, 'General Department of Taxation; Law on Taxation 2023, Sub-Decree 65 on VAT for e-commerce (non-residents, since 2022)', note('non-resident threshold unsure')),
  zero('LA', `${NO_RULES_UNSURE} (VAT 10%)`, 'Tax Department, Ministry of Finance, Lao PDR; VAT Law 2018'),
  zero('MM', `${NO_RULES_UNSURE} (commercial tax 5%)`, 'Internal Revenue Department, Myanmar', START, null, 'CT'),
  zero('BN', NO_VAT, 'Revenue Division, Ministry of Finance and Economy, Brunei: no VAT'),
  zero('TL', `${NO_VAT} (sales tax on imports only; VAT proposed)`, 'Autoridade Tributária de Timor-Leste'),
];

// ---------------------------------------------------------------------------------------------
// Oceania and uninhabited territories
// ---------------------------------------------------------------------------------------------

// prettier-ignore
const OCEANIA_ROWS: TaxRateRow[] = [
  row('AU', 'GST', 10, START, null, 'Australian Taxation Office; GST Act 1999 s. 9-70, s. 84-5, s. 23-15', x(threshold(75000, 'AUD', 'GST turnover connected with Australia, 12 months'), rc('GST-registered business recipient: supply not taxable (GST Act s. 84-5).'))),
  row('NZ', 'GST', 15, START, null, 'Inland Revenue; Goods and Services Tax Act 1985 s. 8(3)(c), s. 51 (remote services)', x(threshold(60000, 'NZD', 'supplies to New Zealand residents, 12 months'), rc('GST-registered business recipient: supply zero-rated (GST Act 1985 s. 11A(1)(x)); the recipient may account under the reverse charge (s. 8(4B)).'))),
  zero('FJ', `${NO_RULES_UNSURE} (VAT 15% since 2023-08-01)`, 'Fiji Revenue and Customs Service; VAT Act 1991'),
  zero('PG', `${NO_RULES_UNSURE} (GST 10%)`, 'Internal Revenue Commission, PNG; GST Act 2003', START, null, 'GST'),
  zero('WS', `${NO_RULES_UNSURE} (VAGST 15%)`, 'Ministry for Revenue, Samoa', START, null, 'VAGST'),
  zero('TO', `${NO_RULES_UNSURE} (consumption tax 15%)`, 'Ministry of Revenue and Customs, Tonga', START, null, 'CT'),
  zero('VU', `${NO_RULES_UNSURE} (VAT 15%)`, 'Department of Customs and Inland Revenue, Vanuatu'),
  zero('SB', `${NO_RULES_UNSURE} (GST)`, 'Inland Revenue Division, Solomon Islands', START, null, 'GST'),
  zero('KI', `${NO_RULES} (VAT 12.5%)`, 'Kiribati Tax Division'),
  zero('TV', NO_RULES, 'Tuvalu Ministry of Finance'),
  zero('NR', NO_VAT, 'Nauru Revenue Office'),
  zero('FM', NO_VAT, 'Micronesia Department of Finance'),
  zero('MH', NO_VAT, 'Marshall Islands Revenue and Taxation'),
  zero('PW', `${NO_RULES_UNSURE} (PGST 10% since 2023-01-01)`, 'Palau Bureau of Revenue and Taxation', START, null, 'PGST'),
  zero('CK', `${NO_RULES_UNSURE} (VAT 15%)`, 'Revenue Management Division, Cook Islands'),
  zero('NU', NO_RULES, 'Niue Treasury'),
  zero('TK', NO_VAT, 'Tokelau: no VAT'),
  zero('NC', `${NO_RULES_UNSURE} (TGC 11%)`, 'Direction des Services Fiscaux de Nouvelle-Calédonie', START, null, 'TGC'),
  zero('PF', `${NO_RULES_UNSURE} (TVA 16% on services)`, 'Direction des Impôts et des Contributions Publiques, Polynésie française'),
  zero('WF', NO_VAT, 'Wallis-et-Futuna: no VAT'),
  zero('NF', 'outside the Australian GST (indirect tax zone excludes Norfolk Island)', 'Australian Taxation Office; GST Act 1999 s. 195-1', START, null, 'GST'),
  zero('CX', 'outside the Australian GST (indirect tax zone excludes Christmas Island)', 'Australian Taxation Office; GST Act 1999 s. 195-1', START, null, 'GST'),
  zero('CC', 'outside the Australian GST (indirect tax zone excludes the Cocos (Keeling) Islands)', 'Australian Taxation Office; GST Act 1999 s. 195-1', START, null, 'GST'),
  zero('HM', 'uninhabited; no tax', 'Australian external territory, uninhabited'),
  zero('AQ', 'no sovereign tax (Antarctic Treaty)', 'Antarctic Treaty 1959'),
  zero('BV', 'uninhabited; no tax', 'Norwegian dependency, uninhabited'),
  zero('GS', 'no VAT; no resident consumers', 'Government of South Georgia and the South Sandwich Islands'),
  zero('TF', 'no VAT; no resident consumers', 'Terres australes et antarctiques françaises'),
  zero('UM', 'no tax; no resident consumers', 'US Minor Outlying Islands, uninhabited or military'),
  zero('PN', NO_VAT, 'Pitcairn Islands Government'),
  zero('IO', 'no VAT; military territory', 'British Indian Ocean Territory Administration'),
  zero('AS', `${NO_VAT} (US territory, no sales tax on digital services)`, 'American Samoa Treasury'),
  zero('GU', 'gross receipts tax falls on businesses in Guam, not on foreign digital sellers', 'Guam Department of Revenue and Taxation', START, null, 'GRT'),
  zero('MP', `${NO_VAT} (US territory)`, 'CNMI Department of Finance'),
];

// ---------------------------------------------------------------------------------------------
// Canada: one row per component and province
// ---------------------------------------------------------------------------------------------

const CRA =
  'Canada Revenue Agency; Excise Tax Act Part IX, Sch. VIII (rates), Subdivision E of Division II (simplified registration)';
const GST_T = threshold(
  30000,
  'CAD',
  'taxable supplies to Canadian consumers, 12 months (simplified GST/HST registration)',
);
const GST_RC = rc(
  'GST/HST-registered business recipient: not charged under the simplified regime (Excise Tax Act s. 211.23); the recipient self-assesses where required (s. 217-218).',
);
const GST = (region: string, validFrom = START, validTo: string | null = null): TaxRateRow =>
  row('CA', 'GST', 5, validFrom, validTo, CRA, x({ region, jurisdiction: 'CA' }, GST_T, GST_RC));
const HST = (
  region: string,
  rate: number,
  validFrom = START,
  validTo: string | null = null,
  extra: Extra = {},
): TaxRateRow =>
  row(
    'CA',
    'HST',
    rate,
    validFrom,
    validTo,
    CRA,
    x({ region, jurisdiction: `CA-${region}` }, GST_T, GST_RC, extra),
  );

// prettier-ignore
const CANADA_ROWS: TaxRateRow[] = [
  GST('AB'),
  GST('BC'),
  row('CA', 'PST', 7, START, null, 'B.C. Ministry of Finance; Provincial Sales Tax Act s. 37, s. 172.1 (out-of-province sellers of software and telecommunication services, since 2021-04-01)', x({ region: 'BC', jurisdiction: 'CA-BC' }, threshold(10000, 'CAD', 'gross revenue from B.C. sales, 12 months'), note('PST reaches streamed audio/video (telecommunication service) and software; pre-recorded video courses are treated as taxable here, but an educational-service reading would exempt them (unsure)'))),
  GST('MB'),
  row('CA', 'RST', 7, START, null, 'Manitoba Finance, Taxation Division; Retail Sales Tax Act (streaming and digital services, since 2021-12-01)', x({ region: 'MB', jurisdiction: 'CA-MB' }, threshold(10000, 'CAD', 'sales to Manitoba consumers, 12 months (unsure)'), note('RST extended to streaming services and online platforms in 2021; coverage of online courses unsure'))),
  HST('NB', 15),
  HST('NL', 15),
  HST('NS', 15, START, '2025-03-31'),
  HST('NS', 14, '2025-04-01', null, note('Nova Scotia part reduced from 10% to 9% on 2025-04-01')),
  GST('NT'),
  GST('NU'),
  HST('ON', 13),
  HST('PE', 15),
  GST('QC'),
  row('CA', 'QST', 9.975, START, null, 'Revenu Québec; Act respecting the Québec sales tax s. 16, s. 477.2-477.4 (specified system for non-residents)', x({ region: 'QC', jurisdiction: 'CA-QC' }, threshold(30000, 'CAD', 'taxable supplies to Québec consumers, 12 months (specified registration)'), rc('QST-registered business recipient: not charged under the specified system (QST Act s. 477.4); the recipient self-assesses where required.'))),
  GST('SK'),
  row('CA', 'PST', 6, START, null, 'Saskatchewan Ministry of Finance; Provincial Sales Tax Act (software, digital content and streaming from out-of-province vendors)', x({ region: 'SK', jurisdiction: 'CA-SK' }, note('out-of-province vendors must register (no threshold found); coverage of online courses unsure'))),
  GST('YT'),
];

// ---------------------------------------------------------------------------------------------
// Latin America and the Caribbean (the United States is handled elsewhere)
// ---------------------------------------------------------------------------------------------

// prettier-ignore
const AMERICAS_ROWS: TaxRateRow[] = [
  row('MX', 'IVA', 16, START, null, 'Servicio de Administración Tributaria; LIVA art. 1, art. 18-B fr. IV (distance learning), art. 18-D (foreign digital services)', note('standard rate; distance learning is a named digital service (LIVA art. 18-B fr. IV)')),
  row('CO', 'IVA', 19, START, null, 'DIAN; Estatuto Tributario art. 420 par. 3, art. 437 par. 2 (foreign digital services)', rc('Colombian VAT-responsible business recipient: withholds the VAT (reteIVA, Estatuto Tributario art. 437-2 num. 3); not charged by the foreign provider.')),
  row('CL', 'IVA', 19, START, null, 'Servicio de Impuestos Internos; DL 825 art. 8 letra n), art. 35 A-35 L (foreign digital services since 2020-06-01)', rc('Chilean VAT taxpayer recipient: accounts for the VAT under the reverse charge (DL 825 art. 3).')),
  zero('AR', 'IVA 21% on digital services from abroad (Ley 27.430) is collected from the buyer by the card issuer or payment intermediary (AFIP/ARCA RG 4240/2018), not by the seller: charging it too would tax twice', 'ARCA (ex-AFIP); Ley de IVA art. 1 inc. e), RG 4240/2018', START, null, 'IVA'),
  row('UY', 'IVA', 22, START, null, 'Dirección General Impositiva; Ley 19.535 (digital services from abroad), Título 10 art. 18'),
  row('PY', 'IVA', 10, START, null, 'Dirección Nacional de Ingresos Tributarios; Ley 6380/2019 art. 80 ff. (digital services), withholding by card processors', note('collected by withholding where the foreign seller is not registered (unsure: check whether to charge)')),
  row('CR', 'IVA', 13, START, null, 'Ministerio de Hacienda; Ley 9635 art. 4, art. 30 (digital services from abroad, card-issuer collection)', note('standard rate; the 2% rate for private education does not reach foreign digital services (unsure); card issuers collect for listed providers')),
  row('EC', 'IVA', 12, START, '2024-03-31', 'Servicio de Rentas Internas; Ley de Régimen Tributario Interno art. 65, art. 56 (digital services)'),
  row('EC', 'IVA', 15, '2024-04-01', null, 'Servicio de Rentas Internas; Ley de Régimen Tributario Interno art. 65 (Ley Orgánica para Enfrentar el Conflicto Armado Interno, 2024)'),
  zero('PE', `${NO_RULES} before Decreto Legislativo 1623`, 'SUNAT; Ley del IGV', START, '2024-09-30', 'IGV'),
  row('PE', 'IGV', 18, '2024-10-01', null, 'SUNAT; TUO Ley del IGV art. 1, art. 17 (IGV 16% + IPM 2%), Decreto Legislativo 1623 (digital services from abroad)'),
  zero('BO', `${NO_RULES_UNSURE} (IVA 13%)`, 'Servicio de Impuestos Nacionales, Bolivia', START, null, 'IVA'),
  zero('BR', 'PIS/COFINS/ISS on imported services fall on Brazilian business recipients; no registration for foreign B2C digital sellers (the 2026 CBS/IBS test year does not yet reach them — unsure)', 'Receita Federal do Brasil; LC 214/2025'),
  zero('VE', `${NO_RULES} (IVA 16%)`, 'SENIAT, Venezuela', START, null, 'IVA'),
  zero('GY', `${NO_RULES_UNSURE} (VAT 14%)`, 'Guyana Revenue Authority; VAT Act 2005'),
  zero('SR', `${NO_RULES_UNSURE} (VAT 10% since 2023-01-01)`, 'Belastingdienst Suriname; Wet BTW 2022'),
  zero('FK', NO_VAT, 'Falkland Islands Government: no VAT'),
  zero('GT', `${NO_RULES_UNSURE} (IVA 12%)`, 'Superintendencia de Administración Tributaria, Guatemala', START, null, 'IVA'),
  zero('BZ', `${NO_RULES_UNSURE} (GST 12.5%)`, 'Belize Tax Service', START, null, 'GST'),
  zero('SV', `${NO_RULES_UNSURE} (IVA 13%)`, 'Ministerio de Hacienda, El Salvador', START, null, 'IVA'),
  zero('HN', `${NO_RULES_UNSURE} (ISV 15%)`, 'Servicio de Administración de Rentas, Honduras', START, null, 'ISV'),
  zero('NI', `${NO_RULES_UNSURE} (IVA 15%)`, 'Dirección General de Ingresos, Nicaragua', START, null, 'IVA'),
  zero('PA', `${NO_RULES_UNSURE} (ITBMS 7%)`, 'Dirección General de Ingresos, Panamá', START, null, 'ITBMS'),
  zero('DO', `${NO_RULES} (ITBIS 18%; a 2024 proposal to tax foreign digital services was withdrawn — unsure)`, 'Dirección General de Impuestos Internos, República Dominicana', START, null, 'ITBIS'),
  row('BB', 'VAT', 17.5, START, null, 'Barbados Revenue Authority; Value Added Tax Act Cap. 87 (non-resident digital services)', x(threshold(200000, 'BBD', 'taxable supplies in Barbados, 12 months (unsure for non-residents)'), note('non-resident regime and threshold unsure'))),
  row('BS', 'VAT', 10, START, null, 'Department of Inland Revenue, The Bahamas; Value Added Tax Act 2014 (non-resident service suppliers)', x(threshold(100000, 'BSD', 'taxable supplies in The Bahamas, 12 months'), note('non-resident digital-service regime unsure'))),
  zero('JM', `${NO_RULES_UNSURE} (GCT 15%)`, 'Tax Administration Jamaica', START, null, 'GCT'),
  zero('TT', `${NO_RULES_UNSURE} (VAT 12.5%)`, 'Board of Inland Revenue, Trinidad and Tobago'),
  zero('HT', NO_RULES, 'Direction Générale des Impôts, Haïti'),
  zero('CU', NO_RULES, 'Oficina Nacional de Administración Tributaria, Cuba'),
  zero('AG', `${NO_RULES} (ABST 17%)`, 'Inland Revenue Department, Antigua and Barbuda', START, null, 'ABST'),
  zero('DM', `${NO_RULES} (VAT 15%)`, 'Inland Revenue Division, Dominica'),
  zero('GD', `${NO_RULES} (VAT 15%)`, 'Inland Revenue Division, Grenada'),
  zero('KN', `${NO_RULES} (VAT 17%)`, 'Inland Revenue Department, St Kitts and Nevis'),
  zero('LC', `${NO_RULES} (VAT 12.5%)`, 'Inland Revenue Department, Saint Lucia'),
  zero('VC', `${NO_RULES} (VAT 16%)`, 'Inland Revenue Department, St Vincent and the Grenadines'),
  zero('AI', `${NO_RULES_UNSURE} (GST 13% since 2022)`, 'Inland Revenue Department, Anguilla; Goods and Services Tax Act 2021', START, null, 'GST'),
  zero('BM', NO_VAT, 'Office of the Tax Commissioner, Bermuda: no VAT'),
  zero('VG', NO_VAT, 'Inland Revenue Department, British Virgin Islands: no VAT'),
  zero('KY', NO_VAT, 'Cayman Islands Government: no VAT'),
  zero('MS', NO_VAT, 'Inland Revenue Department, Montserrat: no VAT'),
  zero('TC', NO_VAT, 'Revenue Department, Turks and Caicos Islands: no VAT'),
  zero('AW', `${NO_RULES} (BBO/BAVP turnover taxes fall on local businesses)`, 'Departamento di Impuesto, Aruba', START, null, 'BBO'),
  zero('CW', `${NO_RULES_UNSURE} (turnover tax 6%/9%)`, 'Inspectie der Belastingen, Curaçao', START, null, 'OB'),
  zero('SX', `${NO_RULES} (turnover tax 5%)`, 'Tax Administration, Sint Maarten', START, null, 'TOT'),
  zero('BQ', `${NO_RULES} (general expenditure tax)`, 'Belastingdienst Caribisch Nederland', START, null, 'ABB'),
  row('GP', 'VAT', 8.5, START, null, 'DGFiP; CGI art. 294, art. 296 (DOM rates; outside the EU VAT area)', note('French VAT at the DOM rate; how a foreign digital seller registers is unsure')),
  row('MQ', 'VAT', 8.5, START, null, 'DGFiP; CGI art. 294, art. 296 (DOM rates; outside the EU VAT area)', note('French VAT at the DOM rate; how a foreign digital seller registers is unsure')),
  row('RE', 'VAT', 8.5, START, null, 'DGFiP; CGI art. 294, art. 296 (DOM rates; outside the EU VAT area)', note('French VAT at the DOM rate; how a foreign digital seller registers is unsure')),
  zero('GF', 'VAT provisionally not applicable in French Guiana (CGI art. 294)', 'DGFiP; CGI art. 294'),
  zero('YT', 'VAT provisionally not applicable in Mayotte (CGI art. 294)', 'DGFiP; CGI art. 294'),
  zero('BL', `${NO_VAT} (Saint-Barthélemy has its own tax code)`, 'Collectivité de Saint-Barthélemy; Code des contributions'),
  zero('MF', `${NO_RULES} (Saint-Martin: TGCA on local businesses)`, 'Collectivité de Saint-Martin; Code général des impôts local'),
  zero('PM', NO_VAT, 'Collectivité de Saint-Pierre-et-Miquelon: no VAT'),
  zero('PR', 'IVU (11.5%) reaches digital products sold by remote sellers above USD 100,000 a year, but pre-recorded courses are not clearly a digital product (unsure); handle with the US data if needed', 'Departamento de Hacienda de Puerto Rico; Código de Rentas Internas 2011 s. 4010.01', START, null, 'IVU'),
  zero('VI', `${NO_VAT} (gross receipts tax on local businesses)`, 'Virgin Islands Bureau of Internal Revenue', START, null, 'GRT'),
];

/** Every row: all countries except the United States. */
export const WORLD_TAX_RATES: readonly TaxRateRow[] = Object.freeze([
  ...EU_ROWS,
  ...EUROPE_ROWS,
  ...CENTRAL_ASIA_ROWS,
  ...MENA_ROWS,
  ...AFRICA_ROWS,
  ...SOUTH_ASIA_ROWS,
  ...EAST_ASIA_ROWS,
  ...OCEANIA_ROWS,
  ...CANADA_ROWS,
  ...AMERICAS_ROWS,
]);

/**
 * The rows of `country` (+ Canadian `region`, else null) in force on `day` ('YYYY-MM-DD'), in
 * table order. For Canada pass the province: its rows include the federal GST.
 */
export function ratesInForce(
  rows: readonly TaxRateRow[],
  country: string,
  region: string | null,
  day: string,
): TaxRateRow[] {
  return rows.filter(
    (r) =>
      r.country === country &&
      r.region === region &&
      r.validFrom <= day &&
      (r.validTo === null || day <= r.validTo),
  );
}
