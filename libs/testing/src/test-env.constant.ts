/** Set by the Jest global setup; read by the harness in every test worker. */
export const TEST_DATABASE_URL_VAR = 'WAVE_TEST_DATABASE_URL';
export const TEST_REDIS_URL_VAR = 'WAVE_TEST_REDIS_URL';
