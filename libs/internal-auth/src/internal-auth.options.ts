export const INTERNAL_AUTH_OPTIONS = Symbol('INTERNAL_AUTH_OPTIONS');

export interface InternalAuthOptions {
  secret: string;
}
