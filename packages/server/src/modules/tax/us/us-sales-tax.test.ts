import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// The importer is plain JavaScript run by Node; its functions are what produced the table.
// @ts-expect-error no declaration file for a script
import { generate, readStates, sourceOf } from '../../../../../../scripts/import-us-sales-tax.mjs';
import { usSalesTaxOf } from './us-sales-tax.js';
import { US_STATE_TAXABILITY } from './us-state-taxability.js';
import { US_ZIP_REGIONS } from './us-zip-rates.generated.js';

const units = (percent: number) => Math.round(percent * 10_000);
const combined = (zip: string) =>
  (usSalesTaxOf(zip)?.components ?? []).reduce((sum, component) => sum + units(component.ratePercent), 0) /
  10_000;

describe('US sales tax by ZIP code (published ZIP rates file)', () => {
  it('taxes a Seattle ZIP at the combined state and local rate, one component each', () => {
    const seattle = usSalesTaxOf('98101');
    expect(seattle?.state).toBe('WA');
    expect(seattle?.components).toEqual([
      expect.objectContaining({ name: 'State sales tax', jurisdiction: 'US-WA', ratePercent: 6.5 }),
      expect.objectContaining({ name: 'City sales tax', jurisdiction: 'US-WA-SEATTLE', ratePercent: 4.05 }),
    ]);
    expect(combined('98101')).toBe(10.55);
  });

  it('gives neighbouring cities of one metro area their own rates', () => {
    expect(combined('98101')).toBe(10.55); // Seattle
    expect(combined('98006')).toBe(10.3); // Bellevue
    expect(combined('98052')).toBe(10.4); // Redmond
    expect(combined('98660')).toBe(8.8); // Vancouver, WA
    // Houston's special district on top of state and city.
    expect(usSalesTaxOf('77002')?.components.map((component) => component.name)).toEqual([
      'State sales tax',
      'City sales tax',
      'Special district tax',
    ]);
    expect(combined('77002')).toBe(8.25);
  });

  it('follows the state line: a ZIP is taxed by its own state', () => {
    // Vancouver, WA and Portland, OR across the Columbia; Kansas City, KS and MO; Texarkana, TX and AR.
    expect(usSalesTaxOf('98660')?.state).toBe('WA');
    expect(usSalesTaxOf('97201')).toMatchObject({ state: 'OR', components: [] });
    expect(usSalesTaxOf('66101')).toMatchObject({ state: 'KS', components: [] });
    expect(usSalesTaxOf('64105')).toMatchObject({ state: 'MO', components: [] });
    expect(combined('75501')).toBe(8.25);
    expect(usSalesTaxOf('71854')).toMatchObject({ state: 'AR', components: [] });
  });

  it('charges nothing in states that do not tax online courses, and says why', () => {
    const newYork = usSalesTaxOf('10001');
    expect(newYork).toMatchObject({ state: 'NY', components: [] });
    expect(newYork?.source).toMatch(/New York/);
  });

  it('accepts ZIP+4 (the ZIP’s main rate) and refuses malformed or unassigned codes', () => {
    expect(usSalesTaxOf('98101-1234')).toEqual(usSalesTaxOf('98101'));
    expect(usSalesTaxOf('981011234')).toEqual(usSalesTaxOf('98101'));
    expect(usSalesTaxOf(' 98101 ')).toEqual(usSalesTaxOf('98101'));
    for (const bad of ['9810', '98101-12', 'ABCDE', '', '00001']) expect(usSalesTaxOf(bad)).toBeNull();
  });

  it('falls back to the state rate for a ZIP of a taxing state that the file does not list', () => {
    const records = US_ZIP_REGIONS.WA!;
    const listed = new Set<string>();
    for (let at = 0; at < records.length; at += 8) listed.add(records.slice(at, at + 5));
    const missing = Array.from({ length: 1000 }, (_, index) => String(98000 + index)).find(
      (zip) => !listed.has(zip),
    )!;
    const tax = usSalesTaxOf(missing);
    expect(tax?.components).toEqual([expect.objectContaining({ jurisdiction: 'US-WA', ratePercent: 6.5 })]);
    expect(tax?.source).toMatch(/state rate only/);
  });

  it('imports exactly the taxing states, with components adding up to the combined rate of every row', () => {
    const states = readStates();
    const taxing = Object.entries(US_STATE_TAXABILITY)
      .filter(([, state]) => state.taxed)
      .map(([code]) => code)
      .sort();
    expect([...states.keys()].sort()).toEqual(taxing);
    for (const [state, data] of states as Map<
      string,
      { file: string; zips: [string, [string, ...number[]]][] }
    >) {
      const published = JSON.parse(
        readFileSync(join(__dirname, '../../../../data/us-sales-tax', data.file), 'utf8'),
      ) as Record<string, { r: number }>;
      for (const [zip, region] of data.zips) {
        const parts = region.slice(1) as number[];
        expect(
          parts.reduce((sum, part) => sum + units(part), 0),
          `${state} ${zip}`,
        ).toBe(Math.round(published[zip]!.r * 1_000_000));
      }
    }
  });

  it('the generated table is what the importer makes of the published files (nobody edited it)', () => {
    const { text } = generate(readStates(), sourceOf());
    const onDisk = readFileSync(join(__dirname, 'us-zip-rates.generated.ts'), 'utf8');
    expect(onDisk === text).toBe(true);
  });
});
