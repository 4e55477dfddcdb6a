process.env.NODE_ENV = process.env.NODE_ENV === 'production' ? 'production' : 'test';

import { afterEach, expect } from 'vitest';
import { enableResponseChecks, takeResponseMismatches } from '../../server/http/response-check';

// every answer of the server tests is checked against its route's response schema (server/http/response-check.ts)
enableResponseChecks();
afterEach(() => {
  expect(takeResponseMismatches(), 'answers that do not match their response schema').toEqual([]);
});
