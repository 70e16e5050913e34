// Imports the published US sales tax rates by ZIP code into the server's generated table
// (packages/server/src/modules/tax/us/us-zip-rates.generated.ts). Run after replacing the files
// in packages/server/data/us-sales-tax/ (see its README):
//
//   node scripts/import-us-sales-tax.mjs
//
// Two inputs are understood, per state: Avalara's free ZIP5 tables as published
// (TAXRATES_ZIP5_XXyyyymm.csv: State, ZipCode, TaxRegionName, EstimatedCombinedRate, StateRate,
// EstimatedCountyRate, EstimatedCityRate, EstimatedSpecialRate, RiskLevel) and the same tables
// as JSON ({zip: {r, n, s, co, ci, sp}}, the form taxrates-us publishes them in). Only the
// states that tax online courses are imported (us-state-taxability.ts names them).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = join(root, 'packages/server/data/us-sales-tax');
const output = join(root, 'packages/server/src/modules/tax/us/us-zip-rates.generated.ts');

/** Fraction (0.0405) to percent with four decimals (4.05), exactly: rates are read as text. */
export function percentOf(fraction) {
  if (fraction === undefined || fraction === null || fraction === '') return 0;
  return Math.round(Number(fraction) * 1_000_000) / 10_000;
}

/** Ten-thousandths of a percent, for exact sums. */
const units = (percent) => Math.round(percent * 10_000);

/** Rows of an Avalara ZIP5 CSV. */
function parseCsv(text) {
  const [head, ...lines] = text.split(/\r?\n/).filter((line) => line.trim());
  const columns = head.split(',').map((name) => name.trim().replace(/^"|"$/g, ''));
  const at = (name) => columns.findIndex((column) => column.toLowerCase() === name.toLowerCase());
  const index = {
    zip: at('ZipCode'),
    name: at('TaxRegionName'),
    combined: at('EstimatedCombinedRate'),
    state: at('StateRate'),
    county: at('EstimatedCountyRate'),
    city: at('EstimatedCityRate'),
    special: at('EstimatedSpecialRate'),
  };
  if (index.zip < 0 || index.combined < 0) throw new Error('Not an Avalara ZIP5 table: ' + head);
  return lines.map((line) => {
    const cells = line.split(',').map((cell) => cell.trim().replace(/^"|"$/g, ''));
    return {
      zip: cells[index.zip].padStart(5, '0'),
      name: cells[index.name] ?? '',
      combined: cells[index.combined],
      parts: [cells[index.state], cells[index.county], cells[index.city], cells[index.special]],
    };
  });
}

/** Rows of the JSON form. */
function parseJson(text) {
  return Object.entries(JSON.parse(text)).map(([zip, row]) => ({
    zip,
    name: row.n ?? '',
    combined: row.r,
    parts: [row.s, row.co, row.ci, row.sp],
  }));
}

/**
 * A state's ZIPs as [zip, region] with region = [name, state, county, city, special] in percent.
 * The published components are rounded (a city's 4.0999% where the combined rate is 10.6%):
 * the largest local component takes the difference, so they always add up to the combined rate.
 */
export function regionsOf(rows) {
  let adjusted = 0;
  const zips = rows
    .filter((row) => /^\d{5}$/.test(row.zip))
    .map((row) => {
      const combined = percentOf(row.combined);
      const parts = row.parts.map(percentOf);
      const difference = units(combined) - parts.reduce((sum, part) => sum + units(part), 0);
      if (difference !== 0) {
        const local = [1, 2, 3].reduce((best, index) => (parts[index] > parts[best] ? index : best), 1);
        const target = parts[local] > 0 ? local : 0;
        parts[target] = (units(parts[target]) + difference) / 10_000;
        adjusted += 1;
      }
      return [row.zip, [row.name.toUpperCase(), ...parts]];
    })
    .sort(([a], [b]) => a.localeCompare(b));
  return { zips, adjusted };
}

/** Every state file in the data folder: `xx-zip-rates.json` or `TAXRATES_ZIP5_XXyyyymm.csv`. */
export function readStates(directory = dataDir) {
  const states = new Map();
  for (const file of readdirSync(directory).sort()) {
    const json = /^([a-z]{2})-zip-rates\.json$/.exec(file);
    const csv = /^TAXRATES_ZIP5_([A-Z]{2})\d{6}\.csv$/.exec(file);
    if (!json && !csv) continue;
    const state = String(json?.[1] ?? csv?.[1]).toUpperCase();
    const text = readFileSync(join(directory, file), 'utf8');
    states.set(state, { file, ...regionsOf(json ? parseJson(text) : parseCsv(text)) });
  }
  return states;
}

/**
 * The generated module: distinct regions once, and per state a string of fixed-width records
 * (five ZIP digits, then the region's index in base 36 on three characters).
 */
export function generate(states, source) {
  const regions = [];
  const indexOf = new Map();
  const byState = {};
  let adjusted = 0;
  for (const [state, data] of states) {
    adjusted += data.adjusted;
    byState[state] = data.zips
      .map(([zip, region]) => {
        const key = JSON.stringify(region);
        if (!indexOf.has(key)) {
          indexOf.set(key, regions.length);
          regions.push(region);
        }
        return zip + indexOf.get(key).toString(36).padStart(3, '0');
      })
      .join('');
  }
  const text = [
    `// Generated by scripts/import-us-sales-tax.mjs from packages/server/data/us-sales-tax/`,
    `// (${source.name}, ${source.date}); do not edit. ${adjusted} rows had rounded components`,
    `// made to add up to their combined rate.`,
    '',
    `/** The published rates file these rates come from. */`,
    `export const US_ZIP_RATES_SOURCE = ${JSON.stringify(source.name)};`,
    `/** The month the file gives rates for (its first day). */`,
    `export const US_ZIP_RATES_EFFECTIVE = ${JSON.stringify(source.date)};`,
    '',
    `/** [tax region name, state %, county %, city %, special district %]. */`,
    `export type UsTaxRegion = readonly [name: string, state: number, county: number, city: number, special: number];`,
    '',
    `export const US_TAX_REGIONS: readonly UsTaxRegion[] = [`,
    ...regions.map((region) => `  ${JSON.stringify(region)},`),
    `];`,
    '',
    `/** Per state: ZIP (5 digits) + region index (base 36, 3 characters), sorted by ZIP. */`,
    `export const US_ZIP_REGIONS: Readonly<Record<string, string>> = {`,
    ...Object.entries(byState).map(([state, records]) => `  ${state}: ${JSON.stringify(records)},`),
    `};`,
    '',
  ].join('\n');
  return { text, regions: regions.length, adjusted };
}

/** The source named in the data folder's README (first lines `Source:` and `Effective:`). */
export function sourceOf(directory = dataDir) {
  const readme = readFileSync(join(directory, 'README.md'), 'utf8');
  const name = /^Source: (.+)$/m.exec(readme)?.[1];
  const date = /^Effective: (\d{4}-\d{2}-\d{2})$/m.exec(readme)?.[1];
  if (!name || !date)
    throw new Error('data/us-sales-tax/README.md must name its Source: and Effective: date');
  return { name, date };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const states = readStates();
  const { text, regions, adjusted } = generate(states, sourceOf());
  writeFileSync(output, text);
  const zips = [...states.values()].reduce((sum, state) => sum + state.zips.length, 0);
  console.log(
    `${states.size} states, ${zips} ZIP codes, ${regions} distinct tax regions, ${adjusted} adjusted rows → ${output} (${Math.round(text.length / 1024)} KB)`,
  );
}
