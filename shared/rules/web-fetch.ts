import type { InputMatcher, RuleBehavior } from './types.ts';
import { RuleError } from './types.ts';

const DOMAIN_PREFIX = 'domain:';
const HOST_CHARS = /^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/;

/**
 * `WebFetch(domain:example.com)` matches `input.url` whose host is example.com or any subdomain
 * of it (`api.example.com`); `domain:*.example.com` matches subdomains only. Hosts compare
 * case-insensitively, after IDN-to-ASCII, without a trailing dot. Allow needs an http(s) URL that
 * parses; deny and ask match any URL that does not parse or has no host.
 */
export function compileWebFetchMatcher(
  rule: string,
  specifier: string,
  behavior: RuleBehavior,
): InputMatcher {
  if (!specifier.startsWith(DOMAIN_PREFIX)) {
    throw new RuleError(rule, 'WebFetch rules take the form WebFetch(domain:example.com)');
  }
  const written = specifier.slice(DOMAIN_PREFIX.length).trim();
  if (written === '') throw new RuleError(rule, 'no domain after "domain:"');
  const subdomainsOnly = written.startsWith('*.');
  const domain = asciiHost(subdomainsOnly ? written.slice(2) : written);
  if (domain === undefined) throw new RuleError(rule, `${JSON.stringify(written)} is not a domain name`);
  const allowSide = behavior === 'allow';

  return ({ input }) => {
    const url = input.url;
    if (typeof url !== 'string') return !allowSide;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return !allowSide;
    }
    if (allowSide && parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return false;
    const host = parsed.hostname.toLowerCase().replace(/\.$/, '');
    if (host === '') return !allowSide;
    if (host.endsWith(`.${domain}`)) return true;
    return !subdomainsOnly && host === domain;
  };
}

/** The ASCII (punycode) form of a host name, or undefined when it is not one. */
function asciiHost(name: string): string | undefined {
  if (name.includes('*') || /[/:@?#\s]/.test(name.replace(/^\[.*\]$/, ''))) return undefined;
  try {
    const host = new URL(`http://${name}/`).hostname.toLowerCase().replace(/\.$/, '');
    return host !== '' && HOST_CHARS.test(host) ? host : undefined;
  } catch {
    return undefined;
  }
}
