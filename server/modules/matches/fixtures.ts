/**
 * Fixtures around a date (see seed-fixtures.ts). The implementation sits in seed-*.ts files because
 * the database template's fingerprint covers files named after seeding: a change to how fixtures are
 * generated must rebuild the template.
 */
export { ensureFixtures, startSomeMatchesNow, WINDOW_AFTER_DAYS, WINDOW_BEFORE_DAYS } from './seed-fixtures';
