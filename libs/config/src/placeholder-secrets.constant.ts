/**
 * Values that are never real secrets, refused in every mode: the placeholders of our own
 * examples (`k8s/base/secret.example.yaml`, `k8s/README.md`), the defaults
 * `docker-compose.yml` used to give, and vendors' well-known defaults. Compared exactly.
 * The built-in development values (DEVELOPMENT_INTERNAL_SECRET, s3rver's `S3RVER`) are not
 * here: they are refused by mode instead (see serviceEnvSchema).
 */
export const KNOWN_PLACEHOLDER_SECRETS: readonly string[] = [
  // k8s/base/secret.example.yaml
  'replace-with-at-least-32-random-characters',
  'replace-with-at-least-16-random-bytes',
  'replace-me',
  // k8s/README.md and the comment in secret.example.yaml
  'PASSWORD',
  '...',
  // docker-compose.yml's former defaults (MinIO's root password, Meilisearch's master key)
  'wave-minio-password',
  'wave-development-master-key',
  // MinIO's own default root user and password
  'minioadmin',
];

/** Words that mark a value as a placeholder wherever they appear in it (any case). */
export const PLACEHOLDER_MARKERS: readonly string[] = [
  'change-me',
  'changeme',
  'change_me',
  'replace-with',
  'replace-me',
  'replace_me',
  'placeholder',
  'example',
];

/** A key with fewer different characters than this is refused as too weak. */
export const MIN_DISTINCT_SECRET_CHARACTERS = 10;

/** True for a known placeholder or a value carrying a placeholder word. */
export function isPlaceholderSecret(value: string): boolean {
  if (KNOWN_PLACEHOLDER_SECRETS.includes(value.trim())) return true;
  const lower = value.toLowerCase();
  return PLACEHOLDER_MARKERS.some((marker) => lower.includes(marker));
}

/** True when a key has too few different characters to be random (`aaaa…`, `abcabc…`). */
export const isWeakSecret = (value: string): boolean =>
  new Set(value).size < MIN_DISTINCT_SECRET_CHARACTERS;
