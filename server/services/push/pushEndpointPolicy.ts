import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

import type { PushEndpointPolicy } from '../../config';

export class PushAddressRefused extends Error {}

function hostMatches(host: string, pattern: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  const wanted = pattern.toLowerCase();
  return wanted.startsWith('*.') ? name.endsWith(wanted.slice(1)) : name === wanted;
}

/** The endpoint's host without IPv6 brackets, when it is an https URL of an allowed push service. */
export function allowedPushHost(endpoint: string, policy: PushEndpointPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return policy.hosts.some((pattern) => hostMatches(host, pattern)) ? host : null;
}

const matchesRange = (address: ipaddr.IPv4 | ipaddr.IPv6, range: string) => {
  try {
    if (!range.includes('/')) return ipaddr.process(range).toString() === address.toString();
    const [network, prefix] = ipaddr.parseCIDR(range);
    return address.kind() === network.kind() && address.match([network, prefix]);
  } catch {
    return false;
  }
};

/**
 * Whether the server may connect to `address`: public unicast only (IPv4-mapped IPv6 judged as the
 * IPv4 address), unless the operator allowed it explicitly.
 */
export function isConnectableAddress(address: string, policy: PushEndpointPolicy): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.process(address);
  if (policy.allowedAddresses.some((range) => matchesRange(parsed, range))) return true;
  return parsed.range() === 'unicast';
}

/**
 * A `lookup` for the push connection: resolves the name once, refuses when any address it resolves to
 * may not be connected to, and hands the socket exactly the address checked, so the name cannot be
 * re-resolved to another address between the check and the connection (DNS rebinding).
 */
export function guardedLookup(policy: PushEndpointPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((entry) => !isConnectableAddress(entry.address, policy));
      if (refused || addresses.length === 0) {
        return callback(new PushAddressRefused(`${hostname} resolves to a refused address`), '', 0);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Whether a push may be sent to the endpoint: an allowed push service, and when its host is an address
 * literal (no look-up happens for those), a connectable one.
 */
export function mayPushTo(endpoint: string, policy: PushEndpointPolicy): boolean {
  const host = allowedPushHost(endpoint, policy);
  if (host === null) return false;
  return net.isIP(host) === 0 || isConnectableAddress(host, policy);
}
