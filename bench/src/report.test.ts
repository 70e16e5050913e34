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

  it('adds an events/s column when a scenario counts events', () => {
    const collector = {
      scenario: 'collector',
      requestsPerSec: 500,
      eventsPerSec: 25000,
      p50Ms: 80,
      p99Ms: 200,
      requests: 5000,
      floor: 'write' as const,
    };
    const writeFloor = { ...floor, scenario: 'write floor', requestsPerSec: 1000, floor: 'write' as const };
    const lines = formatTable(toRows(floor, [writeFloor, collector], writeFloor)).split('\n');
    expect(lines[0]).toMatch(/^scenario\s+requests\/s\s+events\/s\s+p50 ms\s+p99 ms\s+÷ floor$/);
    expect(lines[2]).toMatch(/^floor\s+2000\s+20\.0\s+40\.0\s+1\.00$/);
    expect(lines[4]).toMatch(/^collector\s+500\s+25000\s+80\.0\s+200\.0\s+0\.50$/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});
