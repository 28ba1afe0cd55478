/** Set by the Jest global setup; read by the harness in every test worker. */
export const TEST_DATABASE_URL_VAR = 'WAVE_TEST_DATABASE_URL';
export const TEST_REDIS_URL_VAR = 'WAVE_TEST_REDIS_URL';
/** The S3 API (s3rver in process, or MinIO from testcontainers) and its credentials. */
export const TEST_S3_URL_VAR = 'WAVE_TEST_S3_URL';
export const TEST_S3_ACCESS_KEY_VAR = 'WAVE_TEST_S3_ACCESS_KEY';
export const TEST_S3_SECRET_KEY_VAR = 'WAVE_TEST_S3_SECRET_KEY';
