import { describe, expect, it } from 'vitest';
import { allowedAddresses, isPublicAddress, RefusedAddressError } from './webhook-addresses.js';

describe('webhook destination addresses (SSRF)', () => {
  it('allows public unicast addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '172.32.0.1', '100.128.0.1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses loopback, private, link-local, unspecified, multicast and reserved addresses', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.0.0.1',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::',
      '::1',
      '[::1]',
      'fe80::1%eth0',
      'fd00::1',
      'fc00::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:c0a8:101::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses a name that resolves to loopback unless private addresses are allowed', async () => {
    await expect(allowedAddresses('localhost', false)).rejects.toBeInstanceOf(RefusedAddressError);
    await expect(allowedAddresses('127.0.0.1', false)).rejects.toThrow(/private, loopback or reserved/);
    expect(await allowedAddresses('127.0.0.1', true)).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await allowedAddresses('93.184.215.14', false)).toEqual([{ address: '93.184.215.14', family: 4 }]);
  });
});
