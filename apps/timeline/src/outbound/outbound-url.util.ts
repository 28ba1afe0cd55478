import { isIP } from 'node:net';
import { URL_MAX_LENGTH } from '@wave/contracts';
import { OutboundException } from './outbound.exception';

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/**
 * A URL we are willing to fetch: http or https, no credentials, a host, at most
 * URL_MAX_LENGTH characters once normalised, without its fragment. Relative
 * references (redirect targets) are resolved against `base`.
 *
 * The WHATWG parser normalises numeric hosts (0x7f000001, 2130706433,
 * 0177.0.0.1 and 127.1 all become 127.0.0.1), so the hostname checked later is
 * the one that would be connected to.
 */
export function parseOutboundUrl(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    throw new OutboundException('INVALID_URL', `unparsable URL ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new OutboundException('INVALID_URL', `scheme ${url.protocol} is not allowed`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new OutboundException('INVALID_URL', 'credentials in the URL');
  }
  if (url.hostname === '') throw new OutboundException('INVALID_URL', 'no host');
  url.hash = '';
  if (url.href.length > URL_MAX_LENGTH) throw new OutboundException('INVALID_URL', 'URL too long');
  return url;
}

export interface OutboundTarget {
  /** Without the brackets of an IPv6 literal. */
  hostname: string;
  port: number;
  /** `host:port` as the allowlist spells it (`[::1]:8080` for IPv6). */
  key: string;
  /** The address when the host is an IP literal, otherwise null (a name to resolve). */
  ip: string | null;
}

export function outboundTargetOf(url: URL): OutboundTarget {
  const hostname = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const port = url.port === '' ? (DEFAULT_PORTS[url.protocol] ?? 80) : Number(url.port);
  return {
    hostname,
    port,
    key: `${url.hostname}:${port}`,
    ip: isIP(hostname) === 0 ? null : hostname,
  };
}

const ALLOWLIST_ENTRY = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):(\d{1,5})$/i;

/** Normalises `host:port` allowlist entries; a malformed entry is a configuration error. */
export function parseAllowlist(entries: readonly string[]): Set<string> {
  const keys = new Set<string>();
  for (const entry of entries) {
    const match = ALLOWLIST_ENTRY.exec(entry.trim());
    const port = Number(match?.[2]);
    if (!match?.[1] || !Number.isInteger(port) || port < 1 || port > 65_535) {
      throw new Error(`Outbound allowlist entries must be host:port, got ${JSON.stringify(entry)}`);
    }
    keys.add(`${new URL(`http://${match[1]}/`).hostname}:${port}`);
  }
  return keys;
}
