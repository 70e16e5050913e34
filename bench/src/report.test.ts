import { describe, expect, it } from 'vitest';
import { formatTable, toRows } from './report.js';

describe('bench report', () => {
  const floor = { scenario: 'floor', requestsPerSec: 2000, p50Ms: 20, p99Ms: 40, requests: 20000 };
  const me = {
    scenario: 'contexts/me (logged in)',
    requestsPerSec: 500,
    p50Ms: 90,
    p99Ms: 150.25,
    requests: 5000,
  };

  it('divides each scenario by the floor measured in the same run', () => {
    expect(toRows(floor, [me]).map((r) => r.ratioToFloor)).toEqual([1, 0.25]);
  });

  it('prints one aligned row per scenario', () => {
    const lines = formatTable(toRows(floor, [me])).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(/^contexts\/me \(logged in\)\s+500\s+90\.0\s+150\.3\s+0\.25$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});
