import { contactAddresses, isContactAddress } from './contact';

describe(contactAddresses.name, () => {
  it("names the site's own domain when nothing is set, without www.", () => {
    expect(contactAddresses({}, 'www.wave.social')).toEqual({
      support: 'support@wave.social',
      privacy: 'privacy@wave.social',
      safety: 'safety@wave.social',
      legal: 'legal@wave.social',
    });
  });

  it('takes the configured domain, and one address over it', () => {
    expect(
      contactAddresses(
        { VITE_CONTACT_DOMAIN: 'Example.ORG', VITE_CONTACT_LEGAL: ' counsel@law.example.net ' },
        'localhost',
      ),
    ).toEqual({
      support: 'support@example.org',
      privacy: 'privacy@example.org',
      safety: 'safety@example.org',
      legal: 'counsel@law.example.net',
    });
  });

  it('ignores a value that is not a domain or an address, and says so', () => {
    const warnings: string[] = [];
    const contacts = contactAddresses(
      {
        VITE_CONTACT_DOMAIN: 'not a domain',
        VITE_CONTACT_SAFETY: 'safety at wave',
        VITE_CONTACT_PRIVACY: '',
      },
      'wave.social',
      (message) => warnings.push(message),
    );
    expect(contacts.safety).toBe('safety@wave.social');
    expect(contacts.privacy).toBe('privacy@wave.social');
    expect(warnings).toEqual([
      'VITE_CONTACT_DOMAIN is not a domain (not a domain); using wave.social',
      'VITE_CONTACT_SAFETY is not an email address (safety at wave); using safety@wave.social',
    ]);
  });

  it.each([
    ['help@wave.social', true],
    ['a.b+c@sub.wave.social', true],
    ['<script>@wave.social', false],
    ['help@wave..social', false],
    ['help@', false],
    ['@wave.social', false],
    ['two words@wave.social', false],
  ])('%s is an address: %s', (value, expected) => {
    expect(isContactAddress(value)).toBe(expected);
  });
});
