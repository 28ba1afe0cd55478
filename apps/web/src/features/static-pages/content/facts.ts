import { contactAddresses } from '../../../config/contact';

/**
 * The figures the legal and help pages state (spec part 2, "Static legal and
 * help pages"), in one place so the pages and their tests agree.
 */
export const POLICY_DATE = { label: 'August 18, 2025', iso: '2025-08-18' } as const;

export const MINIMUM_AGE = 13;
/** Users from 13 up to this age get enhanced privacy, no targeted ads and restricted messaging. */
export const ENHANCED_PRIVACY_UNTIL_AGE = 16;
export const REPORT_REVIEW_HOURS = 24;
export const APPEAL_WINDOW_DAYS = 30;
export const PRIVACY_RESPONSE_DAYS = 30;
export const PRIVACY_CONTACT_HOURS = 48;
export const TERMS_NOTICE_DAYS = 30;
export const LIABILITY_CAP_USD = 100;
export const LIABILITY_FEES_MONTHS = 12;
export const UPTIME_GOAL = '99.9%';

/** The limits of the product that help answers quote. */
export const POST_MAX_CHARACTERS = 280;
export const POST_MAX_IMAGES = 4;
export const IMAGE_MAX_MB = 25;

/** Where people reach the team: from the build's configuration (src/config/contact.ts). */
export const CONTACT = contactAddresses(import.meta.env, window.location.hostname, (message) =>
  console.warn(message),
);
