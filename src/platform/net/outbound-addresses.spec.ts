import { isInternalAddress } from './outbound-addresses';

describe('isInternalAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '255.255.255.255',
    '::1',
    '::',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1%eth0',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '::ffff:0:127.0.0.1',
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2002:c0a8:101::',
    '64:ff9b:1::808:808',
    'not-an-address',
  ])('%s is internal', (address) => expect(isInternalAddress(address)).toBe(true));

  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2001:db8::1', '64:ff9b::808:808', '2002:808:808::1'])('%s is not', (address) =>
    expect(isInternalAddress(address)).toBe(false),
  );
});
