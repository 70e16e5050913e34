import { describe, expect, it } from 'vitest';
import { murmurHash3 } from './murmur-hash.js';

describe('murmurHash3', () => {
  it('matches the published MurmurHash3_x86_32 test vectors', () => {
    expect(murmurHash3('', 0)).toBe(0);
    expect(murmurHash3('', 1)).toBe(0x514e28b7);
    expect(murmurHash3('', 0xffffffff)).toBe(0x81f16f39);
    expect(murmurHash3('a', 0x9747b28c)).toBe(0x7fa09ea6);
    expect(murmurHash3('abc', 0x9747b28c)).toBe(0xc84a62dd);
    expect(murmurHash3('abcd', 0x9747b28c)).toBe(0xf0478627);
    expect(murmurHash3('Hello, world!', 0x9747b28c)).toBe(0x24884cba);
    expect(murmurHash3('The quick brown fox jumps over the lazy dog', 0x9747b28c)).toBe(0x2fa826cd);
  });

  it('hashes the UTF-8 bytes of text outside ASCII', () => {
    expect(murmurHash3('ππππππππ', 0x9747b28c)).toBe(0xd58063c1);
  });
});
