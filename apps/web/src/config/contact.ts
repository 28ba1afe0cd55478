/**
 * The addresses the legal and help pages give for reaching the team, from the build's
 * configuration (README, "Contact addresses"):
 * - `VITE_CONTACT_DOMAIN`: the domain of all four (support@, privacy@, safety@, legal@);
 * - `VITE_CONTACT_SUPPORT`, `VITE_CONTACT_PRIVACY`, `VITE_CONTACT_SAFETY`, `VITE_CONTACT_LEGAL`:
 *   one address each, over the domain's.
 * Unset, the domain is the one the site is served from (without `www.`), so a deployment at
 * wave.social names support@wave.social without being told. A value that is not an address (or a
 * domain) is ignored, with a warning in the console, rather than printed on the legal pages.
 */
export type ContactRole = 'support' | 'privacy' | 'safety' | 'legal';
export type ContactAddresses = Record<ContactRole, string>;

export const CONTACT_ROLES: readonly ContactRole[] = ['support', 'privacy', 'safety', 'legal'];

/** What the build may set (Vite's `import.meta.env`). */
export type ContactEnv = Partial<Record<string, string | boolean | undefined>>;

const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;
const ADDRESS = /^[^\s@<>()[\],;:"\\]{1,64}@([^\s@]+)$/;

export const isContactDomain = (value: string): boolean => DOMAIN.test(value);
export const isContactAddress = (value: string): boolean => {
  const domain = ADDRESS.exec(value)?.[1];
  return domain !== undefined && DOMAIN.test(domain);
};

/** The site's own domain: the host it is served from, without a leading `www.`. */
export const siteDomain = (hostname: string): string => hostname.replace(/^www\./i, '');

export function contactAddresses(
  env: ContactEnv,
  hostname: string,
  warn: (message: string) => void = () => undefined,
): ContactAddresses {
  const setting = (name: string): string | undefined => {
    const value = env[name];
    return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  };
  let domain = siteDomain(hostname);
  const configuredDomain = setting('VITE_CONTACT_DOMAIN');
  if (configuredDomain !== undefined) {
    if (isContactDomain(configuredDomain)) domain = configuredDomain.toLowerCase();
    else warn(`VITE_CONTACT_DOMAIN is not a domain (${configuredDomain}); using ${domain}`);
  }
  return Object.fromEntries(
    CONTACT_ROLES.map((role) => {
      const name = `VITE_CONTACT_${role.toUpperCase()}`;
      const address = setting(name);
      if (address !== undefined && !isContactAddress(address)) {
        warn(`${name} is not an email address (${address}); using ${role}@${domain}`);
      }
      return [
        role,
        address !== undefined && isContactAddress(address) ? address : `${role}@${domain}`,
      ];
    }),
  ) as ContactAddresses;
}
